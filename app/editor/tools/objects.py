"""Tools for the map's objects: bodies, hand-set gravity and bases.

Each edit is one :class:`~app.editor.commands.MapCommand`; a body dragged to a new
place is one step, pushed on release. Gravity rings are derived from the bodies, so a
moved or resized body brings its ring along, while hand-set overrides stay where they
are (they are kept apart from the bodies in the map).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from app.editor.commands import MapCommand, edit_map
from app.editor.tools.base import Tool
from core.board.hexgrid import Hex
from core.board.starmap import (
    DEFAULT_SERVICES,
    Base,
    BaseKind,
    Body,
    BodyKind,
    GravityKind,
    GravityOverride,
    Service,
    StarMap,
)

if TYPE_CHECKING:
    from app.editor.host import EditorHost

GRAVITY_CHOICES = ("normal", "weak", "double", "none")
#: the kinds the Body tool places (large asteroids come from the asteroid brush's maps)
BODY_KINDS = tuple(k.value for k in BodyKind if k is not BodyKind.ASTEROID)


def limit_box(name: str) -> QSpinBox:
    """A spin box for a 100-diameter limit in hexes; its lowest value means none."""
    box = QSpinBox()
    box.setObjectName(name)
    box.setRange(-1, 100)
    box.setValue(-1)
    box.setSpecialValueText("no 100D limit")
    box.setPrefix("100D ")
    box.setSuffix(" hexes")
    box.setToolTip(
        "The 100-diameter limit in hexes from the centre (squadron game: no jump ends inside)"
    )
    return box


def unique(name: str, taken: set[str]) -> str:
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def combo(name: str, items: tuple[str, ...] | list[str]) -> QComboBox:
    box = QComboBox()
    box.addItems(list(items))
    box.setObjectName(name)
    return box


#: what each base service gives a ship, for the editor's tick boxes
SERVICE_TIPS: dict[Service, str] = {
    Service.REFUEL: "Ships here may fill their tanks",
    Service.REFIT: "Ships here may swap modules",
    Service.ORBITAL_REPAIR: "Ships here are mended one point a round",
    Service.PLANETSIDE_REPAIR: "Ships here are mended two points a round",
    Service.PLANETSIDE_LAUNCH: "Ships here are lifted into orbit free of fuel",
}


class BodyTool(Tool):
    name = "Body"
    key = "O"
    status = (
        "Click empty space to place a body; drag a body to move it; the bar sets the new "
        "one's kind, size and gravity"
    )

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.kind = combo("body_kind", BODY_KINDS)
        self.kind.setCurrentIndex(1)
        self.kind.setToolTip("The kind of the next body you place")
        self.body_name = QLineEdit()
        self.body_name.setPlaceholderText("name (blank: automatic)")
        self.body_name.setObjectName("body_name")
        self.body_name.setToolTip("The next body's name (blank: one is made up)")
        self.size = QSpinBox()
        self.size.setRange(0, 50)
        self.size.setPrefix("size ")
        self.size.setToolTip("Rings of hexes the body covers round its centre (0: one hex)")
        self.radius = QDoubleSpinBox()
        self.radius.setRange(0.05, 50.5)
        self.radius.setSingleStep(0.05)
        self.radius.setValue(0.4)
        self.radius.setPrefix("disc ")
        self.radius.setToolTip("The disc's radius in hexes: a course meeting it crashes")
        self.gravity = combo("body_gravity", GRAVITY_CHOICES)
        self.gravity.setToolTip("The gravity of the ring round the next body")
        self.limit = limit_box("body_limit")
        self._dragging: Body | None = None
        self._before: StarMap | None = None

    def make_options(self) -> list[QWidget]:
        return [
            QLabel(" New body: "),
            self.kind,
            self.body_name,
            self.size,
            self.radius,
            self.gravity,
            self.limit,
        ]

    def new_body(self, at: Hex) -> Body:
        m = self.editor.document.map.objects
        kind = BodyKind(self.kind.currentText())
        name = self.body_name.text().strip() or kind.value.capitalize()
        g = self.gravity.currentText()
        size = self.size.value()
        radius = min(self.radius.value(), size + 0.5)
        taken = {b.name for b in m.bodies}
        gravity = None if g == "none" else GravityKind(g)
        limit = self.limit.value() if self.limit.value() >= 0 else None
        return Body(unique(name, taken), kind, at, radius, gravity, size, limit)

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if h is None:
            return
        doc = self.editor.document
        m = doc.map.objects
        body = m.body_at(h)
        if body is None:
            new = self.new_body(h)
            edit_map(doc, replace(m, bodies=(*m.bodies, new)), f"Place {new.name}")
            self.editor.selection.set([h])
            return
        self._dragging, self._before = body, m
        self.editor.selection.set([body.centre])

    def move(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        body = self._dragging
        if body is None or h is None or h == body.centre:
            return
        m = self.editor.document.map.objects
        moved = replace(body, centre=h)
        self.editor.document.map.set_objects(
            replace(m, bodies=tuple(moved if b == body else b for b in m.bodies))
        )
        self._dragging = moved
        self.editor.selection.set([h])

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        body, before = self._dragging, self._before
        self._dragging = self._before = None
        doc = self.editor.document
        if body is not None and before is not None and doc.map.objects != before:
            text = f"Move {body.name}"
            doc.stack.push(MapCommand(doc, before, doc.map.objects, text, applied=True))


def change_bodies(editor: EditorHost, names: set[str], text: str, **fields: object) -> None:
    """Give the named bodies new field values (rename, resize, gravity...) in one step."""
    doc = editor.document
    m = doc.map.objects
    bodies = tuple(replace(b, **fields) if b.name in names else b for b in m.bodies)  # type: ignore[arg-type]
    bodies = tuple(
        replace(b, radius=min(b.radius, b.size + 0.5)) if b.name in names else b for b in bodies
    )
    edit_map(doc, replace(m, bodies=bodies), text)


class GravityTool(Tool):
    name = "Gravity"
    key = "G"
    status = (
        "Drag from a hex toward a neighbour to set its arrow; the bar makes it weak, double "
        "or two-directed, or clears it"
    )

    MODES = ("Set arrow", "Add second arrow", "No gravity here", "Back to derived")

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.mode = combo("gravity_mode", self.MODES)
        self.mode.setToolTip("What a click or drag does to a hex's gravity arrows")
        self.kind = combo("gravity_kind", ("normal", "weak", "double"))
        self.kind.setToolTip("The kind of arrow you draw")
        self._from: Hex | None = None

    def make_options(self) -> list[QWidget]:
        return [QLabel(" Override: "), self.mode, self.kind]

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        self._from = h
        mode = self.mode.currentIndex()
        if h is not None and mode >= 2:
            self.set_override(h, None if mode == 3 else ())
            self._from = None

    def release(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        start, self._from = self._from, None
        if start is None:
            return
        direction = self.side_toward(start, pos)
        m = self.editor.document.map.objects
        if self.mode.currentIndex() == 1:
            g = m.gravity_at(start)
            first = g.arrows[0].direction if g is not None and g.arrows else None
            dirs = (direction,) if first in (None, direction) else (first, direction)
        else:
            dirs = (direction,)
        self.set_override(start, dirs)

    def set_override(self, at: Hex, directions: tuple[object, ...] | None) -> None:
        """Set (or with None, remove) the override at ``at``."""
        doc = self.editor.document
        m = doc.map.objects
        others = tuple(o for o in m.overrides if o.hex != at)
        label = m.bounds.labels.format(at)
        if directions is None:
            edit_map(doc, replace(m, overrides=others), f"Gravity at {label} from its bodies")
            return
        kind = GravityKind(self.kind.currentText())
        new = GravityOverride(at, tuple(directions), kind)  # type: ignore[arg-type]
        text = f"No gravity at {label}" if not directions else f"Set gravity at {label}"
        edit_map(doc, replace(m, overrides=(*others, new)), text)


class BaseTool(Tool):
    name = "Base"
    key = "A"
    status = (
        "Click to place a base: orbital on a gravity hex, asteroid on asteroids, planetary "
        "near the hexside of a body hex"
    )

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.kind = combo("base_kind", [k.value for k in BaseKind])
        self.kind.setToolTip("The kind of the next base: it decides its default services")
        self.base_name = QLineEdit()
        self.base_name.setPlaceholderText("name (blank: automatic)")
        self.base_name.setObjectName("base_name")
        self.base_name.setToolTip("The next base's name (blank: one is made up)")
        self.owner = QLineEdit()
        self.owner.setPlaceholderText("owner")
        self.owner.setObjectName("base_owner")
        self.owner.setToolTip("The side or player the base belongs to (blank: nobody's)")
        self.services = {s: QCheckBox(s.value) for s in Service}
        for service, box in self.services.items():
            box.setToolTip(SERVICE_TIPS[service])
        self.kind.currentIndexChanged.connect(self._defaults)
        self._defaults()

    def _defaults(self) -> None:
        for s, box in self.services.items():
            box.setChecked(s in DEFAULT_SERVICES[BaseKind(self.kind.currentText())])

    def make_options(self) -> list[QWidget]:
        return [
            QLabel(" New base: "),
            self.kind,
            self.base_name,
            self.owner,
            *self.services.values(),
        ]

    def press(self, h: Hex | None, pos: QPointF, mods: Qt.KeyboardModifier) -> None:
        if h is None:
            return
        doc = self.editor.document
        m = doc.map.objects
        kind = BaseKind(self.kind.currentText())
        side = self.side_toward(h, pos) if kind is BaseKind.PLANETARY else None
        name = unique(
            self.base_name.text().strip() or f"{kind.value.capitalize()} base",
            {b.name for b in m.bases},
        )
        services = frozenset(s for s, box in self.services.items() if box.isChecked())
        base = Base(name, kind, h, side, self.owner.text().strip() or None, services)
        edit_map(doc, replace(m, bases=(*m.bases, base)), f"Place {name}")
        self.editor.selection.set([h])
