"""``python -m core campaign check FILE``: everything about a campaign file that can be
checked, without changing it.

SQLite's full integrity check and its foreign keys; the log's seals (a damaged or
edited entry named); then every line of every game replayed from its start, undone
branches included, every stored hash, snapshot and turn compared. Damage anywhere in a
row is a problem naming the entry, never a traceback; the problems listed stop at
``MAX_PROBLEMS`` ("and N more"). Exit status 1 when anything was found.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.campaign.errors import said
from core.campaign.fileformat import (
    MAX_COMMAND_TEXT,
    MAX_PROBLEMS,
    MAX_STATE_TEXT,
    parse,
)

if TYPE_CHECKING:
    from core.campaign.store import CampaignFile


@dataclass
class _Report:
    problems: list[str] = field(default_factory=list)
    found: int = 0

    def add(self, text: str) -> None:
        self.found += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)
            print(f"  problem: {text}")


def check(path: Path) -> int:
    from core.campaign.seal import SealCheck
    from core.campaign.store import CampaignFile

    report = _Report()
    with CampaignFile.open(path, read_only=True) as file:
        try:
            print(f"{file.name()}  ({path})")
            switches = json.loads(file.campaign().switches)
            if not isinstance(switches, dict):
                raise TypeError("its switches are not a table of names")
        except BrokenPipeError:
            raise
        except Exception as exc:  # the row naming the campaign is damaged
            report.add(f"the campaign's row cannot be read ({said(exc)})")
        with file.reading() as conn:
            rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
            keys = conn.execute("PRAGMA foreign_key_check").fetchall()
        if rows == ["ok"]:
            print("  SQLite integrity check: ok")
        else:
            for r in rows:
                report.add("SQLite integrity check: " + " ".join(str(r).split()))
        for table, rowid, parent, _ in keys:
            report.add(f"{table} row {rowid} refers to a missing {parent} row")
        seals = SealCheck(file)
        for broken in seals.run():
            report.add(str(broken))
        report.found += seals.more
        games = {g.id: g for g in file.games()}
        for g in games.values():
            try:
                _check_game(file, g.id, games, report)
            except BrokenPipeError:
                raise
            except Exception as exc:  # damage nothing more precise caught
                report.add(f"game {g.id} cannot be checked ({said(exc)})")
    if report.found:
        more = report.found - len(report.problems)
        if more:
            print(f"  and {more} more")
        print(f"{_count(report.found, 'problem')} found")
        return 1
    print("no problems found")
    return 0


def _check_game(file: CampaignFile, game_id: int, games: dict[int, Any], report: _Report) -> None:
    """Replay every entry of the game from its start, each line in turn."""
    from core.campaign import playing
    from core.engine import serial
    from core.engine.commands import Command
    from core.engine.states import rebuild_like, state_hash

    row = file.game_row(game_id)
    name = f"game {game_id} {row.title!r}"
    with file.reading() as conn:
        entries = conn.execute(
            "SELECT id, parent_id, depth, player, command, hash, round FROM entry "
            "WHERE game_id = :g ORDER BY id",
            {"g": game_id},
        ).fetchall()
        snapshots = dict(
            (r[0], (r[1], r[2]))
            for r in conn.execute(
                "SELECT entry_id, state, hash FROM snapshot WHERE game_id = :g",
                {"g": game_id},
            )
        )
        turns = {
            r[0]: (r[1], r[2], r[3])
            for r in conn.execute(
                "SELECT entry_id, round, player, hash FROM turn WHERE game_id = :g",
                {"g": game_id},
            )
        }
    ids = {e[0] for e in entries}
    if row.head_id is not None and row.head_id not in ids:
        report.add(f"{name}: its head, entry {row.head_id}, is not one of its entries")
    if row.parent_entry_id is not None:
        parent = games.get(row.parent_id) if row.parent_id is not None else None
        opened_in = conn_game(file, row.parent_entry_id)
        if parent is None or opened_in != row.parent_id:
            report.add(f"{name}: entry {row.parent_entry_id} is not in its parent game")
    try:
        start = serial.from_data(parse(row.start, MAX_STATE_TEXT, "the start"))
    except Exception as exc:
        report.add(f"{name}: its start cannot be read ({said(exc)}); nothing replayed")
        return
    if not is_dataclass(start) or isinstance(start, type):
        report.add(f"{name}: its start is not a game state; nothing replayed")
        return
    try:
        got = state_hash(start)
    except Exception as exc:
        report.add(f"{name}: its start is not a whole game state ({said(exc)}); nothing replayed")
        return
    if got != row.start_hash:
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
                command = serial.from_data(parse(text_, MAX_COMMAND_TEXT, "the command"))
            except Exception as exc:
                report.add(f"{where}: not a readable command ({said(exc)}); its line not replayed")
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
                got = state_hash(after)
            except (ValueError, KeyError) as exc:
                report.add(f"{what}: refused on replay ({exc}); its line not replayed")
                continue
            except Exception as exc:
                report.add(f"{what}: cannot be replayed ({said(exc)}); its line not replayed")
                continue
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
                    kept = rebuild_like(parse(data, MAX_STATE_TEXT, "the snapshot"), start)
                    kept_hash = state_hash(kept)
                except Exception as exc:
                    report.add(f"{where}: its snapshot cannot be read ({said(exc)})")
                else:
                    if digest != got or kept_hash != got:
                        report.add(f"{where}: its snapshot is not the state replayed there")
            if entry_id in turns:
                turns_seen += 1
                t_round, t_player, t_hash = turns[entry_id]
                try:
                    ended = playing.turn_ended(state, after)
                except Exception as exc:
                    report.add(f"{where}: its turn cannot be told ({said(exc)})")
                    ended = False
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


def conn_game(file: CampaignFile, entry_id: object) -> object:
    """The game an entry belongs to (None: there is no such entry)."""
    with file.reading() as conn:
        row = conn.execute("SELECT game_id FROM entry WHERE id = ?", (entry_id,)).fetchone()
    return row[0] if row else None


def _count(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"
