"""The commands Undo and Redo of a campaign's game would carry, read from its log, so
that a table can refuse them before anything moves (another player's sealed orders:
:mod:`core.engine.reach`). They follow :class:`~core.campaign.history.GameRecord`'s
own undo and redo: a player's command and the program's commands after it; going on
from another entry carries both (:func:`moved`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.campaign.errors import DamagedCampaign, said
from core.campaign.fileformat import MAX_COMMAND_TEXT, parse
from core.engine import serial
from core.engine.commands import Command

if TYPE_CHECKING:
    from core.campaign.log import GameLog, Step


def undone(record: GameLog) -> list[Command]:
    """What Undo would take back: the last command a player gave, then the program's
    after it (oldest first); empty when a player gave none."""
    steps: list[Step] = []
    entry = record.head
    while entry is not None:
        step = record.step(entry)
        steps.append(step)
        if not step.auto:
            return [_command(record, s) for s in reversed(steps)]
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
        found.append(_command(record, step))
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
    back = [_command(record, s) for s in reversed(line[shared:])]
    return back, [_command(record, s) for s in there[shared:]]


def _command(record: GameLog, step: Step) -> Command:
    try:
        command = serial.from_data(parse(step.command, MAX_COMMAND_TEXT, "the command"))
    except Exception as exc:  # any damage: see errors.reading
        raise DamagedCampaign(
            record.file.path, f"log entry {step.id} holds no readable command: {said(exc)}"
        ) from None
    if not isinstance(command, Command):
        raise DamagedCampaign(record.file.path, f"log entry {step.id} holds no command")
    return command
