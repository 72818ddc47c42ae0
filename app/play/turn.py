"""The turn bar (round, phase, whose turn, End Turn) and the hand-over screen that
keeps one player from seeing another's plotting at a shared table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from core.vector.state import Player


def swatch_style(colour: str) -> str:
    return (
        f"background: {colour or '#cccccc'}; border: 1px solid #05070f; "
        "border-radius: 3px; min-width: 14px; max-width: 14px; min-height: 14px;"
    )


class TurnBar(QToolBar):
    """Round · phase · the player at the table, and the End Turn button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Turn", parent)
        self.setObjectName("turn_bar")
        self.round_label = QLabel("No game")
        self.phase_label = QLabel("")
        self.swatch = QLabel()
        self.player_label = QLabel("")
        self.hint = QLabel("")
        self.hint.setObjectName("turn_hint")
        for w in (self.round_label, self.phase_label, self.swatch, self.player_label):
            self.addWidget(w)
            self.addSeparator()
        self.addWidget(self.hint)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.end_button = QPushButton("End Turn")
        self.end_button.setObjectName("end_turn_button")
        self.addWidget(self.end_button)
        self.show_turn(None, "", None, "")

    def show_turn(self, round_: int | None, phase: str, player: Player | None, hint: str) -> None:
        if round_ is None:
            self.round_label.setText("No game")
            self.phase_label.setText("")
            self.player_label.setText("")
            self.swatch.setVisible(False)
            self.end_button.setEnabled(False)
            self.hint.setText(hint)
            return
        self.round_label.setText(f"Round {round_}")
        self.phase_label.setText(phase.capitalize())
        self.swatch.setVisible(player is not None)
        self.swatch.setStyleSheet(swatch_style(player.colour if player else ""))
        self.player_label.setText(f"{player.name}'s turn" if player else "Game over")
        self.end_button.setEnabled(player is not None)
        self.hint.setText(hint)


class HandOver(QWidget):
    """A blank screen between players: "Pass to Bob", and a button only Bob presses."""

    accepted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hand_over")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor("#0b1230"))
        self.setPalette(palette)
        self.message = QLabel("")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setStyleSheet("color: #e8ecf8; font-size: 24px;")
        self.detail = QLabel("")
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail.setStyleSheet("color: #9fb3e8; font-size: 14px;")
        self.button = QPushButton("")
        self.button.setObjectName("hand_over_button")
        self.button.setDefault(True)
        self.button.setMinimumHeight(40)
        self.button.clicked.connect(self.accepted)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self.message)
        layout.addWidget(self.detail)
        layout.addSpacing(20)
        layout.addLayout(row)
        layout.addStretch(3)

    def show_for(self, player: Player, detail: str) -> None:
        colour = player.colour or "#e8ecf8"
        self.message.setText(f'Pass the seat to <b style="color:{colour}">{player.name}</b>')
        self.detail.setText(detail)
        self.button.setText(f"I am {player.name}: start my turn (Enter)")
        self.button.setFocus()
