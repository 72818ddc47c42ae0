"""The optional rules' actions in the Combat dock: meet a ship (space rendezvous), board a
disabled enemy, surrender, and answer a rendezvous another player proposes.

A row of its own under the Combat dock's controls, shown only when the selected ship
(or the decision the game waits for) offers one of them; every check is the engine's
(:mod:`core.rules.interplanetary.optional.rendezvous`,
:mod:`core.rules.interplanetary.optional.boarding`,
:mod:`core.rules.interplanetary.optional.surrender`), so a refusal reaches the player with the
rule's reason through the session.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.play.session import GameSession
from core.engine.commands import Command
from core.rules.interplanetary.aid.carried import manifest_of
from core.rules.interplanetary.optional.boarding import Board, boardable
from core.rules.interplanetary.optional.rendezvous import (
    AcceptRendezvous,
    PendingRendezvous,
    Rendezvous,
    partners,
)
from core.rules.interplanetary.optional.surrender import Surrender
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase


class OptionalActions(QWidget):
    """Rendezvous, boarding and surrender for the selected ship of the seated player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("optional_actions")
        self.session: GameSession | None = None
        self.ship_id: str | None = None
        self.note = QLabel("")
        self.note.setWordWrap(True)
        self.partner = QComboBox()
        self.partner.setObjectName("rendezvous_partner")
        self.partner.setToolTip("A ship in the same hex with the same vector")
        self.fuel = QSpinBox()
        self.fuel.setObjectName("rendezvous_fuel")
        self.fuel.setToolTip("Fuel to pass to the other ship (negative: to take from it)")
        self.weapons = QComboBox()
        self.weapons.setObjectName("rendezvous_weapons")
        self.weapons.setToolTip("A launched weapon to pass to the other ship")
        self.meet_button = QPushButton("&Meet")
        self.meet_button.setObjectName("rendezvous_button")
        self.meet_button.setToolTip("Swap fuel and weapons with the other ship; both lose a turn")
        self.prize = QComboBox()
        self.prize.setObjectName("board_target")
        self.prize.setToolTip("The disabled enemy ship to board")
        self.board_button = QPushButton("&Board")
        self.board_button.setObjectName("board_button")
        self.board_button.setToolTip("Try to board: both roll a die and you must roll higher")
        self.victor = QComboBox()
        self.victor.setObjectName("surrender_to")
        self.victor.setToolTip("The player to surrender the ship to")
        self.surrender_button = QPushButton("Surrender To")
        self.surrender_button.setObjectName("surrender_button")
        self.surrender_button.setToolTip("Give the ship up for good: it fires and launches no more")
        self.accept_button = QPushButton("&Accept Rendezvous")
        self.accept_button.setObjectName("accept_rendezvous_button")
        self.accept_button.setToolTip("Agree to the meeting your ship was asked for")
        self.refuse_button = QPushButton("&Refuse")
        self.refuse_button.setObjectName("refuse_rendezvous_button")
        self.refuse_button.setToolTip("Turn the meeting down")
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addWidget(self.note)
        self._rows: dict[str, QWidget] = {}
        for key, widgets in (
            ("meet", (QLabel("Rendezvous with"), self.partner, QLabel("fuel"), self.fuel)),
            ("meet2", (self.weapons, self.meet_button)),
            ("board", (QLabel("Board"), self.prize, self.board_button)),
            ("surrender", (self.surrender_button, self.victor)),
            ("answer", (self.accept_button, self.refuse_button)),
        ):
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            for w in widgets:
                line.addWidget(w)
            line.addStretch(1)
            rows.addWidget(row)
            self._rows[key] = row
        self.partner.currentIndexChanged.connect(self._fill_exchange)
        self.meet_button.clicked.connect(self.meet)
        self.board_button.clicked.connect(self.board)
        self.surrender_button.clicked.connect(self.surrender)
        self.accept_button.clicked.connect(lambda: self._answer(True))
        self.refuse_button.clicked.connect(lambda: self._answer(False))
        self._show(set())

    def refresh(self, session: GameSession | None, ship_id: str | None) -> None:
        self.session, self.ship_id = session, ship_id
        shown: set[str] = set()
        self.note.setText("")
        if session is None or session.replaying or session.read_only or session.state.over:
            self._show(shown)
            return
        state = session.state
        first = state.pending[0] if state.pending else None
        if isinstance(first, PendingRendezvous):
            self.note.setText(f"{state.player(first.player).name}: {first.prompt()}.")
            self._show({"answer"})
            return
        seat = session.seat()
        ship = state.ship(ship_id) if ship_id else None
        if state.pending or seat is None or ship is None or ship.owner != seat.id:
            self._show(shown)
            return
        phase = current_phase(state)
        if phase == "resupply" and self._fill_partners(state, ship):
            shown |= {"meet", "meet2"}
        if phase == "guns" and self._fill_prizes(state, ship):
            shown.add("board")
        if state.uses("surrender") and ship.surrendered is None and ship.in_play:
            self.victor.clear()
            for p in state.players:
                if p.side != ship.side:
                    self.victor.addItem(p.name, p.id)
            if self.victor.count():
                shown.add("surrender")
        self._show(shown)

    def _show(self, keys: set[str]) -> None:
        for key, row in self._rows.items():
            row.setVisible(key in keys)
        self.note.setVisible(bool(self.note.text()))
        self.setVisible(bool(keys))

    def _fill_partners(self, state: GameState, ship: Ship) -> bool:
        self.partner.blockSignals(True)
        self.partner.clear()
        for other in partners(state, ship):
            self.partner.addItem(f"{other.name} ({state.player(other.owner).name})", other.id)
        self.partner.blockSignals(False)
        self._fill_exchange()
        return self.partner.count() > 0

    def _fill_exchange(self) -> None:
        if self.session is None or self.ship_id is None or self.partner.currentData() is None:
            return
        state = self.session.state
        ship, other = state.ship(self.ship_id), state.ship(self.partner.currentData())
        self.fuel.setRange(-int(other.fuel), int(ship.fuel))
        self.weapons.clear()
        self.weapons.addItem("no weapons", ((), ()))
        mine, theirs = manifest_of(ship), manifest_of(other)
        for i, w in enumerate(mine.launchers if mine else ()):
            if w is not None:
                self.weapons.addItem(f"give {other.name} the {w} (slot {i + 1})", ((i,), ()))
        for i, w in enumerate(theirs.launchers if theirs else ()):
            if w is not None:
                self.weapons.addItem(f"take {other.name}'s {w} (slot {i + 1})", ((), (i,)))

    def _fill_prizes(self, state: GameState, ship: Ship) -> bool:
        self.prize.clear()
        for target in boardable(state, ship):
            self.prize.addItem(target.name, target.id)
        return self.prize.count() > 0

    def _give(self, command: Command) -> None:
        if self.session is not None:
            self.session.apply(command)

    def meet(self) -> None:
        if self.session is None or self.ship_id is None or self.partner.currentData() is None:
            return
        give, take = self.weapons.currentData() or ((), ())
        seat = self.session.state.ship(self.ship_id).owner
        command = Rendezvous(
            seat, self.ship_id, self.partner.currentData(), Fraction(self.fuel.value()), give, take
        )
        self._give(command)

    def board(self) -> None:
        if self.session is None or self.ship_id is None or self.prize.currentData() is None:
            return
        seat = self.session.state.ship(self.ship_id).owner
        self._give(Board(seat, self.ship_id, self.prize.currentData()))

    def surrender(self) -> None:
        if self.session is None or self.ship_id is None or self.victor.currentData() is None:
            return
        seat = self.session.state.ship(self.ship_id).owner
        self._give(Surrender(seat, self.ship_id, self.victor.currentData()))

    def _answer(self, accept: bool) -> None:
        if self.session is None or not self.session.state.pending:
            return
        first = self.session.state.pending[0]
        self._give(AcceptRendezvous(first.player, first.ship, accept))
