"""File › Export Map and Print Map draw the star map, which a squadron game does not play
on: during one they are off, their tips saying why and where its counters print from;
after File › Close they are on again."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable


def test_export_and_print_map_are_off_in_a_squadron_game_and_say_why(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.take_seat()
    for title in ("Export Map", "Print Map"):
        action = table.menu("File", title)
        assert not action.isEnabled()
        assert "Print Counter Sheet" in action.toolTip()
    table.choose("File", "Close")
    assert table.menu("File", "Export Map").isEnabled()
    assert table.menu("File", "Print Map").isEnabled()
