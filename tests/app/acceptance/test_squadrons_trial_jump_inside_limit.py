"""Jump… for a squadron inside a 100-diameter limit says at once, in the dialog, that it
must move out first (naming the body and the dashed line), and Order Jump stays disabled
whatever destination is picked: a newcomer is not left with a refusal in the status line
after choosing a system and a hex (Border Raid: Ann's frigate at Dunmore I)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from app.vector.overlay import ROLE_KEY
from tests.app.acceptance.squadron_table import SquadronTable


def test_jump_orders_say_a_squadron_inside_a_limit_must_move_out_first(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    assert table.take_seat() == "Ann"
    table.click_counter("Dunmore", lambda t: t.startswith("Frigate Squadron (Imperium"))
    table.choose_row("Frigate Squadron")
    said: list[str] = []

    def look(dialog: QWidget) -> None:
        note = table.find(QLabel, "jump_note", dialog)
        said.append(note.text())  # type: ignore[attr-defined]
        box = table.find(QComboBox, "jump_system", dialog)
        assert isinstance(box, QComboBox) and box.count() > 0
        table.type_into(table.find(QLineEdit, "jump_hex", dialog), "0101")
        assert not table.button("Order Jump", dialog).isEnabled()
        table.press("Cancel", dialog)

    table.answer(lambda: table.press("Jump"), look)
    assert said == [
        "Frigate Squadron is inside Dunmore I's 100-diameter limit (the dashed line round it)"
        " and must move out of it before it can jump."
    ]


def test_the_arrival_hex_picked_is_outlined_on_the_destination_board(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The whole destination board is shown small: the hex picked is edged, not only
    tinted, so it can be told from the others (Bob's raider at Ashfall, out in space)."""
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("Border Raid", names=("Ann", "Bob"))
    table.end_step()
    assert table.take_seat() == "Bob"
    table.click_counter("Ashfall", lambda t: t.startswith("Raider Squadron (Zhodani"))
    table.choose_row("Raider Squadron")
    edges: list[int] = []

    def look(dialog: QWidget) -> None:
        table.pick(table.find(QComboBox, "jump_system", dialog), "Dunmore")  # type: ignore[arg-type]
        table.type_into(table.find(QLineEdit, "jump_hex", dialog), "0406")
        board = table.find(QWidget, "jump_destination_board", dialog)
        items = board.scene().items()  # type: ignore[attr-defined]
        edges.append(sum(i.data(ROLE_KEY) == "squadron mark edge" and i.isVisible() for i in items))
        assert table.button("Order Jump", dialog).isEnabled()
        table.press("Cancel", dialog)

    table.answer(lambda: table.press("Jump"), look)
    assert edges == [1]
