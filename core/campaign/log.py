"""A game's log read as a tree: its entries, the line from the start to the head, the
branches beside it, and where each leads.

The log is a tree. Each entry names the entry before it on its line; the game's head
is where play stands. Undone entries stay as a branch beside the line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.campaign.errors import CampaignError, DamagedCampaign, said
from core.campaign.fileformat import MAX_COMMAND_TEXT, parse
from core.campaign.store import CampaignFile
from core.engine import serial
from core.engine.commands import Command
from core.engine.gcpause import gc_paused


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


class GameLog:
    """The log of one game of an open campaign, read from its head."""

    def __init__(self, file: CampaignFile, game_id: int, head: int | None) -> None:
        self.file = file
        self.id = game_id
        self.head = head

    # ---- reading the log

    def step(self, entry_id: int) -> Step:
        return self._steps([entry_id])[0]

    def _steps(self, ids: Iterable[int]) -> list[Step]:
        ids = list(ids)
        if not ids:
            return []
        with self.file.reading() as conn:
            rows = conn.execute(
                (
                    "SELECT id, parent_id, depth, player, command, hash, auto FROM entry "
                    f"WHERE game_id = :g AND id IN ({','.join(map(str, ids))})"
                ),
                {"g": self.id},
            ).fetchall()
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
        # A command longer than any can be is cut, so a damaged row is not held whole
        # (it is refused when read: core.campaign.fileformat.parse).
        query = (
            "WITH RECURSIVE up(id, parent_id, depth, player, command, hash, auto) AS ("
            " SELECT id, parent_id, depth, player, substr(command, 1, :cut), hash, auto"
            "  FROM entry WHERE id = :head AND game_id = :g"
            " UNION ALL"
            " SELECT e.id, e.parent_id, e.depth, e.player, substr(e.command, 1, :cut),"
            f"  e.hash, e.auto FROM entry e JOIN up ON e.id = up.parent_id {stop})"
            " SELECT * FROM up"
        )
        cut = MAX_COMMAND_TEXT + 1
        with gc_paused(), self.file.reading() as conn:
            rows = conn.execute(query, {"head": entry_id, "g": self.id, "cut": cut}).fetchall()
        if not rows:
            raise CampaignError(self.file.path, f"game {self.id} has no log entry {entry_id}")
        steps = [Step(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6])) for r in reversed(rows)]
        return steps

    def command_of(self, step: Step) -> Command:
        """The command ``step`` holds; DamagedCampaign, naming the entry, when it holds
        none that can be read."""
        try:
            command = serial.from_data(parse(step.command, MAX_COMMAND_TEXT, "the command"))
        except Exception as exc:  # any damage: see errors.reading
            raise DamagedCampaign(
                self.file.path, f"log entry {step.id} holds no readable command: {said(exc)}"
            ) from None
        if not isinstance(command, Command):
            raise DamagedCampaign(self.file.path, f"log entry {step.id} holds no command")
        return command

    def line(self) -> list[Step]:
        """The current line: every entry from the start to the head."""
        return self.path(self.head)

    def line_ids(self, entry_id: int | None = None) -> set[int]:
        """The ids of the entries from the start to ``entry_id`` (by default the head):
        the line, without reading the commands."""
        head = self.head if entry_id is None else entry_id
        if head is None:
            return set()
        query = (
            "WITH RECURSIVE up(id, parent_id) AS ("
            " SELECT id, parent_id FROM entry WHERE id = :head AND game_id = :g"
            " UNION ALL SELECT e.id, e.parent_id FROM entry e JOIN up ON e.id = up.parent_id)"
            " SELECT id FROM up"
        )
        with self.file.reading() as conn:
            return {r[0] for r in conn.execute(query, {"head": head, "g": self.id})}

    def line_log(self, last: int | None = None) -> list[tuple[int, int, str]]:
        """Depth, round and events (JSON) of the entries on the current line, oldest
        first: all of them, or the ``last`` few."""
        if self.head is None:
            return []
        query = (
            "WITH RECURSIVE up(id, parent_id, n) AS ("
            " SELECT id, parent_id, 1 FROM entry WHERE id = :head AND game_id = :g"
            " UNION ALL SELECT e.id, e.parent_id, up.n + 1 FROM entry e"
            "  JOIN up ON e.id = up.parent_id WHERE up.n < :last)"
            " SELECT entry.depth, entry.round, entry.events FROM up JOIN entry USING (id)"
            " ORDER BY entry.depth"
        )
        limit = last if last is not None else 2**62
        with gc_paused(), self.file.reading() as conn:
            rows = conn.execute(query, {"head": self.head, "g": self.id, "last": limit}).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def turn_ends(self) -> set[int]:
        """The entries at which a player's turn (sealed orders: a phase) ended."""
        with self.file.reading() as conn:
            rows = conn.execute(
                "SELECT entry_id FROM turn WHERE game_id = :g", {"g": self.id}
            ).fetchall()
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
        # "+game_id": look entries up by their parent's index, not by the game's (which
        # SQLite would otherwise pick, and scan every entry of a long game)
        with self.file.reading() as conn:
            rows = conn.execute(
                f"SELECT id FROM entry WHERE +game_id = :g AND {where} ORDER BY id",
                {"g": self.id, "p": entry_id},
            ).fetchall()
        return [r[0] for r in rows]

    def branches(self) -> list[Branch]:
        """Every branch off the current line, newest fork first."""
        with self.file.reading() as conn:
            rows = conn.execute(
                "SELECT id, parent_id FROM entry WHERE game_id = :g ORDER BY id",
                {"g": self.id},
            ).fetchall()
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
