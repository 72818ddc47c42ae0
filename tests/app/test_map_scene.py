"""The star map scene: hex picking, items and layers, arrows, zones, PNG rendering."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.map.items import HEX_SIZE, HEX_UNIT, NAME_KEY, ArrowShapes, HexWindow, Layer
from app.map.scene import StarMapScene
from app.map.style import DEFAULT_STYLE
from app.render import main, render_map_png
from core.hexgrid import Direction, Hex, Orientation
from core.starmap import (
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
    from core.hexgrid import Layout

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
    from core.hexgrid import Layout

    shapes = ArrowShapes(Layout(Orientation.FLAT, size=HEX_SIZE))
    gravity = small_map().gravity[OVERRIDE]
    assert gravity.overridden and gravity.two_directed
    mark = shapes.mark_position(gravity)
    for arrow in gravity.arrows:
        ux, uy = shapes.unit(arrow.direction)
        along = mark.x() * ux + mark.y() * uy
        across = abs(mark.x() * uy - mark.y() * ux)
        assert along < 0.2 * HEX_SIZE or across > 0.25 * HEX_SIZE


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


def test_render_map_png_writes_an_image_of_the_requested_width(
    qapp: QApplication, tmp_path: Path
) -> None:
    out = render_map_png(small_map(), tmp_path / "map.png", width_px=640)
    assert out == tmp_path / "map.png"
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() == 640
    assert 300 < image.height() < 700
    samples = {image.pixel(x, y) for x in range(0, 640, 16) for y in range(0, image.height(), 16)}
    assert len(samples) > 5
    assert same(image.pixelColor(0, 0), DEFAULT_STYLE.outside, 2)  # the margin
    assert any(same(QColor.fromRgb(p), DEFAULT_STYLE.space, 2) for p in samples)


def test_render_with_labels_differs(qapp: QApplication, tmp_path: Path) -> None:
    plain = QImage(str(render_map_png(small_map(), tmp_path / "a.png", 1400)))
    labelled = QImage(str(render_map_png(small_map(), tmp_path / "b.png", 1400, labels=True)))
    assert plain.size() == labelled.size()
    assert plain != labelled


def test_render_rejects_a_bad_width(qapp: QApplication, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        render_map_png(small_map(), tmp_path / "x.png", width_px=0)


def test_render_reports_an_unwritable_file(qapp: QApplication, tmp_path: Path) -> None:
    with pytest.raises(OSError):
        render_map_png(small_map(), tmp_path / "missing-dir" / "x.png", width_px=100)


# ---------------------------------------------------------------- command line


def test_command_line_reports_a_missing_map_without_a_traceback(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("core.mapfile")
    code = main([str(tmp_path / "nowhere.toml"), str(tmp_path / "out.png")])
    assert code == 1
    err = capsys.readouterr().err
    assert "nowhere.toml" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out.png").exists()


def test_command_line_renders_a_map_file(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mapfile = pytest.importorskip("core.mapfile")
    source = tmp_path / "small.toml"
    mapfile.save_map(small_map(), source)
    out = tmp_path / "small.png"
    assert main([str(source), str(out), "--width", "300", "--labels"]) == 0
    assert QImage(str(out)).width() == 300
    assert str(out) in capsys.readouterr().out
