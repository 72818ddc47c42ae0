"""The map view: panning (middle drag, Space + left drag, arrow keys), clicks, the
context signal, wheel zoom around the cursor, the ruler and the far-out overview."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from app.board.items import HEX_SIZE
from app.board.scene import StarMapScene
from app.board.style import DEFAULT_STYLE
from app.board.view import PAN_FRACTION, ZOOM_STEP, MapView
from core.board.hexgrid import Direction, Hex
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP

LEFT, MIDDLE = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton


@pytest.fixture(scope="module")
def starmap():  # type: ignore[no-untyped-def]
    return load_map(SOLAR_SYSTEM_MAP)


@pytest.fixture
def view(qtbot: QtBot, starmap) -> MapView:  # type: ignore[no-untyped-def]
    """The solar system at scale 1, big enough that it can pan every way."""
    v = MapView()
    qtbot.addWidget(v)
    v.setScene(StarMapScene(starmap, parent=v))
    v.resize(800, 600)
    v.show()
    qtbot.waitExposed(v)
    v.centre_on_hex(sun_hex(v))
    return v


def scene_of(view: MapView) -> StarMapScene:
    scene = view.map_scene()
    assert scene is not None
    return scene


def sun_hex(view: MapView) -> Hex:
    sun = scene_of(view).starmap.body("Sun")
    assert sun is not None
    return sun.centre


def at(view: MapView, h: Hex) -> QPoint:
    """The viewport position of a hex's centre."""
    return view.mapFromScene(scene_of(view).centre_of(h))


def scroll(view: MapView) -> tuple[int, int]:
    return (view.horizontalScrollBar().value(), view.verticalScrollBar().value())


def scene_at(view: MapView, pos: QPoint) -> QPointF:
    return view.mapToScene(pos)


def close(a: QPointF, b: QPointF, pixels: float, view: MapView) -> bool:
    """Whether two scene points are within ``pixels`` screen pixels of each other."""
    return (a - b).manhattanLength() * view.scale_factor() <= pixels


def drag(qtbot: QtBot, view: MapView, button: Qt.MouseButton, start: QPoint, end: QPoint) -> None:
    viewport = view.viewport()
    qtbot.mousePress(viewport, button, pos=start)
    middle = (start + end) / 2
    qtbot.mouseMove(viewport, middle)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, button, pos=end)


# ---------------------------------------------------------------- panning


def test_middle_drag_pans_the_map_with_the_pointer(qtbot: QtBot, view: MapView) -> None:
    start, end = QPoint(400, 300), QPoint(300, 240)
    grabbed = scene_at(view, start)
    with qtbot.assertNotEmitted(view.hex_clicked):
        drag(qtbot, view, MIDDLE, start, end)
    assert close(scene_at(view, end), grabbed, 1.5, view)
    assert not view.is_panning()


def test_space_and_left_drag_pans_with_hand_cursors(qtbot: QtBot, view: MapView) -> None:
    viewport = view.viewport()
    start, end = QPoint(400, 300), QPoint(480, 360)
    grabbed = scene_at(view, start)
    qtbot.keyPress(view, Qt.Key.Key_Space)
    assert viewport.cursor().shape() == Qt.CursorShape.OpenHandCursor
    with qtbot.assertNotEmitted(view.hex_clicked):
        qtbot.mousePress(viewport, LEFT, pos=start)
        assert view.is_panning()
        assert viewport.cursor().shape() == Qt.CursorShape.ClosedHandCursor
        qtbot.mouseMove(viewport, QPoint(440, 330))
        qtbot.mouseMove(viewport, end)
        qtbot.mouseRelease(viewport, LEFT, pos=end)
    assert close(scene_at(view, end), grabbed, 1.5, view)
    assert viewport.cursor().shape() == Qt.CursorShape.OpenHandCursor
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert viewport.cursor().shape() == Qt.CursorShape.ArrowCursor


def test_left_click_names_the_hex_and_does_not_pan(qtbot: QtBot, view: MapView) -> None:
    target = sun_hex(view) + Direction.NE.vector * 3
    before = scroll(view)
    with qtbot.waitSignal(view.hex_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(view.viewport(), LEFT, pos=at(view, target))
    assert blocker.args == [target]
    assert scroll(view) == before


def test_left_drag_neither_pans_nor_clicks(qtbot: QtBot, view: MapView) -> None:
    before = scroll(view)
    with qtbot.assertNotEmitted(view.hex_clicked):
        drag(qtbot, view, LEFT, QPoint(400, 300), QPoint(250, 200))
    assert scroll(view) == before


def test_clicks_off_the_map_are_not_reported(qtbot: QtBot, view: MapView) -> None:
    view.zoom(-6)  # the whole map and the margin around it are on screen
    corner = view.mapFromScene(scene_of(view).sceneRect().topLeft()) + QPoint(2, 2)
    with qtbot.assertNotEmitted(view.hex_clicked):
        qtbot.mouseClick(view.viewport(), LEFT, pos=corner)


@pytest.mark.parametrize(
    ("key", "dx", "dy"),
    [
        (Qt.Key.Key_Right, 1, 0),
        (Qt.Key.Key_Left, -1, 0),
        (Qt.Key.Key_Down, 0, 1),
        (Qt.Key.Key_Up, 0, -1),
    ],
)
def test_arrow_keys_pan_by_a_fraction_of_the_view(
    qtbot: QtBot, view: MapView, key: Qt.Key, dx: int, dy: int
) -> None:
    x, y = scroll(view)
    qtbot.keyClick(view, key)
    size = view.viewport().size()
    step_x, step_y = round(PAN_FRACTION * size.width()), round(PAN_FRACTION * size.height())
    assert scroll(view) == (x + dx * step_x, y + dy * step_y)


def test_centre_on_hex(view: MapView) -> None:
    target = sun_hex(view) + Direction.SE.vector * 6
    view.centre_on_hex(target)
    middle = view.mapToScene(view.viewport().rect().center())
    assert close(middle, scene_of(view).centre_of(target), 3, view)


# ---------------------------------------------------------------- zoom


def wheel(view: MapView, pos: QPoint, notches: int) -> None:
    viewport = view.viewport()
    event = QWheelEvent(
        QPointF(pos),
        QPointF(viewport.mapToGlobal(pos)),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(viewport, event)


@pytest.mark.parametrize("notches", [1, -1])
def test_wheel_zooms_one_step_keeping_the_point_under_the_cursor(
    view: MapView, notches: int
) -> None:
    pos = QPoint(250, 180)  # well off the centre, so an anchor at the centre would show
    under = scene_at(view, pos)
    before = view.scale_factor()
    wheel(view, pos, notches)
    assert view.scale_factor() == pytest.approx(before * ZOOM_STEP**notches)
    assert close(scene_at(view, pos), under, 1.5, view)


@pytest.mark.parametrize("corner", [(0.15, 0.2), (0.85, 0.8), (0.1, 0.9)])
def test_the_first_wheel_step_from_fit_map_zooms_around_the_cursor(
    view: MapView, corner: tuple[float, float]
) -> None:
    """Fit Map leaves the map narrower than the view one way; the first step in must
    still keep the point under the cursor where it is, on both axes."""
    view.resize(1000, 600)  # wider than the map: it is centred with room at the sides
    view.fit_map()
    size = view.viewport().size()
    pos = QPoint(round(corner[0] * size.width()), round(corner[1] * size.height()))
    under = scene_at(view, pos)
    fitted = view.scale_factor()
    wheel(view, pos, 1)
    assert view.scale_factor() == pytest.approx(fitted * ZOOM_STEP)
    assert close(scene_at(view, pos), under, 1.5, view)
    wheel(view, pos, 1)  # and the next
    assert close(scene_at(view, pos), under, 1.5, view)


def test_after_a_zoom_pans_still_scroll_the_picture_they_have(view: MapView) -> None:
    """A zoom repaints everything, so it skips Qt's accelerated scrolling while it moves
    the scroll bars; pans afterwards scroll the viewport's pixels again."""
    mode = view.viewportUpdateMode()
    wheel(view, QPoint(250, 180), 2)
    assert view.viewportUpdateMode() == mode
    assert mode != QGraphicsView.ViewportUpdateMode.FullViewportUpdate


def test_zoom_steps_are_limited(view: MapView) -> None:
    while view.zoom(1):
        pass
    assert view.scale_factor() <= 8.0
    assert not view.zoom(1)


# ---------------------------------------------------------------- right click


def test_right_click_reports_the_hex_and_the_global_position(qtbot: QtBot, view: MapView) -> None:
    target = sun_hex(view) + Direction.S.vector * 2
    pos = at(view, target)
    where = view.viewport().mapToGlobal(pos)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, where)
    with qtbot.waitSignal(view.hex_context, timeout=1000) as blocker:
        QApplication.sendEvent(view.viewport(), event)
    assert blocker.args == [target, where]


# ---------------------------------------------------------------- ruler


def test_ruler_measures_between_two_hexes_and_escape_ends_it(qtbot: QtBot, view: MapView) -> None:
    start = sun_hex(view) + Direction.SW.vector * 2
    end = start + Direction.NE.vector * 3 + Direction.SE.vector * 2
    assert start.distance(end) == 5
    view.set_ruler(True)
    assert view.ruler_active()
    assert view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    measured: list[tuple[Hex, Hex, int]] = []
    view.ruler_measured.connect(lambda a, b, n: measured.append((a, b, n)))
    before = scroll(view)
    with qtbot.assertNotEmitted(view.hex_clicked):
        drag(qtbot, view, LEFT, at(view, start), at(view, end))
    assert measured[0] == (start, start, 0)
    assert measured[-1] == (start, end, 5)
    assert view.ruler_measurement() == (start, end, 5)
    assert scroll(view) == before

    # The overlay is drawn: the line between the centres is in the ruler's colour.
    middle = (at(view, start) + at(view, end)) / 2
    assert ruler_drawn_near(view, middle)

    with qtbot.waitSignal(view.ruler_finished, timeout=1000):
        qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not view.ruler_active()
    assert view.ruler_measurement() is None
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor
    assert not ruler_drawn_near(view, middle)


def test_ruler_off_the_map_keeps_its_last_hex(qtbot: QtBot, view: MapView) -> None:
    view.zoom(-6)
    start = sun_hex(view)
    outside = view.mapFromScene(scene_of(view).sceneRect().topLeft()) + QPoint(2, 2)
    view.set_ruler(True)
    drag(qtbot, view, LEFT, at(view, start), outside)
    measurement = view.ruler_measurement()
    assert measurement is not None and measurement[0] == start
    assert scene_of(view).starmap.bounds.contains(measurement[1])


def near(a: QColor, b: QColor, tolerance: int = 24) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def ruler_drawn_near(view: MapView, pos: QPoint) -> bool:
    """Whether a pixel within two of ``pos`` has the ruler's colour (the line is
    antialiased, so its exact centre pixel may be a blend)."""
    image = view.viewport().grab().toImage()
    return any(
        near(image.pixelColor(pos + QPoint(dx, dy)), DEFAULT_STYLE.ruler)
        for dx in range(-2, 3)
        for dy in range(-2, 3)
    )


# ---------------------------------------------------------------- hover


def test_hover_reports_each_new_hex_once(qtbot: QtBot, view: MapView) -> None:
    seen: list[Hex | None] = []
    view.hex_hovered.connect(seen.append)
    sun = sun_hex(view)
    qtbot.mouseMove(view.viewport(), at(view, sun))
    qtbot.mouseMove(view.viewport(), at(view, sun) + QPoint(2, 1))
    qtbot.mouseMove(view.viewport(), at(view, sun + Direction.N.vector))
    assert seen == [sun, sun + Direction.N.vector]


# ---------------------------------------------------------------- overview


def test_overview_stands_in_for_the_hexes_only_when_zoomed_far_out(view: MapView) -> None:
    scene = scene_of(view)
    overview = scene.overview
    view.viewport().grab()
    assert not view.overview_active()
    assert overview.frames == 0 and not overview.has_picture()

    while view.scale_factor() * HEX_SIZE >= 4.0:
        view.zoom(-1)
    assert view.overview_active()
    view.viewport().grab()
    assert overview.frames == 1 and overview.has_picture()
    picture = overview.picture()
    # About four pixels a hex: a picture of the whole map far smaller than the scene.
    assert picture.width() == pytest.approx(scene.sceneRect().width() * 4 / HEX_SIZE, abs=2)

    view.zoom(2)
    assert not view.overview_active()
    view.viewport().grab()
    assert overview.frames == 1


def test_hiding_a_layer_repaints_the_overview(view: MapView) -> None:
    from app.board.items import Layer

    scene = scene_of(view)
    while not view.overview_active():
        view.zoom(-1)
    view.viewport().grab()
    first = scene.overview.picture()
    scene.set_layer_visible(Layer.BODIES, False)
    assert not scene.overview.has_picture()
    view.viewport().grab()
    assert scene.overview.picture() != first


def test_panning_the_cached_map_shows_what_a_full_repaint_shows(
    qtbot: QtBot, view: MapView
) -> None:
    """The map is cached as a picture of the view and scrolled; only the strips scrolled
    in are painted. The result must match painting the whole view afresh (up to the
    antialiasing of lines cut at a strip's edge)."""
    for _ in range(12):
        view.pan(-37, -23)
        QApplication.processEvents()
    for _ in range(5):
        view.pan(41, 0)
        QApplication.processEvents()
    scrolled = view.viewport().grab().toImage()
    view.resetCachedContent()
    fresh = view.viewport().grab().toImage()
    assert scrolled.size() == fresh.size()
    step = 3
    samples = [
        (scrolled.pixelColor(x, y), fresh.pixelColor(x, y))
        for y in range(0, fresh.height(), step)
        for x in range(0, fresh.width(), step)
    ]
    off = [pair for pair in samples if not near(*pair, tolerance=8)]
    assert len(off) <= 0.005 * len(samples)


def test_showing_labels_repaints_the_cached_map(view: MapView) -> None:
    def label_pixels() -> int:
        image = view.viewport().grab().toImage()
        return sum(
            near(image.pixelColor(x, y), DEFAULT_STYLE.label, 30)
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
        )

    view.zoom(3)  # hexes big enough for labels
    plain = label_pixels()
    scene_of(view).set_labels_visible(True)
    assert label_pixels() > plain + 500
    scene_of(view).set_labels_visible(False)
    assert label_pixels() <= plain + 10


def test_zooming_repaints_the_cached_map_in_the_same_picture(view: MapView) -> None:
    """A zoom repaints the view's picture of the map but keeps the picture itself
    (Qt's own cache made a new screen-sized one every zoom)."""
    view.zoom(1)
    view.viewport().grab()
    made = view.backdrop().allocations
    for steps in (1, 1, -1, 2, -2):
        view.zoom(steps)
        zoomed = view.viewport().grab().toImage()
        view.resetCachedContent()
        assert view.viewport().grab().toImage() == zoomed
    assert view.backdrop().allocations == made


def test_a_change_in_part_of_the_map_repaints_that_part(view: MapView) -> None:
    """The cached picture is kept until the scene says the map changed, and then only
    where it did."""
    scene = scene_of(view)
    sun = next(i for i in scene.items_with_role("body") if i.toolTip() == "Sun")
    centre = at(view, sun_hex(view))
    yellow = DEFAULT_STYLE.body_colour(scene.starmap.body("Sun").kind)  # type: ignore[union-attr]

    def sun_shown() -> bool:
        return near(view.viewport().grab().toImage().pixelColor(centre), yellow, 60)

    assert sun_shown()
    sun.setVisible(False)  # not through the scene: the picture is not told
    assert sun_shown()
    scene.invalidate(sun.sceneBoundingRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
    assert not sun_shown()
    sun.setVisible(True)
    scene.map_changed()
    assert sun_shown()


def test_zooming_back_reuses_the_rock_pictures_of_the_zooms_passed(
    view: MapView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between 10 and 48 px a hex rocks are copied from small pictures made per zoom;
    stepping back to a zoom just shown makes none again."""
    import app.board.rocks as rocks

    made: list[float] = []
    real = rocks.rock_sprite

    def counting(variant, size, scale, pen, brush):  # type: ignore[no-untyped-def]
        made.append(scale)
        return real(variant, size, scale, pen, brush)

    monkeypatch.setattr(rocks, "rock_sprite", counting)
    view.zoom(1)
    view.viewport().grab()
    first = len(made)
    assert first > 0  # rocks on screen at 30 px a hex
    view.zoom(1)
    view.viewport().grab()
    assert len(made) > first  # a new zoom: new pictures
    shown = len(made)
    view.zoom(-1)
    view.viewport().grab()
    assert len(made) == shown
