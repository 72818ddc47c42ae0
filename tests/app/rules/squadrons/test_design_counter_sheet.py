"""Counter sheets for play on paper: every counter asked for is printed, the marker
counters the seed lists come with them, and a long sheet runs onto more pages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.rules.squadrons.design.counter_sheet import (
    COLOURS,
    CounterSheet,
    Marker,
    standard_markers,
    write_pdf,
)
from app.rules.squadrons.design.library import Library
from core.rules.squadrons.design import Design


def _designs() -> tuple[Design, ...]:
    return tuple(Library(Path("no-such-folder")).designs())


def test_the_markers_are_the_seeds_counter_types_with_damage_1_to_10() -> None:
    words = Counter(m.word for m in standard_markers())
    assert words == {
        "unknown": 10,
        "supply": 10,
        "admiral": 4,
        "fleet": 6,
        "1 jump hex": 20,
        "damage": 20,
    }
    assert sorted({int(m.text) for m in standard_markers() if m.word == "damage"}) == list(
        range(1, 11)
    )
    assert not any(m.side for m in standard_markers() if m.word in ("damage", "1 jump hex"))


def test_a_sheet_prints_each_design_as_often_as_asked() -> None:
    designs = _designs()
    sheet = CounterSheet("Imperium", COLOURS["Blue"], designs, copies=3, markers=False)
    printed = sheet.counters()
    assert len(printed) == 3 * len(designs)
    assert all(not isinstance(c, Marker) for c in printed)


def test_a_long_sheet_runs_onto_more_pages(qtbot: QtBot, tmp_path: Path) -> None:
    small = CounterSheet("Zhodani", COLOURS["Red"], _designs(), copies=4)
    assert write_pdf(small, tmp_path / "one.pdf") == 1
    large = CounterSheet("Zhodani", COLOURS["Red"], _designs(), copies=30)
    assert write_pdf(large, tmp_path / "more.pdf", "letter") == 2
    assert (tmp_path / "more.pdf").read_bytes().startswith(b"%PDF")
