"""The Combat panel: fire and launch controls, and the decisions combat asks for.

In the gun phase it shows, for the selected ship of the player at the table, each gun
ready to fire and each target in reach with the range, relative velocity, every modifier
and the chance of each result *before* the roll. When an attack waits for its target's
owner, it asks them: place the hit's damage (on the manifest sheet, or as suggested), or
fire back with the guns that can answer. In the launch phase it launches a weapon from
the ship's launchers. Single-use modules are fired here when they can be: boosters and
shields in the movement phase, a patch pod, a spin booster on a hit waiting to be placed,
a randomizer boost when an enemy gun is about to roll. Every action is a command given
through the session.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.play.session import GameSession
from app.play.wrapped import WrappedPanel
from app.rules.interplanetary.combat_words import MARKET_WORDS, odds_text
from app.rules.interplanetary.launch_preview import fill, launcher_choices, sketch, thrust_choices
from app.rules.interplanetary.optional_actions import OptionalActions
from core.board.starmap import Service
from core.engine.commands import Command
from core.engine.words import plural
from core.rules.interplanetary.actions import can_launch
from core.rules.interplanetary.aid.carried import aid_of, manifest_or_empty
from core.rules.interplanetary.aid.playaid import PlayAid
from core.rules.interplanetary.bases import RESUPPLY_PHASE, Load, Refuel, base_of, free_slot
from core.rules.interplanetary.combat.attack import (
    AllocateDamage,
    PendingAnswer,
    PendingHit,
)
from core.rules.interplanetary.combat.guns import (
    Fire,
    Hold,
    refusal,
    shot,
    targets,
)
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.combat.ordnance_attacks import PendingStrike, Strike
from core.rules.interplanetary.combat.readiness import after_name, guns_ready, may_answer
from core.rules.interplanetary.combat.single_use import Decline, PendingRoll, choices
from core.rules.interplanetary.phases import phase_word
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase


class CombatPanel(WrappedPanel):
    """Reads the session; gives its commands through ``session.apply``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("combat_panel")
        self.session: GameSession | None = None
        self.ship_id: str | None = None
        self.title = QLabel("")
        self.title.setWordWrap(True)
        self.title.setObjectName("combat_title")
        self.detail = QLabel("")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setObjectName("combat_detail")
        self.gun = QComboBox()
        self.gun.setObjectName("combat_gun")
        self.gun.setToolTip("The gun to fire (each fires once a turn)")
        self.target = QComboBox()
        self.target.setObjectName("combat_target")
        self.target.setToolTip("The ship to fire at; the odds are shown above")
        self.fire_button = QPushButton("&Fire")
        self.fire_button.setObjectName("fire_button")
        self.fire_button.setToolTip("Roll the attack with the chosen gun at the chosen target")
        self.hold_button = QPushButton("&Hold Fire")
        self.hold_button.setObjectName("hold_button")
        self.hold_button.setToolTip("Fire no more guns this turn")
        self.place_button = QPushButton("&Place Damage…")
        self.place_button.setObjectName("place_damage_button")
        self.place_button.setToolTip("Choose where the hit's damage goes on your ship's manifest")
        self.suggested_button = QPushButton("Use &Suggested")
        self.suggested_button.setObjectName("suggested_button")
        self.suggested_button.setToolTip("Place the damage as Ecliptic suggests")
        self.refuel_button = QPushButton("Re&fuel")
        self.refuel_button.setObjectName("refuel_button")
        self.refuel_button.setToolTip("Fill the tank at this base")
        self.weapon = QComboBox()
        self.weapon.setObjectName("base_weapon")
        self.weapon.setToolTip("The launched weapon to buy and load")
        self.load_button = QPushButton("&Load")
        self.load_button.setObjectName("load_button")
        self.load_button.setToolTip("Load the chosen weapon into a free launcher")
        self.slot = QComboBox()
        self.slot.setObjectName("launch_slot")
        self.slot.setToolTip("The launcher whose weapon is released")
        self.thrust = QComboBox()
        self.thrust.setObjectName("launch_thrust")
        self.thrust.setToolTip("Which way the weapon thrusts as it leaves, if it can")
        self.launch_button = QPushButton("La&unch")
        self.launch_button.setObjectName("launch_button")
        self.launch_button.setToolTip("Release the weapon: it starts with the ship's course")
        self.module = QComboBox()
        self.module.setObjectName("single_use_module")
        self.module.setToolTip("A single-use module to fire now")
        self.use_button = QPushButton("Fire &Module")
        self.use_button.setObjectName("use_module_button")
        self.use_button.setToolTip("Use the chosen single-use module; it is spent")
        self.decline_button = QPushButton("Let It &Roll")
        self.decline_button.setObjectName("decline_button")
        self.decline_button.setToolTip("Use no module: the roll goes ahead")
        self.form_layout = QFormLayout()
        self.form_layout.addRow("Gun", self.gun)
        self.form_layout.addRow("Target", self.target)
        self.form = QWidget()
        self.form.setLayout(self.form_layout)
        launch_form = QFormLayout()
        launch_form.addRow("Weapon", self.slot)
        launch_form.addRow("Thrust", self.thrust)
        self.launch_form = QWidget()
        self.launch_form.setLayout(launch_form)
        row = (
            self.fire_button,
            self.hold_button,
            self.place_button,
            self.suggested_button,
            self.refuel_button,
            self.weapon,
            self.load_button,
            self.launch_button,
            self.module,
            self.use_button,
            self.decline_button,
        )
        #: everything shown or hidden by mode (``_show``)
        self._controls: tuple[QWidget, ...] = (self.form, self.launch_form, *row)
        buttons = QHBoxLayout()
        for b in row:
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.form)
        layout.addWidget(self.launch_form)
        layout.addWidget(self.detail)
        layout.addLayout(buttons)
        self.optional = OptionalActions(self)
        layout.addWidget(self.optional)
        layout.addStretch(1)
        self.gun.currentIndexChanged.connect(self._show_odds)
        self.target.currentIndexChanged.connect(self._show_odds)
        self.fire_button.clicked.connect(self.fire)
        self.hold_button.clicked.connect(self.hold)
        self.place_button.clicked.connect(self.place_damage)
        self.suggested_button.clicked.connect(self.use_suggested)
        self.refuel_button.clicked.connect(self.refuel)
        self.load_button.clicked.connect(self.load)
        self.launch_button.clicked.connect(self.launch)
        self.use_button.clicked.connect(self.use_module)
        self.decline_button.clicked.connect(self.decline)
        self.slot.currentIndexChanged.connect(self._fill_thrust)
        self.thrust.currentIndexChanged.connect(self._sketch)
        self._mode = "idle"
        #: the single-use modules the selected ship may fire besides this phase's actions
        self._extra: list[QWidget] = []
        self._show([])

    # ---- what is shown

    def refresh(self, session: GameSession | None, ship_id: str | None) -> None:
        self.session, self.ship_id = session, ship_id
        sketch(session, None, None, None)  # no weapon's course, unless _launch draws one
        self.optional.refresh(session, ship_id)
        self._extra = []
        if session is None or aid_of(session.state.rules) is None:
            self._idle("Combat needs a ruleset with attack tables (Interplanetary).")
            return
        state = session.state
        if state.over or session.replaying or session.read_only:
            self._idle("")
            return
        first = state.pending[0] if state.pending else None
        if isinstance(first, PendingHit):
            self._mode = "hit"
            self.title.setText(
                f"{state.player(first.player).name}: {first.source} hit {first.name}. "
                f"Place {plural(first.amount, 'point')} on its {first.where}."
            )
            self.detail.setText(
                "Place the damage on the ship's sheet, or take the suggested placement "
                "(empty mounts first, then the cheapest modules)."
            )
            spin = self._fill_modules(state, state.ship(first.ship))
            self._show([self.place_button, self.suggested_button, *spin])
            return
        if isinstance(first, PendingRoll):
            self._mode = "roll"
            self.title.setText(f"{state.player(first.player).name}: {first.prompt()}.")
            self.detail.setText("The boost takes a d6 off the roll; it is spent either way.")
            self._show([*self._fill_modules(state, state.ship(first.ship)), self.decline_button])
            return
        if isinstance(first, PendingStrike):
            self._mode = "strike"
            self.title.setText(
                f"{state.player(first.player).name}: {first.missile_name} may strike. "
                "Choose its target, or hold it (it flies on)."
            )
            self.target.blockSignals(True)
            self.target.clear()
            for target_id, name in zip(first.targets, first.names, strict=False):
                self.target.addItem(name, target_id)
            self.target.blockSignals(False)
            self.detail.setText("A missile is spent by its strike, whatever the roll.")
            self.gun.clear()
            self._show([self.form, self.fire_button, self.hold_button], gun_row=False)
            self.fire_button.setEnabled(self.target.count() > 0)
            return
        if isinstance(first, PendingAnswer):
            self._mode = "answer"
            answerer = state.ship(first.ship)
            self.title.setText(f"{first.name} may fire back at {first.attacker_name}.")
            self._fill_guns(state, answerer, answering=first)
            self._fill_targets([state.ship(first.attacker)])
            self._show([self.form, self.fire_button, self.hold_button])
            self._show_odds()
            return
        seat = session.seat()
        ship = state.ship(ship_id) if ship_id else None
        mine = ship is not None and seat is not None and ship.owner == seat.id
        # A patch pod works in any phase of the owner's turn: offered with every mode.
        self._extra = self._fill_modules(state, ship) if ship is not None and mine else []
        phase = current_phase(state)
        if phase == "guns" and ship is not None and seat is not None:
            if ship.owner != seat.id:
                self._idle(f"{ship.name} is not yours: select one of your ships to fire.")
                return
            _, why = guns_ready(state, ship)
            reach = targets(state, ship)  # only the targets the rules let it fire at
            if why is None and not reach:
                enemies = [t for t in state.ships if t.side != ship.side and t.in_play]
                why = refusal(state, ship, enemies[0]) if enemies else "no enemy in play"
            if why is not None or not reach:
                assert why is not None  # no target in reach: the first enemy is refused too
                self._idle(f"{ship.name} cannot fire: {after_name(ship, why)}.")
                return
            self._mode = "fire"
            self.title.setText(f"{ship.name}: gun phase. Choose a gun and a target.")
            self._fill_guns(state, ship)
            self._fill_targets(reach)
            self._show([self.form, self.fire_button, *self._extra])
            self._show_odds()
            return
        if phase == "guns":
            self._idle("Gun phase: select one of your ships to fire.")
            return
        if phase == "launch" and ship is not None and seat is not None:
            self._launch(state, ship, seat.id)
            return
        if phase == RESUPPLY_PHASE and ship is not None and seat is not None:
            self._base(state, ship, seat.id)
            return
        if ship is not None and self._extra:
            self._mode = "modules"
            self.title.setText(f"{ship.name}: single-use modules it may fire now.")
            self.detail.setText("Boosters and shields work for this turn's move only.")
            self._show(self._extra)
            return
        self._idle(f"{phase_word(phase).capitalize()} phase: nothing to fire or launch now.")

    def needs_sheet(self) -> tuple[str, str | None] | None:
        """``(what, ship id)`` while the panel asks for work done on the manifest sheet
        (placing a hit's points, refitting at a base), else None."""
        return (self._mode, self.ship_id) if self._mode in ("hit", "base") else None

    def _fill_modules(self, state: GameState, ship: Ship) -> list[QWidget]:
        """List the single-use modules ``ship`` may fire now; the widgets to show."""
        self.module.clear()
        for label, command in choices(state, ship):
            self.module.addItem(label, command)
        return [self.module, self.use_button] if self.module.count() else []

    def _launch(self, state: GameState, ship: Ship, seat: str) -> None:
        """The launch phase: one launched weapon a ship a turn, with its own thrust."""
        if ship.owner != seat or not can_launch(state, ship):
            self._idle("Launch phase: select one of your ships with a loaded launcher.")
            return
        self._mode = "launch"
        self.title.setText(
            f"{ship.name}: launch phase. The weapon keeps the ship's vector "
            f"(speed {ship.motion.velocity.speed}) plus its own thrust."
        )
        fill(self.slot, launcher_choices(state, ship), quiet=True)
        self._fill_thrust()
        self.detail.setText("Mines and buckyballs attack every ship their vector meets, yours too.")
        self._show([self.launch_form, self.launch_button, *self._extra])
        self._sketch()

    def _sketch(self) -> None:
        """Draw the chosen weapon's course with the chosen thrust on the map (or none)."""
        ship = self.ship_id if self._mode == "launch" else None
        sketch(self.session, ship, self.slot.currentData(), self.thrust.currentData())

    def _fill_thrust(self) -> None:
        if self.session is not None and self.slot.currentData() is not None:
            fill(self.thrust, thrust_choices(self.session.state, self.slot.currentData()[1]))

    def launch(self) -> None:
        if self.session is None or self.ship_id is None or self.slot.currentData() is None:
            return
        ship = self.session.state.ship(self.ship_id)
        slot = self.slot.currentData()[0]
        self._give(LaunchWeapon(ship.owner, ship.id, slot, tuple(self.thrust.currentData() or ())))

    def _base(self, state: GameState, ship: Ship, seat: str) -> None:
        """The resupply phase at a base: refuel, and load launched weapons."""
        base = base_of(state, ship)
        if ship.owner != seat or base is None:
            self._idle("Resupply: select one of your ships at a base.")
            return
        self._mode = "base"
        aid = _aid(state)
        tank = state.rules.unit(ship.unit).fuel
        self.title.setText(
            f"{ship.name} at {base.name}: fuel {ship.fuel} of {tank}, "
            f"{ship.points} ship points to spend; "
            f"the base {MARKET_WORDS.get(state.market, '')}."
        )
        self.detail.setText("Shipyards mend damage at the end of your turn.")
        self.refuel_button.setEnabled(Service.REFUEL in base.services and ship.fuel < tank)
        self.weapon.clear()
        for w in aid.launched:
            price = (
                "free"
                if state.market == "free"
                else (f"{w.cost} pt" if w.cost is not None else "not sold")
            )
            self.weapon.addItem(f"{w.name} ({price})", w.id)
            if price == "not sold":  # listed, but not offered
                model = self.weapon.model()  # a combo box's own: a QStandardItemModel
                assert isinstance(model, QStandardItemModel)
                item = model.item(self.weapon.count() - 1)
                assert item is not None  # the row just added
                item.setEnabled(False)
        self.load_button.setEnabled(self._free_slot(state, ship) is not None)
        self._show([self.refuel_button, self.weapon, self.load_button, *self._extra])

    def _idle(self, text: str) -> None:
        """Nothing of this phase to do; the selected ship's modules it may fire, if any."""
        self._mode = "modules" if self._extra else "idle"
        self.title.setText(text or "Nothing to fire at now.")
        self.detail.setText("A single-use module may be fired now." if self._extra else "")
        self._show(self._extra)

    def _show(self, visible: list[QWidget], *, gun_row: bool = True) -> None:
        for w in self._controls:
            w.setVisible(w in visible)
        self.form_layout.setRowVisible(self.gun, gun_row)

    def _fill_guns(
        self, state: GameState, ship: Ship, answering: PendingAnswer | None = None
    ) -> None:
        guns, _ = guns_ready(state, ship, answering=answering is not None)
        self.gun.blockSignals(True)
        self.gun.clear()
        for point, gun in guns:
            if answering is None and f"{ship.id}:{point}" in state.fired:
                continue
            if answering is not None and (
                point in answering.used or not may_answer(state, ship, point, gun)
            ):
                continue
            self.gun.addItem(f"{gun.name} (mount {point + 1})", (ship.id, point))
        self.gun.blockSignals(False)

    def _fill_targets(self, ships: list[Ship]) -> None:
        self.target.blockSignals(True)
        self.target.clear()
        for t in ships:
            self.target.addItem(t.name, t.id)
        self.target.blockSignals(False)

    def _show_odds(self) -> None:
        if self.session is None or self._mode not in ("fire", "answer"):
            return
        chosen = self.gun.currentData()
        target_id = self.target.currentData()
        self.fire_button.setEnabled(chosen is not None and target_id is not None)
        if chosen is None or target_id is None:
            self.detail.setText("No gun can fire now.")
            return
        state = self.session.state
        ship = state.ship(chosen[0])
        ready, _ = guns_ready(state, ship, answering=self._mode == "answer")
        gun = next(g for p, g in ready if p == chosen[1])
        self.detail.setText(odds_text(shot(state, ship, gun, state.ship(target_id))))

    # ---- actions

    def _give(self, command: Command) -> bool:
        return self.session is not None and self.session.apply(command)

    def fire(self) -> None:
        if self.session is None:
            return
        first = self.session.state.pending[0] if self.session.state.pending else None
        if isinstance(first, PendingStrike):
            self._give(Strike(first.player, first.missile, self.target.currentData()))
            return
        chosen, target_id = self.gun.currentData(), self.target.currentData()
        seat = self.session.seat()
        if chosen is None or target_id is None or seat is None:
            return
        self._give(Fire(seat.id, chosen[0], chosen[1], target_id))

    def use_module(self) -> None:
        command = self.module.currentData()
        if command is not None:
            self._give(command)

    def decline(self) -> None:
        first = (
            self.session.state.pending[0] if self.session and self.session.state.pending else None
        )
        if isinstance(first, PendingRoll):
            self._give(Decline(first.player, first.ship))

    def refuel(self) -> None:
        if self.session is not None and self.ship_id is not None:
            ship = self.session.state.ship(self.ship_id)
            self._give(Refuel(ship.owner, ship.id))

    def _free_slot(self, state: GameState, ship: Ship) -> int | None:
        aid = _aid(state)
        return free_slot(aid, manifest_or_empty(aid, ship))

    def load(self) -> None:
        if self.session is None or self.ship_id is None:
            return
        state = self.session.state
        ship = state.ship(self.ship_id)
        slot, weapon = self._free_slot(state, ship), self.weapon.currentData()
        if slot is not None and weapon is not None:
            self._give(Load(ship.owner, ship.id, slot, weapon))

    def hold(self) -> None:
        if self.session is None or not self.session.state.pending:
            return
        first = self.session.state.pending[0]
        if isinstance(first, PendingStrike):
            self._give(Strike(first.player, first.missile, None))
        else:
            self._give(Hold(first.player, first.ship))

    def use_suggested(self) -> None:
        if self.session is None or not self.session.state.pending:
            return
        first = self.session.state.pending[0]
        self._give(AllocateDamage(first.player, first.ship))

    def place_damage(self) -> None:
        """Open the ship's sheet for the defender to place the hit."""
        if self.session is None or not self.session.state.pending:
            return
        from app.rules.interplanetary.place_damage import ask_placement

        first = self.session.state.pending[0]
        if isinstance(first, PendingHit):
            placed = ask_placement(self.session.state, _aid(self.session.state), first, self)
            if placed is not None:
                self._give(AllocateDamage(first.player, first.ship, placed))


def _aid(state: GameState) -> PlayAid:
    aid = aid_of(state.rules)
    assert aid is not None
    return aid
