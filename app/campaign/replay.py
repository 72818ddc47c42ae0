"""The replay view: step through the past turns of a campaign game on the map.

The bar walks the turns of one line of the log: the current line, or the undone
branch being looked at. Each stop is the state at the end of a player's turn (with
sealed orders, of a phase), rebuilt from the log and checked against its stored hash.
Page Up/Page Down step a turn, Home/End go to the start and the last entry, Escape
goes back to play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar, QWidget

from core.campaign import CampaignError

if TYPE_CHECKING:
    from app.play.session import GameSession
    from core.campaign import GameRecord


class ReplayBar(QToolBar):
    """The replay controls; hidden while playing."""

    closed = Signal()
    moved = Signal(object)  # the log entry on show (None: the start)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Replay", parent)
        self.setObjectName("replay_bar")
        self.first_action = self.addAction("|◀ Start")
        self.first_action.setShortcut(QKeySequence("Home"))
        self.back_action = self.addAction("◀ Turn")
        self.back_action.setShortcut(QKeySequence(QKeySequence.StandardKey.MoveToPreviousPage))
        self.forward_action = self.addAction("Turn ▶")
        self.forward_action.setShortcut(QKeySequence(QKeySequence.StandardKey.MoveToNextPage))
        self.last_action = self.addAction("Last ▶|")
        self.last_action.setShortcut(QKeySequence("End"))
        self.label = QLabel("")
        self.label.setObjectName("replay_label")
        self.label.setContentsMargins(12, 0, 12, 0)
        self.addWidget(self.label)
        self.done_action = self.addAction("Back to Play")
        self.done_action.setShortcut(QKeySequence("Escape"))
        self.done_action.triggered.connect(self.closed)
        self.replay: Replay | None = None
        self.first_action.triggered.connect(lambda: self._go(lambda r: 0))
        self.back_action.triggered.connect(lambda: self._go(lambda r: r.index - 1))
        self.forward_action.triggered.connect(lambda: self._go(lambda r: r.index + 1))
        self.last_action.triggered.connect(lambda: self._go(lambda r: len(r.points) - 1))
        self.set_replay(None)

    def set_replay(self, replay: Replay | None) -> None:
        self.replay = replay
        self.setVisible(replay is not None)
        for action in self.actions():
            action.setEnabled(replay is not None)
        self._update()
        if replay is not None:
            self.moved.emit(replay.points[replay.index])

    def _go(self, where: object) -> None:
        if self.replay is None:
            return
        index = where(self.replay)  # type: ignore[operator]
        self.replay.show(max(0, min(index, len(self.replay.points) - 1)))
        self._update()
        self.moved.emit(self.replay.points[self.replay.index])

    def _update(self) -> None:
        r = self.replay
        if r is None:
            self.label.setText("")
            return
        self.label.setText(r.describe())
        self.first_action.setEnabled(r.index > 0)
        self.back_action.setEnabled(r.index > 0)
        self.forward_action.setEnabled(r.index < len(r.points) - 1)
        self.last_action.setEnabled(r.index < len(r.points) - 1)


class Replay:
    """The stops of one line of the log and which one is on show."""

    def __init__(self, session: GameSession, record: GameRecord, entry: int | None) -> None:
        self.session = session
        self.record = record
        tip = record.tip_from(entry)
        self.path = record.path(tip)
        self.on_line = tip == record.head
        ends = record.turn_ends()
        self.points: list[int | None] = [None]
        for step in self.path:
            if step.id in ends or step.id == tip or step.id == entry:
                self.points.append(step.id)
        self.depths = {s.id: s.depth for s in self.path}
        # Trails are kept for the current line: off it, show them up to the fork only.
        line = record.line_ids()
        self.fork_depth = max((s.depth for s in self.path if s.id in line), default=0)
        self.index = self.points.index(entry) if entry in self.points else 0
        self.show(self.index)

    def show(self, index: int) -> None:
        entry = self.points[index]
        try:
            state = self.record.state_at(entry)
        except CampaignError as exc:
            self.session.refused.emit(str(exc))
            return
        self.index = index
        depth = self.depths.get(entry, 0) if entry is not None else 0
        self.session.view(state, depth if self.on_line else min(depth, self.fork_depth))

    def describe(self) -> str:
        entry = self.points[self.index]
        state = self.session.state
        where = "the start" if entry is None else f"entry {entry}"
        kind = "" if self.on_line else " of an undone branch"
        who = self.session.shown_player()
        phase = self.session.ui.phase_title(self.session.phase()).lower()
        turn = f"{who.name}'s {phase} phase" if who else "game over"
        return (
            f"Replay{kind}: round {state.round}, {turn}, at {where} "
            f"(stop {self.index + 1} of {len(self.points)})"
        )
