"""Training, played through the window as two new players would: lift off from Earth,
plot a burn, take it back with Undo, coast, for three rounds; the turn bar shows where in
the turn the game is and the primary button says what it does. The ships are unarmed:
every gun phase passes by itself."""

from __future__ import annotations

import re
from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player


def orders(you: Player) -> list[str]:
    tree = you.ship_list()
    return [tree.topLevelItem(i).text(5) for i in range(tree.topLevelItemCount())]


def fuel_of(you: Player, ship: str) -> int:
    tree = you.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return int(next(r.text(3) for r in rows if r.text(0) == ship))


def test_two_players_lift_off_burn_undo_and_coast_through_three_rounds(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Training", seed=11)
    first = you.take_seat()
    bar = [lb.text() for lb in you.win.turn_bar.step_labels]
    assert bar == ["Launch", "Astrogation", "Movement", "Gun", "Resupply"]
    assert you.phase() == "Astrogation"
    assert you.win.turn_bar.end_button.text() == "Move"
    assert f"{first}'s launch phase passes by itself: no ship has a weapon it may launch" in (
        you.log()
    )

    # Round 1: each player lifts off from Earth by clicking a launch ring.
    you.lift_off()
    assert orders(you).count("plotted") == 0 and any("launch to" in o for o in orders(you))
    assert you.primary() == "Move"
    second = you.take_seat()
    assert second != first
    you.lift_off()
    assert you.primary() == "Move"
    you.play_rounds(1)

    # Round 2: a burn chosen from what the course markers say, taken back with
    # Edit > Undo, and given again.
    you.take_seat()
    assert you.round() == 2
    me = you.my_ships()[0]
    fuel = fuel_of(you, me)
    burn = you.plot(lambda tip: tip.startswith("1 fuel") and you.safe(tip))
    assert "plotted" in orders(you)
    you.choose("Edit", "Undo")
    assert "plotted" not in orders(you)
    assert you.plot(lambda tip: tip == burn) == burn
    assert you.primary() == "Move"
    assert fuel_of(you, me) == fuel - 1, "the burn spent a fuel point"
    you.play_rounds(2)

    # Round 3: the Course dock's Coast button, where coasting is safe, else a burn.
    you.take_seat()
    assert you.round() == 3
    coast = [t for t in you.courses() if t.startswith("coast")]
    if coast and you.safe(coast[0]):
        you.press("Coast (no burn)")
        assert "plotted" in orders(you)
    you.play_rounds(3)
    assert you.round() == 4 and not you.over()

    # The ships are unarmed: side by side after lift-off, every gun phase passed by
    # itself, saying why, and never stopped for anyone.
    log = you.log()
    gun_phases = [line for line in log if re.match(r"\w+'s gun phase$", line)]
    passed = [line for line in log if "'s gun phase passes by itself: no ship has a gun" in line]
    assert len(gun_phases) == len(passed) >= 6
