"""The Cargo & Economy dock: the orders a player may give here above (in view at the
dock's default height), every base's and outpost's stocks and every ship's hold below; in
the development phase, purchases at the player's bases and deployments of the bases
and outposts their ships carry; in the logistics phase, the transfer dialog; and, once a
logistics phase has resolved, which transfers went through and whether the other side's
order matched."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.play.session import GameSession
from app.play.withdraw import own_orders
from app.play.wrapped import WrappedPanel
from app.rules.nplanetary import reading
from app.rules.nplanetary.forms import REFUSAL_STYLE, fill, mine
from app.rules.nplanetary.results import transfer_results
from app.rules.nplanetary.transfer_dialog import TransferDialog
from core.engine.words import plural
from core.rules.nplanetary import model
from core.rules.nplanetary.opening import Stockpile
from core.rules.nplanetary.orders import Deploy, Purchase
from core.vector.state import GameState

if TYPE_CHECKING:
    from core.rules.nplanetary.tables import InstallationKind, OrdnanceKind

#: the columns, as the header shows them (short, so all nine fit the dock's default
#: width) and as their tooltips and the cells' tooltips say them
COLUMNS = ("Name", "Owner", "Fuel", "Sup", "Ore", "H₂O", "Other", "Dmg", "Where")
TITLES = ("name", "owner", "fuel", "supplies", "ore", "water", "other", "damage", "where")
HEADER_TIPS = {
    "Sup": "Supplies",
    "H₂O": "Water",
    "Dmg": "Damage taken on each track: W weapons, D drives, S structure (hover a cell "
    "for the track's capacity)",
    "Where": "Docked, landed, in orbit, or the hex it is in (hover a cell for the whole)",
}
#: the columns of free text, kept to so many pixels that those after them stay in view
#: (their cells elide, "1 torpedo, 2 mi…", and hovering reads them whole)
WIDE = {"Name": 80, "Owner": 50, "Other": 60, "Dmg": 50}
#: the last column takes the room left, but never less than this
WHERE_LEAST = 50


class CargoPanel(WrappedPanel):
    """See the module's docstring. Gives its orders through ``session.apply``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("np_cargo_panel")
        self.session: GameSession | None = None
        self.tree = QTreeWidget()
        self.tree.setObjectName("np_holdings")
        self.tree.setHeaderLabels(list(COLUMNS))
        for col, title in enumerate(COLUMNS):
            tip = HEADER_TIPS.get(title, TITLES[col].capitalize())
            self.tree.headerItem().setToolTip(col, tip)
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setMinimumHeight(60)
        self.tree.setToolTip("Every base's and outpost's stocks and every ship's hold")
        self.base = QComboBox()
        self.base.setPlaceholderText("no base of yours")
        self.base.setObjectName("np_buy_base")
        self.base.setToolTip("The base of yours that pays, in supplies")
        self.base.currentIndexChanged.connect(self._enable)
        self.item = QComboBox()
        self.item.setObjectName("np_buy_item")
        self.item.setToolTip("A ship (docked at the base, empty) or cargo for the base")
        self.count = QSpinBox()
        self.count.setObjectName("np_buy_count")
        self.count.setRange(1, 99)
        self.buy = QPushButton("&Buy")
        self.buy.setObjectName("np_buy")
        self.buy.clicked.connect(self._buy)
        self.ship = QComboBox()
        self.ship.setPlaceholderText("no ship carrying one")
        self.ship.setObjectName("np_deploy_ship")
        self.ship.setToolTip("A ship of yours carrying a base or an outpost")
        self.ship.currentIndexChanged.connect(self._ship_changed)
        self.kind = QComboBox()
        self.kind.setObjectName("np_deploy_kind")
        self.deploy = QPushButton("De&ploy")
        self.deploy.setObjectName("np_deploy")
        self.deploy.clicked.connect(self._deploy)
        self.development = QGroupBox("Development")
        dev = QFormLayout(self.development)
        # the choice has a line of its own, so "Battleship (150 supplies)" is read whole
        buy_row = QHBoxLayout()
        buy_row.addWidget(QLabel("how many:"))
        buy_row.addWidget(self.count)
        buy_row.addStretch(1)
        buy_row.addWidget(self.buy)
        dev.addRow("At:", self.base)
        dev.addRow("Buy:", self.item)
        dev.addRow("", buy_row)
        deploy_row = QHBoxLayout()
        deploy_row.addWidget(self.ship, 1)
        deploy_row.addWidget(self.kind)
        deploy_row.addWidget(self.deploy)
        dev.addRow("Deploy:", deploy_row)
        self.transfer = QPushButton("&Transfer…")
        self.transfer.setObjectName("np_transfer")
        self.transfer.setToolTip("Order a transfer of cargo or fuel (logistics phase)")
        self.transfer.clicked.connect(self.open_transfer)
        self.results = QLabel("")
        self.results.setObjectName("np_economy_results")
        self.results.setWordWrap(True)
        # what the player at the table has ordered here, and why an order was refused:
        # said where the order was given, not only in the Orders dock behind this one
        self.given = QLabel("")
        self.given.setObjectName("np_economy_orders")
        self.given.setWordWrap(True)
        self.given.setToolTip("Your orders for this phase, sealed when you end it (Orders dock)")
        self.refusal = QLabel("")
        self.refusal.setObjectName("np_economy_refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        self.refusal.setVisible(False)
        # the scenario's stockpile goals and how far each player has got: the stocks
        # below hold the figures, but scattered over every base and outpost
        self.goals = QLabel("")
        self.goals.setObjectName("np_goals")
        self.goals.setWordWrap(True)
        self.goals.setToolTip("What wins the game, and what each player holds towards it")
        self._turn: tuple[object, ...] | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self.goals)
        # what the player can order, and why an order was refused, first: in view without
        # scrolling at the dock's default height; the stocks take the room left below
        layout.addWidget(self.development)
        layout.addWidget(self.transfer)
        layout.addWidget(self.refusal)
        layout.addWidget(self.given)
        layout.addWidget(self.tree, 1)
        # in the panel's own layout, so its wrapped lines get the height they need
        layout.addWidget(self.results)

    def refresh(self, session: GameSession | None) -> None:
        if session is not self.session:
            if self.session is not None:
                self.session.refused.disconnect(self.show_refusal)
            if session is not None:
                session.refused.connect(self.show_refusal)
        self.session = session
        self.tree.clear()
        turn = None if session is None else (session.state.round, session.phase(), session.seat())
        if turn != self._turn:  # a refusal is the player's own: gone with their turn
            self._turn = turn
            self.show_refusal("")
        self._show_given(session)
        self.goals.setText("" if session is None else goals_text(session.state))
        self.goals.setVisible(bool(self.goals.text()))
        if session is None:
            for w in (self.development, self.transfer):
                w.setEnabled(False)
            self.results.setText("")
            return
        state = session.state
        for h in reading.holders(state):
            cells = _row(h)
            row = QTreeWidgetItem([shown for shown, _ in cells])
            for col, (_, whole) in enumerate(cells):  # a cut cell is read whole by hovering
                row.setToolTip(col, f"{h.name}: {TITLES[col]} {whole or 'none'}")
            self.tree.addTopLevelItem(row)
        self._size_columns()
        seat = session.seat()
        phase = session.phase()
        me = mine(session)
        bases = [(h.name, h.id) for h in reading.holders(state, me) if h.kind == "base"]
        fill(self.base, bases, None)
        fill(self.item, _for_sale(state), None)
        for i in range(self.item.count()):
            self.item.setItemData(i, self.item.itemText(i), Qt.ItemDataRole.ToolTipRole)
        carriers = [
            (h.name, h.id)
            for h in reading.holders(state, me)
            if h.kind == "ship" and (h.amount("base") or h.amount("outpost"))
        ]
        fill(self.ship, carriers, None)
        self._ship_changed()
        self.development.setEnabled(seat is not None and phase == "development")
        self.transfer.setEnabled(seat is not None and phase == "logistics")
        results = transfer_results(session)
        self.results.setText(
            "Last logistics phase:\n" + "\n".join(results) if results else "No transfers yet."
        )
        self._enable()

    def _size_columns(self) -> None:
        """Numbers as wide as they are, free text up to its cap, and the last column
        (Where) the room left: no scroll bar at the dock's default width."""
        last = len(COLUMNS) - 1
        used = 0
        for col, title in enumerate(COLUMNS[:last]):
            self.tree.resizeColumnToContents(col)
            if title in WIDE:
                self.tree.setColumnWidth(col, min(self.tree.columnWidth(col), WIDE[title]))
            used += self.tree.columnWidth(col)
        self.tree.resizeColumnToContents(last)
        room = max(WHERE_LEAST, self.tree.viewport().width() - used)
        self.tree.setColumnWidth(last, min(self.tree.columnWidth(last), room))
        self._cut_names()

    def _cut_names(self) -> None:
        """Names longer than their column cut in the middle, so a ship and its outpost
        ("Ann's prospector's Outpost") still read apart; the other columns cut at the
        end ("1 torp…"), and hovering any cell reads it whole."""
        metrics = self.tree.fontMetrics()
        margin = self.tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
        room = self.tree.columnWidth(0) - 2 * margin  # as the view itself leaves
        for i in range(self.tree.topLevelItemCount()):
            row = self.tree.topLevelItem(i)
            if row is None:
                continue
            whole = row.data(0, Qt.ItemDataRole.UserRole) or row.text(0)
            row.setData(0, Qt.ItemDataRole.UserRole, whole)
            row.setText(0, metrics.elidedText(whole, Qt.TextElideMode.ElideMiddle, room))

    def show_refusal(self, reason: str) -> None:
        self.refusal.setText(f"Refused: {reason}" if reason else "")
        self.refusal.setVisible(bool(reason))

    def _show_given(self, session: GameSession | None) -> None:
        given = [] if session is None else own_orders(session)
        if session is not None and session.phase() in ("development", "logistics"):
            state = session.state
            lines = [f"✓ {reading.describe(state, order)}" for order in given]
            self.given.setText(
                "Your orders (sealed when you end the phase):\n" + "\n".join(lines)
                if lines
                else "No orders given yet in this phase."
            )
        else:
            self.given.setText("")
        self.given.setVisible(bool(self.given.text()))

    def _ship_changed(self) -> None:
        if self.session is None:
            return
        h = reading.holder(self.session.state, self.ship.currentData())
        kinds = [] if h is None else [k for k in ("base", "outpost") if h.amount(k)]
        fill(self.kind, [(k, k) for k in kinds], None)
        self._enable()

    def _enable(self) -> None:
        self.buy.setEnabled(self.base.count() > 0 and self.item.count() > 0)
        self.deploy.setEnabled(self.ship.count() > 0 and self.kind.count() > 0)

    def _buy(self) -> None:
        if self.session is None or self.base.currentData() is None:
            return
        self.show_refusal("")
        order = Purchase(
            mine(self.session), self.base.currentData(), self.item.currentData(), self.count.value()
        )
        self.session.apply(order)

    def _deploy(self) -> None:
        if self.session is None or self.ship.currentData() is None:
            return
        self.show_refusal("")
        self.session.apply(
            Deploy(mine(self.session), self.ship.currentData(), self.kind.currentData())
        )

    def open_transfer(self) -> None:
        if self.session is None or self.session.seat() is None:
            return
        dialog = TransferDialog(
            self.session.state, mine(self.session), transfer_results(self.session), self
        )
        if dialog.exec() == QDialog.DialogCode.Accepted:
            order = dialog.order()
            if order is not None:
                self.session.apply(order)


def goals_text(state: GameState) -> str:
    """Each stockpile goal of the game and what every player holds towards it:
    "Goal: the first to hold 2 ore in their bases and outposts wins. Now: Ann 1, Bob 0"."""
    names = {p.id: p.name for p in state.players}
    lines = []
    for goal in state.victory:
        if isinstance(goal, Stockpile):
            now = ", ".join(f"{names.get(pid, pid)} {n}" for pid, n in goal.held(state).items())
            lines.append(
                f"Goal: the first to hold {goal.amount} {goal.good} in their bases and "
                f"outposts wins. Now: {now}"
            )
    return "\n".join(lines)


def _row(h: reading.Holder) -> list[tuple[str, str]]:
    """Each cell as shown and as its tooltip says it whole."""
    other = ", ".join(
        plural(n, k, "torpedoes" if k == "torpedo" else None)
        for k, n in h.items
        if k not in reading.GOODS
    )
    taken = [(t, n, cap) for t, n, cap in h.tracks if n]
    damage = ", ".join(f"{t} {n}/{cap}" for t, n, cap in taken)
    short = " ".join(f"{t[0].upper()}{n}" for t, n, _cap in taken)
    plain = [h.name, h.owner_name, h.fuel] + [
        str(h.amount(k)) for k in ("supplies", "ore", "water")
    ]
    return [
        *((text, text) for text in plain),
        (other, other),
        (short or "-", damage or "none"),
        (h.place.short(), h.place.detail()),
    ]


def _for_sale(state: GameState) -> list[tuple[str, str]]:
    """Everything a base may buy, with its price in supplies."""
    tables = model.tables_of(state)
    rows = []
    for unit in state.rules.units:
        if unit.cost is not None:
            rows.append((f"{unit.name} ({int(unit.cost)} supplies)", unit.id))
    kinds: tuple[OrdnanceKind | InstallationKind, ...] = (*tables.ordnance, *tables.installations)
    for kind in kinds:
        rows.append((f"{kind.name} ({kind.cost} supplies)", kind.id))
    return rows
