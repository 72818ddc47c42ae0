"""Where the defender places a hit's damage (seed "Ship subsystems"), on the sheet.

The hit's subsystem is outlined; each click on one of its mounts (or its circles) puts one
more point there, a right-click takes one back, and a click on a single-use module gives
it up to absorb a point. Keys do the same: arrows and Tab to a mount, Enter or + to add,
- or Backspace to take back. Every change is checked at once by the engine's own
:func:`core.rules.interplanetary.aid.damage.place` (or the caller's ``check``, the game's
:func:`core.rules.interplanetary.combat.systems.place_hit`); the dialog shows what the hit would
do, or why the engine refuses, and OK is only possible for a placement it accepts. "Use Suggested"
restores the engine's default. When some points may go elsewhere (``movable``: an Armour AI's
point, a spin booster's spread), every subsystem's mounts are targets.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.rules.interplanetary.manifest.layout import Marks, SheetData
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.rules.interplanetary.aid.damage import Allocation, Placed, Placement, place
from core.rules.interplanetary.aid.manifest import AllocationError, Manifest, capacity
from core.rules.interplanetary.aid.outfitting import Slot
from core.rules.interplanetary.aid.playaid import SLOTTED, PlayAid


class AllocationSheet(SheetWidget):
    """The sheet with + and - keys for the focused mount."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        slot = self.focused()
        if slot is not None and event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.clicked.emit(slot, Qt.MouseButton.LeftButton)
        elif slot is not None and event.key() in (Qt.Key.Key_Minus, Qt.Key.Key_Backspace):
            self.clicked.emit(slot, Qt.MouseButton.RightButton)
        elif slot is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit(slot, Qt.MouseButton.LeftButton)
        else:
            super().keyPressEvent(event)


class AllocationDialog(QDialog):
    def __init__(
        self,
        aid: PlayAid,
        ship: str,
        manifest: Manifest,
        fuel: Fraction,
        role: str,
        amount: int,
        default: Allocation,
        parent: QWidget | None = None,
        *,
        tank: int = 15,
        check: Callable[[Allocation], Placed] | None = None,
        movable: int = 0,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("allocation_dialog")
        self.aid = aid
        self.ship = ship
        self.original = manifest
        self.fuel = fuel
        self.role = role
        self.amount = amount
        self.default = default
        self._allocation = default
        self._placed: Placed | None = None
        self._place = check
        self.movable = movable
        sub = aid.subsystem(role)
        self.setWindowTitle(f"Damage to {ship}")

        heading = QLabel(
            f"{ship} takes a hit of {amount} point{'s' if amount != 1 else ''} on "
            f"{sub.location} {sub.name}. Place it: click a mount to put a point on it, "
            "right-click to take one back; click a single-use module to give it up for 1 point."
            + (
                f" {movable} point{'s' if movable != 1 else ''} may go on other subsystems."
                if movable
                else ""
            )
        )
        heading.setWordWrap(True)
        heading.setObjectName("allocation_heading")
        self.sheet = AllocationSheet(
            SheetData(aid, manifest, name=ship, fuel=fuel, tank=tank, live=True)
        )
        roles = (role, *(r for r in SLOTTED if r != role)) if movable else (role,)
        self.sheet.targets = [
            *(Slot(r, i) for r in roles for i in range(len(manifest.mounts(r)))),
            *(Slot("single_use", i) for i, m in enumerate(manifest.single_use) if m),
        ]
        self.sheet.clicked.connect(self._clicked)
        self.sheet.menu_requested.connect(self._menu)
        self.sheet.remove_requested.connect(lambda s: self._clicked(s, Qt.MouseButton.RightButton))
        self.result_label = QLabel()
        self.result_label.setObjectName("allocation_result")
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        self.result_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 4)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.suggested_button = QPushButton("Use &Suggested")
        self.clear_button = QPushButton("&Clear")
        self.buttons.addButton(self.suggested_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.buttons.addButton(self.clear_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.suggested_button.clicked.connect(lambda: self.set_allocation(self.default))
        self.clear_button.clicked.connect(lambda: self.set_allocation(Allocation()))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.sheet, 1)
        layout.addWidget(self.result_label)
        layout.addWidget(self.buttons)
        self.resize(760, 1000)
        self.set_allocation(default)
        self.sheet.setFocus()

    # ---- the result ----

    def allocation(self) -> Allocation:
        return self._allocation

    def placed(self) -> Placed | None:
        """What the hit does with the current placement; None while the engine refuses it."""
        return self._placed

    def message(self) -> str:
        return self.result_label.text()

    # ---- changes ----

    def set_allocation(self, allocation: Allocation) -> None:
        self._allocation = allocation
        self._check()

    def add_point(self, slot: Slot) -> None:
        if slot.role == "single_use":
            self.toggle_sacrifice(slot.point)
            return
        points = dict(((p.role, p.point), p.points) for p in self._allocation.placements)
        key = (slot.role, slot.point)
        points[key] = points.get(key, 0) + 1
        self._set_points(points)

    def take_point(self, slot: Slot) -> None:
        if slot.role == "single_use":
            if slot.point in self._allocation.sacrifice:
                self.toggle_sacrifice(slot.point)
            return
        points = dict(((p.role, p.point), p.points) for p in self._allocation.placements)
        key = (slot.role, slot.point)
        if points.get(key, 0) > 0:
            points[key] -= 1
        self._set_points(points)

    def toggle_sacrifice(self, index: int) -> None:
        given = list(self._allocation.sacrifice)
        if index in given:
            given.remove(index)
        else:
            given.append(index)
        self.set_allocation(Allocation(self._allocation.placements, tuple(sorted(given))))

    def _set_points(self, points: dict[tuple[str, int], int]) -> None:
        placements = tuple(
            Placement(role, point, n) for (role, point), n in sorted(points.items()) if n > 0
        )
        self.set_allocation(Allocation(placements, self._allocation.sacrifice))

    def _clicked(self, slot: Slot, button: object) -> None:
        if button == Qt.MouseButton.RightButton:
            self.take_point(slot)
        elif button in (Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton):
            self.add_point(slot)

    def _menu(self, slot: Slot, at: QPoint) -> None:
        """Enter asks for a menu on other sheets; here it already added a point."""

    # ---- checking ----

    def _check(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            placed = (
                self._place(self._allocation)
                if self._place
                else place(
                    self.aid,
                    self.original,
                    self.fuel,
                    self.role,
                    self.amount,
                    self._allocation,
                    ship=self.ship,
                )
            )
        except AllocationError as error:
            self._placed = None
            self.result_label.setText(f"Not allowed: {error}")
            self.result_label.setStyleSheet("color: #b03a2e;")
            ok.setEnabled(False)
            self._show_marks(self._raw_pending(), 0)
            return
        self._placed = placed
        lines = list(placed.lines) or ["No damage is placed."]
        self.result_label.setText("\n".join(lines))
        self.result_label.setStyleSheet("color: #1d2430;")
        ok.setEnabled(True)
        self._show_marks(self._diff(placed.manifest), int(self.fuel - placed.fuel))

    def _raw_pending(self) -> dict[tuple[str, int], int]:
        found: dict[tuple[str, int], int] = {}
        for p in self._allocation.placements:
            if p.role not in SLOTTED or not 0 <= p.point < len(self.original.mounts(p.role)):
                continue
            free = capacity(self.aid, p.role, p.point) - self.original.checked(p.role, p.point)
            found[(p.role, p.point)] = max(0, min(p.points, free))
        return found

    def _diff(self, after: Manifest) -> dict[tuple[str, int], int]:
        found: dict[tuple[str, int], int] = {}
        for role, circles in after.damage:
            for point, checked in enumerate(circles):
                extra = checked - self.original.checked(role, point)
                if extra > 0:
                    found[(role, point)] = extra
        return found

    def _show_marks(self, pending: dict[tuple[str, int], int], fuel_lost: int) -> None:
        self.sheet.set_marks(
            Marks(
                active_role=self.role,
                pending=tuple(sorted(pending.items())),
                fuel_pending=fuel_lost,
                sacrificed=frozenset(self._allocation.sacrifice),
                interactive=True,
            )
        )
