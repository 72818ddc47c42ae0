"""Two of a tactical battle's orders that are not one ship's guns or juice, shown inside
the Battles dock's orders: placing a side's extra ships near its lead ship as the battle
starts (:class:`~core.rules.void.tactical.orders.PlaceShip`, the first astrogation phase),
and guiding the player's own torpedo groups
(:class:`~core.rules.void.tactical.torpedoes.GuideTorpedoes`: up to three hexes of burn on
the launch turn, two after, or none to fly straight at the target). Only the owner sees
them: the guidance box lists the seated player's groups only, with the targets that only
they may know.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
)

from app.play.systems import HexAsk
from core.board.hexgrid import Direction, Hex, Vector
from core.engine.commands import Command
from core.rules.void.tactical.orders import EXTRA_SHIPS_WITHIN, PlaceShip
from core.rules.void.tactical.situation import lead
from core.rules.void.tactical.terms import Torpedoes, terms
from core.rules.void.tactical.torpedoes import GUIDANCE, GuideTorpedoes, allowance
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

#: what a command is made from: the seated player's id
Give = Callable[[Callable[[str], Command]], None]
#: how a box asks the board for a hex (None: it asks no more)
Ask = Callable[[HexAsk | None], None]


def burn_to(position: Hex, velocity: Vector, aim: Hex, allowed: int) -> tuple[Direction, ...]:
    """The hexes of burn (at most ``allowed``) that bring a coast from ``position`` at
    ``velocity`` to ``aim``, or as near it as they can."""
    tip = position + velocity
    burn: list[Direction] = []
    while len(burn) < allowed and tip != aim:
        d = min(Direction, key=lambda d: ((tip + Vector.of(d)).distance(aim), d.value))
        burn.append(d)
        tip = tip + Vector.of(d)
    return tuple(burn)


def places_near(state: GameState, ship: Ship) -> tuple[Ship, list[Hex]] | None:
    """The lead ship of ``ship``'s side and the hexes ``ship`` may start in (None: it
    leads its side, or it is not the battle's first astrogation phase)."""
    if state.round != 1 or current_phase(state) != "astrogation":
        return None
    side = tuple(s for s in terms(state).setup.ships if s.side == ship.side)
    first = lead(side)
    if first.id == ship.id:
        return None
    leader = state.ship(first.id)
    centre = leader.motion.position
    hexes = [
        h
        for h in centre.within(EXTRA_SHIPS_WITHIN)
        if state.starmap.bounds.contains(h) and state.starmap.body_at(h) is None
    ]
    return leader, sorted(hexes, key=lambda h: (centre.distance(h), h.q, h.r))


class PlacementBox(QGroupBox):
    """An extra ship's start: a hex within two of its side's lead ship, then Place."""

    def __init__(self, give: Give, ask: Ask) -> None:
        super().__init__("Start position")
        self.setObjectName("placement_box")
        self.give = give
        self.ask = ask
        self.ship: Ship | None = None
        self.where = QComboBox()
        self.where.setObjectName("placement_hex")
        self.where.setToolTip("The hex this ship starts in, within 2 hexes of its lead ship")
        self.place = QPushButton("&Place Here")
        self.place.clicked.connect(self._place)
        self.on_map = QPushButton("Pick on &Map")
        self.on_map.setCheckable(True)
        self.on_map.setToolTip("Mark the hexes this ship may start in: click one on the map")
        self.on_map.toggled.connect(self._asking)
        grid = QGridLayout(self)
        grid.addWidget(self.where, 0, 0, 1, 2)
        grid.addWidget(self.place, 1, 0)
        grid.addWidget(self.on_map, 1, 1)

    def show_ship(self, state: GameState, ship: Ship) -> None:
        found = places_near(state, ship)
        self.setVisible(found is not None)
        same = self.ship is not None and self.ship.id == ship.id
        self.ship = ship
        if found is None or not same:
            self.on_map.setChecked(False)
        if found is None:
            return
        leader, hexes = found
        labels = state.starmap.bounds.labels
        self.setTitle(f"Start position (near {leader.name})")
        self.where.clear()
        for h in hexes:
            apart = leader.motion.position.distance(h)
            how = "with it" if apart == 0 else f"{apart} hex{'es' * (apart > 1)} away"
            here = " (here now)" if h == ship.motion.position else ""
            self.where.addItem(f"{labels.format(h)}: {how}{here}", h)
            if here:  # the list opens on where the ship is now, not on the lead's hex
                self.where.setCurrentIndex(self.where.count() - 1)
        self._asking(self.on_map.isChecked())

    def _asking(self, on: bool) -> None:
        ship = self.ship
        if not on or ship is None:
            self.ask(None)
            return
        hexes = frozenset(self.where.itemData(i) for i in range(self.where.count()))
        off = self.on_map.setChecked
        self.ask(HexAsk(hexes, f"Start {ship.name} here", self._place_at, lambda: off(False)))

    def _place(self) -> None:
        at = self.where.currentData()
        if isinstance(at, Hex):
            self._place_at(at)

    def _place_at(self, at: Hex) -> None:
        ship = self.ship
        self.on_map.setChecked(False)
        if ship is not None:
            self.give(lambda player: PlaceShip(player, ship.id, at))


class GuidanceBox(QGroupBox):
    """The seated player's torpedo groups in flight: pick one, press burn directions (up
    to 3 hexes on its launch turn, 2 after), then Plot Guidance, or Fly Straight."""

    def __init__(self, give: Give, ask: Ask) -> None:
        super().__init__("Torpedo guidance")
        self.setObjectName("guidance_box")
        self.give = give
        self.ask = ask
        self.on_board: Callable[[Hex], bool] = lambda h: True
        self.burn: list[Direction] = []
        self.groups: dict[str, Torpedoes] = {}
        self.round = 0
        self.group = QComboBox()
        self.group.setObjectName("guidance_group")
        self.group.setToolTip("One of your torpedo groups in flight (its target is yours alone)")
        self.group.currentIndexChanged.connect(lambda _i: self._changed())
        self.plotted = QLabel()
        self.plotted.setObjectName("guidance_burn")
        self.plotted.setWordWrap(True)
        self.directions: dict[Direction, QPushButton] = {}
        grid = QGridLayout(self)
        grid.addWidget(self.group, 0, 0, 1, 3)
        self.pad = QGridLayout()  # laid out as a compass once the map's orientation is known
        for d in Direction:
            button = QPushButton(d.name)
            button.setObjectName(f"guide_{d.name}")
            button.setToolTip("Add a hex of burn this way")
            button.clicked.connect(lambda _c=False, d=d: self._add(d))
            self.directions[d] = button
        grid.addLayout(self.pad, 1, 0, 1, 3)
        grid.addWidget(self.plotted, 3, 0, 1, 3)
        clear = QPushButton("Clea&r")
        clear.clicked.connect(self._clear)
        self.plot = QPushButton("Plot &Guidance")
        self.plot.clicked.connect(self._plot)
        straight = QPushButton("Fly &Straight")
        straight.setToolTip("No plotted burn: the group steers itself at its target")
        straight.clicked.connect(lambda: self._send(None))
        self.on_map = QPushButton("Aim on &Map")
        self.on_map.setCheckable(True)
        self.on_map.setToolTip("Mark where the group may end its move: click one on the map")
        self.on_map.toggled.connect(self._asking)
        grid.addWidget(clear, 4, 0)
        grid.addWidget(self.plot, 4, 1)
        grid.addWidget(straight, 4, 2)
        grid.addWidget(self.on_map, 5, 0, 1, 3)

    def show_state(self, state: GameState, player: str) -> None:
        """The player's own groups, when guidance may be plotted."""
        phase = current_phase(state)
        mine = [g for g in terms(state).torpedoes if g.owner == player]
        shown = bool(mine) and phase in ("astrogation", "ordnance", "movement")
        self.setVisible(shown)
        self.on_board = state.starmap.bounds.contains
        if not shown:
            self.on_map.setChecked(False)
        o = state.starmap.bounds.orientation
        for d, button in self.directions.items():
            name = d.name_in(o)
            button.setText(name)
            row = 0 if name.startswith("N") else 2 if name.startswith("S") else 1
            col = 0 if name.endswith("W") else 2 if name.endswith("E") else 1
            self.pad.addWidget(button, row, col)
        chosen = self.group.currentData()
        self.group.blockSignals(True)
        self.group.clear()
        self.groups = {g.id: g for g in mine}
        self.round = state.round
        for g in mine:
            target = state.ship(g.target).name
            guided = "straight at it" if g.burn is None else f"burn {len(g.burn)} plotted"
            self.group.addItem(f"{g.label} {g.id} at {target} ({guided})", g.id)
        index = self.group.findData(chosen)
        self.group.setCurrentIndex(max(0, index))
        self.group.blockSignals(False)
        self._clear()
        self._asking(self.on_map.isChecked())

    def _current(self) -> Torpedoes | None:
        found = self.group.currentData()
        return self.groups.get(found) if isinstance(found, str) else None

    def _clear(self) -> None:
        self.burn = []
        self._say()

    def _changed(self) -> None:
        self._clear()
        self._asking(self.on_map.isChecked())

    def _asking(self, on: bool) -> None:
        group = self._current()
        if not on or group is None:
            self.ask(None)
            return
        coast = group.motion.position + group.motion.velocity
        hexes = frozenset(h for h in coast.within(self._allowed()) if self.on_board(h))
        tip = f"{group.label} {group.id} burns to end its move here"
        off = self.on_map.setChecked
        self.ask(HexAsk(hexes, tip, self._aim, lambda: off(False)))

    def _aim(self, h: Hex) -> None:
        group = self._current()
        self.on_map.setChecked(False)
        if group is not None:
            motion = group.motion
            self._send(burn_to(motion.position, motion.velocity, h, self._allowed()))

    def _add(self, d: Direction) -> None:
        if len(self.burn) < self._allowed():
            self.burn.append(d)
        self._say()

    def _allowed(self) -> int:
        group = self._current()
        return allowance(group, self.round) if group is not None else GUIDANCE

    def _say(self) -> None:
        names = [self.directions[d].text() for d in self.burn]
        allowed = self._allowed()
        self.plotted.setText(
            f"Burn: {' '.join(names) if names else 'none yet'} (up to {allowed} hexes)"
        )
        for button in self.directions.values():
            button.setEnabled(len(self.burn) < allowed)
        self.plot.setEnabled(bool(self.burn))

    def _plot(self) -> None:
        self._send(tuple(self.burn))

    def _send(self, burn: tuple[Direction, ...] | None) -> None:
        group = self._current()
        if group is not None:
            self.give(lambda player: GuideTorpedoes(player, group.id, burn))
