"""One name for each phase wherever the player reads it: the event log's phase lines and
its "passes by itself" lines, the turn bar and the primary button all say "gun phase"
(never "guns phase"), in a duel played with the window's controls."""

from __future__ import annotations

import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import start


def test_each_phase_has_one_name_in_the_log_the_turn_bar_and_the_button(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    bar = you.win.turn_bar
    titles = [label.text() for label in bar.step_labels]
    assert you.primary() == "End Launch Phase"
    you.press("Coast (no burn)")
    assert you.primary() == "Move"
    assert you.phase() == "Gun" and bar.end_button.text() == "End Gun Phase"
    assert "Ann's gun phase" in you.log()
    you.primary()  # Ann ends her gun phase without firing
    you.primary()  # and her turn
    you.take_seat()
    you.primary()  # Bob moves; his gun phase passes or stops, as his gun allows
    log = you.log()
    assert not any("guns phase" in line for line in log), [x for x in log if "guns" in x]
    words = {m.group(1) for line in log if (m := re.match(r"\w+'s (\w+) phase\b", line))}
    assert words <= {t.lower() for t in titles}, (words, titles)
    assert "gun" in words
