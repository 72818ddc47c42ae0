"""How far Undo and Redo reach in a game of sealed orders.

At one screen shared by the players (hot seat), Undo in a sealed phase could step back
over another player's end of the phase and then over their sealed orders: whoever sits
at the screen could wipe them unseen. So, while the current phase is sealed, Undo and
Redo reach only the seated player's own orders since they took the seat: never another
player's command, never an end of phase (theirs ends their sitting; another's is not
theirs to take back). The squadron game's own session keeps the same rule for its
undo (:mod:`app.rules.squadrons.play.session`), and the Campaign dock's Go On From Here
and Restore This Branch, which move the game back and on as Undo and Redo do, keep it too.

Ruling: a game in which every seat carries the same player's name (one person trying a
scenario alone) and a referee's master (no seat at the table) keep full Undo. So does
any phase that is not sealed, and a game that is over (nothing is secret any more).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.commands import Command, EndPhase
from core.engine.play import system_of


def limited(state: Any, seat: str | None) -> bool:
    """Whether Undo and Redo reach only ``seat``'s own orders in ``state``: a sealed
    phase, a player at the table, and more than one person's seats."""
    if seat is None or getattr(state, "over", False):
        return False
    if not system_of(state).phase(state).sealed:
        return False
    names = {p.name for p in getattr(state, "players", ())}
    return len(names) > 1


def refusal(
    state: Any,
    seat: str | None,
    commands: Sequence[Command],
    verb: str = "Undo",
    *,
    forward: bool | None = None,
) -> str:
    """Why ``verb`` (Undo or Redo) may not take back (give again) ``commands`` for the
    player at ``seat`` in ``state``, in players' words; "" when it may. ``commands``
    are the player's command that Undo or Redo would carry, first, then the ones the
    program gave after it (a phase ended for a player with nothing to do). ``forward``
    (by default: ``verb`` is Redo) says the commands would be given again."""
    if not commands or not limited(state, seat):
        return ""
    names = {p.id: p.name for p in getattr(state, "players", ())}
    done: frozenset[str] = getattr(state, "done", frozenset())
    for command in commands:
        other = command.player != seat
        ended = isinstance(command, EndPhase)
        if other and not (ended and command.player not in done):
            who = names.get(command.player, command.player)
            return f"{verb} reaches only your own orders: {who}'s orders for this phase are sealed"
        if ended:
            why = (
                "it would end the phase"
                if (verb == "Redo" if forward is None else forward)
                else "the phase before this one has been played out for everyone"
            )
            return f"{verb} reaches only your own orders since you took the seat: {why}"
    return ""
