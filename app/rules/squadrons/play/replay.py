"""Replay Past Turns for a squadron game kept in a campaign: the page's boards show the
game as it stood at the start of each past step of each day, as the side at the table
saw it then (the rule system's view for their seat: the other side's counters under "?"
only as "?", its jump destinations and sealed orders never), or whole once the game is
over.

Stops are the starts of steps, not every order: stepping order by order would tell the
player when the other side did something they could not see. The bar's keys: Page Up
and Page Down a step, Home and End the first and the last, Escape back to play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from app.rules.squadrons.play.steps import TITLES
from core.engine import play as engine
from core.rules.squadrons.state import STEPS

if TYPE_CHECKING:
    from core.rules.squadrons.state import SquadronGame


class PastSteps:
    """The states at the start of each step on the campaign's line, and the one on
    show. ``viewer`` is the seat whose view is shown (None: the whole game, once over);
    ``side`` names that seat's side for the bar."""

    def __init__(self, record: Any, viewer: str | None, side: str) -> None:
        self.viewer, self.side = viewer, side
        self.points: list[SquadronGame] = []
        last: tuple[int, int, bool] | None = None
        for entry in [None, *(s.id for s in record.line())]:
            state = record.state_at(entry)
            key = (state.day, state.step, state.over)
            if key != last:
                self.points.append(state)
                last = key
        self.index = len(self.points) - 1
        self._views: dict[int, SquadronGame] = {}

    def shown(self) -> SquadronGame:
        """The state on show, as the viewer may see it."""
        state = self.points[self.index]
        if self.viewer is None:
            return state
        view = self._views.get(self.index)
        if view is None:
            view = self._views[self.index] = engine.view(state, self.viewer)
        return view

    def describe(self) -> str:
        state = self.points[self.index]
        step = STEPS[min(state.step, len(STEPS) - 1)]
        when = "the end" if state.over else f"day {state.day}, {TITLES.get(step, step)}"
        whose = f"as {self.side} saw it" if self.viewer is not None else "everything shown"
        return f"Replay: {when} (stop {self.index + 1} of {len(self.points)}), {whose}"


class ReplayRow(QWidget):
    """The replay controls above the boards; hidden while playing. ``moved`` fires when
    another stop is on show, ``closed`` when the player goes back to play."""

    moved = Signal()
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("squadron_replay")
        self.past: PastSteps | None = None
        self.label = QLabel("")
        self.label.setObjectName("replay_label")
        self.label.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        self.buttons: list[QPushButton] = []
        for text, keys, where in (
            ("|◀ Start", "Home", lambda p: 0),
            ("◀ Step", "PgUp", lambda p: p.index - 1),
            ("Step ▶", "PgDown", lambda p: p.index + 1),
            ("Now ▶|", "End", lambda p: len(p.points) - 1),
        ):
            button = QPushButton(text)
            button.setShortcut(QKeySequence(keys))
            button.setToolTip(f"{keys}")
            button.clicked.connect(lambda _=False, w=where: self._go(w))
            row.addWidget(button)
            self.buttons.append(button)
        row.addWidget(self.label, 1)
        done = QPushButton("Back to Play")
        done.setShortcut(QKeySequence("Escape"))
        done.setToolTip("Escape")
        done.clicked.connect(self.closed)
        row.addWidget(done)
        self.hide()

    def start(self, past: PastSteps | None) -> None:
        self.past = past
        self.setVisible(past is not None)
        self._update()

    def _go(self, where: Any) -> None:
        if self.past is None:
            return
        self.past.index = max(0, min(where(self.past), len(self.past.points) - 1))
        self._update()
        self.moved.emit()

    def _update(self) -> None:
        p = self.past
        self.label.setText(p.describe() if p is not None else "")
        if p is not None:
            last = len(p.points) - 1
            for button, on in zip(
                self.buttons,
                (p.index > 0, p.index > 0, p.index < last, p.index < last),
                strict=True,
            ):
                button.setEnabled(on)
