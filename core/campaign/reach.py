"""The commands Undo and Redo of a campaign's game would carry, read from its log, so
that a table can refuse them before anything moves (another player's sealed orders:
:mod:`core.engine.reach`). They follow :class:`~core.campaign.history.GameRecord`'s
own undo and redo: a player's command and the program's commands after it; going on
from another entry carries both (:func:`moved`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.campaign.log import GameLog, Step
    from core.engine.commands import Command


def undone(record: GameLog) -> list[Command]:
    """What Undo would take back: the last command a player gave, then the program's
    after it (oldest first); empty when a player gave none."""
    steps: list[Step] = []
    entry = record.head
    while entry is not None:
        step = record.step(entry)
        steps.append(step)
        if not step.auto:
            return [record.command_of(s) for s in reversed(steps)]
        entry = step.parent
    return []


def redone(record: GameLog) -> list[Command]:
    """What Redo would give again: the newest branch's next command a player gave, then
    the program's after it; empty when there is none."""
    kids = record.children(record.head)
    found: list[Command] = []
    while kids:
        step = record.step(kids[-1])
        if found and not step.auto:
            break
        found.append(record.command_of(step))
        kids = record.children(step.id)
    return found


def moved(record: GameLog, entry_id: int | None) -> tuple[list[Command], list[Command]]:
    """What making ``entry_id`` the head would carry: the commands taken back (from the
    head back to where the two lines part, newest first), then those given again (from
    there on to ``entry_id``, oldest first), as Undo and Redo would carry them."""
    line, there = record.line(), record.path(entry_id)
    shared = 0
    while shared < min(len(line), len(there)) and line[shared].id == there[shared].id:
        shared += 1
    back = [record.command_of(s) for s in reversed(line[shared:])]
    return back, [record.command_of(s) for s in there[shared:]]
