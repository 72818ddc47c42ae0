"""The ship in the middle of the manifest sheet: a simple line drawing, nose up, that
prints cleanly in black and white at any size."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen

HULL_LIGHT = QColor("#eef2f7")
HULL_DARK = QColor("#b8c4d3")
LINE = QColor("#1d2430")
GLASS = QColor("#7fb3d8")
FLAME = QColor("#E69F00")


def paint_ship(p: QPainter, box: QRectF) -> None:
    """Draw the ship filling ``box`` (logical units), nose at the top."""
    p.save()
    p.translate(box.center())
    s = min(box.width() / 160, box.height() / 244)
    p.scale(s, s)
    gradient = QLinearGradient(QPointF(-40, 0), QPointF(40, 0))
    gradient.setColorAt(0, HULL_DARK)
    gradient.setColorAt(0.45, HULL_LIGHT)
    gradient.setColorAt(1, HULL_DARK)
    pen = QPen(LINE, 2.2)
    p.setPen(pen)

    # fins, behind the hull
    p.setBrush(HULL_DARK)
    for side in (-1, 1):
        fin = QPainterPath(QPointF(side * 26, 20))
        fin.lineTo(side * 70, 82)
        fin.lineTo(side * 70, 104)
        fin.lineTo(side * 26, 86)
        fin.closeSubpath()
        p.drawPath(fin)
        pod = QRectF(side * 70 - 7, 60, 14, 52)
        p.drawRoundedRect(pod, 6, 6)

    # the engine bell
    bell = QPainterPath(QPointF(-18, 96))
    bell.lineTo(-30, 118)
    bell.lineTo(30, 118)
    bell.lineTo(18, 96)
    bell.closeSubpath()
    p.setBrush(QColor("#8795a8"))
    p.drawPath(bell)
    p.setPen(QPen(FLAME, 3))
    p.drawLine(QPointF(-14, 124), QPointF(14, 124))
    p.setPen(pen)

    # the hull: a long capsule with a pointed nose
    hull = QPainterPath(QPointF(0, -120))
    hull.cubicTo(QPointF(22, -100), QPointF(32, -60), QPointF(32, -20))
    hull.lineTo(32, 86)
    hull.quadTo(QPointF(32, 100), QPointF(18, 100))
    hull.lineTo(-18, 100)
    hull.quadTo(QPointF(-32, 100), QPointF(-32, 86))
    hull.lineTo(-32, -20)
    hull.cubicTo(QPointF(-32, -60), QPointF(-22, -100), QPointF(0, -120))
    p.setBrush(gradient)
    p.drawPath(hull)

    # panel lines, the bridge, a gun turret
    p.setPen(QPen(LINE, 1.1))
    for y in (-40, 10, 60):
        p.drawLine(QPointF(-31, y), QPointF(31, y))
    p.drawLine(QPointF(0, -40), QPointF(0, 100))
    p.setPen(pen)
    p.setBrush(GLASS)
    p.drawEllipse(QRectF(-11, -88, 22, 30))
    p.setBrush(HULL_DARK)
    p.drawEllipse(QRectF(-10, -22, 20, 20))
    p.drawLine(QPointF(0, -12), QPointF(0, -50))
    p.restore()
