"""The boards side by side as tabs: the jump board first, then each system's board, with
the transit strip under them. Clicking a system on the jump board opens its board. The
keyboard stays on the boards from tab to tab (each board's hex cursor, see
:mod:`~.cursor`; the tabs' tips say which keys do what)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QApplication, QTabWidget, QVBoxLayout, QWidget

from app.rules.squadrons.boards.cursor import KEYS_HELP
from app.rules.squadrons.boards.transit import TransitStrip
from app.rules.squadrons.boards.views import JumpBoardView, SystemBoardView
from core.board.hexgrid import Hex
from core.rules.squadrons.boards import Subsector

JUMP_TAB = "Jump Board"


class BoardsNavigator(QWidget):
    """Every board of a subsector. ``hex_clicked(str, Hex)`` is a click on a system
    board (the system's name and the hex); ``system_clicked(str)`` one on the jump board,
    which also brings that system's board to the front unless ``open_on_click`` is off
    (while a player picks a jump's destination, say)."""

    hex_clicked = Signal(str, object)
    system_clicked = Signal(str)

    def __init__(self, subsector: Subsector, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_boards")
        self.subsector = subsector
        self.open_on_click = True
        self.tabs = QTabWidget()
        self.tabs.setObjectName("board_tabs")
        self.tabs.setDocumentMode(True)
        self.jump = JumpBoardView(subsector)
        self.tabs.addTab(self.jump, JUMP_TAB)
        self.tabs.setTabToolTip(0, f"The star systems and the jumps between them\n{KEYS_HELP}")
        self.systems: dict[str, SystemBoardView] = {}
        for system in subsector.systems:
            view = SystemBoardView(subsector.board(system.name))
            view.hex_clicked.connect(lambda h, n=system.name: self._hex(n, h))
            self.systems[system.name] = view
            i = self.tabs.addTab(view, system.name)
            fuel = [
                w
                for w, has in (("gas giant", system.gas_giant), ("starport", system.starport))
                if has
            ]
            fuels = ", ".join(fuel) or "no fuel here"
            self.tabs.setTabToolTip(i, f"{system.name}: {fuels}\n{KEYS_HELP}")
        self.jump.system_clicked.connect(self._system)
        self.tabs.currentChanged.connect(self._keys_follow)
        self.transit = TransitStrip()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.transit)

    def boards(self) -> list[JumpBoardView | SystemBoardView]:
        return [self.jump, *self.systems.values()]

    def _keys_follow(self, _: int) -> None:
        """A board that had the keyboard hands it to the board brought to the front (a
        system opened with Enter on the jump board is worked on with the keys at once)."""
        focused = QApplication.focusWidget()
        if focused is not None and focused in self.boards():
            current = self.tabs.currentWidget()
            if current is not None:
                current.setFocus()

    def _hex(self, system: str, h: Hex) -> None:
        self.hex_clicked.emit(system, h)

    def _system(self, name: str) -> None:
        self.system_clicked.emit(name)
        if self.open_on_click:
            self.show_board(name)

    def show_board(self, name: str | None) -> None:
        """Bring a system's board (None: the jump board) to the front."""
        self.tabs.setCurrentWidget(self.jump if name is None else self.systems[name])

    def shown(self) -> str | None:
        """The system whose board is in front, None for the jump board."""
        current = self.tabs.currentWidget()
        return current.board.name if isinstance(current, SystemBoardView) else None
