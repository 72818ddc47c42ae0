"""The purchases row of the New Game and New Campaign dialogs
(:class:`app.play.systems.PurchaseStep`), for any rule system whose players buy with
points before play: who has how many points left, and a button opening the system's
purchase dialog. Hidden when the scenario has nothing to buy.

A rule system subclasses :class:`PurchaseRow` with whether anyone buys
(:meth:`~PurchaseRow.has_purchases`), its dialog, taking an accepted dialog's purchases, and each
buyer's points left; the row shows them and says who would leave points unspent.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QWidget

from core.engine.words import plural


class PurchaseRow(QWidget):
    """Points left per buyer and a purchases button (its object names start ``name``)."""

    #: what the game does with points left unspent, said when asking to start anyway
    unspent_fate = "Points not spent are lost."

    def __init__(self, parent: QWidget | None, name: str, button: str, unit: str) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}_row")
        self.unit = unit  # "ship point": what the points are called
        self.label = QLabel("")
        self.label.setObjectName(f"{name}_label")
        self.label.setWordWrap(True)
        self.button = QPushButton(button)
        self.button.setObjectName(f"{name}_button")
        self.button.clicked.connect(self.open_dialog)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.addWidget(self.label, 1)
        self.row.addWidget(self.button)
        self.hide()

    # ---- what a rule system supplies

    def has_purchases(self) -> bool:
        """Whether anyone buys in the game chosen so far."""
        raise NotImplementedError

    def dialog(self) -> QDialog:
        """The purchase dialog for the game chosen so far."""
        raise NotImplementedError

    def take(self, dialog: QDialog) -> None:
        """Keep an accepted purchase dialog's purchases (then :meth:`show_left`)."""
        raise NotImplementedError

    def left(self) -> list[tuple[str, int, int]]:
        """Each buyer's name, points left and budget."""
        raise NotImplementedError

    # ---- shared

    def open_dialog(self) -> bool:
        """Open the purchase dialog; whether its purchases were taken."""
        if not self.has_purchases():
            return False
        dialog = self.dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.take(dialog)
        return True

    def unspent(self) -> str:
        """Who would start with points unspent, in words ('' when nobody)."""
        return "; ".join(
            f"{name} has {left} of {plural(budget, self.unit)} unspent"
            for name, left, budget in self.left()
            if left > 0
        )

    def show_left(self) -> None:
        parts = [f"{name} {left} of {budget} left" for name, left, budget in self.left()]
        spend = f"{self.unit.capitalize()}s to spend: "
        self.label.setText(spend + ", ".join(parts) if parts else "")
