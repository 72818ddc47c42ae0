"""Reaching the window's controls as a user does: menu actions and buttons by their
text, and the modal dialogs they open."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QMainWindow, QMenu, QWidget


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


def when_modal(act: Callable[[QWidget], None], kind: type[QWidget] = QWidget) -> None:
    """Run ``act`` on the next modal dialog (of ``kind``) as soon as it is up (a dialog's
    ``exec`` blocks the test until something closes it)."""

    def run() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, kind):
            QTimer.singleShot(10, run)
            return
        try:
            act(dialog)
        except BaseException:
            dialog.close()  # a failed step must not leave the test waiting on the dialog
            raise

    QTimer.singleShot(0, run)


def button(parent: QWidget, text: str) -> QAbstractButton:
    """The visible button whose text (ampersands left out) is ``text``."""
    found = [
        b
        for b in parent.findChildren(QAbstractButton)
        if _plain(b.text()) == text and b.isVisible()
    ]
    assert found, f"no visible button {text!r}"
    return found[0]
