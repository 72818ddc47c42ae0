"""The turn bar (round, the phases of the turn, whose turn, the primary button) and the
hand-over screen that keeps one player from seeing another's plotting at a shared table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QColor, QPainter, QPaintEvent, QResizeEvent
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
    from collections.abc import Sequence
    from typing import Protocol

    from app.play.phases import Step

    class AtTable(Protocol):
        """Who the bar and the hand-over name: a game's ``Player``, or a system's own
        stand-in with a name and a colour (the squadron game's player with their side)."""

        @property
        def name(self) -> str: ...
        @property
        def colour(self) -> str: ...


def swatch_style(colour: str) -> str:
    return (
        f"background: {colour or '#cccccc'}; border: 1px solid #05070f; "
        "border-radius: 3px; min-width: 14px; max-width: 14px; min-height: 14px;"
    )


STEP_STYLE = "padding: 2px 6px; border-radius: 3px; color: #5d6785;"
CURRENT_STYLE = (
    "padding: 2px 6px; border-radius: 3px; font-weight: bold; "
    "color: #05070f; background: #f0c23b; border: 1px solid #8a6a00;"
)
PASSING_STYLE = "padding: 2px 6px; color: #8a93ad; font-style: italic;"


class ElidedLabel(QLabel):
    """A one-line label that gives way: it asks for its text's width but makes do with
    a few letters, showing the start and an ellipsis (the whole text in its tooltip),
    so the primary button and whose turn it is always show whole. ``whole`` makes it
    keep its full width (the result at game over)."""

    whole = False

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        if self.whole:
            return self.sizeHint()
        few = self.fontMetrics().horizontalAdvance("M" * 6)
        return QSize(min(hint.width(), few), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        metrics = self.fontMetrics()
        room = self.contentsRect()
        if metrics.horizontalAdvance(self.text()) <= room.width():
            super().paintEvent(event)
            return
        shown = metrics.elidedText(self.text(), Qt.TextElideMode.ElideRight, room.width())
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(room, align, shown)


class TurnBar(QToolBar):
    """Round · the phases of the turn, the current one highlighted · the player at the
    table, and the primary button, which says what it does ("End Launch Phase",
    "Move", "End Gun Phase", "End Turn")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Turn", parent)
        self.setObjectName("turn_bar")
        self.round_label = QLabel("No game")
        self.phases = QWidget()
        self.phases.setObjectName("turn_phases")
        self._phase_row = QHBoxLayout(self.phases)
        self._phase_row.setContentsMargins(0, 0, 0, 0)
        self._phase_row.setSpacing(2)
        self.step_labels: list[QLabel] = []
        self.swatch = QLabel()
        self.player_label = QLabel("")
        self.orders_in = QLabel("")
        self.orders_in.setObjectName("orders_in")
        self.orders_in.setToolTip(
            "How many of the players asked for this phase's sealed orders have given them"
        )
        self.hint = ElidedLabel("")
        self.hint.setObjectName("turn_hint")
        # it takes the room the others leave, the spacer's part
        self.hint.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        shown_by: dict[QWidget, QAction] = {}
        for w in (self.round_label, self.phases, self.swatch, self.player_label):
            shown_by[w] = self.addWidget(w)
            self.addSeparator()
        # a toolbar shows and hides its widgets through their actions (hiding the
        # swatch itself left a closed game's colour in the bar)
        self._swatch_action = shown_by[self.swatch]
        self._orders_action = self.addWidget(self.orders_in)
        self._orders_separator = self.addSeparator()
        self.addWidget(self.hint)
        self.end_button = QPushButton("End Turn")
        self.end_button.setObjectName("end_turn_button")
        # the main control: never narrower than its label
        self.end_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.addWidget(self.end_button)
        self.show_turn(None, (), None, "")
        self.show_orders_in("")

    def show_turn(
        self,
        round_: int | None,
        steps: Sequence[Step],
        player: AtTable | None,
        hint: str,
        primary: str = "End Turn",
        round_text: str = "",
    ) -> None:
        """Show where the game stands; ``primary`` is the button's text, ``round_text``
        what the round reads as, when not "Round N" (the squadron game's days)."""
        self._show_steps(steps if round_ is not None else ())
        self.hint.setText(hint)
        self.hint.setToolTip(hint)
        if round_ is None:
            self.round_label.setText("No game")
            self.player_label.setText("")
            self._show_swatch(False)
            self.end_button.setText("End Turn")
            self.end_button.setEnabled(False)
        else:
            self.round_label.setText(round_text or f"Round {round_}")
            self._show_swatch(player is not None)
            self.swatch.setStyleSheet(swatch_style(player.colour if player else ""))
            self.player_label.setText(f"{player.name}'s turn" if player else "Game over")
            self.end_button.setText(primary)
            self.end_button.setEnabled(player is not None)
        self.hint.whole = False
        self._lay_out()

    def show_over(
        self,
        winner: AtTable | None,
        result: str,
        reason: str,
        primary: str,
        over: str = "Game over",
    ) -> None:
        """An ended game: ``over`` ("Game over", or "Battle over" for a battle inside a
        campaign), ``result`` (who won) in the winner's colour, and ``reason`` whole (it
        does not give way as a hint does); the button is off."""
        self.show_turn(0, (), winner, reason, primary, round_text=over)
        self.player_label.setText(result)
        self.end_button.setEnabled(False)
        self.hint.whole = True
        self._lay_out()

    def _lay_out(self) -> None:
        """Lay the bar out at once, so the window painted or grabbed next shows the new
        texts at their widths (a toolbar otherwise keeps the last ones' until the event
        loop comes round, cutting a longer text short)."""
        self._fit_phases()
        self.hint.updateGeometry()
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
            layout.activate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_phases()

    def _fit_phases(self) -> None:
        """In a window too narrow for the whole bar, show only the current phase of the
        turn, so the primary button stays in the bar (not in its "»" overflow menu)."""
        shown = [w for w in (self.round_label, self.swatch, self.player_label) if w.isVisible()]
        if self.orders_in.text():
            shown.append(self.orders_in)
        steps = sum(lb.sizeHint().width() + 2 for lb in self.step_labels)
        others = sum(w.sizeHint().width() for w in shown) + self.end_button.sizeHint().width()
        spare = 12 * (len(shown) + 2)  # separators, the handle and margins
        need = steps + others + self.hint.minimumSizeHint().width() + spare
        compact = self.width() < need
        for label in self.step_labels:
            label.setVisible(not compact or bool(label.property("current")))

    def _show_swatch(self, shown: bool) -> None:
        """Show or hide the player's colour: through its action, which the toolbar's
        layout heeds, and the label itself, which an action shown again leaves hidden."""
        self._swatch_action.setVisible(shown)
        self.swatch.setVisible(shown)

    def show_orders_in(self, text: str) -> None:
        """The count of sealed orders in ("orders in: 3 of 5"), hidden when ``text`` is
        empty (a phase that is not sealed, or no game)."""
        self.orders_in.setText(text)
        self._orders_action.setVisible(bool(text))
        self._orders_separator.setVisible(bool(text))
        self._lay_out()

    def current_phase(self) -> str:
        """The title of the highlighted phase ("" when none is)."""
        return next((lb.text() for lb in self.step_labels if lb.property("current")), "")

    def _show_steps(self, steps: Sequence[Step]) -> None:
        while len(self.step_labels) > len(steps):
            label = self.step_labels.pop()
            self._phase_row.removeWidget(label)
            label.deleteLater()
        while len(self.step_labels) < len(steps):
            label = QLabel()
            self._phase_row.addWidget(label)
            self.step_labels.append(label)
        for label, step in zip(self.step_labels, steps, strict=True):
            label.setText(step.title)
            label.setObjectName(f"phase_{step.phase}")
            label.setProperty("current", step.current)
            if step.current:
                label.setStyleSheet(CURRENT_STYLE)
                what = step.tip or f"The {step.title.lower()} phase"
                label.setToolTip(f"{what}: the game is here")
            elif not step.acted:
                label.setStyleSheet(PASSING_STYLE)
                label.setToolTip("Ships move when astrogation ends (the Move button)")
            else:
                label.setStyleSheet(STEP_STYLE)
                label.setToolTip(step.tip or f"The {step.title.lower()} phase")
            label.show()  # at once (a layout shows a new label only later); see _fit_phases
        self.phases.setVisible(bool(steps))


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

    def show_for(self, player: AtTable, detail: str) -> None:
        colour = player.colour or "#e8ecf8"
        self.message.setText(f'Pass the seat to <b style="color:{colour}">{player.name}</b>')
        self.detail.setText(detail)
        self.button.setText(f"I am {player.name}: start my turn (Enter)")
        self.button.setFocus()
