"""One game of a campaign, followed through its log: playing on, undo and redo along
the log, branches, and the state at any entry.

The log is a tree. Each entry names the entry before it on its line; the game's head
is where play stands. Undo moves the head back (the undone entries stay, as a branch);
playing after an undo starts a new branch beside the old one; redo follows the newest
branch forward; any branch can be restored by moving the head to its tip.

A state is rebuilt from the nearest snapshot at or before the entry, replaying the
commands after it; every replayed command's state hash is compared with the one stored
when it was first played, and a difference is an error, never accepted silently.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, text, update
from sqlmodel import col

from core.campaign.errors import CampaignError, DamagedCampaign, ReplayMismatch
from core.campaign.schema import Entry, Game, Snapshot, Turn
from core.campaign.store import CampaignFile, entry_values, insert_entries
from core.engine import play as engine
from core.engine import serial
from core.engine.commands import Command
from core.engine.events import Event
from core.vector.state import GameState, moving_parts, rebuild, state_hash

SNAPSHOT_EVERY = 50  # commands between snapshots on a line


@dataclass(frozen=True)
class Step:
    """A log entry as history needs it."""

    id: int
    parent: int | None
    depth: int
    player: str
    command: str
    hash: str
    auto: bool


@dataclass(frozen=True)
class Branch:
    """Entries off the current line: undone, or played beside it. ``fork`` is the entry
    on the line they leave it after (None: the game's start), ``tip`` their last."""

    fork: int | None
    first: int
    tip: int
    length: int


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Bulk reads build many small objects; collecting them midway only costs time."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def turn_key(state: GameState) -> tuple[int, int]:
    """Changes when a player's turn ends (with sealed orders: when a phase ends)."""
    if state.rules.sequence.order == "simultaneous":
        return (state.round, state.phase)
    return (state.round, state.turn)


class GameRecord:
    """A game of an open campaign, at its head. ``state`` is the state there."""

    def __init__(self, file: CampaignFile, game_id: int) -> None:
        self.file = file
        self.id = game_id
        row = file.game_row(game_id)
        self.title = row.title
        try:
            start = serial.from_data(json.loads(row.start))
        except (ValueError, serial.SerialError) as exc:
            raise DamagedCampaign(file.path, f"game {game_id} has a damaged start: {exc}") from None
        if not isinstance(start, GameState):
            raise DamagedCampaign(file.path, f"game {game_id} does not start with a game state")
        if state_hash(start) != row.start_hash:
            raise ReplayMismatch(
                file.path, 0, "the game's start", row.start_hash, state_hash(start)
            )
        self.start = start
        self._states: dict[int, GameState] = {}  # recent states by entry, for undo
        self._depth_cache: tuple[int | None, int] = (None, 0)
        self.head: int | None = row.head_id
        self.state = self.state_at(self.head)

    # ---- reading the log

    def step(self, entry_id: int) -> Step:
        return self._steps([entry_id])[0]

    def _steps(self, ids: Iterable[int]) -> list[Step]:
        ids = list(ids)
        if not ids:
            return []
        with self.file.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT id, parent_id, depth, player, command, hash, auto FROM entry "
                    f"WHERE game_id = :g AND id IN ({','.join(map(str, ids))})"
                ),
                {"g": self.id},
            ).all()
        found = {r[0]: Step(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in rows}
        missing = [i for i in ids if i not in found]
        if missing:
            raise CampaignError(self.file.path, f"game {self.id} has no log entry {missing[0]}")
        return [found[i] for i in ids]

    def path(self, entry_id: int | None, *, stop_at_snapshot: bool = False) -> list[Step]:
        """The entries from the game's start (or, with ``stop_at_snapshot``, from the
        nearest snapshot before) up to ``entry_id`` included, oldest first."""
        if entry_id is None:
            return []
        stop = "WHERE up.id NOT IN (SELECT entry_id FROM snapshot)" if stop_at_snapshot else ""
        query = text(
            "WITH RECURSIVE up(id, parent_id, depth, player, command, hash, auto) AS ("
            " SELECT id, parent_id, depth, player, command, hash, auto FROM entry"
            "  WHERE id = :head AND game_id = :g"
            " UNION ALL"
            " SELECT e.id, e.parent_id, e.depth, e.player, e.command, e.hash, e.auto"
            f"  FROM entry e JOIN up ON e.id = up.parent_id {stop})"
            " SELECT * FROM up"
        )
        with _gc_paused(), self.file.engine.connect() as conn:
            rows = conn.execute(query, {"head": entry_id, "g": self.id}).all()
        if not rows:
            raise CampaignError(self.file.path, f"game {self.id} has no log entry {entry_id}")
        steps = [Step(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in reversed(rows)]
        return steps

    def line(self) -> list[Step]:
        """The current line: every entry from the start to the head."""
        return self.path(self.head)

    def line_log(self, last: int | None = None) -> list[tuple[int, int, str]]:
        """Depth, round and events (JSON) of the entries on the current line, oldest
        first: all of them, or the ``last`` few."""
        if self.head is None:
            return []
        query = text(
            "WITH RECURSIVE up(id, parent_id, n) AS ("
            " SELECT id, parent_id, 1 FROM entry WHERE id = :head AND game_id = :g"
            " UNION ALL SELECT e.id, e.parent_id, up.n + 1 FROM entry e"
            "  JOIN up ON e.id = up.parent_id WHERE up.n < :last)"
            " SELECT entry.depth, entry.round, entry.events FROM up JOIN entry USING (id)"
            " ORDER BY entry.depth"
        )
        limit = last if last is not None else 2**62
        with _gc_paused(), self.file.engine.connect() as conn:
            rows = conn.execute(query, {"head": self.head, "g": self.id, "last": limit}).all()
        return [(r[0], r[1], r[2]) for r in rows]

    def turn_ends(self) -> set[int]:
        """The entries at which a player's turn (sealed orders: a phase) ended."""
        with self.file.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT entry_id FROM turn WHERE game_id = :g"), {"g": self.id}
            ).all()
        return {r[0] for r in rows}

    def tip_from(self, entry_id: int | None) -> int | None:
        """Where the log leads from ``entry_id``: the head if it is on the current line,
        else the end of its branch (following the newest way on)."""
        if entry_id is None or entry_id in {s.id for s in self.line()}:
            return self.head
        tip = entry_id
        while kids := self.children(tip):
            tip = kids[-1]
        return tip

    def children(self, entry_id: int | None) -> list[int]:
        """Entries played straight after ``entry_id`` (None: the start), oldest first."""
        where = "parent_id IS NULL" if entry_id is None else "parent_id = :p"
        with self.file.engine.connect() as conn:
            rows = conn.execute(
                text(f"SELECT id FROM entry WHERE game_id = :g AND {where} ORDER BY id"),
                {"g": self.id, "p": entry_id},
            ).all()
        return [r[0] for r in rows]

    def branches(self) -> list[Branch]:
        """Every branch off the current line, newest fork first."""
        with self.file.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT id, parent_id FROM entry WHERE game_id = :g ORDER BY id"),
                {"g": self.id},
            ).all()
        on_line = {s.id for s in self.line()}
        kids: dict[int | None, list[int]] = {}
        for entry_id, parent in rows:
            kids.setdefault(parent, []).append(entry_id)
        found = []
        for entry_id, parent in rows:
            if entry_id in on_line or (parent is not None and parent not in on_line):
                continue
            tip, length = entry_id, 1
            while kids.get(tip):
                tip, length = kids[tip][-1], length + 1  # the newest way on
            found.append(Branch(parent, entry_id, tip, length))
        return sorted(found, key=lambda b: -(b.fork or 0))

    # ---- states

    def state_at(self, entry_id: int | None) -> GameState:
        """The state after ``entry_id`` (None: the start), replayed and checked."""
        if entry_id is None:
            return self.start
        cached = self._states.get(entry_id)
        if cached is not None:
            return cached
        steps = self.path(entry_id, stop_at_snapshot=True)
        first = steps[0]
        state = self._snapshot(first.id)
        if state is None:  # no snapshot on the way: from the start
            state, todo = self.start, steps
        else:
            todo = steps[1:]
        missing = []  # snapshots a bulk import left out, written once all replayed well
        for s in todo:
            state = self._replay(state, s)
            self._keep(s.id, state)
            if s.depth % SNAPSHOT_EVERY == 0:
                missing.append((s.id, state, s.hash))
        self._keep(entry_id, state)
        if missing and not self.file.read_only:
            self._write_snapshots_if_missing(missing)
        return state

    def _snapshot(self, entry_id: int) -> GameState | None:
        with self.file.engine.connect() as conn:
            row = conn.execute(
                text("SELECT state, hash FROM snapshot WHERE entry_id = :e"), {"e": entry_id}
            ).first()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
            state = rebuild(data, self.start.rules, self.start.starmap)
        except (ValueError, serial.SerialError) as exc:
            raise DamagedCampaign(
                self.file.path, f"the snapshot at entry {entry_id} is damaged: {exc}"
            ) from None
        got = state_hash(state)
        if got != row[1]:
            raise ReplayMismatch(self.file.path, entry_id, "a snapshot", row[1], got)
        return state

    def _replay(self, state: GameState, step: Step) -> GameState:
        try:
            command = serial.from_data(json.loads(step.command))
        except (ValueError, serial.SerialError) as exc:
            raise DamagedCampaign(
                self.file.path, f"log entry {step.id} holds no readable command: {exc}"
            ) from None
        if not isinstance(command, Command):
            raise DamagedCampaign(self.file.path, f"log entry {step.id} holds no command")
        where = f"round {state.round}, {type(command).__name__} by {command.player}"
        try:
            after, _ = engine.apply(state, command)
        except ValueError as exc:  # IllegalCommand: the log no longer replays
            raise ReplayMismatch(
                self.file.path, step.id, f"{where}: refused, {exc}", step.hash, "nothing"
            ) from None
        got = state_hash(after)
        if got != step.hash:
            raise ReplayMismatch(self.file.path, step.id, where, step.hash, got)
        return after

    def _write_snapshots_if_missing(self, found: list[tuple[int, GameState, str]]) -> None:
        rows = [
            {"e": entry_id, "g": self.id, "s": _snapshot_text(state), "h": hash}
            for entry_id, state, hash in found
        ]
        with self.file.writing() as conn:
            conn.execute(
                text(
                    "INSERT OR IGNORE INTO snapshot(entry_id, game_id, state, hash) "
                    "VALUES (:e, :g, :s, :h)"
                ),
                rows,
            )

    def _keep(self, entry_id: int, state: GameState) -> None:
        if len(self._states) > 400:
            for key in list(self._states)[:200]:
                del self._states[key]
        self._states[entry_id] = state

    # ---- playing

    def play(self, command: Command, *, auto: bool = False) -> list[Event]:
        """Apply a command and store it; it is on disk before this returns. An illegal
        command raises :class:`core.engine.errors.IllegalCommand` and nothing is stored."""
        before = self.state
        after, events = engine.apply(before, command)
        hash = state_hash(after)
        depth = self.depth() + 1
        values = entry_values(
            self.id,
            self.head,
            depth,
            command.player,
            serial.dumps(command),
            before.round,
            hash,
            serial.dumps(events),
            auto,
        )
        with self.file.writing() as conn:
            result = conn.execute(insert(Entry).values(**values))
            key = result.inserted_primary_key
            assert key is not None
            entry_id = int(key[0])
            if depth % SNAPSHOT_EVERY == 0:
                conn.execute(
                    insert(Snapshot).values(
                        entry_id=entry_id, game_id=self.id, state=_snapshot_text(after), hash=hash
                    )
                )
            if turn_key(after) != turn_key(before) or after.over:
                conn.execute(
                    insert(Turn).values(
                        entry_id=entry_id,
                        game_id=self.id,
                        round=before.round,
                        player=command.player,
                        hash=hash,
                    )
                )
            conn.execute(update(Game).where(col(Game.id) == self.id).values(head_id=entry_id))
        self.head, self.state = entry_id, after
        self._depth_cache = (entry_id, depth)
        self._keep(entry_id, after)
        return events

    def depth(self) -> int:
        """How many commands lead from the start to the head."""
        if self.head is None:
            return 0
        if self._depth_cache[0] == self.head:
            return self._depth_cache[1]
        return self.step(self.head).depth

    def _undo_target(self) -> tuple[bool, int | None]:
        """Where undo goes: before the last command a player gave, stepping over the
        commands the program gave after it. (False, _) when a player gave none."""
        target = self.head
        while target is not None:
            step = self.step(target)
            target = step.parent
            if not step.auto:
                return True, target
        return False, None

    def can_undo(self) -> bool:
        return self._undo_target()[0]

    def undo(self) -> bool:
        """Step back over the last command a player gave (and the commands the program
        gave for them after it). The undone entries stay in the log as a branch."""
        found, target = self._undo_target()
        if not found:
            return False
        self._move(target)
        return True

    def redo(self) -> bool:
        """Replay forward along the newest branch: one player's command and the
        program's commands after it."""
        kids = self.children(self.head)
        if not kids:
            return False
        target = kids[-1]
        while True:
            nxt = self.children(target)
            if not nxt or not self.step(nxt[-1]).auto:
                break
            target = nxt[-1]
        self._move(target)
        return True

    def can_redo(self) -> bool:
        return bool(self.children(self.head))

    def restore(self, entry_id: int | None) -> None:
        """Make ``entry_id`` the head: play goes on from there (restoring a branch)."""
        self._move(entry_id)

    def _move(self, entry_id: int | None) -> None:
        state = self.state_at(entry_id)  # checked before anything is written
        self.file.move_head(self.id, entry_id)
        self.head, self.state = entry_id, state

    # ---- bulk

    def import_log(self, rows: Iterable[dict[str, Any]], *, replay: bool = True) -> int:
        """Append logged commands after the head as they are, without replaying them
        (``check`` replays them): each row has ``player``, ``command`` (JSON text),
        ``round``, ``hash`` and optionally ``time``, ``events``, ``auto``. One
        transaction: all or nothing. Then the new head's state is replayed (checking
        every hash) unless ``replay`` is False. Returns how many were added."""
        with self.file.engine.connect() as conn:
            last = conn.execute(text("SELECT coalesce(max(id), 0) FROM entry")).scalar_one()
        parent, depth = self.head, self.depth()
        batch: list[dict[str, Any]] = []
        next_id = int(last) + 1
        for row in rows:
            command = row["command"]
            if not (isinstance(command, str) and command.startswith('{"$type":"')):
                raise CampaignError(
                    self.file.path, f"imported row {len(batch) + 1} holds no command"
                )
            depth += 1
            values = entry_values(
                self.id,
                parent,
                depth,
                row["player"],
                command,
                int(row["round"]),
                row["hash"],
                row.get("events", "[]"),
                bool(row.get("auto", False)),
                row.get("time"),
            )
            values["id"] = parent = next_id
            next_id += 1
            batch.append(values)
        if not batch:
            return 0
        with self.file.writing() as conn:
            insert_entries(conn, batch)
            conn.execute(update(Game).where(col(Game.id) == self.id).values(head_id=parent))
        self.head = parent
        self._depth_cache = (parent, depth)
        if replay:
            self.state = self.state_at(parent)
        return len(batch)


def _snapshot_text(state: GameState) -> str:
    return json.dumps(moving_parts(state), sort_keys=True, separators=(",", ":"))
