"""NPlanetary's interface for the generic window (:class:`app.play.systems.SystemUI`):
the Orders, Cargo & Economy and Ship docks, its bases and outposts on the map, and the
rule questions the session asks (what the player at the table could order in this
phase, so a player with nothing to order is not asked).

Every phase is sealed: the generic hand-over screen stands between players, the turn
bar counts the orders in, and each player sees only their own orders.
Imported when the first NPlanetary game is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from app.play.systems import Work
from core.engine.commands import Command, EndPhase
from core.engine.play import waiting_for
from core.vector.state import GameState

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QGraphicsItem, QWidget

    from app.play.session import GameSession
    from app.play.systems import PurchaseStep
    from app.rules.nplanetary.economy_dock import CargoPanel
    from app.rules.nplanetary.orders_dock import OrdersPanel
    from app.rules.nplanetary.ship_panel import ShipPanel
    from core.board.hexgrid import Hex

#: how the board draws each kind of ordnance in flight
BEHAVIOUR = {"torpedo": "missile", "mine": "mine", "nuke": "buster"}


def scrolled(panel: QWidget, least: int) -> QWidget:
    """``panel`` in a scroll area (:mod:`app.play.panel_scroll`)."""
    from app.play.panel_scroll import PanelScroll

    return PanelScroll(panel, least)


class NPlanetaryDocks:
    """One window's Orders, Cargo & Economy and Ship panels."""

    #: they list the seat's own sealed orders: empty while the seat is handed over
    cleared_at_hand_over = True

    def __init__(self) -> None:
        from app.rules.nplanetary.economy_dock import CargoPanel
        from app.rules.nplanetary.orders_dock import OrdersPanel
        from app.rules.nplanetary.ship_panel import ShipPanel

        self.orders: OrdersPanel = OrdersPanel()
        self.cargo: CargoPanel = CargoPanel()
        self.ship: ShipPanel = ShipPanel()
        self.panels: Mapping[str, QWidget] = {
            "orders": scrolled(self.orders, 300),
            "economy": scrolled(self.cargo, 260),
            "np_ship": scrolled(self.ship, 120),
        }
        self._phase: tuple[object, ...] | None = None

    def refresh(self, session: GameSession, ship_id: str | None) -> str | None:
        """All three panels; the dock where the phase's orders are given comes to the
        front once when a phase begins (the player may then turn to another)."""
        from app.rules.nplanetary.reading import holder

        self.orders.refresh(session, ship_id)
        self.cargo.refresh(session)
        self.ship.show_holder(holder(session.state, ship_id))
        key = (session.state.round, session.phase(), session.seat())
        if key == self._phase or session.seat() is None:
            return None
        self._phase = key
        return "economy" if session.phase() in ("development", "logistics") else "orders"

    @staticmethod
    def course_wanted(session: GameSession) -> bool:
        """The Course dock is for plotting burns: in the movement phase only (or when
        no one is seated: the game over, a replay), so it gives its room to the ship
        list and the Ship panel in the other four phases."""
        return session.seat() is None or session.phase() == "movement"

    def clear(self) -> None:
        self.orders.refresh(None, None)
        self.cargo.refresh(None)
        self.ship.show_holder(None)
        self._phase = None


class NPlanetaryUI:
    """See the module's docstring."""

    id = "nplanetary"
    #: NPlanetary's bases are its own installations (drawn by :meth:`map_pieces`): the
    #: map's bases (Interplanetary's "Mars Station") are no bases in this game
    map_bases = False

    def docks(self) -> NPlanetaryDocks:
        return NPlanetaryDocks()

    def can_act(self, state: GameState) -> bool:
        return self.work(state).level != "nothing"

    def work(self, state: GameState) -> Work:
        from app.rules.nplanetary.asking import what_to_order

        waiting = waiting_for(state)
        if not waiting:
            return Work("nothing", "")
        what = what_to_order(state, waiting[0].id)
        return Work("action", what) if what else Work("nothing", self._idle(state))

    @staticmethod
    def _idle(state: GameState) -> str:
        from app.rules.nplanetary.asking import why_idle

        return why_idle(state)

    def phase_title(self, phase: str) -> str:
        return phase.capitalize()

    def exact(self, command: Command) -> bool:
        """Every order is sealed, and sealing rolls nothing: taken back exactly."""
        return not isinstance(command, EndPhase)

    def hidden_ships(self, state: GameState, player: str) -> frozenset[str]:
        return frozenset()

    def purchases(self, parent: QWidget) -> PurchaseStep | None:
        return None

    def weapon_behaviour(self, state: GameState, weapon: str) -> str:
        return BEHAVIOUR.get(weapon, "mine")

    def design_names(self) -> list[str]:
        return []

    def run_tool(self, name: str, parent: QWidget) -> None:
        pass

    def map_pieces(self, state: GameState, centre: Callable[[Hex], QPointF]) -> list[QGraphicsItem]:
        from app.rules.nplanetary.map_pieces import installation_items

        return installation_items(state, centre)

    def hex_words(self, state: GameState, where: Hex) -> tuple[str, ...]:
        """What an asteroid hex holds, for the status bar: which asteroids an outpost
        would mine ore or water from is a ruling of ours no map shows otherwise."""
        from core.rules.nplanetary.sites import asteroid_good

        if where not in state.starmap.asteroids:
            return ()
        return (f"holds {asteroid_good(state, where)} (an outpost here yields it)",)

    def place_name(self, state: GameState, place: str) -> str:
        """A landed ship's base by its name ("Mars Base"), not its id."""
        from app.rules.nplanetary.reading import name_of

        return name_of(state, place)


UI = NPlanetaryUI()
