"""``python -m core campaign info|replay|check FILE``: a campaign file from the shell.

``info`` summarises the campaign (players, sides, games, log, bookmarks, schema);
``replay`` prints the state of a game as a round began, with its hash; ``check``
runs SQLite's full integrity check and replays every line of every game, undone
branches included, comparing every stored hash, snapshot and turn.

All three open the campaign read-only, so they work while it is open in Ecliptic and
never change it. A file that cannot be read gets one line on stderr saying why, and
exit status 1; ``check`` also exits with 1 when it finds any problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.campaign.errors import CampaignError
from core.engine.words import plural

if TYPE_CHECKING:
    from core.campaign.store import CampaignFile
    from core.vector.state import GameState


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``campaign`` command and its three actions, under ``python -m core``."""
    parser = commands.add_parser(
        "campaign",
        help="look into a campaign file (.ecliptic): info, replay, check",
        description="Look into a campaign file without changing it (it may be open in "
        "Ecliptic meanwhile).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    info = actions.add_parser("info", help="the campaign, its players, games, log and bookmarks")
    info.add_argument("file", type=Path)
    replay = actions.add_parser(
        "replay", help="a game's state as a round began: whose turn, every ship, the hash"
    )
    replay.add_argument("file", type=Path)
    replay.add_argument(
        "--to",
        type=_round,
        metavar="TURN",
        help="the round (turn number) to show the game as it began; default: the latest state",
    )
    replay.add_argument(
        "--game", type=int, metavar="N", help="which game (see info); default: the first"
    )
    check = actions.add_parser(
        "check",
        help="integrity check, then replay every line of every game checking every "
        "stored hash; exit status 1 on any problem",
    )
    check.add_argument("file", type=Path)


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "info":
            return info(args.file)
        if args.action == "replay":
            return replay(args.file, args.to, args.game)
        return check(args.file)
    except CampaignError as exc:
        print(exc, file=sys.stderr)
        return 1


def _round(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a round number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("rounds are numbered from 1")
    return value


def _open(path: Path) -> CampaignFile:
    from core.campaign.store import CampaignFile

    return CampaignFile.open(path, read_only=True)


# ---- info


def info(path: Path) -> int:
    from core.campaign import migrate
    from core.campaign.schema import SCHEMA_VERSION

    version = migrate.file_version(path)
    with _open(path) as file:
        campaign = file.campaign()
        print(f"{campaign.name}  ({path})")
        schema = f"schema {version}"
        if version < SCHEMA_VERSION:
            schema += (
                f" (read as {SCHEMA_VERSION}; opening it to play upgrades the file, "
                "after a backup copy)"
            )
        print(f"  {schema}; created {campaign.created}, last changed {campaign.updated}")
        switches = json.loads(campaign.switches or "{}")
        shown = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in switches.items())
        print(
            f"  ruleset {campaign.ruleset} version {campaign.ruleset_version}; "
            f"switches: {shown or 'as the ruleset'}"
        )
        sides = {s.id: s.name for s in file.sides()}
        print(f"  sides ({len(sides)}): {', '.join(sides.values()) or 'none'}")
        players = file.players()
        print(f"  players ({len(players)}):")
        for p in players:
            side = sides.get(p.side_id, "-") if p.side_id is not None else "-"
            print(f"    {p.key:<4} {p.name:<20} {p.colour or '-':<8} side {side}")
        games = file.games()
        print(f"  games ({len(games)}):")
        with file.engine.connect() as conn:
            for g in games:
                _game_info(conn, g)
        marks = file.bookmarks()
        print(f"  bookmarks ({len(marks)}):")
        for b in marks:
            entry = file.entry(b.entry_id)
            words = " - ".join(x for x in (b.label, b.note) if x) or "(no label)"
            print(f"    entry {b.entry_id} (game {entry.game_id}, round {entry.round}): {words}")
    return 0


def _game_info(conn: Any, g: Any) -> None:
    from sqlalchemy import text

    where = f"{g.scale}"
    if g.parent_id is not None:
        where += f", inside game {g.parent_id}"
        if g.parent_entry_id is not None:
            where += f" at entry {g.parent_entry_id}"
    scenario = f", scenario {g.scenario}" if g.scenario else ""
    print(f"    {g.id}  {g.title!r} ({where}{scenario})")
    total = conn.execute(
        text("SELECT count(*) FROM entry WHERE game_id = :g"), {"g": g.id}
    ).scalar_one()
    turns = conn.execute(
        text("SELECT count(*) FROM turn WHERE game_id = :g"), {"g": g.id}
    ).scalar_one()
    if g.head_id is None:
        head = "at its start"
        line = 0
    else:
        row = conn.execute(
            text("SELECT depth, round FROM entry WHERE id = :e"), {"e": g.head_id}
        ).one()
        line = row[0]
        head = f"entry {g.head_id}, given in round {row[1]}"
    off = total - line
    print(
        f"       entries: {total} ({line} on the current line, {off} undone or on branches); "
        f"turns ended: {turns}; head: {head}"
    )
    if g.result is not None:
        print(f"       result: {g.result}")


# ---- replay


def replay(path: Path, to: int | None, game_id: int | None) -> int:
    from sqlalchemy import text

    from core.campaign.history import GameRecord

    with _open(path) as file:
        games = file.games()
        if game_id is None:
            if not games:
                raise CampaignError(path, "holds no game")
            game_id = games[0].id
        elif game_id not in {g.id for g in games}:
            known = ", ".join(str(g.id) for g in games)
            raise CampaignError(path, f"has no game {game_id} (its games: {known})")
        game = GameRecord(file, game_id)
        line = game.line()
        latest = game.state.round
        entry: int | None = game.head
        if to is None:
            when = "its latest state"
        else:
            if to > latest:
                raise CampaignError(
                    path,
                    f"game {game_id} has reached round {latest}: choose --to 1 to {latest}",
                )
            with file.engine.connect() as conn:
                rounds: dict[int, int] = dict(
                    conn.execute(
                        text("SELECT id, round FROM entry WHERE game_id = :g"), {"g": game_id}
                    ).all()
                )
            before = [s for s in line if rounds[s.id] < to]
            entry = before[-1].id if before else None
            when = f"as round {to} began"
        state = game.state_at(entry)
        stored = file.game_row(game_id).start_hash
        if entry is not None:
            stored = game.step(entry).hash
        print(f"{file.name()}, game {game_id} {game.title!r}: {when}")
        where = "the game's start" if entry is None else f"entry {entry}"
        count = 0 if entry is None else game.step(entry).depth
        head = "at its start" if game.head is None else f"entry {game.head}"
        print(f"  after {where} ({count} of {len(line)} commands on the line; head: {head})")
        _state_summary(state)
        from core.vector.state import state_hash

        got = state_hash(state)
        match = "as recorded" if got == stored else f"BUT THE LOG RECORDS {stored}"
        print(f"  state hash {got} ({match})")
    return 0


def _state_summary(state: GameState) -> None:
    from core.engine.play import active_player, current_phase, waiting_for
    from core.files.ruleset import show_amount

    names = {p.id: p.name for p in state.players}
    if state.over:
        winners = " and ".join(names[w] for w in state.winners)
        outcome = f"{winners} won" if winners else "drawn"
        print(f"  round {state.round}: the game is over, {outcome}")
    else:
        player = active_player(state)
        if player is not None:
            turn = f"{player.name} to play"
        else:
            turn = "sealed orders, waiting for " + ", ".join(p.name for p in waiting_for(state))
        print(f"  round {state.round}, {current_phase(state)} phase; {turn}")
    labels = state.starmap.bounds.labels
    print(f"  ships ({len(state.ships)}):")
    width = max((len(s.name) for s in state.ships), default=0)
    for s in state.ships:
        motion = s.motion
        at = labels.format(motion.position)
        v = motion.velocity
        parts = [f"at {at}"]
        if s.landed_at is not None:
            parts.append(f"on {s.landed_at}")
        elif v.speed:
            parts.append(f"vector ({v.q:+d}, {v.r:+d}) to {labels.format(motion.position + v)}")
            parts.append(f"speed {v.speed}")
        else:
            parts.append("at rest")
        parts.append(f"fuel {show_amount(s.fuel)}")
        if s.orbit:
            parts.append(f"in orbit round {s.orbit}")
        if s.docked_at:
            parts.append(f"docked at {s.docked_at}")
        if s.disabled:
            parts.append("disabled")
        if s.returns_in is not None:
            parts.append(f"back in {plural(s.returns_in, 'turn')}")
        owner = names.get(s.owner, s.owner)
        print(f"    {s.name:<{width}}  {owner:<10} {s.status.value:<9} {', '.join(parts)}")


# ---- check


@dataclass
class _Report:
    problems: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.problems.append(text)
        print(f"  problem: {text}")


def check(path: Path) -> int:
    report = _Report()
    with _open(path) as file:
        print(f"{file.name()}  ({path})")
        with file.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            assert raw is not None
            rows = [r[0] for r in raw.execute("PRAGMA integrity_check").fetchall()]
            keys = raw.execute("PRAGMA foreign_key_check").fetchall()
        if rows == ["ok"]:
            print("  SQLite integrity check: ok")
        else:
            for r in rows:
                report.add("SQLite integrity check: " + " ".join(str(r).split()))
        for table, rowid, parent, _ in keys:
            report.add(f"{table} row {rowid} refers to a missing {parent} row")
        games = {g.id: g for g in file.games()}
        for g in games.values():
            _check_game(file, g.id, games, report)
    if report.problems:
        print(f"{_count(len(report.problems), 'problem')} found")
        return 1
    print("no problems found")
    return 0


def _check_game(file: CampaignFile, game_id: int, games: dict[int, Any], report: _Report) -> None:
    """Replay every entry of the game from its start, each line in turn."""
    from sqlalchemy import text

    from core.campaign import playing
    from core.engine import serial
    from core.engine.commands import Command
    from core.engine.states import rebuild_like, state_hash

    row = file.game_row(game_id)
    name = f"game {game_id} {row.title!r}"
    with file.engine.connect() as conn:
        entries = conn.execute(
            text(
                "SELECT id, parent_id, depth, player, command, hash, round FROM entry "
                "WHERE game_id = :g ORDER BY id"
            ),
            {"g": game_id},
        ).all()
        snapshots = dict(
            (r[0], (r[1], r[2]))
            for r in conn.execute(
                text("SELECT entry_id, state, hash FROM snapshot WHERE game_id = :g"),
                {"g": game_id},
            )
        )
        turns = {
            r[0]: (r[1], r[2], r[3])
            for r in conn.execute(
                text("SELECT entry_id, round, player, hash FROM turn WHERE game_id = :g"),
                {"g": game_id},
            )
        }
    ids = {e[0] for e in entries}
    if row.head_id is not None and row.head_id not in ids:
        report.add(f"{name}: its head, entry {row.head_id}, is not one of its entries")
    if row.parent_entry_id is not None:
        parent = games.get(row.parent_id) if row.parent_id is not None else None
        if parent is None or file.entry(row.parent_entry_id).game_id != row.parent_id:
            report.add(f"{name}: entry {row.parent_entry_id} is not in its parent game")
    try:
        start = serial.from_data(json.loads(row.start))
    except (ValueError, serial.SerialError) as exc:
        report.add(f"{name}: its start cannot be read ({exc}); nothing replayed")
        return
    if not is_dataclass(start) or isinstance(start, type):
        report.add(f"{name}: its start is not a game state; nothing replayed")
        return
    if state_hash(start) != row.start_hash:
        got = state_hash(start)
        report.add(f"{name}: the hash of its start is {row.start_hash}, but the start gives {got}")
    kids: dict[int | None, list[Sequence[Any]]] = {}
    for e in entries:
        kids.setdefault(e[1], []).append(e)
        if e[1] is not None and e[1] not in ids:
            report.add(f"{name}, entry {e[0]}: follows entry {e[1]}, which is not in this game")
    replayed = snapshots_seen = turns_seen = tips = 0
    stack: list[tuple[int | None, int, Any]] = [(None, 0, start)]
    while stack:
        parent_id, depth, state = stack.pop()
        children = kids.get(parent_id, [])
        if not children and parent_id is not None:
            tips += 1
        for entry_id, _, stored_depth, player, text_, stored, round_ in children:
            where = f"{name}, entry {entry_id}"
            if stored_depth != depth + 1:
                report.add(f"{where}: depth {stored_depth}, but it follows {depth} commands")
            try:
                command = serial.from_data(json.loads(text_))
            except (ValueError, serial.SerialError) as exc:
                report.add(f"{where}: not a readable command ({exc}); its line not replayed")
                continue
            if not isinstance(command, Command):
                report.add(f"{where}: not a command; its line not replayed")
                continue
            round_now = playing.round_of(state)
            what = f"{where} (round {round_now}, {type(command).__name__} by {command.player})"
            if command.player != player or round_ != round_now:
                report.add(f"{what}: recorded as {player}'s in round {round_}")
            try:
                after, _ = playing.apply(state, command)
            except (ValueError, KeyError) as exc:
                report.add(f"{what}: refused on replay ({exc}); its line not replayed")
                continue
            got = state_hash(after)
            replayed += 1
            if got != stored:
                report.add(
                    f"{what}: recorded hash {stored}, replaying gives {got}; "
                    "its line not replayed further"
                )
                continue
            if entry_id in snapshots:
                snapshots_seen += 1
                data, digest = snapshots[entry_id]
                try:
                    kept = rebuild_like(json.loads(data), start)
                except (ValueError, serial.SerialError) as exc:
                    report.add(f"{where}: its snapshot cannot be read ({exc})")
                else:
                    if digest != got or state_hash(kept) != got:
                        report.add(f"{where}: its snapshot is not the state replayed there")
            if entry_id in turns:
                turns_seen += 1
                t_round, t_player, t_hash = turns[entry_id]
                ended = playing.turn_ended(state, after)
                if not ended or (t_round, t_player, t_hash) != (round_now, player, got):
                    report.add(f"{where}: its turn record does not match the replay")
            stack.append((entry_id, depth + 1, after))
    unreached = len(entries) - replayed
    print(
        f"  {name}: {replayed} of {_count(len(entries), 'entry', 'entries')} replayed on "
        f"{_count(tips, 'line')}; {_count(snapshots_seen, 'snapshot')} and "
        f"{_count(turns_seen, 'turn record')} compared"
        + (f"; {unreached} not replayed" if unreached else "")
    )


def _count(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"
