"""The New Game dialog: a scenario, how many players, their names and colours.

Colours default to the Okabe–Ito palette, which stays distinguishable with the
common kinds of colour blindness; each can be changed with a colour picker.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.board.style import OKABE_ITO
from app.folders import ask_open
from app.play.new_game_brief import Briefing, listed_title, marked, seat_sides
from app.play.systems import Outfits, PurchaseStep, own_scenarios, ui_for
from core.board.problems import FileProblems
from core.engine.errors import UnknownName
from core.engine.system import system_for
from core.files.ruleset import KNOWN_SWITCHES, OPTIONAL_RULES
from core.scenario.document import Scenario, Seat
from core.scenario.reader import builtin_scenarios, load_scenario
from core.scenario.titles import title_order

MAX_SEATS = 6
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eve", "Finn")
SCENARIO_FILTER = "Ecliptic scenarios (*.toml);;All files (*)"
LAST_SCENARIO_KEY = "new_game/last_scenario"


class NoPurchases(QWidget):
    """The purchases step of a rule system without one: nothing to buy, not shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hide()

    def set_game(self, scenario: Scenario | None, seats: Sequence[Seat]) -> None:
        pass

    def outfits(self) -> Outfits:
        return {}

    def unspent(self) -> str:
        return ""

    unspent_fate = ""


class ColourButton(QPushButton):
    """A button showing a colour; clicking it opens a colour picker."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedWidth(48)
        self.set_colour(colour)
        self.clicked.connect(self._pick)

    def set_colour(self, colour: str) -> None:
        self.colour = QColor(colour).name()
        self.setStyleSheet(f"background: {self.colour}; border: 1px solid #333;")
        self.setToolTip(f"Colour {self.colour}: click to change")

    def _pick(self) -> None:
        chosen = QColorDialog.getColor(QColor(self.colour), self, "Player colour")
        if chosen.isValid():
            self.set_colour(chosen.name())


class NewGameDialog(QDialog):
    """Choose a scenario and seat the players; :meth:`result_game` gives the choice."""

    def __init__(self, parent: QWidget | None = None, scenario: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Game")
        self.setObjectName("new_game_dialog")
        self.scenario: Scenario | None = None
        self.scenario_box = QComboBox()
        self.scenario_box.setObjectName("scenario_box")
        # each title marked with its rule system, the same way for every system
        listed = [(listed_title(path), str(path)) for path in builtin_scenarios()]
        #: the scenarios of the systems with a game page of their own, by their key
        self._own: dict[str, Any] = {}
        for offer in own_scenarios():
            key = f"{offer.rules.system_id}:{offer.id}"
            self._own[key] = offer
            listed.append((marked(_system_name(offer.rules.system_id), offer.name), key))
        for title, data in sorted(listed, key=_list_order):
            self.scenario_box.addItem(title, data)
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._browse)
        top = QHBoxLayout()
        top.addWidget(self.scenario_box, 1)
        top.addWidget(browse)
        self.description = QLabel("")
        self.description.setWordWrap(True)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.description.setObjectName("scenario_description")
        self.problem = QLabel("")
        self.problem.setStyleSheet("color: #d55e00;")
        self.problem.setWordWrap(True)
        self.count = QSpinBox()
        self.count.setObjectName("player_count")
        self.count.valueChanged.connect(self._seats_changed)
        # The dice seed foretells every roll, so it is a secret: drawn at random and not
        # shown unless a player asks to fix it (to replay a game or test a scenario).
        self.seed = QSpinBox()
        self.seed.setObjectName("dice_seed")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(random.randrange(2**31))
        self.seed.setToolTip("The dice are drawn from this number: the same seed, the same game")
        self.seed.setVisible(False)
        self.fixed_seed = QCheckBox("&Fixed dice seed")
        self.fixed_seed.setObjectName("fixed_seed")
        self.fixed_seed.setToolTip(
            "Choose the number the dice are drawn from, to replay a game or test a "
            "scenario. Whoever knows it can foresee every roll: leave this off to keep "
            "the dice secret."
        )
        self.fixed_seed.toggled.connect(self.seed.setVisible)
        dice = QHBoxLayout()
        dice.addWidget(self.fixed_seed)
        dice.addWidget(self.seed)
        dice.addStretch(1)
        form = QFormLayout()
        scenario_label = QLabel("&Scenario:")
        scenario_label.setBuddy(self.scenario_box)
        form.addRow(scenario_label, top)
        # A long briefing scrolls in a box of its own rather than being clipped; a
        # short one takes only the lines it needs.
        self.briefing = Briefing(self.description)
        form.addRow("", self.briefing)
        form.addRow("&Players:", self.count)
        self.dice_row = QWidget()
        self.dice_row.setLayout(dice)
        dice.setContentsMargins(0, 0, 0, 0)
        form.addRow("Dice:", self.dice_row)
        self._form = form
        seats = QGroupBox("Seats, in order round the table")
        self.grid = QGridLayout(seats)
        self.names: list[QLineEdit] = []
        self.colours: list[ColourButton] = []
        for i in range(MAX_SEATS):
            name = QLineEdit(DEFAULT_NAMES[i])
            name.setObjectName(f"seat_name_{i}")
            name.setMaxLength(30)
            colour = ColourButton(OKABE_ITO[i])
            label = QLabel(f"{i + 1}.")
            label.setBuddy(name)
            self.grid.addWidget(label, i, 0)
            self.grid.addWidget(name, i, 1)
            self.grid.addWidget(colour, i, 2)
            self.names.append(name)
            self.colours.append(colour)
            name.textChanged.connect(self._validate)
        self.rules_box = QGroupBox("Optional rules (the scenario's choice ticked)")
        self.rules_box.setObjectName("optional_rules")
        rules_grid = QGridLayout(self.rules_box)
        self.rule_boxes: dict[str, QCheckBox] = {}
        for i, (switch, title) in enumerate(OPTIONAL_RULES.items()):
            box = QCheckBox(title)
            box.setObjectName(f"rule_{switch}")
            box.setToolTip(f"When ticked: {KNOWN_SWITCHES[switch]}.")
            rules_grid.addWidget(box, i // 2, i % 2)
            self.rule_boxes[switch] = box
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(seats)
        layout.addWidget(self.rules_box)
        # the switches of a system that names its own (the squadron game's rulings)
        self.system_rules = QGroupBox("Rulings (the scenario's choice ticked)")
        self.system_rules.setObjectName("system_switches")
        self._system_grid = QGridLayout(self.system_rules)
        self.system_boxes: dict[str, QCheckBox] = {}
        self.system_rules.hide()
        layout.addWidget(self.system_rules)
        self._add_purchases(layout)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.scenario_box.currentIndexChanged.connect(self._scenario_changed)
        last = QSettings("Ecliptic", "Ecliptic").value(LAST_SCENARIO_KEY)
        if scenario is None and isinstance(last, str) and last in self._own:
            self.scenario_box.setCurrentIndex(self.scenario_box.findData(last))
        elif scenario is None and isinstance(last, str) and Path(last).is_file():
            scenario = Path(last)  # New Game remembers the scenario last started
        if scenario is not None:
            self.add_scenario(scenario)
        self._scenario_changed()

    def add_scenario(self, path: Path) -> None:
        """Offer a scenario file (opened or browsed to) and select it."""
        index = self.scenario_box.findData(str(path))
        if index < 0:
            self.scenario_box.addItem(listed_title(path), str(path))
            self.scenario_box.setItemData(
                self.scenario_box.count() - 1, str(path), Qt.ItemDataRole.ToolTipRole
            )
            index = self.scenario_box.count() - 1
        self.scenario_box.setCurrentIndex(index)

    def _browse(self) -> None:
        filename = ask_open(self, "Open Scenario", SCENARIO_FILTER)
        if filename is not None:
            self.add_scenario(filename)

    def _scenario_changed(self) -> None:
        data = self.scenario_box.currentData()
        self.scenario = None
        if data is None:
            self.description.setText("No scenario found.")
            self.briefing.fit()
            self._validate()
            return
        try:
            own = self._own.get(data)
            self.scenario = own if own is not None else load_scenario(Path(data))
        except FileProblems as exc:
            shown = "\n".join(str(p) for p in exc.problems[:6])
            self.description.setText(f"This scenario cannot be played:\n{shown}")
            self.briefing.fit()
            self._validate()
            return
        s = self.scenario
        # a game started now: switches new games get on (NEW_GAME_DEFAULTS), then the scenario's
        fresh = getattr(s.rules, "new_game_switches", s.rules.switch_values)
        values = fresh(s.switches)
        # offered: the optional rules the scenario's rule system plays (its ``switches``)
        played = _played(s.rules.system_id, values)
        offered = {switch for switch in self.rule_boxes if switch in values and switch in played}
        for switch, box in self.rule_boxes.items():
            box.setVisible(switch in offered)
            box.setChecked(values.get(switch, False))
        self.rules_box.setVisible(bool(offered))
        self._show_system_switches(getattr(s.rules, "switch_titles", {}), values)
        # a game that rolls no dice (the squadron game) has no seed to fix
        self._form.setRowVisible(self.dice_row, getattr(s.rules, "rolls_dice", True))
        self.count.setRange(s.min_players, min(MAX_SEATS, s.max_players))
        self._seats_changed()
        if self.isVisible():  # as tall as this scenario's briefing and rules need
            hint = self.sizeHint()
            self.resize(max(self.width(), hint.width()), hint.height())

    def _describe(self) -> None:
        """The briefing, with the seat each fixed side goes to for the players now
        counted (a squadron game's says it already)."""
        s = self.scenario
        if s is None:
            return
        seats = seat_sides(getattr(s, "sides", ()), self.count.value())
        self.description.setText(f"{s.description}\n\n{seats}" if seats else s.description)
        self.briefing.fit()
        if self.isVisible():  # a longer briefing (more seats' sides): the dialog grows too,
            # or its last lines were drawn under the Players row
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            hint = self.sizeHint()
            if hint.height() > self.height():
                self.resize(self.width(), hint.height())

    def _show_system_switches(
        self, titles: dict[str, tuple[str, str]], values: dict[str, bool]
    ) -> None:
        """A box for each switch the scenario's system names (title, meaning)."""
        for box in self.system_boxes.values():
            self._system_grid.removeWidget(box)
            box.hide()
            box.deleteLater()
        self.system_boxes = {}
        for i, (switch, (title, meaning)) in enumerate(titles.items()):
            box = QCheckBox(title)
            box.setObjectName(f"rule_{switch}")
            box.setToolTip(f"When ticked: {meaning}")
            box.setChecked(values.get(switch, False))
            self._system_grid.addWidget(box, i // 2, i % 2)
            box.show()  # added to a dialog that may be on screen already
            self.system_boxes[switch] = box
        self.system_rules.setVisible(bool(titles))

    def _seats_changed(self) -> None:
        n = self.count.value()
        for i in range(MAX_SEATS):
            for col in range(3):
                item = self.grid.itemAtPosition(i, col)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.setVisible(i < n)
        self._describe()
        self._validate()

    # ---- purchases: the rule system's step, if it has one

    def _add_purchases(self, layout: QVBoxLayout) -> None:
        self._purchases_place = QVBoxLayout()
        self._purchases_place.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._purchases_place)
        self._purchases_system: str | None = None
        self._step: PurchaseStep = NoPurchases(self)
        self.purchases: QWidget = self._step  # the same object: tests and layout see it
        self._purchases_place.addWidget(self.purchases)

    def _purchases_for(self, scenario: Scenario | None) -> None:
        """Put the purchases step of the scenario's rule system in place (kept while
        the system stays the same)."""
        if scenario is None or scenario.rules.system_id == self._purchases_system:
            return
        self._purchases_system = scenario.rules.system_id
        step = ui_for(self._purchases_system).purchases(self)
        if not isinstance(step, QWidget):
            step = NoPurchases(self)
        self._purchases_place.removeWidget(self.purchases)
        self.purchases.hide()  # else it stays on show over the dialog until deleted
        self.purchases.deleteLater()
        self._step = step
        self.purchases = step
        self._purchases_place.addWidget(step)

    def outfits(self) -> Outfits:
        """The players' purchases by ship id, for ``Scenario.start``."""
        return self._step.outfits()

    def _validate(self) -> None:
        if hasattr(self, "purchases"):
            self._purchases_for(self.scenario)
            self._step.set_game(self.scenario, self.seats())
        ok = self.scenario is not None
        message = ""
        if ok:
            names = [self.names[i].text().strip() for i in range(self.count.value())]
            if any(not n for n in names):
                ok, message = False, "Every player needs a name."
            elif len(set(names)) != len(names):
                ok, message = False, "Two players have the same name."
        self.problem.setText(message)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def seats(self) -> list[Seat]:
        return [
            Seat(self.names[i].text().strip(), self.colours[i].colour)
            for i in range(self.count.value())
        ]

    def switches(self) -> tuple[tuple[str, bool], ...]:
        """The scenario's switches with the optional rules as ticked."""
        if self.scenario is None:
            return ()
        values = dict(self.scenario.switches)
        known = self.scenario.rules.switch_values()
        for switch, box in self.rule_boxes.items():
            if switch in known:
                values[switch] = box.isChecked()
        for switch, box in self.system_boxes.items():
            values[switch] = box.isChecked()
        return tuple(sorted(values.items()))

    def accept(self) -> None:
        unspent = self._step.unspent()
        if unspent:
            answer = QMessageBox.question(
                self,
                "Unspent Points",
                f"{unspent}. Start anyway? {self._step.unspent_fate}".strip(),
            )
            if answer != QMessageBox.StandardButton.Yes:
                return  # back to the dialog, to spend them
        data = self.scenario_box.currentData()
        if data is not None:
            QSettings("Ecliptic", "Ecliptic").setValue(LAST_SCENARIO_KEY, str(data))
        super().accept()

    def result_game(self) -> tuple[Scenario, list[Seat], int] | None:
        """The chosen scenario (its optional rules as ticked), seats and seed, or None
        when the choice is not valid."""
        if self.scenario is None:
            return None
        return replace(self.scenario, switches=self.switches()), self.seats(), self.seed.value()


def _played(system_id: str, values: dict[str, bool]) -> Collection[str]:
    """The switches the rule system plays (its ``switches``); every switch of the
    ruleset for a system this program cannot load (a window's own page only)."""
    try:
        return system_for(system_id).switches
    except UnknownName:
        return values


def _system_name(system_id: str) -> str:
    """The players' name of a rule system (its id if it cannot be loaded)."""
    try:
        return system_for(system_id).name
    except UnknownName:
        return system_id


def _list_order(pair: tuple[str, str]) -> tuple[object, ...]:
    """The list's order: by rule system, then by title, each base game before its
    variations ("The" not counted)."""
    system, _, title = pair[0].partition(": ")
    return (system.casefold(), title_order(title), pair[1])
