"""The Referee dock of a refereed campaign: the turn's inbox (whose orders the game
waits for, whose order files are in) and the referee's three actions: import order
files, play the turn and export the next player files in one step, or export this
turn's player files again.

The dock only shows and asks; the window does the work (:mod:`app.campaign.mail`)
through :mod:`core.campaign.mail.referee`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from pathlib import Path

    from core.campaign.mail.referee import Inbox

IN = "orders in"
WAITING = "waiting for orders"
NOTHING = "nothing to order this turn"


class RefereePanel(QWidget):
    """The inbox and the referee's buttons; signals say which was pressed."""

    import_asked = Signal()
    play_asked = Signal()
    export_asked = Signal()
    folder_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("referee_panel")
        self.heading = QLabel("")
        self.heading.setObjectName("referee_turn")
        self.heading.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("referee_inbox")
        self.table.setHeaderLabels(["Player", "This turn"])
        self.table.setRootIsDecorated(False)
        self.table.setToolTip("Who the turn waits for, and whose order files you have imported")
        self.import_button = QPushButton("Import Order Files…")
        self.import_button.setToolTip(
            "Check order files the players sent and keep them for the turn (Ctrl+I); a "
            "file that cannot be taken is refused, saying why, and nothing changes"
        )
        self.play_button = QPushButton("Play Turn and Export")
        self.play_button.setObjectName("play_turn_button")
        self.play_button.setToolTip(
            "Play every order in, then write each player's file for the next turn (a "
            "player whose orders are missing gives none, if you agree)"
        )
        self.export_button = QPushButton("Export Player Files")
        self.export_button.setToolTip(
            "Write this turn's player files (each holds only its player's side) into the "
            "folder named below"
        )
        self.folder = QLabel("")
        self.folder.setObjectName("referee_folder")
        self.folder.setWordWrap(True)
        self.folder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.folder_button = QPushButton("Change Folder…")
        self.folder_button.setToolTip("Where this campaign's player files are written")
        self.folder_button.clicked.connect(self.folder_asked)
        self.import_button.clicked.connect(self.import_asked)
        self.play_button.clicked.connect(self.play_asked)
        self.export_button.clicked.connect(self.export_asked)
        buttons = QHBoxLayout()
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.play_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.export_button)
        layout.addWidget(self.folder)
        layout.addWidget(self.folder_button)

    def show_inbox(
        self,
        box: Inbox | None,
        title: str = "",
        folder: Path | None = None,
        round_word: str = "Round",
    ) -> None:
        """Show where the turn stands (None: no refereed campaign); ``round_word`` is
        what the game's rule system calls a round ("Day" in the squadron game)."""
        self.table.clear()
        enabled = box is not None and bool(box.expected)
        self.import_button.setEnabled(enabled)
        self.export_button.setEnabled(box is not None)
        self.folder_button.setEnabled(box is not None)
        if box is None:
            self.heading.setText("No refereed campaign is open.")
            self.play_button.setEnabled(False)
            self.folder.setText("")
            return
        for player, name in box.names.items():
            state = IN if player in box.received else WAITING
            if player not in box.expected:
                state = NOTHING
            item = QTreeWidgetItem([name, state])
            if state == WAITING:
                item.setForeground(1, Qt.GlobalColor.darkRed)
            self.table.addTopLevelItem(item)
        self.table.resizeColumnToContents(0)
        missing = [box.names[p] for p in box.missing]
        if not box.expected:
            status = "The game is over." if title.endswith("over") else "No orders are due."
        elif missing:
            status = f"Waiting for {', '.join(missing)}."
        else:
            status = "Every order is in: play the turn."
        self.heading.setText(
            f"<b>Turn {box.turn}</b>: {round_word.lower()} {box.round}, {box.phase} phase. "
            + status
        )
        self.play_button.setEnabled(bool(box.expected))
        self.folder.setText(f"Player files go to {folder}" if folder is not None else "")

    def status_of(self, name: str) -> str:
        """What the inbox says of the player ``name`` (for tests and the docs)."""
        for i in range(self.table.topLevelItemCount()):
            item = self.table.topLevelItem(i)
            assert item is not None  # i < topLevelItemCount()
            if item.text(0) == name:
                return item.text(1)
        return ""
