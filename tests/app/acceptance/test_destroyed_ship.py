"""A destroyed ship stays gone, as a player reads the event log: the duel of
``scenarios/wreck.toml`` fights on after the red gunship is lost (Blue must also take the
tender, safe at its base), and no line of a later turn says anything of the gunship,
"no longer disabled" least of all."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_duel import fight
from tests.app.acceptance.user import Player

WRECK = Path(__file__).parent / "scenarios" / "wreck.toml"


def test_a_destroyed_ship_gets_no_event_in_the_rounds_after_its_destruction(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance Wreck", browse=WRECK, seed=1)
    for rounds in range(2, 40):
        fight(you, rounds=rounds)
        if "Red gunship is destroyed" in you.log():
            break
    log = you.log()
    assert "Red gunship is destroyed" in log and not you.over()
    before = log[: log.index("Red gunship is destroyed")]
    states = [line for line in before if line.startswith("Red gunship is ") and "disabled" in line]
    assert states[-1].startswith("Red gunship is disabled"), "it was disabled when destroyed"
    lost = you.round()
    fight(you, rounds=lost + 2)  # two more rounds: a disabled ship would have recovered
    assert you.round() == lost + 3 and not you.over()
    log = you.log()
    after = log[log.index("Red gunship is destroyed") + 1 :]
    assert any(line.startswith("Blue cutter") for line in after), "the game went on"
    # the gunship's launched weapons fly on ("Red gunship's Mine 2 ..."): they are not it
    said = [line for line in after if line.startswith("Red gunship ")]
    assert not said, said
