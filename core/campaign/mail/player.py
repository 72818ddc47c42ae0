"""The player's side of a refereed game: orders given on the view a player file holds,
checked there as they are given, and saved as the order file.

The view has no dice (they are the referee's), so an order played on it here is played
only to check it and to show its plan: a gun's roll or a phase's end worked out on the
view is not the game's, and the window shows the orders, not their results, until the
next player file comes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.campaign import playing
from core.campaign.mail.files import (
    PlayerFile,
    make_orders,
    order_file_name,
    write_order_file,
)
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand


class OrderProblem(IllegalCommand):
    """An order the view refuses: ``index`` is its place among the orders (from 0)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def check_orders(pf: PlayerFile, orders: Sequence[Command]) -> Any:
    """The view after ``orders`` (plans drawn from them), or :class:`OrderProblem` naming
    the first the rules refuse and why. Orders of another player are refused; ending
    the phase is only asked whether it may be done now (what it brings about is worked
    out by the referee, with the dice and everything the view does not hold)."""
    state = pf.view
    for n, order in enumerate(orders):
        if order.player != pf.player:
            raise OrderProblem(n, f"order {n + 1} is given for another player")
        try:
            if isinstance(order, EndPhase):  # the end of a phase is the referee's work
                playing.system(state).admit(state, order)
            else:
                state, _ = playing.apply(state, order)
        except IllegalCommand as exc:
            raise OrderProblem(n, f"order {n + 1} cannot be given: {exc}") from None
    return state


def save_orders(
    pf: PlayerFile, orders: Sequence[Command], folder: Path | str, *, end_phase: bool = True
) -> Path:
    """Check ``orders`` on the view and write the order file into ``folder`` (named by
    :func:`order_file_name`), whole or not at all; with ``end_phase`` the player's phase
    ends after them (leave it off when the orders only answer a decision asked of them)."""
    given = list(orders)
    if end_phase and not (given and isinstance(given[-1], EndPhase)):
        given.append(EndPhase(pf.player))
    check_orders(pf, given)
    return write_order_file(make_orders(pf, given), Path(folder) / order_file_name(pf))
