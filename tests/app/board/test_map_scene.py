"""The star map scene: hex picking, items and layers, the grid, arrows, zones, rocks."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.board.grid import GridItem
from app.board.items import HEX_SIZE, HEX_UNIT, NAME_KEY, Detail, HexWindow, Layer
from app.board.scene import StarMapScene
from app.board.style import DEFAULT_STYLE
from app.board.terrain import ArrowShapes
from core.board.hexgrid import Direction, Hex, Layout, Orientation
from core.board.starmap import (
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    GravityKind,
    GravityOverride,
    StarMap,
    Zone,
)

BOUNDS = Bounds(14, 10, Orientation.FLAT)
AT = BOUNDS.labels.from_offset
TERRA = AT(4, 4)
LUNA = AT(8, 6)
OVERRIDE = AT(11, 2)
ASTEROIDS = frozenset({AT(10, 8), AT(11, 8), AT(11, 7), AT(12, 8)})


def small_map(orientation: Orientation = Orientation.FLAT) -> StarMap:
    bounds = Bounds(BOUNDS.width, BOUNDS.height, orientation)
    at = bounds.labels.from_offset
    terra, luna = at(4, 4), at(8, 6)
    return StarMap(
        "Test",
        bounds,
        bodies=(
            Body("Terra", BodyKind.PLANET, terra, radius=0.45),
            Body("Luna", BodyKind.MOON, luna, radius=0.25, gravity=GravityKind.WEAK),
        ),
        overrides=(GravityOverride(at(11, 2), (Direction.N, Direction.NW)),),
        asteroids=frozenset({at(10, 8), at(11, 8), at(11, 7), at(12, 8)}),
        bases=(
            Base("Terra Orbital", BaseKind.ORBITAL, terra.neighbour(Direction.SW)),
            Base("Terra Port", BaseKind.PLANETARY, terra, Direction.NE),
            Base("Rock Base", BaseKind.ASTEROID, at(11, 8)),
        ),
        zones=(Zone("Terran Space", frozenset(terra.spiral(2)), owner="Terra"),),
    )


@pytest.fixture
def scene(qapp: QApplication) -> StarMapScene:
    return StarMapScene(small_map())


def names(scene: StarMapScene, role: str) -> set[str]:
    return {item.data(NAME_KEY) for item in scene.items_with_role(role)}


# ---------------------------------------------------------------- picking hexes


@pytest.mark.parametrize("orientation", list(Orientation))
def test_hex_at_finds_every_hex_from_its_centre_and_near_it(
    qapp: QApplication, orientation: Orientation
) -> None:
    scene = StarMapScene(small_map(orientation))
    hexes = list(scene.starmap.bounds.hexes())
    assert len(hexes) == BOUNDS.width * BOUNDS.height
    near = 0.7 * HEX_SIZE * math.sqrt(3) / 2  # inside the inscribed circle
    for h in hexes:
        centre = scene.centre_of(h)
        assert scene.hex_at(centre) == h
        for angle in range(0, 360, 45):
            offset = QPointF(math.cos(math.radians(angle)), math.sin(math.radians(angle)))
            assert scene.hex_at(centre + offset * near) == h


def test_centres_of_neighbours_are_one_hex_unit_apart(scene: StarMapScene) -> None:
    a = scene.centre_of(TERRA)
    b = scene.centre_of(TERRA.neighbour(Direction.NE))
    assert math.hypot(a.x() - b.x(), a.y() - b.y()) == pytest.approx(HEX_UNIT)


def test_hex_at_is_none_off_the_map(scene: StarMapScene) -> None:
    outside = [AT(-1, 0), AT(0, -1), AT(BOUNDS.width, 3), AT(5, BOUNDS.height)]
    for h in outside:
        assert scene.hex_at(scene.centre_of(h)) is None
    assert scene.hex_at(QPointF(-5000.0, -5000.0)) is None
    assert scene.hex_at(QPointF(1e6, 1e6)) is None


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize(
    "rect",
    [
        QRectF(-100, -100, 50, 50),
        QRectF(0, 0, 10, 10),
        QRectF(95.5, 130.25, 170, 60),
        QRectF(-30, 200, 1000, 13),
        QRectF(-1000, -1000, 5000, 5000),
    ],
)
def test_hex_window_finds_every_hex_near_a_rectangle(
    orientation: Orientation, rect: QRectF
) -> None:
    layout = Layout(orientation, size=HEX_SIZE)
    bounds = Bounds(BOUNDS.width, BOUNDS.height, orientation)
    window = HexWindow(bounds, layout)
    found = set(window.hexes(rect))
    grown = rect.adjusted(-HEX_SIZE, -HEX_SIZE, HEX_SIZE, HEX_SIZE)
    wanted = {h for h in bounds.hexes() if grown.contains(*layout.to_pixel(h))}
    assert wanted <= found
    assert found <= set(bounds.hexes())


# ---------------------------------------------------------------- items and layers


def test_scene_has_an_item_per_body_and_base(scene: StarMapScene) -> None:
    assert names(scene, "body") == {"Terra", "Luna"}
    assert names(scene, "base") == {"Terra Orbital", "Terra Port", "Rock Base"}
    assert {"Terra", "Luna", "Terra Port"} <= names(scene, "name")


def test_body_disc_is_centred_and_sized_in_hex_units(scene: StarMapScene) -> None:
    (terra,) = [i for i in scene.items_with_role("body") if i.data(NAME_KEY) == "Terra"]
    rect = terra.sceneBoundingRect()
    assert rect.center().x() == pytest.approx(scene.centre_of(TERRA).x(), abs=1.0)
    assert rect.center().y() == pytest.approx(scene.centre_of(TERRA).y(), abs=1.0)
    assert rect.width() == pytest.approx(2 * 0.45 * HEX_UNIT, abs=3.0)


def test_planetary_base_sits_on_the_hexside(scene: StarMapScene) -> None:
    (port,) = [i for i in scene.items_with_role("base") if i.data(NAME_KEY) == "Terra Port"]
    side = (scene.centre_of(TERRA) + scene.centre_of(TERRA.neighbour(Direction.NE))) / 2.0
    centre = port.sceneBoundingRect().center()
    assert centre.x() == pytest.approx(side.x(), abs=0.5)
    assert centre.y() == pytest.approx(side.y(), abs=0.5)


def test_layers_stack_and_toggle(scene: StarMapScene) -> None:
    z = {layer: scene.layer(layer).zValue() for layer in Layer}
    assert z[Layer.BACKGROUND] < z[Layer.GRID] < z[Layer.GRAVITY] < z[Layer.BODIES]
    assert z[Layer.BODIES] < z[Layer.BASES]
    body = scene.items_with_role("body")[0]
    assert body.isVisible()
    scene.set_layer_visible(Layer.BODIES, False)
    assert not body.isVisible()
    scene.set_layer_visible(Layer.BODIES, True)
    assert body.isVisible()


def test_labels_are_off_until_asked_for(scene: StarMapScene) -> None:
    assert not scene.labels_visible()
    scene.set_labels_visible(True)
    assert scene.labels_visible()
    assert scene.layer(Layer.LABELS).isVisible()


def test_zone_outline_surrounds_its_hexes(scene: StarMapScene) -> None:
    (zone,) = scene.items_with_role("zone")
    path = zone.path()
    assert not path.isEmpty()
    for h in TERRA.spiral(2):
        assert path.contains(scene.centre_of(h))
    assert not path.contains(scene.centre_of(TERRA + Direction.N.vector * 3))
    rect = path.boundingRect()
    assert rect.width() > 4 * HEX_UNIT


def test_mark_for_an_overridden_hex_avoids_its_arrows() -> None:
    shapes = ArrowShapes(Layout(Orientation.FLAT, size=HEX_SIZE))
    gravity = small_map().gravity[OVERRIDE]
    assert gravity.overridden and gravity.two_directed
    mark = shapes.mark_position(gravity)
    for arrow in gravity.arrows:
        ux, uy = shapes.unit(arrow.direction)
        along = mark.x() * ux + mark.y() * uy
        across = abs(mark.x() * uy - mark.y() * ux)
        assert along < 0.2 * HEX_SIZE or across > 0.25 * HEX_SIZE


def corners(layout: Layout, h: Hex) -> set[tuple[float, float]]:
    return {(round(x, 3), round(y, 3)) for x, y in layout.corners(h)}


def edge_key(ax: float, ay: float, bx: float, by: float) -> frozenset[tuple[float, float]]:
    return frozenset({(round(ax, 3), round(ay, 3)), (round(bx, 3), round(by, 3))})


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("even", [False, True])
@pytest.mark.parametrize(("width", "height"), [(14, 10), (37, 23)])
@pytest.mark.parametrize("visible", [(0, 4, 0, 3), (0, 99, 0, 99), (5, 30, 2, 20)])
def test_grid_pieces_draw_every_edge_of_the_shown_hexes_once(
    qapp: QApplication,
    orientation: Orientation,
    even: bool,
    width: int,
    height: int,
    visible: tuple[int, int, int, int],
) -> None:
    """The grid draws blocks of one cached pattern, moved: together with the border
    pieces they must give every edge between two hexes on screen and every map border
    edge of one, and no edge twice. (The view asks for every hex within a hex of the
    exposed area, so both sides of any edge on screen are asked for.)"""

    bounds = Bounds(width, height, orientation, even)
    layout = Layout(orientation, size=HEX_SIZE)
    window = HexWindow(bounds, layout)
    grid = GridItem(window, DEFAULT_STYLE, Detail())
    c0, c1, r0, r1 = visible
    cols, rows = range(c0, min(c1, width)), range(r0, min(r1, height))
    if not cols or not rows:
        return
    drawn: list[frozenset[tuple[float, float]]] = []
    for path, dx, dy in grid.pieces(cols, rows):
        for i in range(0, path.elementCount(), 2):
            a, b = path.elementAt(i), path.elementAt(i + 1)
            drawn.append(edge_key(a.x + dx, a.y + dy, b.x + dx, b.y + dy))
    assert len(drawn) == len(set(drawn)), "an edge is drawn twice"
    shown = {bounds.labels.from_offset(c, r) for r in rows for c in cols}
    for h in shown:
        for other in h.neighbours():
            if other in shown or not bounds.contains(other):
                common = corners(layout, h) & corners(layout, other)
                assert frozenset(common) in set(drawn)
    outlines = [layout.corners(h) for h in bounds.hexes()]
    everything = {edge_key(*c[i], *c[(i + 1) % 6]) for c in outlines for i in range(6)}
    assert set(drawn) <= everything, "a line is drawn where the map has no edge"


# ---------------------------------------------------------------- pixels


def render_hex(scene: StarMapScene, h: Hex, scale: int = 8) -> QImage:
    """Render one hex (with the current layers) ``scale`` times enlarged."""
    c = scene.centre_of(h)
    source = QRectF(c.x() - HEX_SIZE, c.y() - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    side = int(2 * HEX_SIZE * scale)
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, side, side), source)
    painter.end()
    return image


def head_centre_pixel(scene: StarMapScene, h: Hex, direction: Direction, scale: int = 8) -> QColor:
    """The colour in the middle of the arrow head of a one-arrow hex."""
    ux, uy = ArrowShapes(scene.layout).unit(direction)
    along = 0.46 * HEX_SIZE  # the head runs from 0.36 to 0.66 hex sizes from the centre
    image = render_hex(scene, h, scale)
    x = (HEX_SIZE + along * ux) * scale
    y = (HEX_SIZE + along * uy) * scale
    return image.pixelColor(round(x), round(y))


def same(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_normal_arrow_heads_are_filled_and_weak_ones_hollow(scene: StarMapScene) -> None:
    for layer in (Layer.NAMES, Layer.BASES, Layer.ZONES, Layer.BODIES):
        scene.set_layer_visible(layer, False)
    normal_hex = TERRA.neighbour(Direction.N)  # points S, at Terra
    weak_hex = LUNA.neighbour(Direction.S)  # points N, at Luna
    assert scene.starmap.gravity[normal_hex].arrows[0].kind is GravityKind.NORMAL
    assert scene.starmap.gravity[weak_hex].arrows[0].kind is GravityKind.WEAK
    filled = head_centre_pixel(scene, normal_hex, Direction.S)
    hollow = head_centre_pixel(scene, weak_hex, Direction.N)
    assert same(filled, DEFAULT_STYLE.gravity)
    assert same(hollow, DEFAULT_STYLE.space)
    # and with the gravity layer off, the filled head's pixel is plain space too
    scene.set_layer_visible(Layer.GRAVITY, False)
    assert same(head_centre_pixel(scene, normal_hex, Direction.S), DEFAULT_STYLE.space)


def test_asteroid_hexes_show_rocks_and_space_does_not(scene: StarMapScene) -> None:
    def colours(h: Hex) -> set[int]:
        image = render_hex(scene, h, scale=2)
        return {image.pixel(x, y) for x in range(20, 76, 3) for y in range(20, 76, 3)}

    rocky = colours(AT(10, 8))
    empty = colours(AT(1, 8))
    assert len(rocky) > len(empty)


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("even", [False, True])
@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 5), (2, 2), (7, 3), (48, 32)])
def test_the_map_rectangle_bounds_every_corner_of_every_hex(
    orientation: Orientation, even: bool, width: int, height: int
) -> None:
    """The map's rectangle is worked out from its edge hexes' centres and the corner
    offsets; it must be exactly the box of every hex's six corners."""
    bounds = Bounds(width, height, orientation, even)
    layout = Layout(orientation, size=HEX_SIZE)
    corners = [
        corner
        for row in range(height)
        for col in range(width)
        for corner in layout.corners(bounds.labels.from_offset(col, row))
    ]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    expected = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    assert HexWindow(bounds, layout).map_rect() == expected
