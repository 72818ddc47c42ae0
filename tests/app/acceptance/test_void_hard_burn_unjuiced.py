"""Seed "Juice" in the window: in a battle a crew off the juice that burns three hexes
stays off it (unprotected); the Ships dock's Status column must not call it "juiced",
which the Course dock beside it denies (visible controls only)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_void_torpedo_scan import torpedoes_incoming
from tests.app.acceptance.void_clouds import opened
from tests.app.acceptance.void_table import ship_status


def test_a_hard_burn_without_the_juice_is_not_shown_as_juiced(qtbot: QtBot, tmp_path: Path) -> None:
    user = opened(qtbot, tmp_path, torpedoes_incoming())
    user.show_tab("Course")
    user.plot(lambda tip: "speed 3" in tip)  # at rest: a burn of 3 hexes, crew unprotected
    for _ in range(6):
        if user.phase() == "Movement":
            break
        user.primary()
    user.primary()  # Move
    assert any("Doctrine moves" in line for line in user.log()), user.log()[-5:]
    user.take_seat()  # the other player's turn comes next (players keep their order)
    user.select_ship("Doctrine")
    user.show_tab("Course")
    assert "Crew off the juice" in user.label("course_info")
    assert "juiced" not in ship_status(user, "Doctrine"), ship_status(user, "Doctrine")
