"""Exporting and printing the map (issue 8, requirement 7): PNG, SVG, PDF, the printer."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from pytestqt.qtbot import QtBot

from app.board.style import MapStyle
from app.editor import export
from app.editor.export import export_map, print_map
from app.shell.main_window import MainWindow
from core.board.starmap import Bounds, StarMap
from core.files.mapfile import load_map
from tests.app.rules.interplanetary.test_manifest_export import PAGE_POINTS, pdf_pages

SOLAR = load_map(Path(__file__).resolve().parents[3] / "resources" / "maps" / "solar-system.toml")
TALL = StarMap("Tall", Bounds(6, 30))


def landscape(paper: str) -> tuple[int, int]:
    w, h = PAGE_POINTS[paper]
    return (h, w)


def test_map_png_has_the_width_asked_and_the_map_on_it(qtbot: QtBot, tmp_path: Path) -> None:
    out = export_map(SOLAR, tmp_path / "solar.png", width_px=900)
    image = QImage(str(out))
    assert image.width() == 900 and 600 < image.height() < 800
    sun = MapStyle().body[SOLAR.body("Sun").kind]  # type: ignore[union-attr]
    colours = {image.pixelColor(x, y).name() for x in range(0, 900, 3) for y in range(0, 700, 3)}
    assert len(colours) > 20  # not a blank picture
    assert any(_close(QColor(c), sun) for c in colours)  # the Sun is drawn


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 30


def test_map_svg_parses_and_draws_the_map(qtbot: QtBot, tmp_path: Path) -> None:
    out = export_map(SOLAR, tmp_path / "solar.svg", width_px=1200)
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    assert root.get("viewBox", "").split()[2] == "1200"
    ns = "{http://www.w3.org/2000/svg}"
    assert (root.findtext(f"{ns}title") or "") == SOLAR.name
    paths = list(root.iter(f"{ns}path"))
    assert len(paths) >= 50  # the grid, gravity arrows, zones and bases, as vectors
    assert len(list(root.iter(f"{ns}circle"))) >= len(SOLAR.bodies)
    assert any("Sun" in (e.text or "") for e in root.iter(f"{ns}text"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_map_pdf_is_one_page_fitted_landscape_for_a_wide_map(
    qtbot: QtBot, tmp_path: Path, paper: str
) -> None:
    out = export_map(SOLAR, tmp_path / "solar.pdf", paper=paper)
    assert pdf_pages(out) == [landscape(paper)]


def test_map_pdf_of_a_tall_map_is_portrait(qtbot: QtBot, tmp_path: Path) -> None:
    out = export_map(TALL, tmp_path / "tall.pdf", "pdf")
    assert pdf_pages(out) == [PAGE_POINTS["a4"]]


def test_exported_file_is_readable_like_any_new_file(qtbot: QtBot, tmp_path: Path) -> None:
    out = export_map(TALL, tmp_path / "tall.png", width_px=200)
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask


def test_export_format_comes_from_the_suffix_or_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="PNG, SVG or PDF"):
        export_map(SOLAR, tmp_path / "solar.gif")
    with pytest.raises(OSError, match="no folder"):
        export_map(SOLAR, tmp_path / "missing" / "solar.png")
    assert list(tmp_path.iterdir()) == []


def test_failed_export_leaves_the_old_file_and_no_temporary(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "solar.svg"
    old.write_text("old picture", encoding="utf-8")

    def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(export, "_write_svg", broken)
    with pytest.raises(OSError, match="disk full"):
        export_map(SOLAR, old)
    assert old.read_text(encoding="utf-8") == "old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["solar.svg"]


def test_print_map_prints_one_page(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The print dialog is answered by sending the printer's output to a PDF file."""
    out = tmp_path / "printed.pdf"

    def accept(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        return int(QPrintDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(QPrintDialog, "exec", accept)
    assert print_map(SOLAR)
    assert pdf_pages(out) == [landscape("a4")]


def test_print_map_cancelled_prints_nothing(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QPrintDialog, "exec", lambda d: int(QPrintDialog.DialogCode.Rejected.value))
    assert not print_map(SOLAR)


def test_play_window_exports_the_current_map(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = MainWindow()
    qtbot.addWidget(window)
    window.show_map(SOLAR)
    target = tmp_path / "played"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *a, **k: (str(target), "PDF, Letter (*.pdf)")),
    )
    window.export_map_action.trigger()
    assert pdf_pages(tmp_path / "played.pdf") == [landscape("letter")]


def test_in_the_map_editor_export_takes_the_map_being_edited(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from app.editor.document import Document

    window = MainWindow()
    qtbot.addWidget(window)
    window.show_map(SOLAR)  # wide: a landscape page
    window.editor_mode.edit(Document(TALL))  # tall: a portrait page
    target = tmp_path / "edited.pdf"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda *a, **k: (str(target), "PDF, A4 (*.pdf)")),
    )
    window.export_map_action.trigger()
    assert pdf_pages(target) == [PAGE_POINTS["a4"]]
    window.editor_mode.show_editor(False)
    window.export_map_action.trigger()
    assert pdf_pages(target) == [landscape("a4")]
