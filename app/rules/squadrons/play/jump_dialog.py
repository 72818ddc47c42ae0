"""The secret jump order: a squadron's destination system and arrival hex, chosen in a
dialog only the player at the table sees (the other side learns neither; the engine's
view of the game hides the order from them).

The systems offered are those within the squadron's jump factor; the fuel the jump
needs (one counter per jump-board hex) is shown beside each. The arrival hex is typed
by its label or clicked on the destination's board, and must lie outside every
100-diameter limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from app.rules.squadrons.boards.views import BoardView
from core.engine.words import plural

if TYPE_CHECKING:
    from core.board.hexgrid import Hex
    from core.rules.squadrons.boards import Subsector


class JumpDialog(QDialog):
    """Choose where ``name`` jumps from ``origin`` with jump factor ``jump`` and
    ``fuel`` fuel counters; :meth:`choice` gives (system, hex) once accepted. With
    ``blocked`` (why it cannot jump from where it is), that is said in red at once and
    Order Jump stays disabled: the player may still look at the destinations."""

    def __init__(
        self,
        world: Subsector,
        name: str,
        origin: str,
        jump: int,
        fuel: int,
        parent: QWidget | None = None,
        blocked: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Jump Orders: {name}")
        self.resize(560, 520)
        self.setObjectName("jump_dialog")
        self.world = world
        self.fuel = fuel
        self.blocked = blocked
        self.system_box = QComboBox()
        self.system_box.setObjectName("jump_system")
        for system in world.in_reach(origin, jump):
            hexes = world.jump_distance(origin, system.name)
            short = " (not enough fuel)" if hexes > fuel else ""
            self.system_box.addItem(
                f"{system.name}: {plural(hexes, 'jump hex', 'jump hexes')}, "
                f"{plural(hexes, 'fuel counter')}{short}",
                system.name,
            )
        self.hex_edit = QLineEdit()
        self.hex_edit.setObjectName("jump_hex")
        self.hex_edit.setPlaceholderText("hex label, or click the board below")
        self.note = QLabel("")
        self.note.setObjectName("jump_note")
        self.note.setWordWrap(True)
        self.view: BoardView | None = None
        self.board_place = QVBoxLayout()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Order Jump")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        intro = QLabel(
            f"{name} jumps secretly from {origin} with {plural(fuel, 'fuel counter')}: "
            "the other side sees it leave, never where to. It arrives on the seventh day."
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        form.addRow("&Destination:", self.system_box)
        form.addRow("Arrival &hex:", self.hex_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(self.board_place, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.system_box.currentIndexChanged.connect(self._system_changed)
        self.hex_edit.textChanged.connect(self._validate)
        self._system_changed()
        if self.system_box.count() == 0:
            self.note.setText(f"No system lies within {name}'s jump factor ({jump}).")

    def _system_changed(self) -> None:
        system = self.system_box.currentData()
        if system is None:
            self._validate()
            return
        board = self.world.board(system)
        if self.view is not None:
            self.board_place.removeWidget(self.view)
            self.view.deleteLater()
        self.view = BoardView(board.map, "jump_destination_board")
        self.view.setMinimumSize(420, 300)
        self.view.hex_clicked.connect(self._clicked)
        self.board_place.addWidget(self.view)
        self.view.fit_map()
        self._validate()

    def _clicked(self, h: Hex | None) -> None:
        system = self.system_box.currentData()
        if h is not None and system is not None:
            self.hex_edit.setText(self.world.board(system).label(h))

    def choice(self) -> tuple[str, Hex] | None:
        """The destination system and arrival hex, or None while they are not valid."""
        system = self.system_box.currentData()
        if system is None:
            return None
        board = self.world.board(system)
        try:
            h = board.parse(self.hex_edit.text().strip())
        except (ValueError, KeyError):
            return None
        if not board.contains(h) or board.inside_limit(h):
            return None
        return system, h

    def _validate(self) -> None:
        system = self.system_box.currentData()
        ok = self.choice() is not None
        message = ""
        if system is not None:
            board = self.world.board(system)
            text = self.hex_edit.text().strip()
            if text and not ok:
                try:
                    h = board.parse(text)
                    body = board.limit_at(h)
                    if not board.contains(h):
                        message = f"{text} is not on {system}'s board."
                    elif body is not None:
                        message = (
                            f"{text} is inside {body.name}'s 100-diameter limit: no arrival there."
                        )
                except (ValueError, KeyError):
                    message = f"{text!r} is not a hex label of {system}'s board."
        if self.blocked:
            ok, message = False, f"{self.blocked}."
        self.note.setText(message)
        self.note.setStyleSheet("color: #b03a2e;" if message else "")
        chosen = self.choice()
        if self.view is not None:
            self.view.clear_marks()
            if chosen is not None:
                self.view.mark([chosen[1]], "#f0c23b", "The arrival hex", outline=True)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
