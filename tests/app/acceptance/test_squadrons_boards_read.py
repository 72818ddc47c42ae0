"""The squadron boards read well at the window's default size, through visible controls
only: no system's name sits on its own star on the jump board; the transit strip's day
headings are whole with the Campaign dock open; and a player's own counters under their
own "?" are marked for them, never for the other side."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from app.board.items import ROLE_KEY as MAP_ROLE_KEY
from app.rules.squadrons.boards.faces import VEILED_NOTE
from app.rules.squadrons.boards.transit import TransitStrip, header_font
from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign

FRIGATE = "Frigate Squadron (Imperium"
#: the main window's size when no screen tells it better (app.shell.main_window)
DEFAULT_SIZE = (1280, 820)


def test_no_system_name_is_drawn_over_its_own_star(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.win.resize(*DEFAULT_SIZE)
    table.new_game("Border Raid")
    table.take_seat()
    view = table.board("Jump Board")
    items = view.scene().items()
    stars = [i.sceneBoundingRect() for i in items if i.data(MAP_ROLE_KEY) == "body"]
    names = [i for i in items if i.data(MAP_ROLE_KEY) == "name" and i.isVisible()]
    assert "Orrin's Gate" in [n.text() for n in names]  # type: ignore[attr-defined]
    over = [
        n.text()  # type: ignore[attr-defined]
        for n in names
        if any(n.sceneBoundingRect().intersects(star) for star in stars)
    ]
    assert over == []


def test_transit_day_headings_are_whole_with_the_campaign_dock_open(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.win.resize(*DEFAULT_SIZE)
    new_campaign(table, "Border Raid", "Raid")
    assert table.win.docks["campaign"].isVisible()
    table.take_seat()
    strip = table.find(TransitStrip, "transit_strip")
    assert isinstance(strip, TransitStrip)
    headings = strip.headers()
    assert [text.split()[0] for text, _ in headings[:-1]] == ["7", "6", "5", "4", "3", "2"]
    assert headings[-1][0] in ("arrives today", "today")
    metrics = QFontMetrics(header_font())
    for text, room in headings:
        assert metrics.horizontalAdvance(text) <= room.width(), text
        assert strip.rect().toRectF().contains(room)


def test_own_counters_under_own_veil_are_marked_for_their_owner_only(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == 'Place "?"')
    assert table.take_seat() == "Ann"
    assert not any(VEILED_NOTE in t for t in table.counters("Tessaly"))
    table.press('Place "?" (2 in hand)')
    table.click_counter("Tessaly", lambda t: t.startswith(FRIGATE))
    marked = [t for t in table.counters("Tessaly") if VEILED_NOTE in t]
    assert len(marked) == 1 and marked[0].startswith(FRIGATE)
    table.end_step()

    # Bob sees Ann's "?" alone, and marks only on his own counters under his own "?"
    assert table.take_seat() == "Bob"
    seen = table.counters("Tessaly")
    assert any(t.startswith('"?" counter (Imperium)') for t in seen)
    assert not any(t.startswith(FRIGATE) for t in seen)
    for board in ("Tessaly", "Jump Board"):
        marked = [t for t in table.counters(board) if VEILED_NOTE in t]
        assert all("(Zhodani" in t for t in marked), marked
