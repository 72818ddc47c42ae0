"""System III Void's interface for the generic window (:class:`app.play.systems.SystemUI`):
the Battles dock (:mod:`app.rules.void.navigator`) and the answers
the session asks of a vector game, telling it to stop in the combat phase when a course
offers an encounter and while a battle is open; a ship's juice, cooldown and railguns
for the Course and Ships docks (:class:`app.play.systems.TellsShipState`); torpedo
groups in flight drawn on the map (:class:`app.play.systems.DrawsOnMap`). (The
tactical-only scenarios are scenario files: New Game and New Campaign start them.)

Imported when the first Void game is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from app.play.systems import PlainUI, Work
from core.rules.void.tactical import status
from core.rules.void.work import work
from core.vector.state import GameState

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QGraphicsItem, QWidget

    from core.board.hexgrid import Hex


class VoidDocks:
    """The Battles dock's panel, one per window."""

    def __init__(self) -> None:
        from app.play.panel_scroll import PanelScroll
        from app.rules.void.navigator import BattlesPanel

        self.panel = BattlesPanel()
        # in a scroll area: the battle's orders, shown when a ship of the seat's is
        # chosen, held the window taller than the screen (its Event Log cut off)
        scroll = PanelScroll(self.panel)
        # ...as narrow as the panel itself may be: the column it shares with the
        # Course dock may be dragged narrow (the Course dock's buttons then stack)
        scroll.setMinimumWidth(self.panel.minimumSizeHint().width())
        self.panels: Mapping[str, QWidget] = {"void": scroll}

    def refresh(self, session: Any, ship_id: str | None) -> str | None:
        if not isinstance(session.live, GameState):
            return None
        return self.panel.refresh(session, ship_id)

    def clear(self) -> None:
        self.panel.clear()


class VoidUI(PlainUI):
    """See the module's docstring."""

    def docks(self) -> VoidDocks:
        return VoidDocks()

    def can_act(self, state: GameState) -> bool:
        return self.work(state).level != "nothing"

    def work(self, state: GameState) -> Work:
        """The core's answer (:mod:`core.rules.void.work`), so the window and a
        referee's command line pass the same phases."""
        level, what = work(state)
        return Work(level, what)

    def phase_title(self, phase: str) -> str:
        return phase.replace("_", " ").capitalize()

    def ship_tags(self, state: GameState, ship_id: str) -> tuple[str, ...]:
        """Juice, cooldown and railguns in a word or two for the Ships dock."""
        return status.ship_tags(state, ship_id)

    def ship_lines(self, state: GameState, ship_id: str) -> tuple[str, ...]:
        """The same in sentences for the Course dock."""
        return status.ship_lines(state, ship_id)

    def map_pieces(self, state: GameState, centre: Callable[[Hex], QPointF]) -> list[QGraphicsItem]:
        """The torpedo groups in flight, as the player on show may know them."""
        from app.rules.void.map_pieces import torpedo_items

        return torpedo_items(state, centre)


UI = VoidUI("void")
