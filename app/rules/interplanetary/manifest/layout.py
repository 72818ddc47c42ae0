"""What the manifest sheet shows, and where each part of it sits.

:class:`SheetData` is the sheet's content (a design, or a ship in play) and :class:`Marks`
what an editor adds on top (focus, a drop target, slots with problems, damage about to be
placed). :func:`sheet_layout` places every part on a page of :data:`WIDTH` x
:data:`HEIGHT` logical units, portrait, the proportions of A4 and Letter both fit; the
painter, the widget's hit tests and the exports all use this one layout, scaled.

The six subsystems sit around the ship in a hexagon, clockwise from the top in the
order of their hit locations 1 to 6, as on the manual's play aid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform

from core.rules.interplanetary.aid.carried import fitted_of, manifest_or_empty
from core.rules.interplanetary.aid.manifest import Manifest
from core.rules.interplanetary.aid.outfitting import Slot, mounts_of
from core.rules.interplanetary.aid.playaid import PlayAid
from core.vector.state import Ship, ShipStatus

WIDTH = 800.0
HEIGHT = 1100.0
CENTRE = QPointF(400, 478)
#: the hexagon of hit-location numbers around the ship: centre to corner
HEX_RADIUS = 140.0
BADGE_RADIUS = 17.0
TANK = 15


@dataclass(frozen=True)
class SheetData:
    """One ship's sheet. ``fuel`` None: a full tank (a design). In ``live`` play the
    sheet shows status; ``fitted`` is the manifest before any launch, so launcher slots
    emptied since show their weapon as spent; ``off`` says why working guns and systems
    are switched off ("disabled", "Reactor down"); ``hidden``: an enemy's sheet under fog
    of war, where what the table has not seen is unknown rather than empty."""

    aid: PlayAid
    manifest: Manifest
    name: str = ""
    notes: str = ""
    subtitle: str = ""
    tank: int = TANK
    fuel: Fraction | None = None
    fuel_lost: int = 0
    budget: int | None = None
    live: bool = False
    disabled: bool = False
    disabled_for: int = 0
    destroyed: bool = False
    fitted: Manifest | None = None
    off: str = ""
    hidden: bool = False

    @classmethod
    def of_ship(
        cls, aid: PlayAid, ship: Ship, tank: int = TANK, fitted: Manifest | None = None
    ) -> SheetData:
        """A ship's live sheet (a ship with no manifest is a bare hull)."""
        return cls(
            aid,
            manifest_or_empty(aid, ship),
            name=ship.name,
            tank=tank,
            fuel=ship.fuel,
            live=True,
            disabled=ship.disabled,
            disabled_for=ship.disabled_for,
            destroyed=ship.status is ShipStatus.DESTROYED,
            fitted=fitted if fitted is not None else fitted_of(ship),
        )

    @property
    def blank(self) -> bool:
        """A sheet to fill in by hand: no name, nothing fitted, not in play."""
        m = self.manifest
        fitted = any(x is not None for x in (*m.guns, *m.launchers, *m.systems, *m.single_use))
        return not (self.name or self.live or fitted)

    @property
    def fuel_left(self) -> int:
        return self.tank if self.fuel is None else max(0, min(self.tank, int(self.fuel)))


@dataclass(frozen=True)
class Marks:
    """An editor's marks over the sheet: the focused slot, the slot a drag would drop
    on, slots with a problem, the subsystem a hit is on, and damage not yet placed
    (``pending``: extra circles by role and point; ``fuel_pending``: fuel about to be
    lost; ``sacrificed``: single-use slots given up)."""

    focus: Slot | None = None
    drop: Slot | None = None
    problems: frozenset[Slot] = frozenset()
    active_role: str | None = None
    pending: tuple[tuple[tuple[str, int], int], ...] = ()
    fuel_pending: int = 0
    sacrificed: frozenset[int] = frozenset()
    interactive: bool = field(default=False)

    def pending_at(self, role: str, point: int = 0) -> int:
        return dict(self.pending).get((role, point), 0)


@dataclass
class SheetLayout:
    """Rectangles in logical units: subsystem boxes by role, their number badges, mount
    squares by slot, damage circles by ``(role, point, index)``, fuel cells."""

    boxes: dict[str, QRectF] = field(default_factory=dict)
    badges: dict[str, QPointF] = field(default_factory=dict)
    slots: dict[Slot, QRectF] = field(default_factory=dict)
    circles: dict[tuple[str, int, int], QRectF] = field(default_factory=dict)
    fuel: list[QRectF] = field(default_factory=list)
    ship: QRectF = field(default_factory=QRectF)
    reference: QRectF = field(default_factory=QRectF)

    def slot_at(self, p: QPointF) -> Slot | None:
        for slot, rect in self.slots.items():
            if rect.contains(p):
                return slot
        for (role, point, _), rect in self.circles.items():
            if role in ("gun_mounts", "launchers", "systems") and rect.adjusted(
                -3, -3, 3, 3
            ).contains(p):
                return Slot(role, point)
        return None


#: hexagon corner of each hit location, clockwise from the top
def _corner(location: int) -> QPointF:
    angle = math.radians(-90 + 60 * (location - 1))
    return QPointF(
        CENTRE.x() + HEX_RADIUS * math.cos(angle), CENTRE.y() + HEX_RADIUS * math.sin(angle)
    )


# the box of each hit location (1 top, then clockwise)
_BOXES = {
    1: QRectF(262, 130, 276, 173),
    2: QRectF(545, 300, 240, 170),
    3: QRectF(545, 488, 240, 200),
    4: QRectF(262, 656, 276, 172),
    5: QRectF(15, 488, 240, 200),
    6: QRectF(15, 300, 240, 170),
}
HEADER = 30.0
CIRCLE = 18.0


def sheet_layout(data: SheetData) -> SheetLayout:
    out = SheetLayout()
    out.ship = QRectF(CENTRE.x() - 72, CENTRE.y() - 112, 144, 220)
    out.reference = QRectF(15, 935, 770, 150)
    for sub in data.aid.subsystems:
        box = _BOXES[sub.location]
        out.boxes[sub.role] = box
        out.badges[sub.role] = _corner(sub.location)
        inner = box.adjusted(10, HEADER + 8, -10, -8)
        if sub.role in ("gun_mounts", "systems"):
            _paired_mounts(out, data, sub.role, inner, sub.slot_capacity)
        elif sub.role == "launchers":
            _launchers(out, data, inner)
        elif sub.role == "fuel_engine":
            _fuel(out, data, inner)
        else:
            _circles(
                out, sub.role, 0, sub.capacity or 0, inner, per_row=4 if sub.capacity == 8 else 3
            )
    single = QRectF(15, 845, 770, 80)
    out.boxes["single_use"] = single
    count = len(data.manifest.single_use)
    width = (single.width() - 20 - 14 * (count - 1)) / max(count, 1)
    for i in range(count):
        left = single.left() + 10 + i * (width + 14)
        out.slots[Slot("single_use", i)] = QRectF(left, single.top() + HEADER + 6, width, 36)
    return out


def _paired_mounts(out: SheetLayout, data: SheetData, role: str, inner: QRectF, cap: int) -> None:
    count = len(mounts_of(data.manifest, role))
    gap = 12.0
    width = (inner.width() - gap * (count - 1)) / max(count, 1)
    for i in range(count):
        square = QRectF(inner.left() + i * (width + gap), inner.top(), width, 72)
        out.slots[Slot(role, i)] = square
        row = QRectF(square.left(), square.bottom() + 10, width, CIRCLE + 4)
        _circles(out, role, i, cap, row, per_row=cap)


def _launchers(out: SheetLayout, data: SheetData, inner: QRectF) -> None:
    count = len(data.manifest.launchers)
    cap = data.aid.subsystem("launchers").slot_capacity
    columns = 2
    rows = math.ceil(count / columns)
    col_w = (inner.width() - 12) / columns
    row_h = inner.height() / max(rows, 1)
    for i in range(count):
        c, r = i % columns, i // columns
        left = inner.left() + c * (col_w + 12)
        top = inner.top() + r * row_h
        square = QRectF(left, top + 2, col_w - (CIRCLE + 8) * cap, row_h - 8)
        out.slots[Slot("launchers", i)] = square
        row = QRectF(square.right() + 6, square.top(), (CIRCLE + 8) * cap, square.height())
        _circles(out, "launchers", i, cap, row, per_row=cap)


def _fuel(out: SheetLayout, data: SheetData, inner: QRectF) -> None:
    per_row = 5 if data.tank <= 15 else 8
    rows = math.ceil(data.tank / per_row)
    side = min(30.0, (inner.height() - 6 * (rows - 1)) / rows)
    step = side + 8
    left = inner.center().x() - (per_row * step - 8) / 2
    for i in range(data.tank):
        c, r = i % per_row, i // per_row
        out.fuel.append(QRectF(left + c * step, inner.top() + r * (side + 6), side, side))


def _circles(
    out: SheetLayout, role: str, point: int, count: int, area: QRectF, per_row: int
) -> None:
    size = CIRCLE if role in ("gun_mounts", "launchers", "systems") else 26.0
    gap = size * 0.55
    rows = math.ceil(count / max(per_row, 1))
    width = per_row * size + (per_row - 1) * gap
    height = rows * size + (rows - 1) * gap
    left = area.center().x() - width / 2
    top = area.center().y() - height / 2
    for i in range(count):
        c, r = i % per_row, i // per_row
        out.circles[(role, point, i)] = QRectF(
            left + c * (size + gap), top + r * (size + gap), size, size
        )


def transform_for(target: QRectF) -> QTransform:
    """Logical sheet units to ``target``, keeping proportions, centred."""
    scale = min(target.width() / WIDTH, target.height() / HEIGHT)
    dx = target.left() + (target.width() - WIDTH * scale) / 2
    dy = target.top() + (target.height() - HEIGHT * scale) / 2
    return QTransform(scale, 0, 0, scale, dx, dy)
