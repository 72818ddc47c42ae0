"""The orders panel beside the boards: the stack in the selected hex (own counters
ticked to move together), and the orders of the step: moving by clicking a hex within
maneuver, Jump…, fire at a target clicked in range (the damage previewed before the
order is given), Repair, placing "?" counters, forming and disbanding fleets.

Every order goes to the session (:mod:`app.rules.squadrons.play.session`), which
refuses an illegal one with the rule's reason (shown in the status line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.rules.squadrons.play import orders
from app.rules.squadrons.play.jump_dialog import JumpDialog
from app.rules.squadrons.play.steps import kind_of
from core.rules.squadrons.commands import (
    BeginJump,
    CancelJump,
    DisbandFleet,
    Fire,
    FormFleet,
    Move,
    PlaceVeil,
    Repair,
)
from core.rules.squadrons.damage import now
from core.rules.squadrons.factors import FACTOR_TITLES
from core.rules.squadrons.movement import departure_problem
from core.rules.squadrons.state import Counter, Place, SquadronGame

if TYPE_CHECKING:
    from app.rules.squadrons.play.page import SquadronPage
    from core.board.hexgrid import Hex

ID_ROLE = Qt.ItemDataRole.UserRole
#: set on the row of one of the side's own "?" counters (its id is under ID_ROLE)
OWN_VEIL_ROLE = Qt.ItemDataRole.UserRole + 1
#: the tooltip of that row: what ticking it does
OWN_VEIL_TIP = (
    'Ticked, your "?" moves with the ticked counters; unticked, it stays here over the '
    "counters left behind. Counters moved without it are seen by the enemy."
)
REACH_COLOUR = "#009e73"
RANGE_COLOUR = "#d55e00"


#: what the panel says with nothing selected (the keyboard's way too)
NOTHING_SELECTED = (
    "Click a hex with counters to select them, or move there with the arrow keys and press Enter."
)


class OrdersPanel(QWidget):
    """See the module's docstring."""

    def __init__(self, page: SquadronPage) -> None:
        super().__init__(page)
        self.page = page
        self.setObjectName("squadron_orders")
        self.setMinimumWidth(300)
        self.setMaximumWidth(380)
        self.here: Place | None = None
        self.state: SquadronGame | None = None
        self.side = ""
        self._reach: list[Hex] = []
        self._aimed: Hex | None = None
        self.where = QLabel(NOTHING_SELECTED)
        self.where.setObjectName("selected_hex")
        self.where.setWordWrap(True)  # as tall whatever it says: the buttons stay put
        self.where.setMinimumHeight(3 * self.fontMetrics().lineSpacing())
        self.stack = QListWidget()
        self.stack.setObjectName("stack_list")
        self.stack.setMinimumHeight(5 * self.fontMetrics().lineSpacing())
        self.stack.currentItemChanged.connect(lambda *_: self._current_changed())
        self.stack.itemChanged.connect(lambda _: self._ticks_changed())
        self.jump_button = self._button("&Jump…", "Order a secret jump for the selected squadron")
        self.jump_button.clicked.connect(self._jump)
        self.cancel_jump_button = self._button("&Cancel Jump", "Take back this jump order")
        self.cancel_jump_button.clicked.connect(self._cancel_jump)
        self.fleet_button = self._button("Form F&leet", "Put the ticked counters under a fleet")
        self.fleet_button.clicked.connect(self._form_fleet)
        self.disband_button = self._button("&Disband Fleet", "Take the fleet counter away")
        self.disband_button.clicked.connect(self._disband)
        self.target_box = QComboBox()
        self.target_box.setObjectName("fire_target")
        self.target_box.currentIndexChanged.connect(lambda _: self._show_preview())
        self.preview = QLabel("")
        self.preview.setObjectName("fire_preview")
        self.preview.setWordWrap(True)
        self.preview.setMinimumHeight(6 * self.fontMetrics().lineSpacing())
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.allot = QWidget()
        self.allot.setObjectName("allot_damage")
        allot_row = QGridLayout(self.allot)
        allot_row.setContentsMargins(0, 0, 0, 0)
        self.allot_boxes: dict[str, QSpinBox] = {}
        for i, name in enumerate(orders.ALLOTTABLE):
            box = QSpinBox()
            box.setObjectName(f"allot_{name}")
            box.setRange(0, 99)
            box.setAccessibleName(FACTOR_TITLES[name])
            box.setToolTip(f"Hits past defense allotted to {FACTOR_TITLES[name]}")
            box.valueChanged.connect(lambda _: self._show_preview())
            allot_row.addWidget(QLabel(FACTOR_TITLES[name]), i // 2, 2 * (i % 2))
            allot_row.addWidget(box, i // 2, 2 * (i % 2) + 1)
            self.allot_boxes[name] = box
        self.fire_button = self._button("&Order Fire", "Give the fire order previewed above")
        self.fire_button.clicked.connect(self._fire)
        self.fire_orders = QListWidget()
        self.fire_orders.setObjectName("fire_orders")
        self.fire_orders.setMaximumHeight(4 * self.fontMetrics().lineSpacing() + 8)
        self.source_box = QComboBox()
        self.source_box.setObjectName("repair_source")
        self.repair_button = self._button("&Repair", "Remove one hit with one supply counter")
        self.repair_button.clicked.connect(self._repair)
        self.place_button = self._button(
            '&Place "?"', "Click a hex, or a system on the jump board (or Enter on the hex cursor)"
        )
        self.place_button.setCheckable(True)
        fire = QGroupBox("Fire")
        fire_box = QVBoxLayout(fire)
        fire_box.addWidget(QLabel("Target:"))
        fire_box.addWidget(self.target_box)
        fire_box.addWidget(self.allot)
        fire_box.addWidget(self.preview)
        fire_box.addWidget(self.fire_button)
        fire_box.addWidget(QLabel("Your sealed orders:"))
        fire_box.addWidget(self.fire_orders)
        self.fire_group = fire
        layout = QVBoxLayout(self)
        layout.addWidget(self.where)
        layout.addWidget(self.stack, 1)
        for pair in (
            (self.jump_button, self.cancel_jump_button),
            (self.fleet_button, self.disband_button),
            (self.source_box, self.repair_button),
        ):
            row = QHBoxLayout()
            for w in pair:
                row.addWidget(w)
            layout.addLayout(row)
        layout.addWidget(self.place_button)
        layout.addWidget(fire)  # its own height: the list above takes the rest, steadily

    def _button(self, text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        return button

    # ---- what the page asks

    def is_selected(self, counter_id: str) -> bool:
        return counter_id in self.ticked()

    def placing(self) -> bool:
        return self.place_button.isChecked() and self.place_button.isEnabled()

    def clear_selection(self) -> None:
        self.here = None
        self._aimed = None
        self.place_button.setChecked(False)

    def refresh(self, state: SquadronGame, side: str) -> None:
        """Show the game as ``side`` sees it; the selection is kept where it still is."""
        self.state, self.side = state, side
        step = kind_of(self.page.session.step())
        seated = self.page.seated()
        self._fill_stack()
        hand = state.hand(side)
        self.place_button.setEnabled(seated and step == "place" and hand > 0)
        if not self.place_button.isEnabled():
            self.place_button.setChecked(False)
        in_hand = f" ({hand} in hand)" if step == "place" else ""
        self.place_button.setText(f'&Place "?"{in_hand}')
        self.fire_group.setEnabled(seated and step == "fire")
        self.allot.setVisible(state.switch("allotted_damage"))
        self.fire_orders.clear()
        for order in state.sealed:
            if isinstance(order, Fire):
                firer = state.counter(order.firer)
                target = state.counter(order.target)
                name = target.name if target is not None else 'a "?" counter'
                self.fire_orders.addItem(f"{firer.name if firer else order.firer} → {name}")
        self._update_buttons()

    # ---- selecting

    def clicked(self, system: str, h: Hex | None) -> None:
        """A click on ``system``'s board."""
        state = self.state
        if h is None or state is None or not self.page.seated():
            return
        step = kind_of(self.page.session.step())
        player = self._player()
        if self.placing():
            self.page.session.apply(PlaceVeil(player, system, h))
            return
        here = self.here
        if step == "move" and here is not None and here.system == system and h in self._reach:
            ids = tuple(self.ticked())
            veils = tuple(self.ticked(veils=True))
            self.here = Place(system, h)
            self.page.session.apply(Move(player, ids, h, veils))
            return
        firer = self.current()
        aiming = firer is not None and firer.side == self.side and firer.place is not None
        if step == "fire" and aiming and firer.place.system == system:  # type: ignore[union-attr]
            found = orders.targets(state, firer, h)  # type: ignore[arg-type]
            if found:
                self._aim(h, found)
                return
        self.here = Place(system, h)
        self._aimed = None
        self._fill_stack()
        self._update_buttons()

    def ticked(self, veils: bool = False) -> list[str]:
        """The own counters ticked in the stack list (with ``veils``, the own "?"
        counters ticked to go with them)."""
        found = []
        for i in range(self.stack.count()):
            item = self.stack.item(i)
            veil = bool(item.data(OWN_VEIL_ROLE))
            if item.checkState() == Qt.CheckState.Checked and veil == veils:
                found.append(item.data(ID_ROLE))
        return found

    def current(self) -> Counter | None:
        """The counter of the stack list's current row (on the row of the side's own
        "?", the first counter ticked to move, whose reach is then shown)."""
        item = self.stack.currentItem()
        if item is None or self.state is None:
            return None
        if item.data(OWN_VEIL_ROLE):
            ticked = self.ticked()
            return self.state.counter(ticked[0]) if ticked else None
        return self.state.counter(item.data(ID_ROLE))

    def _player(self) -> str:
        seat = self.page.session.seat()
        return seat.id if seat is not None else ""

    def _fill_stack(self) -> None:
        state = self.state
        current = self.stack.currentItem().data(ID_ROLE) if self.stack.currentItem() else None
        ticked = set(self.ticked())
        veils_left = {
            item.data(ID_ROLE)
            for i in range(self.stack.count())
            if (item := self.stack.item(i)).data(OWN_VEIL_ROLE)
            and item.checkState() == Qt.CheckState.Unchecked
        }
        self.stack.blockSignals(True)
        self.stack.clear()
        if state is None or self.here is None:
            self.where.setText(NOTHING_SELECTED)
            self.stack.blockSignals(False)
            return
        board = state.world.board(self.here.system)
        self.where.setText(f"{self.here.system} {board.label(self.here.hex)}")
        ticks = kind_of(self.page.session.step()) in ("move", "repair")
        for v in state.veils:
            if v.system == self.here.system and v.hex == self.here.hex and v.side != self.side:
                item = QListWidgetItem(f'"?" counter ({v.side})')
                item.setData(ID_ROLE, v.id)
                self.stack.addItem(item)
        for v in state.veils:  # the side's own "?": ticked to go along, or left here
            if v.system == self.here.system and v.hex == self.here.hex and v.side == self.side:
                item = QListWidgetItem(f'Your "?" counter over this hex ({v.side})')
                item.setData(ID_ROLE, v.id)
                item.setData(OWN_VEIL_ROLE, True)
                item.setToolTip(OWN_VEIL_TIP)
                if kind_of(self.page.session.step()) == "move":
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    left = v.id in veils_left
                    item.setCheckState(Qt.CheckState.Unchecked if left else Qt.CheckState.Checked)
                self.stack.addItem(item)
        here = [c for c in state.on_board() if c.place == self.here]
        for c in here:
            item = QListWidgetItem(orders.row_text(state, c))
            item.setData(ID_ROLE, c.id)
            item.setToolTip(orders.ROW_TIP.format(name=c.name))
            if c.side == self.side and ticks:  # ticks move or group; not in a fire step
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                fresh = not ticked and current is None and now(state, c).maneuver > c.spent
                on = c.id in ticked or fresh
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.stack.addItem(item)
        rows = [self.stack.item(i).data(ID_ROLE) for i in range(self.stack.count())]
        own = sorted(
            (c for c in here if c.side == self.side), key=lambda c: now(state, c).maneuver == 0
        )
        ids = [c.id for c in own]
        pick = current if current in rows else (ids[0] if ids else (rows[0] if rows else None))
        if pick is not None:
            self.stack.setCurrentRow(rows.index(pick))
        else:  # an empty hex: say so, and how to pick something
            self.where.setText(f"{self.where.text()}: nothing seen here; click a counter")
        self.stack.blockSignals(False)
        self._current_changed()

    def _current_changed(self) -> None:
        counter = self.current()
        self.page.sheet.show_counter(self.state, counter, self.side)
        self._aimed = None
        self._update_buttons()

    def _ticks_changed(self) -> None:
        self._update_buttons()
        self.page.refresh()

    # ---- buttons and marks

    def _update_buttons(self) -> None:
        state = self.state
        counter = self.current()
        step = kind_of(self.page.session.step())
        seated = self.page.seated()
        mine = counter is not None and counter.side == self.side and seated
        moving = mine and step == "move"
        # "moving" and "mine" hold only with a counter (and so with a state)
        jump = counter.jump if counter is not None else None
        planet = counter is not None and counter.is_planet
        self.jump_button.setEnabled(moving and jump is None and not planet)
        self.cancel_jump_button.setEnabled(moving and jump is not None)
        ticked = self.ticked()
        self.fleet_button.setEnabled(mine and step in ("move", "repair") and len(ticked) > 1)
        fleet = self._fleet_here()
        self.disband_button.setEnabled(seated and step in ("move", "repair") and fleet is not None)
        self.source_box.clear()
        if (
            mine
            and counter is not None
            and state is not None
            and step == "repair"
            and orders.repairs_left(state, counter) > 0
        ):
            for title, source in orders.supply_sources(state, counter):
                self.source_box.addItem(title, source)
        self.repair_button.setEnabled(self.source_box.count() > 0)
        self.source_box.setEnabled(self.source_box.count() > 0)
        self._show_marks(step, counter if mine else None)
        if self._aimed is None:
            self._offer_targets(counter if mine and step == "fire" else None, step)
        self.fire_button.setEnabled(self.target_box.count() > 0)

    def _offer_targets(self, firer: Counter | None, step: str) -> None:
        """With a firer selected, everything it may fire at (wherever the board is
        scrolled), nearest first, the first previewed; else what to do, in words."""
        self.target_box.blockSignals(True)
        self.target_box.clear()
        state = self.state
        if state is not None and firer is not None:
            for title, target in orders.all_targets(state, firer):
                self.target_box.addItem(title, target)
        self.target_box.blockSignals(False)
        if self.target_box.count():
            self._show_preview()
        else:
            self.preview.setText(orders.no_target(state, firer) if step == "fire" else "")

    def _show_marks(self, step: str, counter: Counter | None) -> None:
        state = self.state
        self._reach = []
        if state is None or counter is None or counter.place is None:
            self.page.show_marks("", [], "", "")
            return
        system = counter.place.system
        if step == "move":
            self._reach = orders.reach(state, self.ticked())
            tip = "Click to move the ticked counters here"
            self.page.show_marks(system, self._reach, REACH_COLOUR, tip)
        elif step == "fire":
            hexes = orders.in_range(state, counter)
            self.page.show_marks(system, hexes, RANGE_COLOUR, "In attack range: click to aim")
        else:
            self.page.show_marks("", [], "", "")

    def _fleet_here(self) -> object | None:
        state = self.state
        if state is None or self.here is None:
            return None
        here = {c.id for c in state.on_board(self.side) if c.place == self.here}
        mine = [f for f in state.fleets if f.side == self.side and here & set(f.members)]
        return mine[0] if mine else None

    # ---- fire

    def _aim(self, h: Hex, found: list[orders.Target]) -> None:
        self._aimed = h
        self.target_box.blockSignals(True)
        self.target_box.clear()
        for target in found:
            self.target_box.addItem(target.title, target)
        self.target_box.blockSignals(False)
        self._show_preview()
        self.fire_button.setEnabled(True)

    def _show_preview(self) -> None:
        firer, target = self.current(), self.target_box.currentData()
        if self.state is None or firer is None or target is None:
            return
        self.preview.setText(orders.preview(self.state, firer, target, self._allotted()))

    def _allotted(self) -> orders.Allot:
        """The hits allotted to each factor (the alternative damage rule), if any."""
        if self.state is None or not self.state.switch("allotted_damage"):
            return ()
        return tuple((n, box.value()) for n, box in self.allot_boxes.items() if box.value())

    def _fire(self) -> None:
        firer, target = self.current(), self.target_box.currentData()
        if firer is None or target is None:
            return
        order = Fire(self._player(), firer.id, target.id, self._allotted())
        if self.page.session.apply(order):
            self._aimed = None
            self._update_buttons()

    # ---- the other orders

    def _jump(self) -> None:
        counter, state = self.current(), self.state
        if counter is None or state is None or counter.place is None:
            return
        dialog = JumpDialog(
            state.world,
            counter.name,
            counter.place.system,
            now(state, counter).jump,
            counter.fuel,
            self,
            blocked=departure_problem(state, counter),
        )
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        # the window takes the keyboard back (with no window manager to hand it back,
        # Ctrl+Enter would otherwise do nothing after the dialog)
        QTimer.singleShot(0, self.page.host.activateWindow)
        if not accepted:
            return
        chosen = dialog.choice()
        if chosen is not None:
            self.page.session.apply(BeginJump(self._player(), counter.id, *chosen))

    def _cancel_jump(self) -> None:
        counter = self.current()
        if counter is not None:
            self.page.session.apply(CancelJump(self._player(), counter.id))

    def _repair(self) -> None:
        counter = self.current()
        if counter is not None:
            source = self.source_box.currentData() or ""
            self.page.session.apply(Repair(self._player(), counter.id, source))

    def place_on_jump_board(self, system: str) -> None:
        self.page.session.apply(PlaceVeil(self._player(), system, None))

    def _form_fleet(self) -> None:
        name, ok = QInputDialog.getText(self, "Form Fleet", "The fleet's name:")
        QTimer.singleShot(0, self.page.host.activateWindow)
        if ok and name.strip():
            self.page.session.apply(FormFleet(self._player(), name.strip(), tuple(self.ticked())))

    def _disband(self) -> None:
        fleet = self._fleet_here()
        if fleet is not None:
            self.page.session.apply(DisbandFleet(self._player(), fleet.id))  # type: ignore[attr-defined]
