"""A tactical battle's orders for the selected ship, in the Battles dock: the juice (on or
off, in the astrogation phase), torpedoes launched at a target only their owner sees (the
ordnance phase; the window's hand-over screen stands between the players), a scan of an
enemy torpedo group to learn its target (the astrogation phase,
:mod:`app.rules.void.tactical_scan`), and guns with or without the railguns (the combat
phase); an extra ship's start near its lead ship and
the guidance of the player's torpedo groups (:mod:`app.rules.void.tactical_plots`). The
engine refuses what the rules do not allow, with the reason, shown in the status bar as
for every order.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
)

from app.play.systems import HexAsk
from app.rules.void.tactical_plots import GuidanceBox, PlacementBox
from app.rules.void.tactical_scan import ScanBox
from core.engine.commands import Command
from core.rules.void.crew import Juice, kit_of
from core.rules.void.tactical.damage import weapons_down
from core.rules.void.tactical.guns import Fire, railgun_refusal
from core.rules.void.tactical.juice import may_attack
from core.rules.void.tactical.orders import TakeJuice, TurnStart
from core.rules.void.tactical.terms import terms
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase


def held_back(state: GameState, ship: Ship) -> str | None:
    """Why ``ship`` may neither launch nor fire this turn, in players' words (None: it
    may), so the dock greys out Launch and Fire and says why rather than refusing."""
    kit = kit_of(ship)
    if kit.crew_out:
        return f"{ship.name}'s crew is knocked out: it does not launch or fire."
    if not may_attack(kit):
        return (
            f"{ship.name}'s crew takes the juice this turn: it defends, but does not "
            "launch or fire."
        )
    if weapons_down(state, ship):
        return f"{ship.name}'s weapons are down: it does not launch or fire."
    return None


class TacticalOrders(QGroupBox):
    """See the module's docstring."""

    def __init__(self) -> None:
        super().__init__("Orders in battle")
        self.setObjectName("tactical_orders")
        self.session: Any = None
        self.ship: Ship | None = None
        self.seated: str | None = None  # whose inputs the dock holds
        self.juice = QPushButton("Take the &Juice")
        self.juice.clicked.connect(self._juice)
        self.target = QComboBox()
        self.target.setObjectName("tactical_target")
        self.target.setToolTip("The enemy ship to launch at or fire on (a torpedo's is secret)")
        self.count = QSpinBox()
        self.count.setObjectName("torpedo_count")
        self.count.setMinimum(1)
        self.count.setSuffix(" torpedo")
        self.count.valueChanged.connect(
            lambda n: self.count.setSuffix(" torpedo" if n == 1 else " torpedoes")
        )
        self.launch = QPushButton("&Launch")
        self.launch.setToolTip("Launch torpedoes at the target; only you see which ship it is")
        self.launch.clicked.connect(self._launch)
        self.railguns = QCheckBox("with &railguns")
        self.fire = QPushButton("F&ire")
        self.fire.clicked.connect(self._fire)
        self.turn_left = QPushButton("Turn start &counter-clockwise")
        self.turn_left.clicked.connect(lambda: self._turn(1))
        self.turn_right = QPushButton("Turn start c&lockwise")
        self.turn_right.clicked.connect(lambda: self._turn(-1))
        self.hold = QLabel()
        self.hold.setObjectName("attack_note")
        self.hold.setWordWrap(True)
        grid = QGridLayout(self)
        grid.addWidget(self.hold, 4, 0, 1, 2)
        grid.addWidget(self.turn_left, 6, 0, 1, 2)
        grid.addWidget(self.turn_right, 7, 0, 1, 2)
        grid.addWidget(self.juice, 0, 0, 1, 2)
        grid.addWidget(self.target, 1, 0, 1, 2)
        grid.addWidget(self.count, 2, 0)
        grid.addWidget(self.launch, 2, 1)
        grid.addWidget(self.railguns, 3, 0)
        grid.addWidget(self.fire, 3, 1)
        self.placement = PlacementBox(self._give_as, self._ask)
        self.guidance = GuidanceBox(self._give_as, self._ask)
        grid.addWidget(self.placement, 8, 0, 1, 2)
        grid.addWidget(self.guidance, 9, 0, 1, 2)
        self.scans = ScanBox(self._give)
        grid.addWidget(self.scans, 5, 0, 1, 2)

    def show_ship(self, session: Any, state: GameState, ship: Ship | None) -> None:
        """The selected ship's orders, if it is the seated player's in a battle."""
        self.session = session
        seat = session.seat()
        mine = ship is not None and seat is not None and ship.owner == seat.id
        self.setVisible(mine and not session.read_only and not session.replaying)
        if not mine or ship is None or seat is None:
            self.ship = None
            self.placement.on_map.setChecked(False)
            self.guidance.on_map.setChecked(False)
            return
        if seat.id != self.seated:
            self._forget()
            self.seated = seat.id
        self.ship = ship
        self.placement.show_ship(state, ship)
        self.guidance.show_state(state, seat.id)
        self.scans.show_ship(state, ship)
        phase = current_phase(state)
        now = terms(state)
        may_turn = (
            ship.owner in now.setup.defenders
            and not now.turned
            and state.round == 1
            and phase == "astrogation"
        )
        self.turn_left.setVisible(may_turn)
        self.turn_right.setVisible(may_turn)
        on = kit_of(ship).juice is Juice.JUICED
        self.juice.setText("Come off the &Juice" if on else "Take the &Juice")
        self.juice.setEnabled(phase == "astrogation")
        chosen = self.target.currentData()
        self.target.clear()
        for other in state.ships:
            if other.side != ship.side and other.status is not ShipStatus.DESTROYED:
                self.target.addItem(other.name, other.id)
        index = self.target.findData(chosen)
        if index >= 0:
            self.target.setCurrentIndex(index)
        torpedoes = kit_of(ship).torpedoes
        self.count.setMaximum(max(1, torpedoes))
        held = held_back(state, ship) if phase in ("ordnance", "combat") else None
        self.hold.setText(held or "")
        self.hold.setVisible(held is not None)
        armed = held is None and self.target.count() > 0
        self.launch.setEnabled(armed and phase == "ordnance" and torpedoes > 0)
        self.fire.setEnabled(armed and phase == "combat")
        silent = railgun_refusal(state, ship)
        self.railguns.setEnabled(silent is None)
        if silent is not None:
            self.railguns.setChecked(False)
        self.railguns.setToolTip(silent or "Add this ship's railguns to the fire")

    def _forget(self) -> None:
        """A new player at the table starts from the defaults: the last one's target,
        count and railguns would hint at what they meant to do."""
        self.target.clear()
        self.count.setValue(1)
        self.railguns.setChecked(False)

    def _give(self, make: Any) -> None:
        session, ship = self.session, self.ship
        seat = session.seat() if session is not None else None
        if ship is None or seat is None:
            return
        command: Command = make(seat.id, ship)
        session.apply(command)

    def _give_as(self, make: Any) -> None:
        """An order that names no selected ship (placement, guidance) for the seated
        player."""
        seat = self.session.seat() if self.session is not None else None
        if seat is not None:
            self.session.apply(make(seat.id))

    def _ask(self, asking: HexAsk | None) -> None:
        """A box asks the board for a hex on the map (or no more)."""
        if self.session is not None:
            self.session.asked.emit(asking)

    def _turn(self, steps: int) -> None:
        """The defender's one-hexside turn of its start (seed: baseline and angled)."""
        self._give(lambda p, s: TurnStart(p, steps))

    def _juice(self) -> None:
        self._give(lambda p, s: TakeJuice(p, s.id, kit_of(s).juice is not Juice.JUICED))

    def _launch(self) -> None:
        target = self.target.currentData()
        self._give(lambda p, s: LaunchTorpedoes(p, s.id, str(target), self.count.value()))

    def _fire(self) -> None:
        target = self.target.currentData()
        self._give(lambda p, s: Fire(p, (s.id,), str(target), self.railguns.isChecked()))
