"""Replay Past Turns in a squadron campaign, through visible controls only: the player
at the table steps through the starts of past steps and sees each as their side saw it
then (never the other side's counters under "?" nor where its jumps go); orders cannot
be given from the past; Back to Play returns to the live game. Export for Mail stays
off, its tip saying why; Redo is off with nothing undone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_squadrons_campaign import new_campaign

RAIDER = "Raider Squadron (Zhodani"


def stops_seen(table: SquadronTable) -> list[str]:
    """From the first stop to the last, what each shows: the label, the counters at
    Ashfall and Dunmore, and the transit strip."""
    table.press("|◀ Start")
    seen = []
    while True:
        parts = [table.label("replay_label"), table.transit()]
        parts += table.counters("Ashfall") + table.counters("Dunmore")
        seen.append(" | ".join(parts))
        step = table.button("Step ▶")
        if not step.isEnabled():
            return seen
        table.click(step)


def test_replay_shows_each_past_step_as_the_seated_side_saw_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_campaign(table, "Border Raid", "Raid")
    table.end_step()  # Ann's first move
    table.take_seat()
    assert table.seated() == "Bob"
    table.click_counter("Ashfall", lambda t: t.startswith(RAIDER))
    table.choose_row("Raider Squadron")
    table.order_jump("Dunmore", "0406")
    table.end_step()
    table.everyone_ends(lambda: table.day() == 2 and table.seated() == "Ann")
    table.take_seat()

    # Ann looks back over day 1
    assert table.menu("Game", "Replay Past Turns").isEnabled()
    table.choose("Game", "Replay Past Turns")
    assert "as Imperium saw it" in table.label("replay_label")
    assert not table.win.turn_bar.end_button.isEnabled()
    seen = stops_seen(table)
    assert len(seen) > 8 and "day 1, Move 1" in seen[0] and "day 2" in seen[-1]
    for stop in seen:  # the raider is seen in jump space, never its destination
        _label, transit, *counters = stop.split(" | ")
        assert "Dunmore" not in transit and not any("Zhodani" in c for c in counters)
    assert "Raider Squadron (Zhodani squadron)" in seen[-1]
    assert all("bound for" not in stop for stop in seen)
    # the past is looked at, not played: a click on a counter selects nothing
    table.press("|◀ Start")
    table.click_counter("Candor", lambda t: t.startswith("Frigate Squadron (Imperium"))
    assert "Candor" not in table.label("selected_hex")
    qtbot.waitUntil(table.win.isActiveWindow)
    qtbot.keyClick(table.win, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not table.find_all_replay())  # the button's click follows
    assert table.win.turn_bar.end_button.isEnabled()
    assert not table.menu("Game", "Replay Past Turns").isChecked()

    # Bob, at his seat, sees his own jump's destination in his replay
    table.everyone_ends(lambda: table.seated() == "Bob" and not table.handing_over())
    table.take_seat()
    table.choose("Game", "Replay Past Turns")
    assert "as Zhodani saw it" in table.label("replay_label")
    assert any("bound for Dunmore" in stop for stop in stops_seen(table))
    table.press("Back to Play")

    assert not table.menu("Edit", "Redo").isEnabled()
    action = table.menu("File", "Export for Mail")
    assert not action.isEnabled() and "secret" in action.toolTip()
