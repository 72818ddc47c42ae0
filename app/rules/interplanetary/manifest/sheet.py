"""Painting the manifest sheet with a QPainter: one code for the dialog, PNG, PDF and
the printer.

:func:`paint_sheet` draws :class:`~app.rules.interplanetary.manifest.layout.SheetData` (with an
editor's :class:`~app.rules.interplanetary.manifest.layout.Marks`) into any rectangle, scaled from
the logical page of :mod:`app.rules.interplanetary.manifest.layout`. Colours are dark lines on
white so the sheet prints well; damage already taken is filled black, damage about to be placed
vermillion and ringed, so the two differ in lightness as well as hue.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from app.rules.interplanetary.manifest.art import paint_ship
from app.rules.interplanetary.manifest.layout import (
    HEADER,
    HEIGHT,
    WIDTH,
    Marks,
    SheetData,
    SheetLayout,
    sheet_layout,
    transform_for,
)
from core.engine.words import plural
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.manifest import reactor_down, working
from core.rules.interplanetary.aid.outfitting import Slot

INK = QColor("#1d2430")
FAINT = QColor("#8a93a3")
HEAD = QColor("#dfe7f1")
PAPER = QColor("#ffffff")
MOUNT = QColor("#f4f7fb")
FILLED = QColor("#eaf1e4")
FOCUS = QColor("#0072B2")
DROP = QColor("#F0E442")
PROBLEM = QColor("#C0392B")
PENDING = QColor("#D55E00")
SPENT = QColor("#9aa2ae")


def font(pixels: int, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont()
    f.setFamilies(["DejaVu Sans", "Noto Sans", "Arial", "Helvetica"])
    f.setPixelSize(pixels)
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


def paint_sheet(
    painter: QPainter, target: QRectF, data: SheetData, marks: Marks | None = None
) -> SheetLayout:
    """Draw the sheet into ``target`` (device coordinates), centred and scaled; return
    the layout (logical units) for hit tests."""
    marks = marks or Marks()
    layout = sheet_layout(data)
    painter.save()
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing, True
    )
    painter.setTransform(transform_for(target), True)
    painter.fillRect(QRectF(0, 0, WIDTH, HEIGHT), PAPER)
    _header(painter, data)
    _hexagon(painter, data, layout)
    paint_ship(painter, layout.ship)
    for sub in data.aid.subsystems:
        _box(painter, data, layout, sub.role, marks)
    _single_use(painter, data, layout, marks)
    _reference(painter, data, layout)
    painter.restore()
    return layout


def _header(p: QPainter, data: SheetData) -> None:
    p.setPen(INK)
    p.setFont(font(30, bold=True))
    title = data.name or "Ship: ____________________"
    p.drawText(
        QRectF(20, 14, 520, 40), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title
    )
    p.setFont(font(13))
    p.setPen(FAINT)
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    p.drawText(QRectF(440, 14, 340, 22), right, data.subtitle or "Interplanetary · ship manifest")
    p.setPen(INK)
    p.setFont(font(15, bold=True))
    p.drawText(QRectF(440, 36, 340, 22), right, _cost_text(data))
    if data.notes:
        p.setFont(font(13, italic=True))
        p.setPen(QColor("#3a4556"))
        notes = QFontMetricsF(font(13)).elidedText(
            " ".join(data.notes.split()), Qt.TextElideMode.ElideRight, 760 * 2 - 40
        )
        p.drawText(QRectF(20, 58, 760, 40), Qt.TextFlag.TextWordWrap, notes)
    status = _status(data)
    if status:
        p.setFont(font(15, bold=True))
        width = QFontMetricsF(font(15, bold=True)).horizontalAdvance(status) + 24
        box = QRectF(20, 100, width, 24)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(PROBLEM)
        p.drawRoundedRect(box, 5, 5)
        p.setPen(PAPER)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, status)
    elif data.live and not data.hidden:
        p.setFont(font(15, bold=True))
        p.setPen(QColor("#009E73"))
        p.drawText(QRectF(20, 100, 300, 24), Qt.AlignmentFlag.AlignVCenter, "In action")


def _cost_text(data: SheetData) -> str:
    if data.hidden:
        return "Manifest hidden (fog of war)"
    if data.blank:
        return "Cost ______ ship points"
    cost = outfitting.cost(data.aid, data.manifest)
    if data.budget is None:
        return f"Cost {cost} ship point{'s' if cost != 1 else ''}"
    return f"Cost {cost} of {data.budget} · {data.budget - cost} left"


def _status(data: SheetData) -> str:
    if not data.live:
        return ""
    parts = []
    if data.destroyed:
        return "DESTROYED"
    if data.hidden:
        return "DISABLED" if data.disabled else ""
    if data.disabled:
        turns = f" ({data.disabled_for} turn{'s' if data.disabled_for != 1 else ''})"
        parts.append("DISABLED" + (turns if data.disabled_for else ""))
    if reactor_down(data.aid, data.manifest):
        parts.append("REACTOR DOWN")
    return " · ".join(parts)


def _hexagon(p: QPainter, data: SheetData, layout: SheetLayout) -> None:
    corners = [layout.badges[s.role] for s in sorted(data.aid.subsystems, key=lambda s: s.location)]
    p.setPen(QPen(QColor("#b9c3d1"), 2, Qt.PenStyle.DashLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(corners)
    for sub in data.aid.subsystems:
        badge = layout.badges[sub.role]
        box = layout.boxes[sub.role]
        # a leader from the badge to the nearest point of its box
        near = QPointF(
            min(max(badge.x(), box.left()), box.right()),
            min(max(badge.y(), box.top()), box.bottom()),
        )
        p.setPen(QPen(FAINT, 1.5))
        p.drawLine(badge, near)
        p.setPen(QPen(INK, 2))
        p.setBrush(PAPER)
        p.drawEllipse(badge, 17, 17)
        p.setFont(font(19, bold=True))
        p.drawText(
            QRectF(badge.x() - 17, badge.y() - 17, 34, 34),
            Qt.AlignmentFlag.AlignCenter,
            str(sub.location),
        )


def _box(p: QPainter, data: SheetData, layout: SheetLayout, role: str, marks: Marks) -> None:
    sub = data.aid.subsystem(role)
    box = layout.boxes[role]
    active = marks.active_role == role
    _frame(p, box, f"{sub.location}  {sub.name}", _capacity_text(data, role), active)
    if role == "fuel_engine":
        _fuel(p, data, layout, marks)
    elif role in ("gun_mounts", "launchers", "systems"):
        _mounts(p, data, layout, role, marks)
    if role == "reactor" and data.live and reactor_down(data.aid, data.manifest):
        p.setPen(PROBLEM)
        p.setFont(font(13, bold=True))
        p.drawText(
            box.adjusted(0, 0, 0, -6),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            "down: guns and systems stop",
        )
    for (r, point, i), rect in layout.circles.items():
        if r == role:
            _circle(p, rect, data.manifest.checked(role, point), marks.pending_at(role, point), i)


def _frame(p: QPainter, box: QRectF, title: str, legend: str, active: bool) -> None:
    """A subsystem's box with its title and, at the right of the title bar, a legend."""
    p.setPen(QPen(PENDING if active else INK, 4 if active else 1.6))
    p.setBrush(PAPER)
    p.drawRoundedRect(box, 6, 6)
    head = QRectF(box.left(), box.top(), box.width(), HEADER)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(HEAD)
    p.drawRoundedRect(head.adjusted(1, 1, -1, 0), 5, 5)
    p.setPen(INK)
    p.setFont(font(16, bold=True))
    p.drawText(head.adjusted(10, 0, -10, 0), Qt.AlignmentFlag.AlignVCenter, title)
    p.setFont(font(12))
    p.setPen(QColor("#4a5568"))
    right = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
    p.drawText(head.adjusted(10, 0, -10, 0), right, legend)


def _capacity_text(data: SheetData, role: str) -> str:
    sub = data.aid.subsystem(role)
    if role == "fuel_engine":
        if data.hidden:
            return "fuel left: unknown"
        return f"fuel left: {data.fuel_left} of {data.tank}"
    if sub.slots:
        return f"{sub.slots} × {sub.slot_capacity}"
    assert sub.capacity is not None  # only Fuel/Engine has none, answered above
    return plural(sub.capacity, "point")


def _circle(p: QPainter, rect: QRectF, checked: int, pending: int, index: int) -> None:
    if index < checked:
        p.setPen(QPen(INK, 1.6))
        p.setBrush(INK)
    elif index < checked + pending:
        p.setPen(QPen(INK, 2.2))
        p.setBrush(PENDING)
    else:
        p.setPen(QPen(INK, 1.6))
        p.setBrush(PAPER)
    p.drawEllipse(rect)


def _mounts(p: QPainter, data: SheetData, layout: SheetLayout, role: str, marks: Marks) -> None:
    m = data.manifest
    modules = outfitting.mounts_of(m, role)
    drawn: set[int] = set()
    for i in range(len(modules)):
        if i in drawn:
            continue
        slot = Slot(role, i)
        points = outfitting.points_of(data.aid, m, slot)
        drawn.update(points)
        rect = layout.slots[slot]
        for other in points[1:]:
            rect = rect.united(layout.slots[Slot(role, other)])
        item = outfitting.item_at(data.aid, m, slot)
        spent = _spent(data, slot) if item is None else None
        broken = item is not None and data.live and not working(data.aid, m, role, points)
        if spent is not None and not data.hidden and not working(data.aid, m, role, points):
            broken = True  # not launched: destroyed on its slot by a hit
        text = item.name if item else spent
        if text is None and data.blank and not marks.interactive:
            text = ""
        hole = "unknown" if data.hidden else "empty"
        _square(p, rect, text, item is not None, spent is not None and not broken, broken, hole)
        if item is not None and not broken and data.off and role in ("gun_mounts", "systems"):
            _off(p, rect, data.off)
        if len(points) > 1:
            p.setPen(QPen(FAINT, 1, Qt.PenStyle.DashLine))
            for other in points[1:]:
                x = layout.slots[Slot(role, other)].left() - 6
                p.drawLine(QPointF(x, rect.top() + 4), QPointF(x, rect.top() + 14))
                p.drawLine(QPointF(x, rect.bottom() - 14), QPointF(x, rect.bottom() - 4))
        for point in points:
            _slot_marks(p, layout.slots[Slot(role, point)], Slot(role, point), marks)
        p.setFont(font(10))
        p.setPen(FAINT)
        for point in points:
            r = layout.slots[Slot(role, point)]
            p.drawText(
                QRectF(r.left() + 4, r.top() + 2, 20, 12),
                Qt.AlignmentFlag.AlignLeft,
                str(point + 1),
            )


def _off(p: QPainter, rect: QRectF, why: str) -> None:
    """A working module without power or offline: marked, not struck out."""
    p.setFont(font(10, bold=True))
    p.setPen(PROBLEM)
    bottom = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
    p.drawText(rect.adjusted(0, 0, -4, -2), bottom, f"off: {why}")


def _spent(data: SheetData, slot: Slot) -> str | None:
    if slot.role != "launchers" or data.fitted is None:
        return None
    if slot.point >= len(data.fitted.launchers):
        return None
    was = data.fitted.launchers[slot.point]
    return None if was is None else data.aid.launched_weapon(was).name


def _square(
    p: QPainter,
    rect: QRectF,
    text: str | None,
    filled: bool,
    spent: bool,
    broken: bool,
    hole: str = "empty",
) -> None:
    """A mount square; ``hole`` is what an empty one says ("unknown" under fog of war)."""
    p.setPen(QPen(INK, 1.6))
    p.setBrush(FILLED if filled else MOUNT)
    p.drawRect(rect)
    if text == "":
        return
    if text is None:
        p.setPen(FAINT)
        p.setFont(font(12, italic=True))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, hole)
        return
    size = 14 if rect.height() > 50 else 12
    gone = spent or broken
    f = font(size, bold=filled and not gone)
    f.setStrikeOut(gone)
    p.setFont(f)
    p.setPen(SPENT if gone else INK)
    inner = rect.adjusted(6, 4, -6, -4 - (8 if gone and size == 12 else 0))
    p.drawText(inner, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)
    if gone:
        p.setFont(font(10, bold=True))
        p.setPen(PROBLEM if broken else FAINT)
        bottom = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom
        p.drawText(rect.adjusted(0, 0, -4, -2), bottom, "spent" if spent else "out of action")


def _slot_marks(p: QPainter, rect: QRectF, slot: Slot, marks: Marks) -> None:
    if slot == marks.drop:
        p.setPen(QPen(FOCUS, 2))
        p.setBrush(QColor(240, 228, 66, 110))
        p.drawRect(rect)
    if slot in marks.problems:
        p.setPen(QPen(PROBLEM, 3.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect.adjusted(-2, -2, 2, 2))
        p.setFont(font(13, bold=True))
        p.drawText(
            rect.adjusted(0, 1, -4, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, "!"
        )
    if slot == marks.focus:
        p.setPen(QPen(FOCUS, 3, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect.adjusted(-4, -4, 4, 4))


def _fuel(p: QPainter, data: SheetData, layout: SheetLayout, marks: Marks) -> None:
    if data.hidden:
        for rect in layout.fuel:
            p.setPen(QPen(FAINT, 1.4))
            p.setBrush(MOUNT)
            p.drawRect(rect)
            p.setFont(font(11))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
        return
    left = data.fuel_left
    lost_from = left - marks.fuel_pending
    for i, rect in enumerate(layout.fuel):
        number = i + 1  # fuel is ticked off from the end of the track
        p.setPen(QPen(INK, 1.4))
        if number > left:
            lost = number <= left + data.fuel_lost
            p.setBrush(QColor("#4a5568") if lost else QColor("#d5dbe3"))
            p.drawRect(rect)
            p.setPen(QPen(PAPER if lost else INK, 1.6))
            p.drawLine(rect.topLeft() + QPointF(5, 5), rect.bottomRight() - QPointF(5, 5))
            p.drawLine(rect.topRight() + QPointF(-5, 5), rect.bottomLeft() + QPointF(5, -5))
            continue
        pending = number > lost_from
        p.setBrush(PENDING if pending else PAPER)
        p.drawRect(rect)
        p.setFont(font(11))
        p.setPen(INK)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))
    box = layout.boxes["fuel_engine"]
    p.setFont(font(11))
    p.setPen(FAINT)
    legend = "hits here are fuel lost"
    if data.live and data.fuel_lost:
        legend = f"{data.fuel_lost} lost to damage (dark)"
    p.drawText(
        box.adjusted(0, 0, 0, -3),
        Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
        legend,
    )


def _single_use(p: QPainter, data: SheetData, layout: SheetLayout, marks: Marks) -> None:
    box = layout.boxes["single_use"]
    legend = "never hit · give one up to absorb 1 point · usable while disabled"
    _frame(p, box, "Single-use", legend, False)
    for i, module in enumerate(data.manifest.single_use):
        slot = Slot("single_use", i)
        rect = layout.slots[slot]
        name = None if module is None else data.aid.single_use_module(module).name
        if name is None and data.blank and not marks.interactive:
            name = ""
        given = i in marks.sacrificed
        _square(
            p, rect, name, module is not None, False, given, "unknown" if data.hidden else "empty"
        )
        if given:
            p.setPen(PENDING)
            p.setFont(font(11, bold=True))
            p.drawText(
                rect.adjusted(4, 0, 0, -1),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                "given up",
            )
        _slot_marks(p, rect, slot, marks)
        p.setFont(font(10))
        p.setPen(FAINT)
        p.drawText(
            QRectF(rect.left() + 4, rect.top() + 2, 20, 12), Qt.AlignmentFlag.AlignLeft, str(i + 1)
        )


def _reference(p: QPainter, data: SheetData, layout: SheetLayout) -> None:
    """What the fitted modules do, one line per kind of module, from the play aid."""
    area = layout.reference
    m = data.manifest
    rows: dict[str, tuple[outfitting.Item, int]] = {}
    for slot in outfitting.slots(data.aid, m):
        item = outfitting.item_at(data.aid, m, slot)
        if item is None or outfitting.points_of(data.aid, m, slot)[0] != slot.point:
            continue
        rows[item.id] = (item, rows[item.id][1] + 1 if item.id in rows else 1)
    p.setPen(INK)
    p.setFont(font(14, bold=True))
    p.drawText(
        QRectF(area.left(), area.top(), area.width(), 20),
        Qt.AlignmentFlag.AlignVCenter,
        "What it carries",
    )
    if not rows:
        p.setPen(QPen(QColor("#c7ced8"), 1))
        for k in range(1, 6):
            y = area.top() + 22 + k * 24
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
        return
    metrics = QFontMetricsF(font(12))
    y = area.top() + 24
    line = 16.5
    for item, count in list(rows.values())[: int((area.height() - 24) // line)]:
        name, cost, note = item.name, item.cost, item.note
        p.setFont(font(12, bold=True))
        p.setPen(INK)
        times = f" ×{count}" if count > 1 else ""
        p.drawText(
            QRectF(area.left(), y, 190, line), Qt.AlignmentFlag.AlignVCenter, f"{name}{times}"
        )
        p.setFont(font(12))
        p.drawText(
            QRectF(area.left() + 190, y, 80, line),
            Qt.AlignmentFlag.AlignVCenter,
            _price(cost, count),
        )
        p.setPen(QColor("#3a4556"))
        text = metrics.elidedText(note, Qt.TextElideMode.ElideRight, area.width() - 280)
        p.drawText(
            QRectF(area.left() + 280, y, area.width() - 280, line),
            Qt.AlignmentFlag.AlignVCenter,
            text,
        )
        y += line


def _price(cost: int | None, count: int) -> str:
    if cost is None:
        return "not sold"
    return f"{cost} pt" + (" each" if count > 1 else "")
