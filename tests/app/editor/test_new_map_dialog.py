"""The New Map dialog (File › New Map…): the size the player gives is the new map's, and
the dialog's spin boxes do not hide its own width() and height() (they once did, as
attributes named ``width`` and ``height``; mypy found it)."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from app.editor.new_map import NewMapDialog


def test_new_map_dialog_makes_the_map_of_the_size_given_and_keeps_its_own_size(
    qtbot: QtBot,
) -> None:
    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert isinstance(dialog.width(), int) and dialog.width() > 0
    assert isinstance(dialog.height(), int) and dialog.height() > 0
    name = dialog.findChild(QLineEdit, "new_map_name")
    assert name is not None
    name.setText("Tiny")
    width, height = dialog.findChildren(QSpinBox)  # in the form's order: width, height
    width.setValue(12)
    height.setValue(9)
    starmap = dialog.starmap()
    assert (starmap.name, starmap.bounds.width, starmap.bounds.height) == ("Tiny", 12, 9)
