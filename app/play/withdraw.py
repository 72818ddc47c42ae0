"""Taking back one of the orders given in a sealed phase, not only the last.

The orders a player gives in a sealed phase are the last commands of the game (the
players before them ended the phase, and nothing of theirs came since), and sealing one
rolls no dice: so going back before the order taken back and giving the later ones again
is exact, in a quick game (its undo) as in a campaign (the orders taken back stay in the
file as a branch). Any rule system with sealed phases gets this; NPlanetary's Orders dock
uses it for its Remove button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.play.session import GameSession
    from core.engine.commands import Command


def own_orders(session: GameSession) -> list[Command]:
    """The seated player's sealed orders in this phase, in the order they gave them."""
    seat = session.seat()
    if seat is None or session.replaying:
        return []
    return [c for c in session.live.sealed if c.player == seat.id]


def withdraw(session: GameSession, index: int) -> bool:
    """Take back the seated player's ``index``-th sealed order of this phase (counted
    from 0, as :func:`own_orders` lists them); False (the reason told through the
    session's ``refused``) when it cannot be done."""
    mine = own_orders(session)
    if not 0 <= index < len(mine):
        session.refused.emit("there is no such order to take back")
        return False
    undone = 0
    while undone < len(mine) - index:
        if not session.undo():  # give back what was undone: nothing changes
            for order in mine[len(mine) - undone :]:
                session.apply(order)
            session.refused.emit("this order can no longer be taken back")
            return False
        undone += 1
    return all(session.apply(c) for c in mine[index + 1 :])
