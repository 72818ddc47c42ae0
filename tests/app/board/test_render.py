"""Pictures of maps: ``python -m app render FILE OUT.png [--size WxH] [--labels]`` and
``render_map_png``: the Sun drawn where the map puts it, sizes honoured, scenarios
drawn through their map, bad files explained with exit status 1."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from app.__main__ import main as app_main
from app.board.items import HEX_SIZE
from app.board.render import MARGIN_HEXES, main, render_image, render_map_png
from app.board.scene import StarMapScene
from app.board.style import DEFAULT_STYLE
from core.board.hexgrid import Direction, Layout
from core.board.starmap import BodyKind
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.reader import builtin_scenarios
from tests.app.board.test_map_scene import same, small_map
from tests.patience import PATIENCE_S

ROOT = Path(__file__).resolve().parents[3]


def expected_pixel(scene: StarMapScene, point: QPointF, width: int, height: int) -> QPointF:
    """Where a scene point lands in a ``width`` x ``height`` picture, worked out from the
    documented framing: the map's content plus half a hex, scaled to fit, centred."""
    m = MARGIN_HEXES * HEX_SIZE
    source = scene.content_rect().adjusted(-m, -m, m, m)
    scale = min(width / source.width(), height / source.height())
    left = (width - source.width() * scale) / 2
    top = (height - source.height() * scale) / 2
    x = left + (point.x() - source.left()) * scale
    return QPointF(x, top + (point.y() - source.top()) * scale)


def sunlike(colour: QColor) -> bool:
    """The Sun's disc: the star colour's hue, strong and bright (its gradient runs from
    a lighter to a darker shade of the same yellow)."""
    star = DEFAULT_STYLE.body_colour(BodyKind.STAR)
    return (
        abs(colour.hsvHue() - star.hsvHue()) <= 8
        and colour.hsvSaturation() > 120
        and colour.value() > 150
    )


def test_the_command_draws_the_sun_where_the_map_puts_it(
    qapp: QApplication, tmp_path: Path
) -> None:
    out = tmp_path / "solar.png"
    assert app_main(["render", str(SOLAR_SYSTEM_MAP), str(out), "--size", "960x700"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (960, 700)

    starmap = load_map(SOLAR_SYSTEM_MAP)
    sun = starmap.body("Sun")
    assert sun is not None
    scene = StarMapScene(starmap)
    layout = Layout(starmap.bounds.orientation, size=HEX_SIZE)
    at = expected_pixel(scene, QPointF(*layout.to_pixel(sun.centre)), 960, 700).toPoint()
    assert sunlike(image.pixelColor(at))

    # Two hexes away (an empty hex beyond the Sun's gravity ring) there is only space.
    empty = sun.centre + Direction.SW.vector * 2
    assert starmap.terrain_at(empty).value == "space" and starmap.gravity_at(empty) is None
    there = expected_pixel(scene, QPointF(*layout.to_pixel(empty)), 960, 700).toPoint()
    assert same(image.pixelColor(there), DEFAULT_STYLE.space, 6)
    assert not sunlike(image.pixelColor(there))


def test_the_command_leaves_the_collector_on_and_nothing_frozen(
    qapp: QApplication, tmp_path: Path
) -> None:
    """It pauses the collector while it works and tidies up fast for the exit, but a
    program that calls it (a test, a script) keeps a collector that works as before."""
    out = tmp_path / "m.png"
    assert app_main(["render", str(SOLAR_SYSTEM_MAP), str(out), "--size", "96x70"]) == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize(("width", "height"), [(500, 900), (1200, 300)])
def test_size_fits_the_map_centred_keeping_its_proportions(
    qapp: QApplication, tmp_path: Path, width: int, height: int
) -> None:
    out = tmp_path / "fit.png"
    assert main([str(SOLAR_SYSTEM_MAP), str(out), "--size", f"{width}x{height}"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (width, height)
    scene = StarMapScene(load_map(SOLAR_SYSTEM_MAP))
    map_rect = scene.map_rect()
    first = expected_pixel(scene, map_rect.topLeft(), width, height)
    last = expected_pixel(scene, map_rect.bottomRight(), width, height)
    # The map touches two opposite sides of the picture (less the margin) ...
    gaps = (first.x(), first.y(), width - last.x(), height - last.y())
    assert min(gaps) < 0.02 * max(width, height)
    # ... is centred on the other axis, with the colour around the map outside it.
    assert abs(gaps[0] - gaps[2]) < 2 and abs(gaps[1] - gaps[3]) < 2
    assert same(image.pixelColor(0, 0), DEFAULT_STYLE.outside, 2)
    assert same(image.pixelColor(width - 1, height - 1), DEFAULT_STYLE.outside, 2)
    middle = image.pixelColor(width // 2, height // 2)
    assert not same(middle, DEFAULT_STYLE.outside, 2)


def test_a_scenario_is_drawn_through_its_map(qapp: QApplication, tmp_path: Path) -> None:
    scenario = next(p for p in builtin_scenarios() if p.stem == "training")
    assert 'format = "ecliptic-scenario"' in scenario.read_text()
    assert main([str(scenario), str(tmp_path / "s.png"), "--size", "400x300"]) == 0
    assert main([str(SOLAR_SYSTEM_MAP), str(tmp_path / "m.png"), "--size", "400x300"]) == 0
    assert QImage(str(tmp_path / "s.png")) == QImage(str(tmp_path / "m.png"))


def test_small_pictures_of_big_maps_are_drawn_hex_by_hex(qapp: QApplication) -> None:
    scene = StarMapScene(load_map(SOLAR_SYSTEM_MAP))
    image = render_image(scene, 120)  # about 1.5 pixels a hex: the view would use the overview
    assert image.width() == 120
    assert scene.overview.frames == 0 and not scene.overview.has_picture()
    assert scene.detail.overview  # switched back on for views of the same scene


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("this is = not [ toml", "not valid TOML"),
        ('format = "ecliptic-map"\nversion = 1\nname = "B"\n[grid]\nwidth = 0\n', "grid.width"),
        ('format = "ecliptic-scenario"\nversion = 1\n', "ships: this field is required"),
    ],
)
def test_bad_files_are_explained_with_status_1(
    qapp: QApplication,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    message: str,
) -> None:
    source = tmp_path / "bad.toml"
    if content is not None:
        source.write_text(content)
    out = tmp_path / "out.png"
    assert app_main(["render", str(source), str(out)]) == 1
    err = capsys.readouterr().err
    assert "bad.toml" in err and message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_the_command_needs_no_display(tmp_path: Path) -> None:
    """Run as users do, with no display and no Qt platform chosen."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    out = tmp_path / "solar.png"
    done = subprocess.run(
        [sys.executable, "-m", "app", "render", str(SOLAR_SYSTEM_MAP), str(out), "--size", "64x48"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
    )
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).size().toTuple() == (64, 48)
    # the process ends without Python's teardown (app.__main__.run): what it printed into
    # a pipe is flushed first
    assert "solar.png" in done.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "app", "render", str(tmp_path / "none.toml"), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
    )
    assert missing.returncode == 1
    assert "none.toml" in missing.stderr and "Traceback" not in missing.stderr


# ---------------------------------------------------------------- render_map_png


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


def test_render_rejects_a_bad_size(qapp: QApplication, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        render_map_png(small_map(), tmp_path / "x.png", width_px=0)
    with pytest.raises(ValueError):
        render_map_png(small_map(), tmp_path / "x.png", width_px=10, height_px=0)


def test_render_reports_an_unwritable_file(qapp: QApplication, tmp_path: Path) -> None:
    with pytest.raises(OSError):
        render_map_png(small_map(), tmp_path / "missing-dir" / "x.png", width_px=100)


def test_command_line_renders_a_map_file_to_a_width(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from core.files.mapfile import save_map

    source = tmp_path / "small.toml"
    save_map(small_map(), source)
    out = tmp_path / "small.png"
    assert main([str(source), str(out), "--width", "300", "--labels"]) == 0
    assert QImage(str(out)).width() == 300
    assert str(out) in capsys.readouterr().out


def test_command_line_rejects_a_malformed_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["map.toml", "out.png", "--size", "wide"])
    assert exit_.value.code == 2
    assert "1920x1080" in capsys.readouterr().err


def test_the_png_written_holds_exactly_the_picture_rendered(
    qapp: QApplication, tmp_path: Path
) -> None:
    scene = StarMapScene(small_map())
    drawn = render_image(scene, 700).convertToFormat(QImage.Format.Format_RGB32)
    written = QImage(str(render_map_png(small_map(), tmp_path / "map.png", width_px=700)))
    assert written.convertToFormat(QImage.Format.Format_RGB32) == drawn


def test_a_failed_write_leaves_the_old_picture_whole(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = render_map_png(small_map(), tmp_path / "map.png", width_px=300)
    before = out.read_bytes()

    def disk_full(*args: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError, match="No space"):
        render_map_png(small_map(), out, width_px=500)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]  # no temporary file left
