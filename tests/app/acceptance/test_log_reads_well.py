"""The event log, after games played through the window, reads as a player would say it:
one word for each phase, no ship named twice in one line, a subsystem's overflow that
reads for plural names ("Launchers can take no more"), no doubled brackets or labels in
the gravity lines."""

from __future__ import annotations

import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.rounds import three_rounds
from tests.app.acceptance.test_duel import fight, launch
from tests.app.acceptance.user import Player

WRECK = Path(__file__).parent / "scenarios" / "wreck.toml"

#: what read wrong before, each with what it looks like
SLIPS = {
    "the guns phase (it is the gun phase)": re.compile(r"guns phase"),
    "doubled brackets": re.compile(r"\) \("),
    "a label said twice": re.compile(r"two-directed gravity at \w+: two-directed"),
    "a plural name read as one": re.compile(r"^(Launchers|Systems|Gun Mounts) is "),
    "a ship named twice": re.compile(
        r"^(?P<ship>[A-Z][\w' ]+?) (launches|cannot fire(?: back)?:) .*\b(?P=ship)\b"
    ),
}


def slips(log: list[str]) -> dict[str, list[str]]:
    found = {what: [line for line in log if seen.search(line)] for what, seen in SLIPS.items()}
    return {what: lines for what, lines in found.items() if lines}


def test_a_fight_fought_through_the_window_logs_no_wording_slip(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance Wreck", browse=WRECK, seed=1)
    if you.take_seat() != "Ann":
        fight(you, rounds=1, until_seat="Ann")
    launch(you, "Missile")
    fight(you, rounds=20)
    log = you.log()
    assert "Red gunship is destroyed" in log, "the fight got far enough to test"
    assert any(" can take no more: Structure takes " in line for line in log)
    assert any("is launched from launcher" in line for line in log)
    assert any("cannot fire back: it is disabled" in line for line in log)
    assert not slips(log), slips(log)


def test_industrial_sabotage_logs_no_wording_slip(qtbot: QtBot, tmp_path: Path) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Industrial Sabotage", seed=7)
    log = three_rounds(you)
    assert any("choose one of its two arrows" in line for line in log)
    assert any("the arrow chosen of two)" in line for line in log)
    assert not slips(log), slips(log)
