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
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.campaign.errors import CampaignError, reading, said
from core.cli.campaign_check import check
from core.engine.words import plural

if TYPE_CHECKING:
    from core.campaign.history import GameRecord
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
    """One action; a file that cannot be read is one line on stderr and status 1, and
    output to a closed pipe (``campaign info | head``) ends quietly."""
    try:
        try:
            if args.action == "info":
                status = info(args.file)
            elif args.action == "replay":
                status = replay(args.file, args.to, args.game)
            else:
                status = check(args.file)
            sys.stdout.flush()  # here, where a closed pipe can still be caught
            return status
        except CampaignError as exc:
            print(exc, file=sys.stderr)
            return 1
        except BrokenPipeError:
            raise
        except Exception as exc:  # a damaged file nothing more precise caught
            print(f"{args.file}: cannot be read: {said(exc)}", file=sys.stderr)
            return 1
    except BrokenPipeError:
        # the reader stopped reading: say nothing more, not even at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 1


def _warn_seals(file: CampaignFile) -> int:
    """Check the log's seals; a line on stderr for each broken one. The exit status."""
    from core.campaign.seal import SealCheck

    check = SealCheck(file)
    problems = check.run()
    for p in problems:
        print(f"{file.path}: warning: {p}", file=sys.stderr)
    if check.more:
        print(f"{file.path}: warning: and {check.more} more", file=sys.stderr)
    return 1 if problems else 0


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

    version = migrate.file_version(path)
    with _open(path) as file:
        with reading(path, "the campaign's row"):
            _campaign_info(file, path, version)
        with reading(path, "the sides and players"):
            sides = {s.id: s.name for s in file.sides()}
            print(f"  sides ({len(sides)}): {', '.join(map(str, sides.values())) or 'none'}")
            players = file.players()
            print(f"  players ({len(players)}):")
            for p in players:
                side = sides.get(p.side_id, "-") if p.side_id is not None else "-"
                print(f"    {p.key!s:<4} {p.name!s:<20} {p.colour or '-'!s:<8} side {side}")
        games = file.games()
        print(f"  games ({len(games)}):")
        with file.reading() as conn:
            for g in games:
                with reading(path, f"game {g.id}"):
                    _game_info(conn, g)
        with reading(path, "the programs that wrote it"):
            programs = file.programs()
            print(f"  written by ({len(programs)}):" + ("" if programs else " not recorded"))
            for first, program in programs:
                print(f"    {program} from entry {first}")
        marks = file.bookmarks()
        print(f"  bookmarks ({len(marks)}):")
        for b in marks:
            with reading(path, f"bookmark {b.id}"):
                entry = file.entry(b.entry_id)
                words = " - ".join(str(x) for x in (b.label, b.note) if x) or "(no label)"
                print(
                    f"    entry {b.entry_id} (game {entry.game_id}, round {entry.round}): {words}"
                )
        return max(_warn_rebuilt(file, games), _warn_seals(file))


def _warn_rebuilt(file: CampaignFile, games: list[Any]) -> int:
    """Open each game as the window would; a line on stderr for each damaged snapshot
    it was rebuilt past. A game that does not open is left to ``check``. The status."""
    from core.campaign.history import GameRecord

    status = 0
    for g in games:
        try:
            warnings = GameRecord(file, g.id).warnings
        except Exception:  # a game that does not open: check's to report, not info's
            continue
        status = max(status, _warn_game(file.path, g.id, warnings))
    return status


def _warn_game(path: Path, game_id: int, warnings: list[str]) -> int:
    """A line on stderr for each of a game's warnings. The exit status."""
    for w in warnings:
        print(f"{path}: warning: game {game_id}: {w}", file=sys.stderr)
    return 1 if warnings else 0


def _campaign_info(file: CampaignFile, path: Path, version: int) -> None:
    from core.campaign.fileformat import SCHEMA_VERSION

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
    shown = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in dict(switches).items())
    print(
        f"  ruleset {campaign.ruleset} version {campaign.ruleset_version}; "
        f"switches: {shown or 'as the ruleset'}"
    )


def _game_info(conn: Any, g: Any) -> None:
    where = f"{g.scale}"
    if g.parent_id is not None:
        where += f", inside game {g.parent_id}"
        if g.parent_entry_id is not None:
            where += f" at entry {g.parent_entry_id}"
    scenario = f", scenario {g.scenario}" if g.scenario else ""
    print(f"    {g.id}  {g.title!r} ({where}{scenario})")
    total = conn.execute("SELECT count(*) FROM entry WHERE game_id = :g", {"g": g.id}).fetchone()[0]
    turns = conn.execute("SELECT count(*) FROM turn WHERE game_id = :g", {"g": g.id}).fetchone()[0]
    if g.head_id is None:
        head = "at its start"
        line = 0
    else:
        row = conn.execute(
            "SELECT depth, round FROM entry WHERE id = :e", {"e": g.head_id}
        ).fetchone()
        line = row[0]
        head = f"entry {g.head_id}, given in round {row[1]}"
    off = total - line
    print(
        f"       entries: {total} ({line} on the current line, {off} undone or on branches); "
        f"turns ended: {turns}; head: {head}"
    )
    if g.result is not None:
        from core.campaign.results import words

        print(f"       result: {words(g.result)}")


# ---- replay


def replay(path: Path, to: int | None, game_id: int | None) -> int:
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
        with reading(path, f"game {game_id}"):
            _replay_game(file, game, to)
        return max(_warn_game(path, game_id, game.warnings), _warn_seals(file))


def _replay_game(file: CampaignFile, game: GameRecord, to: int | None) -> None:
    path, game_id = file.path, game.id
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
        with file.reading() as conn:
            rounds: dict[int, int] = dict(
                conn.execute(
                    "SELECT id, round FROM entry WHERE game_id = :g", {"g": game_id}
                ).fetchall()
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
