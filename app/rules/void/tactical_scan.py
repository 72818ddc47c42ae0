"""The enemy torpedo groups in flight, in the Battles dock's orders, and the scan that
reveals one's target (:class:`~core.rules.void.tactical.scan.ScanTorpedoes`): each group
with where it is, how far from the selected ship, and its target once the player's side
has scanned it (the view the window gets shows a target to nobody else)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QPushButton

from core.engine.commands import Command
from core.rules.void.tables import tables_of
from core.rules.void.tactical.scan import ScanTorpedoes
from core.rules.void.tactical.terms import Torpedoes, terms
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase

#: what the box gives: a command made from the seated player's id and the selected ship
GiveShip = Callable[[Callable[[str, Ship], Command]], None]


def aim(state: GameState, group: Torpedoes) -> str:
    """What ``group`` is after as the player on show may know it ("after Vixen", or
    "target unknown": ``state`` is their view, where an unscanned enemy target is empty)."""
    known = next((s.name for s in state.ships if s.id == group.target), None)
    return f"after {known}" if group.target and known else "target unknown"


def group_line(state: GameState, ship: Ship, group: Torpedoes) -> str:
    """One enemy group as the list says it: "2T T7: target unknown (1012, 6 hexes)", the
    target first, so that a narrow dock cuts off the distance rather than the target."""
    at = group.motion.position
    apart = ship.motion.position.distance(at)
    where = f"{state.starmap.bounds.labels.format(at)}, {apart} hex{'es' * (apart != 1)}"
    return f"{group.label} {group.id}: {aim(state, group)} ({where})"


class ScanBox(QGroupBox):
    """See the module's docstring: pick an enemy group, then Scan."""

    def __init__(self, give: GiveShip) -> None:
        super().__init__("Incoming torpedoes")
        self.setObjectName("scan_box")
        self.give = give
        self.group = QComboBox()
        self.group.setObjectName("scan_group")
        self.group.setToolTip("An enemy torpedo group in flight; its target shows once scanned")
        self.group.currentIndexChanged.connect(lambda _i: self._enable())
        self.note = QLabel()
        self.note.setObjectName("scan_note")
        self.note.setWordWrap(True)
        self.scan = QPushButton("Sc&an")
        self.scan.clicked.connect(self._scan)
        self.may_scan = False
        self.known: set[str] = set()
        self.far: dict[str, int] = {}  # groups beyond scan range: how far each is
        self.reach = 0
        self.ready = ""  # the note when the chosen group may be scanned
        grid = QGridLayout(self)
        grid.addWidget(self.group, 0, 0)
        grid.addWidget(self.scan, 1, 0)
        grid.addWidget(self.note, 2, 0)

    def show_ship(self, state: GameState, ship: Ship) -> None:
        """The enemy groups in flight as the seated player may see them, for ``ship``."""
        now = terms(state)
        groups = [g for g in now.torpedoes if g.side != ship.side]
        self.setVisible(bool(groups))
        tables = tables_of(state.rules).combat
        self.scan.setToolTip(
            f"The selected ship scans the group: a roll of {tables.scan_needs} or more tells "
            f"your side its target (within {tables.scan_range} hexes, once a turn, in "
            "astrogation)"
        )
        phase = current_phase(state)
        self.may_scan = phase == "astrogation" and ship.id not in now.scanned
        if phase != "astrogation":
            self.ready = "Ships scan in their astrogation phase, before they plot."
        elif ship.id in now.scanned:
            self.ready = f"{ship.name} has scanned this turn."
        else:
            self.ready = f"{ship.name} may scan one group this turn."
        self.reach = tables.scan_range
        apart = {g.id: ship.motion.position.distance(g.motion.position) for g in groups}
        self.far = {g: d for g, d in apart.items() if d > self.reach}
        chosen = self.group.currentData()
        self.group.blockSignals(True)
        self.group.clear()
        self.known = {g.id for g in groups if g.target}
        for i, g in enumerate(groups):
            line = group_line(state, ship, g)
            self.group.addItem(line, g.id)
            self.group.setItemData(i, line, Qt.ItemDataRole.ToolTipRole)
        self.group.setCurrentIndex(max(0, self.group.findData(chosen)))
        self.group.blockSignals(False)
        self._enable()

    def _enable(self) -> None:
        chosen = self.group.currentData()
        far = self.far.get(chosen) if self.may_scan else None
        self.note.setText(
            self.ready
            if far is None
            else f"Out of reach: that group is {far} hexes away; a scan reaches {self.reach}."
        )
        self.scan.setEnabled(
            self.may_scan and chosen is not None and chosen not in self.known and far is None
        )

    def _scan(self) -> None:
        chosen = self.group.currentData()
        if isinstance(chosen, str):
            self.give(lambda player, ship: ScanTorpedoes(player, ship.id, chosen))
