"""Border Raid played in the window through visible controls only: the Imperium moves a
frigate by clicking a hex within its maneuver; the Zhodani order a secret jump from
Ashfall to Dunmore and end the step with Ctrl+Enter; the Imperial player never sees where
it goes (not on the hand-over, the transit strip, the log nor the status line); the
raider arrives at the end of the seventh day; the Imperial "?" at Dunmore is eliminated
by the raider's sensors; both sides fire, the damage previewed before the orders are
sealed and then shown on the squadron sheet."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable

RAIDER = "Raider Squadron (Zhodani"
DEFENCES = "Dunmore Defences (Imperium"


def test_a_raid_moves_jumps_in_secret_arrives_on_day_seven_and_fights(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    assert table.handing_over() and "Ann" in table.hand_over_text()
    assert table.take_seat() == "Ann"
    assert table.day() == 1 and table.win.turn_bar.current_phase() == "Move 1"
    assert any(t.startswith('"?" counter (Imperium)') for t in table.counters("Dunmore"))

    # the Imperium moves a frigate by clicking it, then a hex within its maneuver
    table.click_counter("Candor", lambda t: t.startswith("Frigate Squadron (Imperium"))
    assert "Candor 1912" in table.label("selected_hex")
    table.click_mark("Candor")
    assert "Candor 1912" not in table.label("selected_hex")
    assert any("Frigate Squadron" in row for row in table.stack_rows())
    assert table.end_step() == "End Move"

    # the Zhodani order a secret jump to Dunmore
    assert table.handing_over() and "Bob" in table.hand_over_text()
    assert table.take_seat() == "Bob"
    table.click_counter("Ashfall", lambda t: t.startswith(RAIDER))
    table.choose_row("Raider Squadron")
    table.order_jump("Dunmore", "0406")
    assert "Jump ordered to Dunmore" in table.sheet()
    qtbot.waitUntil(table.win.isActiveWindow)
    qtbot.keyClick(table.win, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    # the seat goes back to Ann for the fire step: she sees none of it
    assert table.handing_over() and "Dunmore" not in table.hand_over_text()
    table.take_seat()
    assert table.seated() == "Ann"
    assert not any("Zhodani" in t for t in table.counters("Ashfall"))
    assert not any("Dunmore" in line and "jump" in line for line in table.log_lines())
    assert "Dunmore" not in table.status()

    # the first day runs out; the raider goes into transit at its end
    table.everyone_ends(lambda: table.day() == 2)
    assert table.take_seat() == "Ann"
    assert "Raider Squadron (Zhodani squadron)" in table.transit()
    assert "arrives in 6 days" in table.transit() and "Dunmore" not in table.transit()
    table.everyone_ends(lambda: table.day() == 2 and table.seated() == "Bob")
    table.take_seat()
    assert "arrives in 6 days, bound for Dunmore" in table.transit()

    # six more days: it arrives at the end of the seventh
    table.everyone_ends(lambda: table.day() == 7 and table.win.turn_bar.current_phase() == "Repair")
    table.take_seat()
    assert not any(t.startswith(RAIDER) for t in table.counters("Dunmore"))
    table.everyone_ends(lambda: table.day() == 8)
    table.take_seat()
    assert any("arrives out of jump in Dunmore" in line for line in table.log_lines())
    assert any(t.startswith(RAIDER) for t in table.counters("Dunmore"))

    # on day 8 the fire step begins by taking off the "?" over Dunmore: the raider's
    # sensors reach it
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == "Fire")
    table.take_seat()
    assert table.seated() == "Ann"
    assert not any(t.startswith('"?" counter (Imperium)') for t in table.counters("Dunmore"))

    # Ann fires the planet's defences at the raider: the damage is shown first
    table.click_counter("Dunmore", lambda t: t.startswith(DEFENCES) or t.startswith("Frigate"))
    table.choose_row("Dunmore Defences")
    table.click_counter("Dunmore", lambda t: t.startswith(RAIDER))
    preview = table.label("fire_preview")
    assert "Dunmore Defences fires 12 at Raider Squadron: defense absorbs 5" in preview
    table.press("Order Fire")
    assert table.end_step() == "Seal Fire Orders"

    # Bob fires the raider at the defences
    table.take_seat()
    assert table.seated() == "Bob"
    table.click_counter("Dunmore", lambda t: t.startswith(RAIDER))
    table.click_counter("Dunmore", lambda t: t.startswith(DEFENCES) or t.startswith("Frigate"))
    table.pick(table.combo("fire_target"), "Dunmore Defences")
    preview = table.label("fire_preview")
    assert "fires 12 at Dunmore Defences: defense absorbs 10" in preview
    assert "Attack 12→10" in preview
    table.press("Order Fire")
    table.end_step()

    # both are hit; the sheet shows it
    table.take_seat()
    table.click_counter("Dunmore", lambda t: t.startswith(DEFENCES) or t.startswith("Frigate"))
    table.choose_row("Dunmore Defences")
    assert "Hits: 12" in table.sheet()
    assert table.sheet_now("attack") == "<b style='color:#d55e00'>10</b>"
