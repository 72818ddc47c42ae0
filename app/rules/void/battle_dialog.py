"""A battle resolved by strategic combat or by hand, fought in a dialog of its own over the
strategic map (the strategic game waits meanwhile): each player's secret aggression level
and narrative point chosen behind a hand-over page, narrative points that save destroyed
ships, or the result of a battle fought on the table entered and checked; then the
results summary before going back to the strategic map. Closing it leaves the battle open
in the campaign file, to be fought on later.
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.campaign import CampaignError, CampaignFile, GameRecord
from core.campaign.rows import stored_events
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand
from core.engine.play import waiting_for
from core.files.ruleset import show_amount
from core.rules.void.fight import (
    AGGRESSION,
    LOSSES,
    ChooseAggression,
    EnterResult,
    Fight,
    Reported,
    Spare,
    Totals,
    phases,
)
from core.rules.void.strategic_combat import Strike, damage
from core.rules.void.tables import tables_of

LEVELS = ("&1: cautious", "&2: determined", "&3: all-out")
STEPS = {AGGRESSION.name: "aggression", LOSSES.name: "losses", "result": "the table's result"}


def summary(state: Fight) -> str:
    """Every ship of the battle as it leaves it, in words (HTML lines)."""
    assert state.result is not None
    lines = [f"<b>Battle {state.setup.place}</b>"]
    for ship in state.setup.ships:
        after = state.result.ship(ship.id)
        owner = state.player(ship.owner).name
        if after.destroyed:
            fate = "<b>DESTROYED</b>"
        elif after.disabled_for:
            fate = f"disabled {after.disabled_for} turns"
        else:
            fate = "unharmed"
        lines.append(
            f"{ship.name} ({owner}, {ship.role}): {fate};"
            f" fuel {show_amount(ship.fuel)} → {show_amount(after.fuel)},"
            f" torpedoes {ship.kit.torpedoes} → {after.kit.torpedoes}"
        )
    return "<br>".join(lines)


def working(record: GameRecord) -> list[str]:
    """How strategic combat came out, as it was rolled: the aggression levels (revealed
    now), the factor and totals, each roll and what it did (plain lines; none for a
    battle entered by hand)."""
    lines = []
    for step in record.line():
        for event in stored_events(record.file.entry(step.id).events):
            if isinstance(event, Totals):
                lines.append(event.text[:1].upper() + event.text[1:])
            elif isinstance(event, Rolled | Strike):
                lines.append(event.text)
    return lines


def lines_html(lines: list[str]) -> str:
    return "<br>".join(escape(line, quote=False) for line in lines)


class BattleDialog(QDialog):
    """See the module's docstring."""

    def __init__(self, file: CampaignFile, game_id: int, turn: int, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.record = GameRecord(file, game_id)
        self.turn = turn
        self.setWindowTitle(self.record.title)
        self.crumb = QLabel()
        self.crumb.setObjectName("battle_breadcrumb")
        self.crumb.setStyleSheet("font-weight: bold;")
        self.who = QLabel()
        self.who.setWordWrap(True)
        self.error = QLabel()
        self.error.setObjectName("battle_error")
        self.error.setStyleSheet("color: #b00020;")
        self.pages = QStackedWidget()
        self.close_button = QPushButton("&Close (fight on later)")
        self.close_button.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        for w in (self.crumb, self.who, self.pages, self.error, self.close_button):
            layout.addWidget(w)
        self.resize(620, 460)
        self._next()

    @property
    def state(self) -> Fight:
        state = self.record.state
        assert isinstance(state, Fight)
        return state

    # ---- what comes next

    def _next(self) -> None:
        state = self.state
        setup = state.setup
        sides = []
        for role in ("attacker", "defender"):
            names = ", ".join(f"{s.name} ({state.player(s.owner).name})" for s in setup.side(role))
            sides.append(f"{role.capitalize()}s: {names}")
        self.who.setText("\n".join(sides))
        step = "result" if state.over else STEPS[phases(state)[state.phase].name]
        self.crumb.setText(f"Turn {self.turn} > Battle {setup.place} > {step}")
        if state.over:
            self._show(self._summary_page())
            return
        phase = phases(state)[state.phase]
        waiting = waiting_for(state)
        if not waiting:
            return
        player = waiting[0].id
        if phase is AGGRESSION:
            self._show(self._hand_over(player, self._aggression_page))
        elif phase is LOSSES:
            self._show(self._hand_over(player, self._losses_page))
        else:
            self._show(self._result_page(player))

    def _show(self, page: QWidget) -> None:
        old = self.pages.currentWidget()
        self.pages.addWidget(page)
        self.pages.setCurrentWidget(page)
        if old is not None:
            self.pages.removeWidget(old)
            old.deleteLater()

    def _play(self, *commands: object) -> bool:
        try:
            for command in commands:
                self.record.play(command)  # type: ignore[arg-type]
        except (IllegalCommand, CampaignError) as exc:
            self.error.setText(str(exc))
            return False
        self.error.setText("")
        self._next()
        return True

    # ---- pages

    def _hand_over(self, player: str, page: object) -> QWidget:
        name = self.state.player(player).name
        box = QWidget()
        box.setObjectName("battle_hand_over")
        lay = QVBoxLayout(box)
        note = QLabel(
            f"Pass the computer to <b>{name}</b>. Everyone else looks away: the choice is secret."
        )
        note.setWordWrap(True)
        go = QPushButton(f"I am {name}: &show my choices")
        go.clicked.connect(lambda: self._show(page(player)))  # type: ignore[operator]
        lay.addWidget(note)
        lay.addWidget(go)
        lay.addStretch()
        return box

    def _aggression_page(self, player: str) -> QWidget:
        state = self.state
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.addWidget(QLabel(f"{state.player(player).name}: your side's aggression level"))
        why = QLabel(
            "Both sides' levels give the aggression factor: every damage result, yours and "
            "theirs, is multiplied by it. A side whose level is 1 or 2 below the other's "
            "adds that much to its defence."
        )
        why.setObjectName("aggression_meaning")
        why.setWordWrap(True)
        lay.addWidget(why)
        group = QButtonGroup(box)
        for i, text in enumerate(LEVELS, start=1):
            button = QRadioButton(text)
            group.addButton(button, i)
            lay.addWidget(button)
        group.button(2).setChecked(True)
        boost = QComboBox()
        boost.setObjectName("narrative_boost")
        boost.addItem("No narrative point", ("", ""))
        holders = [h for h, n in state.setup.narrative if n > 0 and self._holds(player, h)]
        for holder in holders:
            for use in ("attack", "defence"):
                boost.addItem(f"Spend {holder}'s narrative point: +1d6 to {use}", (use, holder))
        if holders:
            lay.addWidget(boost)
        seal = QPushButton("S&eal my choice")

        def sealed() -> None:
            use, holder = boost.currentData()
            self._play(ChooseAggression(player, group.checkedId(), use, holder), EndPhase(player))

        seal.clicked.connect(sealed)
        lay.addWidget(seal)
        lay.addStretch()
        return box

    def _holds(self, player: str, holder: str) -> bool:
        if holder == player:
            return True
        return any(s.id == holder and s.owner == player for s in self.state.setup.ships)

    def _losses_page(self, player: str) -> QWidget:
        state = self.state
        combat = tables_of(state.rules).combat
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.addWidget(
            QLabel("Strategic combat is rolled. Save a lost ship with a narrative point?")
        )
        rolled = QLabel(lines_html(working(self.record)))
        rolled.setWordWrap(True)
        lay.addWidget(rolled)
        checks: list[tuple[QCheckBox, str]] = []
        for ship_id, hit in state.hits:
            ship = state.setup.ship(ship_id)
            if ship.owner == player and damage(ship, hit, combat).destroyed:
                check = QCheckBox(f"Save {ship.name} (disabled 5 turns instead)")
                checks.append((check, ship_id))
                lay.addWidget(check)
        done = QPushButton("&Done")

        def spend() -> None:
            holder_of = {h for h, n in state.setup.narrative if n > 0}
            orders: list[object] = []
            for check, ship_id in checks:
                if check.isChecked():
                    holder = ship_id if ship_id in holder_of else player
                    orders.append(Spare(player, ship_id, holder))
            self._play(*orders, EndPhase(player))

        done.clicked.connect(spend)
        lay.addWidget(done)
        lay.addStretch()
        return box

    def _result_page(self, player: str) -> QWidget:
        state = self.state
        box = QWidget()
        form = QFormLayout(box)
        form.addRow(QLabel("The battle fought on the table: how did each ship come out?"))
        rows: list[tuple[str, QComboBox, QSpinBox]] = []
        destroyed_at = tables_of(state.rules).combat.destroyed_at
        for ship in state.setup.ships:
            fate = QComboBox()
            fate.setObjectName(f"fate_{ship.id}")
            fate.addItem("unharmed", 0)
            for turns in range(1, destroyed_at):
                fate.addItem(f"disabled {turns} turns", turns)
            fate.addItem("destroyed", -1)
            torps = QSpinBox()
            torps.setRange(0, ship.kit.torpedoes)
            torps.setValue(ship.kit.torpedoes)
            torps.setSuffix(" torpedoes left")
            row = QHBoxLayout()
            row.addWidget(fate)
            row.addWidget(torps)
            form.addRow(f"{ship.name}:", row)
            rows.append((ship.id, fate, torps))
        enter = QPushButton("E&nter the result")

        def entered() -> None:
            lines = []
            for ship_id, fate, torps in rows:
                turns = int(fate.currentData())
                lines.append(Reported(ship_id, turns < 0, max(turns, 0), torps.value()))
            self._play(EnterResult(player, tuple(lines)))

        enter.clicked.connect(entered)
        form.addRow(enter)
        return box

    def _summary_page(self) -> QWidget:
        box = QWidget()
        box.setObjectName("battle_summary")
        lay = QVBoxLayout(box)
        rolled = working(self.record)
        if rolled:
            how = QLabel("<b>How it was rolled</b><br>" + lines_html(rolled))
            how.setObjectName("battle_working")
            how.setWordWrap(True)
            lay.addWidget(how)
        text = QLabel(summary(self.state))
        text.setObjectName("battle_summary_text")
        text.setWordWrap(True)
        lay.addWidget(text)
        back = QPushButton("&Back to the Strategic Map")
        back.clicked.connect(self.accept)
        lay.addWidget(back)
        lay.addStretch()
        self.close_button.hide()
        return box
