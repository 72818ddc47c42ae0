"""The Orders dock's controls for the phases whose orders are given there: releasing
ordnance, attacking (with the preview of shares, range, velocity term, ratio and band
before anything is sealed), landing or docking instead of a burn. Each form builds the
rule system's order and hands it to ``give``, which checks it through the session."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.play.session import GameSession
from app.rules.nplanetary import reading
from app.rules.nplanetary.preview_words import preview_text
from core.board.hexgrid import Direction
from core.rules.nplanetary import model
from core.rules.nplanetary.orders import Attack, Dock, Land, LayOrdnance
from core.rules.nplanetary.sites import free_docks, landings
from core.vector.state import GameState, ShipStatus

Give = Callable[[object], bool]
REFUSAL_STYLE = "color: #d9363e; font-weight: bold;"
ID = Qt.ItemDataRole.UserRole


def fill(combo: QComboBox, rows: list[tuple[str, str]], keep: str | None) -> None:
    """Refill ``combo`` with (text, id) rows, keeping ``keep`` chosen if it is there."""
    combo.blockSignals(True)
    current = keep if keep is not None else combo.currentData()
    combo.clear()
    for text, key in rows:
        combo.addItem(text, key)
    at = combo.findData(current)
    combo.setCurrentIndex(at if at >= 0 else 0)
    combo.blockSignals(False)


def mine(session: GameSession) -> str:
    seat = session.seat()
    return seat.id if seat is not None else ""


class NoteForm(QWidget):
    """A phase whose orders are given elsewhere: a line saying where."""

    def __init__(self) -> None:
        super().__init__()
        self.text = QLabel("")
        self.text.setObjectName("np_orders_note")
        self.text.setWordWrap(True)
        QVBoxLayout(self).addWidget(self.text)

    def say(self, text: str) -> None:
        self.text.setText(text)


class OrdnanceForm(QWidget):
    """A ship, a piece of ordnance it carries, a torpedo's first-turn burn, Launch."""

    def __init__(self, give: Give) -> None:
        super().__init__()
        self.give = give
        self.session: GameSession | None = None
        self.ship = QComboBox()
        self.ship.setObjectName("np_launch_ship")
        self.ship.setToolTip("An armed ship of yours that carries ordnance")
        self.ship.currentIndexChanged.connect(self._ship_changed)
        self.kind = QComboBox()
        self.kind.setObjectName("np_launch_kind")
        self.kind.setToolTip("The piece of ordnance to release")
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.turns = [QComboBox(), QComboBox()]
        for i, box in enumerate(self.turns):
            box.setObjectName(f"np_torpedo_turn_{i + 1}")
            box.setToolTip("A torpedo may change its vector by one or two hexes on its first turn")
        self.stays = QLabel(
            "With no turn, the torpedo keeps the ship's course and position: burn away "
            "from it before the next round, or it meets its own ship."
        )
        self.stays.setObjectName("np_torpedo_stays")
        self.stays.setWordWrap(True)
        for box in self.turns:
            box.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.button = QPushButton("&Launch")
        self.button.setObjectName("np_launch")
        self.button.setToolTip("Release the piece: checked now, sealed when the phase ends")
        self.button.clicked.connect(self._launch)
        form = QFormLayout(self)
        form.addRow("Ship:", self.ship)
        form.addRow("Ordnance:", self.kind)
        turn = QHBoxLayout()
        for box in self.turns:
            turn.addWidget(box)
        form.addRow("Torpedo turn:", turn)
        form.addRow(self.stays)
        form.addRow(self.button)

    def refresh(self, session: GameSession, selected: str | None) -> None:
        self.session = session
        state = session.state
        rows = [
            (s.name, s.id)
            for s in state.ships
            if s.owner == mine(session) and model.may_attack(state, s) and _ordnance(state, s.id)
        ]
        fill(self.ship, rows, selected if any(r[1] == selected for r in rows) else None)
        o = state.starmap.bounds.orientation
        for box in self.turns:
            fill(box, [("no turn", "")] + [(d.name_in(o), d.name) for d in Direction], None)
        self._ship_changed()

    def _ship_changed(self) -> None:
        if self.session is None:
            return
        ship = self.ship.currentData()
        fill(self.kind, [(k, k) for k in _ordnance(self.session.state, ship)], None)
        self._kind_changed()

    def _kind_changed(self) -> None:
        torpedo = self.kind.currentData() == "torpedo"
        for box in self.turns:
            box.setEnabled(torpedo)
        self.stays.setVisible(torpedo and not any(b.currentData() for b in self.turns))
        self.button.setEnabled(self.ship.count() > 0 and self.kind.count() > 0)

    def _launch(self) -> None:
        if self.session is None or self.ship.currentData() is None:
            return
        burn: tuple[Direction, ...] = ()
        if self.kind.currentData() == "torpedo":
            burn = tuple(Direction[b.currentData()] for b in self.turns if b.currentData())
        self.give(
            LayOrdnance(mine(self.session), self.ship.currentData(), self.kind.currentData(), burn)
        )


def _ordnance(state: GameState, ship_id: str | None) -> list[str]:
    if ship_id is None:
        return []
    hold = model.hold_of(state.ship(ship_id))
    kinds = [k.id for k in model.tables_of(state).ordnance]
    return [k for k in kinds if hold.amount(k) > 0]


class CombatForm(QWidget):
    """An attacker, its targets (ticked with the mouse or Space), the strength it
    commits, the preview of what that does, and Attack."""

    def __init__(self, give: Give) -> None:
        super().__init__()
        self.give = give
        self.session: GameSession | None = None
        self._picked: str | None = None  # the ship last selected on the map
        self._turn: tuple[object, ...] | None = None
        self.attacker = QComboBox()
        self.attacker.setObjectName("np_attacker")
        self.attacker.setToolTip("A ship or base of yours with working weapons")
        self.attacker.currentIndexChanged.connect(self._attacker_changed)
        self.targets = QListWidget()
        self.targets.setObjectName("np_targets")
        self.targets.setToolTip("Tick the targets (Space ticks the highlighted one)")
        self.targets.setMinimumHeight(56)
        self.targets.setMaximumHeight(84)
        self.targets.itemChanged.connect(lambda _item: self._update())
        self.strength = QSpinBox()
        self.strength.setObjectName("np_strength")
        self.strength.setToolTip("The strength committed, shared equally; less is a warning shot")
        self.strength.valueChanged.connect(lambda _v: self._update())
        self.preview = QLabel("")
        self.preview.setObjectName("np_combat_preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.button = QPushButton("&Attack")
        self.button.setObjectName("np_attack")
        self.button.setToolTip("Give the attack: checked now, sealed when the phase ends")
        self.button.clicked.connect(self._attack)
        form = QFormLayout()
        form.addRow("Attacker:", self.attacker)
        form.addRow("Strength:", self.strength)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(QLabel("Targets:"))
        layout.addWidget(self.targets)
        layout.addWidget(self.preview)
        layout.addWidget(self.button)

    def refresh(self, session: GameSession, selected: str | None) -> None:
        self.session = session
        state = session.state
        me = mine(session)
        rows = [
            (h.name, h.id) for h in reading.holders(state, me) if h.attacks and _armed(state, h.id)
        ]
        fill(self.attacker, rows, selected if any(r[1] == selected for r in rows) else None)
        self._attacker_changed()
        turn = (state.round, session.phase(), me)
        fresh = turn == self._turn and selected != self._picked
        if fresh and not any(r[1] == selected for r in rows):
            self._tick(selected)  # another's ship picked on the map now: a target
        self._turn, self._picked = turn, selected

    def _tick(self, target: str | None) -> None:
        for i in range(self.targets.count()):
            item = self.targets.item(i)
            if item.data(ID) == target:
                item.setCheckState(Qt.CheckState.Checked)
                self.targets.setCurrentItem(item)

    def _attacker_changed(self) -> None:
        if self.session is None:
            return
        state = self.session.state
        attacker = self.attacker.currentData()
        ticked = set(self.ticked())
        self.targets.blockSignals(True)
        self.targets.clear()
        for h in reading.holders(state):
            if h.id != attacker:
                self._add_target(f"{h.name} ({h.owner_name}'s {h.kind_name.lower()})", h.id, ticked)
        for piece in state.ordnance:
            self._add_target(reading.name_of(state, piece.id), piece.id, ticked)
        self.targets.blockSignals(False)
        top = reading.holder(state, attacker).strength if attacker else 0  # type: ignore[union-attr]
        self.strength.blockSignals(True)
        self.strength.setRange(1 if top else 0, max(top, 0))
        self.strength.setValue(top)
        self.strength.blockSignals(False)
        self._update()

    def _add_target(self, text: str, key: str, ticked: set[str]) -> None:
        item = QListWidgetItem(text)
        item.setData(ID, key)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if key in ticked else Qt.CheckState.Unchecked)
        self.targets.addItem(item)

    def ticked(self) -> list[str]:
        return [
            self.targets.item(i).data(ID)
            for i in range(self.targets.count())
            if self.targets.item(i).checkState() == Qt.CheckState.Checked
        ]

    def _update(self) -> None:
        attacker = self.attacker.currentData()
        targets = self.ticked()
        ready = self.session is not None and attacker is not None and bool(targets)
        self.button.setEnabled(ready and self.strength.value() > 0)
        if not ready:
            self.preview.setText("Tick one or more targets to see the odds before you attack.")
            return
        assert self.session is not None
        self.preview.setText(
            preview_text(self.session.state, attacker, tuple(targets), self.strength.value())
        )

    def _attack(self) -> None:
        if self.session is None or self.attacker.currentData() is None:
            return
        attacker = self.attacker.currentData()
        top = reading.holder(self.session.state, attacker)
        value = self.strength.value()
        strength = None if top is not None and value >= top.strength else value
        if self.give(Attack(mine(self.session), attacker, tuple(self.ticked()), strength)):
            for i in range(self.targets.count()):
                self.targets.item(i).setCheckState(Qt.CheckState.Unchecked)


def _armed(state: GameState, thing_id: str) -> bool:
    inst = model.find_installation(state, thing_id)
    thing = inst if inst is not None else state.ship(thing_id)
    return model.may_attack(state, thing)


class MovementForm(QWidget):
    """Instead of a burn plotted on the map: land at a base, or dock at one. Only the
    places the chosen ship can reach now are offered, each with what it costs."""

    def __init__(self, give: Give) -> None:
        super().__init__()
        self.give = give
        self.session: GameSession | None = None
        note = QLabel("Plot burns on the map. Instead of a burn, a ship may land or dock:")
        note.setWordWrap(True)
        self.ship = QComboBox()
        self.ship.setObjectName("np_dock_ship")
        self.ship.currentIndexChanged.connect(lambda _i: self._ship_changed())
        self.place = QComboBox()
        self.place.setObjectName("np_dock_at")
        self.place.setToolTip("A base or outpost the ship can reach now")
        self.place.currentIndexChanged.connect(lambda _i: self._enable())
        self.none = QLabel("")
        self.none.setObjectName("np_dock_none")
        self.none.setWordWrap(True)
        self.land = QPushButton("La&nd")
        self.land.setObjectName("np_land")
        self.land.setToolTip("Land at a base on the planet the ship orbits, for 1 fuel")
        self.land.clicked.connect(lambda: self._order(Land))
        self.dock = QPushButton("&Dock")
        self.dock.setObjectName("np_dock")
        self.dock.setToolTip("Dock, free, at an orbital base or a base or outpost at rest with it")
        self.dock.clicked.connect(lambda: self._order(Dock))
        self.obliged = QLabel("")
        self.obliged.setObjectName("np_must_move")
        self.obliged.setWordWrap(True)
        self.obliged.setStyleSheet(REFUSAL_STYLE)
        self.form = form = QFormLayout(self)
        form.addRow(note)
        form.addRow(self.obliged)
        form.addRow("Ship:", self.ship)
        form.addRow("At:", self.place)
        form.addRow(self.none)
        row = QHBoxLayout()
        row.addWidget(self.land)
        row.addWidget(self.dock)
        form.addRow(row)

    def refresh(self, session: GameSession, selected: str | None) -> None:
        self.session = session
        state = session.state
        ships = [(s.name, s.id) for s in state.ships if s.owner == mine(session) and s.in_play]
        fill(self.ship, ships, selected if any(r[1] == selected for r in ships) else None)
        must = sorted(
            s.name
            for s in state.ships
            if s.id in model.holdings_of(state).obliged and s.owner == mine(session)
        )
        self.obliged.setText(
            f"Must burn away from the mine or nuke it laid, or be hit by it: {', '.join(must)}"
            if must
            else ""
        )
        self.obliged.setVisible(bool(must))
        self._ship_changed()

    def _ship_changed(self) -> None:
        """The places the chosen ship can reach: landings from orbit, free docks."""
        if self.session is None:
            return
        state = self.session.state
        ship_id = self.ship.currentData()
        rows: list[tuple[str, str]] = []
        if ship_id is not None:
            ship = state.ship(ship_id)
            rows += [(f"land at {i.name} (1 fuel)", f"land:{i.id}") for i in landings(state, ship)]
            rows += [(f"dock at {i.name} (free)", f"dock:{i.id}") for i in free_docks(state, ship)]
        fill(self.place, rows, None)
        self.form.setRowVisible(self.place, bool(rows))  # its "At:" label too
        self.none.setText("" if rows or ship_id is None else self._why_none(state, ship_id))
        self.none.setVisible(bool(self.none.text()))
        self._enable()

    def _why_none(self, state: GameState, ship_id: str) -> str:
        """Why the chosen ship is offered no landing or docking, and what it can do."""
        name = self.ship.currentText()
        ship = state.ship(ship_id)
        if ship.status is ShipStatus.LANDED:
            base = model.find_installation(state, ship.landed_at or "")
            where = f" at {base.name}" if base is not None else ""
            if ship.fuel < 1:
                return (
                    f"{name} is landed{where} with no fuel: it stays landed until it takes "
                    "fuel on (in the logistics phase)."
                )
            return (
                f"{name} is landed{where}: to lift off, plot a burn from its hex on the map; "
                "given no order, it stays landed."
            )
        return (
            f"{name} can reach no base or outpost now: it lands from orbit round a planet "
            "with a base, docks free at a base orbiting that planet, or at a base or "
            "outpost it is at rest with."
        )

    def _enable(self) -> None:
        kind = str(self.place.currentData() or "").partition(":")[0]
        self.land.setEnabled(kind == "land")
        self.dock.setEnabled(kind == "dock")

    def _order(self, kind: type[Land] | type[Dock]) -> None:
        if self.session is None or self.ship.currentData() is None:
            return
        place = str(self.place.currentData() or "").partition(":")[2]
        self.give(kind(mine(self.session), self.ship.currentData(), place))
