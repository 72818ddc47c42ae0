"""Answering the question the plotter asks before an order that loses a ship
(:func:`app.vector.hazards.confirm_loss`), the way a player does: by its buttons."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox


def asked(
    button: str, act: Callable[[], None], meanwhile: Callable[[], None] | None = None
) -> list[str]:
    """Do ``act``, pressing ``button`` on the hazard question if it opens (after calling
    ``meanwhile``, to look at the window while it is open), and return the question's
    text (empty: nothing was asked). The question is looked for on every turn of the
    event loop while ``act`` runs (waiting for an event, not a time)."""
    seen: list[str] = []
    done = False

    def look() -> None:
        if done:
            return
        boxes = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.objectName() == "hazard_box" and w.isVisible()
        ]
        if boxes:
            seen.append(boxes[0].text())
            if meanwhile is not None:
                meanwhile()
            next(b for b in boxes[0].buttons() if b.text() == button).click()
        else:
            QTimer.singleShot(0, look)

    QTimer.singleShot(0, look)
    act()
    done = True
    return seen
