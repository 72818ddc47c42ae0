"""One game of a campaign, followed through its log: playing on, undo and redo along
the log, branches, and the state at any entry.

The log is a tree. Each entry names the entry before it on its line; the game's head
is where play stands. Undo moves the head back (the undone entries stay, as a branch);
playing after an undo starts a new branch beside the old one; redo follows the newest
branch forward; any branch can be restored by moving the head to its tip.

A state is rebuilt from the nearest snapshot at or before the entry, replaying the
commands after it; every replayed command's state hash is compared with the one stored
when it was first played, and a difference is an error, never accepted silently. A
damaged snapshot is passed over for an earlier one (or the start), and said in
``warnings``: a cache lost is no reason to refuse a log that still replays.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, is_dataclass, replace
from typing import Any

from core.campaign import nesting, playing, results, seal
from core.campaign.errors import CampaignError, DamagedCampaign, ReplayMismatch, reading, said
from core.campaign.fileformat import MAX_STATE_TEXT, parse
from core.campaign.log import GameLog, Step
from core.campaign.rows import entry_values, insert_entries, stored_events, touch
from core.campaign.store import CampaignFile
from core.campaign.tables import insert_sql
from core.engine import serial, states
from core.engine.commands import Command
from core.engine.encounter import Outcome, Resume
from core.engine.events import Event
from core.engine.states import state_hash

SNAPSHOT_EVERY = 50  # commands between snapshots on a line


@dataclass(frozen=True)
class _Played:
    """A command carried out and not yet written: the entry it makes, and the battle it
    opens, if any."""

    command: Command
    after: Any
    events: list[Event]
    values: dict[str, Any]
    turn_ended: bool
    child: nesting.Child | None


class GameRecord(GameLog):
    """A game of an open campaign, at its head. ``state`` is the state there."""

    def __init__(self, file: CampaignFile, game_id: int) -> None:
        row = file.game_row(game_id)
        super().__init__(file, game_id, row.head_id)
        self.title = row.title
        try:
            start = serial.from_data(parse(row.start, MAX_STATE_TEXT, "the start"))
        except Exception as exc:  # any damage: see errors.reading
            raise DamagedCampaign(
                file.path, f"game {game_id} has a damaged start: {said(exc)}"
            ) from None
        if not is_dataclass(start) or isinstance(start, type):
            raise DamagedCampaign(file.path, f"game {game_id} does not start with a game state")
        with reading(file.path, f"game {game_id}'s start"):
            got = state_hash(start)
        if got != row.start_hash:
            raise ReplayMismatch(file.path, 0, "the game's start", str(row.start_hash), got)
        self.start: Any = start
        #: what the engine said as the game began (none in a file older than schema 5)
        self.start_events = stored_events(row.start_events)
        self.parent: int | None = row.parent_id
        self._states: dict[int, Any] = {}  # recent states by entry, for undo
        self._depth_cache: tuple[int | None, int] = (None, 0)
        #: the file's standing for this game and the file's write count it is true at
        self._known: tuple[int, nesting.Standing] | None = None
        #: (the file's write count, an entry this game wrote then): nothing follows it yet
        self._leaf: tuple[int, int | None] | None = None
        #: snapshots found damaged (by entry: why), passed over for an earlier point
        self.damaged: dict[int, str] = {}
        self._told: set[int] = set()
        #: what the user is to be told once: each damaged snapshot and where from instead
        self.warnings: list[str] = []
        #: called with the new warnings when a later rebuild (undo, the replay view) adds
        #: some after the open, so that a window can tell them as it told the first ones
        self.on_warnings: Callable[[list[str]], None] | None = None
        self.state = self.state_at(self.head)

    # ---- states

    def state_at(self, entry_id: int | None) -> Any:
        """The state after ``entry_id`` (None: the start), replayed and checked."""
        if entry_id is None:
            return self.start
        cached = self._states.get(entry_id)
        if cached is not None:
            return cached
        steps = self.path(entry_id, stop_at_snapshot=True)
        state = self._snapshot(steps[0])
        while state is None and steps[0].id in self.damaged:  # from an earlier point
            if steps[0].parent is None:
                break
            steps = self.path(steps[0].parent, stop_at_snapshot=True) + steps
            state = self._snapshot(steps[0])
        if state is None:  # no good snapshot on the way: from the start
            state, todo = self.start, steps
        else:
            todo = steps[1:]
        self._say_rebuilt(steps, state is self.start)
        missing = []  # snapshots a bulk import left out, written once all replayed well
        for s in todo:
            with reading(self.file.path, f"log entry {s.id}"):
                state = self._replay(state, s)
                self._keep(s.id, state)
                if s.depth % SNAPSHOT_EVERY == 0:
                    missing.append((s.id, state, s.hash))
        self._keep(entry_id, state)
        if missing and not self.file.read_only:
            self._write_snapshots_if_missing(missing)
        return state

    def _snapshot(self, step: Step) -> Any:
        """The state stored after ``step``: None when there is none, or when it is
        damaged (noted in ``damaged``, and the state is rebuilt from an earlier point)."""
        if step.id in self.damaged:
            return None
        try:
            return self._read_snapshot(step.id, step.hash)
        except CampaignError as exc:
            self.damaged[step.id] = exc.reason
            return None

    def _say_rebuilt(self, steps: list[Step], from_start: bool) -> None:
        """Warn once for each damaged snapshot this rebuild went past."""
        told = len(self.warnings)
        for s in steps:
            why = self.damaged.get(s.id)
            if why is None or s.id in self._told:
                continue
            self._told.add(s.id)
            since = "the game's start" if from_start else f"the snapshot at entry {steps[0].id}"
            kept = "the damaged row is kept as it is"
            if self.file.read_only:
                kept = "the file was not changed"
            self.warnings.append(
                f"{why}; the game was rebuilt from {since} instead, replaying the commands "
                f"after it and checking every stored hash ({kept})"
            )
        if len(self.warnings) > told and self.on_warnings is not None:
            self.on_warnings(self.warnings[told:])

    def _read_snapshot(self, entry_id: int, wanted: str) -> Any:
        with self.file.reading() as conn:
            row = conn.execute(
                "SELECT state, hash FROM snapshot WHERE entry_id = ?", (entry_id,)
            ).fetchone()
        if row is None:
            return None
        try:
            data = parse(row[0], MAX_STATE_TEXT, "the snapshot")
            state = states.rebuild_like(data, self.start)
            got = state_hash(state)
        except Exception as exc:  # any damage: see errors.reading
            raise DamagedCampaign(
                self.file.path, f"the snapshot at entry {entry_id} is damaged: {said(exc)}"
            ) from None
        if got != row[1] or got != wanted:
            raise DamagedCampaign(
                self.file.path,
                f"the snapshot at entry {entry_id} is damaged: it holds a state whose hash "
                f"is {got}, not the {wanted} the log records there",
            )
        return state

    def _replay(self, state: Any, step: Step) -> Any:
        command = self.command_of(step)
        where = f"round {playing.round_of(state)}, {type(command).__name__} by {command.player}"
        try:
            after, _ = playing.apply(state, command)
        except ValueError as exc:  # IllegalCommand: the log no longer replays
            raise ReplayMismatch(
                self.file.path, step.id, f"{where}: refused, {exc}", step.hash, "nothing"
            ) from None
        got = state_hash(after)
        if got != step.hash:
            raise ReplayMismatch(self.file.path, step.id, where, step.hash, got)
        return after

    def _write_snapshots_if_missing(self, found: list[tuple[int, Any, str]]) -> None:
        rows = [
            {"e": entry_id, "g": self.id, "s": states.snapshot_text(state), "h": hash}
            for entry_id, state, hash in found
        ]
        with self.file.writing() as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO snapshot(entry_id, game_id, state, hash) "
                "VALUES (:e, :g, :s, :h)",
                rows,
            )

    def _keep(self, entry_id: int, state: Any) -> None:
        if len(self._states) > 400:
            for key in list(self._states)[:200]:
                del self._states[key]
        self._states[entry_id] = state

    # ---- playing

    def play(
        self, command: Command, *, auto: bool = False, noted: Sequence[Event] = ()
    ) -> list[Event]:
        """Apply a command and store it; it is on disk before this returns. An illegal
        command raises :class:`core.engine.errors.IllegalCommand` and nothing is stored;
        a game waiting for a battle fought inside it refuses with
        :class:`~core.campaign.errors.GameFrozen` (see :mod:`core.campaign.nesting`).

        A command that opens a battle adds the battle's game with it; one that ends a
        battle feeds its result back to the parent game (``Resume``) with it; one that
        ends a game of its own writes its result (:mod:`core.campaign.results`). ``noted``
        events (why the interface ended a phase by itself) are stored before the
        command's own."""
        self._sync()
        played = self._prepare(command, auto, noted)
        chain = [(self, played)]  # and each parent a finished battle gives its result to
        while chain[-1][0].parent is not None and playing.is_over(chain[-1][1].after):
            child, ended = chain[-1]
            parent = GameRecord(self.file, child.parent or 0)
            chain.append((parent, parent._prepare(child._resume(ended), auto=True)))
        top, last = chain[-1]  # a game of its own, or a battle still on
        final = top._outcome(last) if playing.is_over(last.after) else None
        written = []
        with self.file.writing() as conn:
            for i, (record, step) in enumerate(chain):
                written.append(record._write(conn, step))
                if i + 1 < len(chain):
                    resume = chain[i + 1][1].command
                    assert isinstance(resume, Resume)
                    nesting.settle(conn, record.id, resume.outcome)
            if final is not None:
                results.write(conn, top.id, final)
        for (record, step), entry_id in zip(chain, written, strict=True):
            record._adopt(step, entry_id)
            record._leaf = (self.file.generation, entry_id)
        if len(chain) == 1 and played.child is None and self._known is not None:
            # nothing but this game's head (and result) changed: no need to read the
            # file next time
            known = replace(self._known[1], head=self.head)
            if final is not None:
                known = replace(known, result=serial.dumps(final))
            self._known = (self.file.generation, known)
        return played.events

    def _sync(self) -> None:
        """Catch up with the file (a battle that ended moved this game's head on) and
        refuse a change to a game that waits for its battle or is a settled one."""
        if self._known is not None and self._known[0] == self.file.generation:
            now = self._known[1]
        else:
            now = nesting.standing(self.file, self.id)
            self._known = (self.file.generation, now)
        nesting.check_playable(self.file, self.title, now)
        if now.head != self.head:
            self.head, self.state = now.head, self.state_at(now.head)

    def _prepare(self, command: Command, auto: bool, noted: Sequence[Event] = ()) -> _Played:
        before = self.state
        after, events = playing.apply(before, command)
        events = [*noted, *events]
        hash = state_hash(after)
        values = entry_values(
            self.id,
            self.head,
            self.depth() + 1,
            command.player,
            serial.dumps(command),
            playing.round_of(before),
            hash,
            serial.dumps(events),
            auto,
        )
        ended = playing.turn_ended(before, after)
        encounter = playing.system(after).encounter(after)
        child = nesting.open_child(self.file, after, encounter) if encounter else None
        return _Played(command, after, events, values, ended, child)

    def _resume(self, played: _Played) -> Resume:
        """The command that gives this finished battle's result to its parent, for the
        player whose command opened the battle."""
        row = self.file.game_row(self.id)
        opener = played.command.player  # a battle added by hand names no opening entry
        if row.parent_entry_id is not None:
            opener = self.file.entry(row.parent_entry_id).player
        return Resume(opener, self._outcome(played))

    def _outcome(self, played: _Played) -> Outcome:
        """The result of the game ``played`` ended (see :mod:`core.campaign.results`)."""
        return results.outcome(self.file, played.after, played.events, self.title)

    def _write(self, conn: sqlite3.Connection, played: _Played) -> int:
        """The entry in the log (with its snapshot, turn and the battle it opens), and
        the head moved to it, in the caller's transaction."""
        values = seal.sealed(conn, played.values)
        conn.execute(insert_sql("entry", values), values)
        entry_id = int(values["id"])
        depth, hash = values["depth"], values["hash"]
        if depth % SNAPSHOT_EVERY == 0:
            snapshot = states.snapshot_text(played.after)
            conn.execute(
                "INSERT INTO snapshot(entry_id, game_id, state, hash) VALUES (?, ?, ?, ?)",
                (entry_id, self.id, snapshot, hash),
            )
        if played.turn_ended:
            conn.execute(
                "INSERT INTO turn(entry_id, game_id, round, player, hash) VALUES (?, ?, ?, ?, ?)",
                (entry_id, self.id, values["round"], values["player"], hash),
            )
        conn.execute("UPDATE game SET head_id = ? WHERE id = ?", (entry_id, self.id))
        if played.child is not None:
            nesting.add_child(conn, played.child, self.id, entry_id)
        return entry_id

    def _adopt(self, played: _Played, entry_id: int) -> None:
        self.head, self.state = entry_id, played.after
        self._depth_cache = (entry_id, played.values["depth"])
        self._keep(entry_id, played.after)

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
        self._sync()
        found, target = self._undo_target()
        if not found:
            return False
        self._move(target)
        return True

    def redo(self) -> bool:
        """Replay forward along the newest branch: one player's command and the
        program's commands after it."""
        self._sync()
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
        if self._leaf == (self.file.generation, self.head):
            return False  # just played, and nothing written since: nothing to redo
        return bool(self.children(self.head))

    def restore(self, entry_id: int | None) -> None:
        """Make ``entry_id`` the head: play goes on from there (restoring a branch)."""
        self._move(entry_id)

    def _move(self, entry_id: int | None) -> None:
        self._sync()  # undo and redo have synced already; restore has not
        opened = nesting.openings(self.file, self.id)
        if opened:
            line = {s.id for s in self.line()}
            kept = {s.id for s in self.path(entry_id)}
            nesting.check_move(self.file, self.title, (opened & line) - kept)
        state = self.state_at(entry_id)  # checked before anything is written
        if self.parent is not None:  # a battle's result is settled once, never moved
            self.file.move_head(self.id, entry_id)
        else:
            self._head_with_result(entry_id, state)
        self.head, self.state = entry_id, state

    def _head_with_result(self, entry_id: int | None, state: Any) -> None:
        """Move the head of a game of its own to ``entry_id`` (``state`` there), its
        result following the game's end: taken back by undo, written again by redo."""
        ended = None
        if playing.is_over(state) and entry_id is not None:
            events = stored_events(self.file.entry(entry_id).events)
            ended = results.outcome(self.file, state, events, self.title)
        with self.file.writing() as conn:
            conn.execute("UPDATE game SET head_id = ? WHERE id = ?", (entry_id, self.id))
            results.write(conn, self.id, ended)
            touch(conn)

    # ---- bulk

    def import_log(self, rows: Iterable[dict[str, Any]], *, replay: bool = True) -> int:
        """Append logged commands after the head as they are, without replaying them
        (``check`` replays them): each row has ``player``, ``command`` (JSON text),
        ``round``, ``hash`` and optionally ``time``, ``events``, ``auto``. One
        transaction: all or nothing. Then the new head's state is replayed (checking
        every hash) unless ``replay`` is False. Returns how many were added."""
        self._sync()
        with self.file.reading() as conn:
            last = conn.execute("SELECT coalesce(max(id), 0) FROM entry").fetchone()[0]
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
            seal.seal_rows(conn, batch)
            insert_entries(conn, batch)
            conn.execute("UPDATE game SET head_id = ? WHERE id = ?", (parent, self.id))
        self.head = parent
        self._depth_cache = (parent, depth)
        if replay:
            self.state = self.state_at(parent)
            if self.parent is None and playing.is_over(self.state):
                self._head_with_result(parent, self.state)
        return len(batch)
