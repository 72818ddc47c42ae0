"""Reaching the window's controls as a user does: menu actions by their text."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu


def _plain(text: str) -> str:
    return text.replace("&", "").replace("…", "").replace("...", "").strip()


def menu_action(win: QMainWindow, *path: str) -> QAction:
    """The action at ``path`` in the menu bar ("View", "Ruler"), by the text a user reads
    (ampersands and ellipses left out); fails if it is missing or disabled."""
    actions = win.menuBar().actions()
    found: QAction | None = None
    for step in path:
        found = next((a for a in actions if _plain(a.text()) == step), None)
        assert found is not None, f"no menu item {step!r} in {[_plain(a.text()) for a in actions]}"
        menu = found.menu()
        actions = menu.actions() if isinstance(menu, QMenu) else []
    assert found is not None and found.isEnabled(), f"{' > '.join(path)} is disabled"
    return found
