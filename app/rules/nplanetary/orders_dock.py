"""The Orders dock: the orders the player at the table has given for this phase, each
checked by the engine as it is given (a refused one is not kept, and the reason shows in
red), any of them removable until the player ends the phase and so seals them; below,
the controls of the phase (launch ordnance, attack with the preview, land or dock;
purchases, deployments and transfers are given in the Cargo & Economy dock).

Nobody else's orders are ever listed: the session shows the seat only their own.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.play.session import GameSession
from app.play.withdraw import own_orders, withdraw
from app.play.wrapped import WrappedPanel
from app.rules.nplanetary import reading
from app.rules.nplanetary.forms import (
    REFUSAL_STYLE,
    CombatForm,
    MovementForm,
    NoteForm,
    OrdnanceForm,
)


class OrdersPanel(WrappedPanel):
    """See the module's docstring. Gives its commands through ``session.apply``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("np_orders_panel")
        self.session: GameSession | None = None
        self._turn: tuple[object, ...] | None = None
        self.title = QLabel("Your orders appear here once you take the seat in a game.")
        self.title.setObjectName("np_orders_title")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.what = QLabel("")
        self.what.setObjectName("np_orders_what")
        self.what.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("np_order_list")
        self.list.setToolTip("Your orders for this phase, sealed when you end it")
        self.list.setMinimumHeight(44)
        self.list.setMaximumHeight(88)
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self.remove_button = QPushButton("&Remove Order")
        self.remove_button.setObjectName("np_remove_order")
        self.remove_button.setToolTip("Take back the chosen order before the phase ends (Delete)")
        self.remove_button.clicked.connect(self.remove)
        remove = QShortcut(QKeySequence(Qt.Key.Key_Delete), self.list)
        remove.activated.connect(self.remove)
        self.refusal = QLabel("")
        self.refusal.setObjectName("np_refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        self.refusal.setVisible(False)
        self.ordnance = OrdnanceForm(self._give)
        self.combat = CombatForm(self._give)
        self.movement = MovementForm(self._give)
        self.note = NoteForm()
        self.pages: dict[str, QWidget] = {
            "ordnance": self.ordnance,
            "combat": self.combat,
            "movement": self.movement,
        }
        row = QHBoxLayout()
        row.addWidget(self.remove_button)
        row.addStretch(1)
        given = QLabel("Orders given (sealed when you end the phase):")
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.what)
        # Shown one at a time, in the panel's own layout (not a stack), so a wrapped
        # line of the form (the combat preview) is given the height it needs.
        for page in (self.ordnance, self.combat, self.movement, self.note):
            layout.addWidget(page)
        layout.addWidget(self.refusal)
        layout.addWidget(given)
        layout.addWidget(self.list)
        layout.addLayout(row)
        layout.addStretch(1)
        self._enable()

    # ---- showing

    def refresh(self, session: GameSession | None, selected: str | None) -> None:
        if session is not self.session:
            if self.session is not None:
                self.session.refused.disconnect(self.show_refusal)
            self.session = session
            if session is not None:
                session.refused.connect(self.show_refusal)
            self.show_refusal("")
        self.list.clear()
        seat = session.seat() if session is not None else None
        turn = None if session is None else (session.state.round, session.phase(), seat)
        if turn != self._turn:  # a refusal is the player's own: gone with their turn
            self._turn = turn
            self.show_refusal("")
        if session is None or seat is None:
            self.title.setText("Your orders appear here once you take the seat in a game.")
            self.what.setText("")
            self._show_page(self.note)
            self.note.say("")
            self._enable()
            return
        state = session.state
        phase = session.phase()
        self.title.setText(f"{seat.name}'s orders: {session.ui.phase_title(phase).lower()} phase")
        self.what.setText(reading.phase_help(phase))
        for order in own_orders(session):
            item = QListWidgetItem(f"✓ {reading.describe(state, order)}")
            item.setToolTip("Checked and accepted; sealed when you end the phase")
            self.list.addItem(item)
        page = self.pages.get(phase)
        if page is None:
            self._show_page(self.note)
            self.note.say(reading.phase_note(phase))
        else:
            self._show_page(page)
            page.refresh(session, selected)  # type: ignore[attr-defined]
        self._enable()

    def _show_page(self, page: QWidget) -> None:
        for other in (self.ordnance, self.combat, self.movement, self.note):
            other.setVisible(other is page)
        self.updateGeometry()

    def show_refusal(self, reason: str) -> None:
        self.refusal.setText(f"Refused: {reason}" if reason else "")
        self.refusal.setVisible(bool(reason))

    # ---- acting

    def _give(self, command: object) -> bool:
        """Give an order of the phase's forms: checked now, refused with the reason."""
        if self.session is None:
            return False
        self.show_refusal("")
        given = self.session.apply(command)  # type: ignore[arg-type]
        if given:
            self.show_refusal("")
        return given

    def remove(self) -> None:
        row = self.list.currentRow()
        if self.session is None or row < 0:
            return
        if withdraw(self.session, row):
            self.show_refusal("")

    def _enable(self) -> None:
        self.remove_button.setEnabled(self.list.currentRow() >= 0)
