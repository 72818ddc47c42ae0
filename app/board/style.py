"""The look of the star map in one place: colours, line widths and text sizes.

Sizes are fractions of the hex size (centre to corner) so the map reads the same at
any scale; colours are ``QColor`` values. Zone outlines cycle through the Okabe–Ito
palette, which stays distinguishable for the common kinds of colour blindness.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor

from core.board.starmap import BaseKind, BodyKind

# Okabe & Ito (2008), "Color Universal Design": orange, sky blue, bluish green, yellow,
# blue, vermillion, reddish purple (black is left out: it vanishes on the dark map).
OKABE_ITO: tuple[str, ...] = (
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
)


def _colour(text: str) -> QColor:
    return QColor(text)


@dataclass(frozen=True)
class MapStyle:
    """Every colour and proportion the map scene draws with."""

    outside: QColor = field(default_factory=lambda: _colour("#05070f"))
    space: QColor = field(default_factory=lambda: _colour("#0b1230"))
    grid: QColor = field(default_factory=lambda: _colour("#2c3a6b"))
    grid_width: float = 0.05  # of the hex size
    body: dict[BodyKind, QColor] = field(
        default_factory=lambda: {
            BodyKind.STAR: QColor("#ffc21a"),
            BodyKind.PLANET: QColor("#4f8fd8"),
            BodyKind.MOON: QColor("#b4b8c4"),
            BodyKind.ASTEROID: QColor("#a08a70"),
            BodyKind.GAS_GIANT: QColor("#d6a060"),
        }
    )
    body_name: QColor = field(default_factory=lambda: _colour("#e8ecf8"))
    name_size: float = 0.45  # body name text height, of the hex size
    gravity: QColor = field(default_factory=lambda: _colour("#9fb3e8"))
    gravity_width: float = 0.07
    override_mark: QColor = field(default_factory=lambda: _colour("#E69F00"))
    asteroid: QColor = field(default_factory=lambda: _colour("#8d8f96"))
    asteroid_edge: QColor = field(default_factory=lambda: _colour("#4b4d55"))
    special_asteroid: QColor = field(default_factory=lambda: _colour("#CC79A7"))
    special_tint: QColor = field(default_factory=lambda: QColor(204, 121, 167, 40))
    base: dict[BaseKind, QColor] = field(
        default_factory=lambda: {
            BaseKind.ORBITAL: QColor("#5fe0a0"),
            BaseKind.PLANETARY: QColor("#ff3b30"),
            BaseKind.ASTEROID: QColor("#f5c542"),
        }
    )
    base_edge: QColor = field(default_factory=lambda: _colour("#05070f"))
    base_name: QColor = field(default_factory=lambda: _colour("#cfd6ea"))
    base_name_size: float = 0.4
    zones: tuple[QColor, ...] = field(default_factory=lambda: tuple(map(QColor, OKABE_ITO)))
    zone_width: float = 0.1
    #: a body's 100-diameter limit (squadron game), outlined dashed
    limit: QColor = field(default_factory=lambda: QColor(230, 120, 90, 200))
    zone_fill_alpha: int = 16  # 0-255; 0 draws the outline only
    atmosphere: QColor = field(default_factory=lambda: _colour("#3fa7c9"))
    surface: QColor = field(default_factory=lambda: _colour("#7a5a3a"))
    crush_depth: QColor = field(default_factory=lambda: _colour("#5a1f2a"))
    label: QColor = field(default_factory=lambda: _colour("#7f8fbf"))
    label_size: float = 0.3
    ruler: QColor = field(default_factory=lambda: _colour("#F0E442"))  # Okabe–Ito yellow
    ruler_backing: QColor = field(default_factory=lambda: QColor(5, 7, 15, 210))

    def zone_colour(self, index: int) -> QColor:
        """The outline colour of the ``index``-th zone (cycling through the palette)."""
        return QColor(self.zones[index % len(self.zones)])

    def body_colour(self, kind: BodyKind) -> QColor:
        return QColor(self.body[kind])

    def base_colour(self, kind: BaseKind) -> QColor:
        return QColor(self.base[kind])


DEFAULT_STYLE = MapStyle()

__all__ = ["DEFAULT_STYLE", "OKABE_ITO", "MapStyle"]
