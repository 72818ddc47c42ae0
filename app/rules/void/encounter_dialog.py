"""The encounter dialog: which enemy ships the player's courses this turn let them engage,
who takes part, the geometry the battle starts from, what each ship pays to engage, and
how the battle is to be resolved (at tactical scale, by strategic combat, or by a result
entered by hand after fighting it on the table). Its answer is an
:class:`~core.rules.void.engage.Engage` command; the window gives it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from core.board.hexgrid import Hex
from core.engine.errors import IllegalCommand
from core.rules.void import system as void_system
from core.rules.void.battle import Resolution
from core.rules.void.engage import Engage, place_of
from core.rules.void.offers import Offer, open_offers
from core.rules.void.tactical.situation import foreseen
from core.rules.void.terms import terms_of
from core.vector.state import GameState

WAYS: tuple[tuple[Resolution, str], ...] = (
    ("tactical", "Play it at &tactical scale"),
    ("strategic", "Resolve it by &strategic combat"),
    ("hand", "Fight it on the table, enter the result by &hand"),
)


def situation(offer: Offer) -> str:
    """The strategic geometry the battle starts from, in words."""
    n = offer.distance
    where = "through their hex" if n == 0 else f"{n} hex{'es' * (n != 1)} from them"
    return f"your course passed {where}; velocity difference {offer.velocity_difference}"


class EncounterDialog(QDialog):
    """See the module's docstring. ``command`` holds the answer once accepted."""

    def __init__(self, state: GameState, player: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Encounter")
        self.state, self.player = state, player
        self.offers = open_offers(state, player)
        self.command: Engage | None = None
        self.target = QComboBox()
        self.target.setObjectName("encounter_target")
        for where, offers in self.offers.items():
            names = ", ".join(state.ship(t).name for t in offers[0].targets)
            self.target.addItem(f"{names} {place_of(state, where)[0]}", where)
        self.target.currentIndexChanged.connect(self._show)
        self.defenders = QLabel()
        self.defenders.setObjectName("encounter_who")
        self.defenders.setWordWrap(True)
        self.geometry_label = QLabel()
        self.geometry_label.setObjectName("encounter_its")
        self.geometry_label.setWordWrap(True)
        self.its = QLabel()
        self.its.setObjectName("encounter_tactical_situation")
        self.its.setWordWrap(True)
        self.ships = QListWidget()
        self.ships.setObjectName("encounter_ships")
        self.ships.itemChanged.connect(lambda _item: self._check())
        self.ways = QButtonGroup(self)
        ways = QVBoxLayout()
        terms = terms_of(state)
        for i, (way, text) in enumerate(WAYS):
            button = QRadioButton(text)
            button.setObjectName(f"resolve_{way}")
            if way == "tactical" and not terms.tactical:
                button.setEnabled(False)
                button.setToolTip("this game does not use tactical scale")
            elif way == "tactical" and void_system.TACTICAL is None:
                button.setEnabled(False)
                button.setToolTip("tactical play is not in this version yet")
            self.ways.addButton(button, i)
            ways.addWidget(button)
        first = next(b for b in self.ways.buttons() if b.isEnabled())
        first.setChecked(True)
        self.ways.idToggled.connect(lambda _id, _on: self._check())
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Engage")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Target:", self.target)
        form.addRow("Who:", self.defenders)
        form.addRow("Situation:", self.geometry_label)
        form.addRow("Tactical start:", self.its)
        form.addRow("Your ships and what each pays:", self.ships)
        form.addRow("Resolve:", ways)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.resize(560, 420)
        self._show()

    def _offers(self) -> tuple[Offer, ...]:
        where = self.target.currentData()
        return self.offers.get(where, ()) if isinstance(where, Hex) else ()

    def _show(self) -> None:
        offers = self._offers()
        self.ships.clear()
        if not offers:
            return
        state = self.state
        who = []
        for ship_id in offers[0].targets:
            ship = state.ship(ship_id)
            who.append(f"{ship.name} ({state.player(ship.owner).name})")
        self.defenders.setText("Engaging " + ", ".join(who))
        lines = [f"{state.ship(o.ship).name}: {situation(o)}" for o in offers]
        body = place_of(state, offers[0].target)[1]
        lines.append(
            f"The battle is near {body}: its map has the planet's edge."
            if body
            else "The battle is in open space."
        )
        self.geometry_label.setText("\n".join(lines))
        for offer in offers:
            cost = offer.why.rsplit(": ", 1)[-1]
            item = QListWidgetItem(f"{state.ship(offer.ship).name}: pays {cost}")
            item.setData(Qt.ItemDataRole.UserRole, offer.ship)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.ships.addItem(item)
        self._check()

    def _chosen(self) -> tuple[str, ...]:
        items = [self.ships.item(i) for i in range(self.ships.count())]
        return tuple(
            str(i.data(Qt.ItemDataRole.UserRole))
            for i in items
            if i.checkState() == Qt.CheckState.Checked
        )

    def _check(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self._chosen()))
        self.its.setText(self._foreseen())

    def _foreseen(self) -> str:
        """The initial tactical situation the chosen ships would start the battle in."""
        offers, chosen = self._offers(), self._chosen()
        if not offers or not chosen or self.ways.checkedId() < 0:
            return ""
        way = WAYS[self.ways.checkedId()][0]
        try:
            return foreseen(self.state, Engage(self.player, chosen, offers[0].target, way)).text
        except IllegalCommand as refused:
            return f"cannot engage: {refused}"

    def _accept(self) -> None:
        offers = self._offers()
        if not offers or not self._chosen():
            return
        way = WAYS[self.ways.checkedId()][0]
        self.command = Engage(self.player, self._chosen(), offers[0].target, way)
        self.accept()
