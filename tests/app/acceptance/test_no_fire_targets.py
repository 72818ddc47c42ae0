"""The Combat dock offers only the targets the rules let a gun fire at: in
``scenarios/picket.toml`` a blue picket waits inside Earth's no-fire zone, and Ann's
gunship, in open space beside the blue cutter, is offered the cutter alone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

PICKET = Path(__file__).parent / "scenarios" / "picket.toml"


def test_the_combat_dock_offers_no_target_a_no_fire_zone_protects(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Acceptance Picket", browse=PICKET, seed=3)
    assert you.take_seat() == "Ann"
    assert you.primary() == "End Launch Phase"
    you.press("Coast (no burn)")
    assert you.primary() == "Move"
    assert you.phase() == "Gun"
    you.select_ship("Red gunship")
    box = you.find(QComboBox, "combat_target")
    assert isinstance(box, QComboBox)
    assert [box.itemText(i) for i in range(box.count())] == ["Blue cutter"]
    you.press("Fire")
    assert any(
        line.startswith("Red gunship's") and "against Blue cutter" in line for line in you.log()
    )
