"""The design libraries' list as a player reads and clicks it (Ship Designs…, Squadron
Designs…): the rows' texts, and choosing a row by its text with a mouse click."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QWidget

from tests.app.acceptance.user import Player


def row_texts(dialog: QWidget, name: str = "design_list") -> list[str]:
    """The texts of the list ``name``'s rows, top to bottom."""
    listing = dialog.findChild(QListWidget, name)
    assert listing is not None
    return [listing.item(i).text() for i in range(listing.count())]


def choose_row(player: Player, dialog: QWidget, text: str, name: str = "design_list") -> None:
    """Click the row of the list ``name`` reading ``text``."""
    listing = dialog.findChild(QListWidget, name)
    assert listing is not None
    item = next(listing.item(i) for i in range(listing.count()) if listing.item(i).text() == text)
    listing.scrollToItem(item)
    where = listing.visualItemRect(item).center()
    player.qtbot.mouseClick(listing.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert listing.currentItem() is item
