"""Sheets in files: PDF pages counted and measured (A4 and Letter), PNG, the
export-sheet command line, and the painter at any size."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.__main__ import main as app_main
from app.rules.interplanetary.manifest.export import blank_sheet, sheet_for, write_pdf
from app.rules.interplanetary.manifest.library_paths import library
from app.rules.interplanetary.manifest.sheet import paint_sheet

PAGE_POINTS = {"a4": (595, 842), "letter": (612, 792)}


def pdf_pages(path: Path) -> list[tuple[int, int]]:
    """Each page's size in points, read from the PDF's page objects."""
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    count = re.search(rb"/Type /Pages\b.*?/Count (\d+)", data, re.S)
    assert count is not None
    boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert len(boxes) == int(count.group(1))
    return [(round(float(w)), round(float(h))) for w, h in boxes]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_per_ship_on_the_paper_asked_for(
    qapp: QApplication, tmp_path: Path, paper: str
) -> None:
    lib = library()
    sheets = [sheet_for(lib.find(n)) for n in ("Gunboat", "Minelayer", "Courier")]
    out = write_pdf(sheets, tmp_path / f"fleet-{paper}.pdf", paper)
    assert pdf_pages(out) == [PAGE_POINTS[paper]] * 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_command_writes_a_pdf(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "gunboat.pdf"
    assert app_main(["export-sheet", "Gunboat", str(out), "--paper", paper]) == 0
    assert pdf_pages(out) == [PAGE_POINTS[paper]]


def test_the_command_writes_a_png_of_a_design_file(tmp_path: Path) -> None:
    design = library().find("Minelayer")
    from core.rules.interplanetary.aid.design import save_design

    path = tmp_path / "mine.toml"
    save_design(design, path)
    out = tmp_path / "mine.png"
    assert app_main(["export-sheet", str(path), str(out), "--width", "900"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (900, 1238)


def test_the_command_explains_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert app_main(["export-sheet", "Nothing", str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "Cannot use the design 'Nothing'" in err and "known: Courier" in err
    bad = tmp_path / "bad.toml"
    bad.write_text("oops", encoding="utf-8")
    assert app_main(["export-sheet", str(bad), str(tmp_path / "x.pdf")]) == 1
    assert "not valid TOML" in capsys.readouterr().err
    assert app_main(["export-sheet", "Gunboat", str(tmp_path / "no" / "x.pdf")]) == 1
    assert "could not write" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        app_main(["export-sheet", "Gunboat", str(tmp_path / "x.jpg")])
    assert "must end in .pdf or .png" in capsys.readouterr().err


def ink_share(image: QImage) -> float:
    dark = 0
    total = 0
    for y in range(0, image.height(), 3):
        for x in range(0, image.width(), 3):
            total += 1
            dark += QColor(image.pixel(x, y)).lightness() < 235
    return dark / total


@pytest.mark.parametrize("width", [200, 800, 2400])
def test_the_sheet_paints_alike_at_any_size(qapp: QApplication, width: int) -> None:
    height = round(width * 1.375)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    layout = paint_sheet(painter, QRectF(0, 0, width, height), blank_sheet())
    painter.end()
    # Structure 8, Reactor 6, Gun Mounts 2 x 3, Launchers 6, Systems 2 x 3
    assert len(layout.circles) == 8 + 6 + 6 + 6 + 6
    assert len(layout.fuel) == 15
    assert 0.1 < ink_share(image) < 0.5
