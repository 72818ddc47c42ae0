"""The Battles dock of a System III Void game: the campaign navigator (the strategic game
and its battles, open or finished with their results), the breadcrumb saying where play
is ("Turn 12 > Battle near Ceres > aggression"), the selected ship's juice, torpedoes and
railguns, and the buttons that engage and fight a battle.

The panel only shows and asks; the dialogs it opens give the commands
(:mod:`app.rules.void.encounter_dialog`, :mod:`app.rules.void.battle_dialog`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.rules.void.tactical_orders import TacticalOrders
from core.campaign import GameRecord
from core.campaign.nesting import standing
from core.engine import serial
from core.engine.errors import IllegalCommand
from core.files.ruleset import show_amount
from core.rules.void.crew import kit_for
from core.rules.void.offers import COST_WORDS, after_move, for_course, open_offers
from core.rules.void.tactical import entry
from core.rules.void.tactical.status import ship_lines, status
from core.rules.void.tactical.terms import tactical_terms
from core.rules.void.terms import is_strategic
from core.vector.course_check import check_plan
from core.vector.state import GameState as VectorState
from core.vector.state import ShipStatus
from core.vector.turns import current_phase

if TYPE_CHECKING:
    from core.campaign import CampaignFile
    from core.campaign.store import GameInfo
    from core.vector.state import GameState, Ship


def result_words(result: str | None) -> str:
    """A finished game's stored result (the Outcome, JSON) in the players' words."""
    if result is None:
        return "open"
    try:
        outcome = serial.from_data(json.loads(result))
    except (ValueError, serial.SerialError):
        return "finished"
    return str(getattr(outcome, "text", "finished")) or "finished"


def breadcrumb(state: GameState, battle: str | None, step: str = "") -> str:
    """Where play is: the strategic turn, the battle open in it, the battle's step."""
    parts = [f"Turn {state.round}"]
    if battle:
        parts.append(battle.split(",")[0])
        if step:
            parts.append(step)
    else:
        parts.append(current_phase(state).replace("_", " "))
    return " > ".join(parts)


def battle_crumb(title: str, state: GameState) -> str:
    """A tactical battle's breadcrumb from its title ("Battle near Ceres, turn 12")."""
    place, _, turn = title.rpartition(", turn ")
    head = f"Turn {turn} > {place}" if place else title
    if state.over:
        return f"{head} > over"
    return f"{head} > tactical turn {state.round}"


def tactical_summary(state: GameState) -> str:
    """How each ship leaves a finished tactical battle (HTML lines)."""
    lines = ["<b>The battle is over.</b>"]
    result = entry.result(state)  # fuel as the strategic game gets it back (paid)
    for ship in state.ships:
        kit = kit_for(state.rules, ship)
        fuel = result.ship(ship.id).fuel if result is not None else ship.fuel
        owner = state.player(ship.owner).name
        if ship.status is ShipStatus.DESTROYED:
            fate = "<b>DESTROYED</b>"
        elif ship.disabled_for:
            fate = f"disabled {ship.disabled_for} turns"
        else:
            fate = "unharmed"
        if ship.status is ShipStatus.OFF_MAP:
            fate = f"escaped, {fate}"
        shown = f"fuel {show_amount(fuel)}, torpedoes {kit.torpedoes}"
        lines.append(f"{ship.name} ({owner}): {fate}; {shown}")
    return "<br>".join(lines)


def ship_state(state: GameState, ship: Ship) -> str:
    """A ship's Void state for the dock: juice, cooldown, railguns, torpedoes (the same
    words as the Course dock's, :func:`core.rules.void.tactical.status.ship_lines`)."""
    return "<br>".join((f"<b>{ship.name}</b>", *ship_lines(state, ship.id)))


def course_offers(state: GameState, ship: Ship) -> str:
    """What the ship's plotted course would offer once flown: each group of enemy ships
    it passes near, and what engaging them would cost (or why it could not)."""
    plan = state.plan(ship.id)
    if plan is None and current_phase(state) == "combat" and ship.status is ShipStatus.ACTIVE:
        flown = [o for o in after_move(state, ship) if o.cost is not None]  # Engage's offers
        if not flown:
            return ""
        lines = ["<b>This turn's course offers:</b>"]
        for offer in flown:
            names = ", ".join(state.ship(t).name for t in offer.targets)
            lines.append(f"{names}: {COST_WORDS[offer.cost] if offer.cost else ''}")
        return "<br>".join(lines)
    if plan is None or plan.launch:
        return ""
    try:
        result = check_plan(state, ship, plan)
    except IllegalCommand:
        return ""
    found = for_course(state, ship, result, len(plan.order.burn))
    if not found:
        return "Plotted course: meets no enemy ship."
    lines = ["<b>Plotted course offers:</b>"]
    for offer in found:
        names = ", ".join(state.ship(t).name for t in offer.targets)
        cost = COST_WORDS[offer.cost] if offer.cost else offer.why.rsplit(": ", 1)[-1]
        lines.append(f"{names}: {cost}" if offer.cost else f"{names}: not open ({cost})")
    return "<br>".join(lines)


class BattlesPanel(QWidget):
    """See the module's docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Any = None
        self.crumb = QLabel("No campaign")
        self.crumb.setObjectName("breadcrumb")
        self.crumb.setStyleSheet("font-weight: bold; padding: 4px;")
        self.crumb.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("navigator")
        self.tree.setHeaderLabels(["Game", "State"])
        self.tree.setColumnWidth(0, 150)
        self.tree.setMinimumHeight(80)
        self.ship = QLabel("Select a ship to see its crew, torpedoes and railguns.")
        self.ship.setObjectName("void_ship_state")
        self.ship.setWordWrap(True)
        self.ship.setTextFormat(Qt.TextFormat.RichText)
        # what the course offers, under Engage: in the ship's scrolled text it sat
        # below the fold of the dock at the default window size
        self.offers = QLabel()
        self.offers.setObjectName("void_offers")
        self.offers.setWordWrap(True)
        self.offers.setTextFormat(Qt.TextFormat.RichText)
        self.offers.hide()
        self.engage_button = QPushButton("&Engage…")
        self.engage_button.setToolTip("Engage enemy ships your courses passed this turn")
        self.engage_button.clicked.connect(self.engage)
        self.fight_button = QPushButton("&Fight the Battle…")
        self.fight_button.setToolTip("Open the battle the strategic game waits for")
        self.fight_button.clicked.connect(self.fight)
        self.back_button = QPushButton("&Back to the Strategic Map")
        self.back_button.setToolTip("The battle's result is in: go on with the strategic game")
        self.back_button.clicked.connect(self.back)
        self.back_button.hide()
        self.summary = QLabel()
        self.summary.setObjectName("tactical_summary")
        self.summary.setWordWrap(True)
        self.summary.hide()
        self.orders = TacticalOrders()
        self.orders.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.engage_button)
        buttons.addWidget(self.fight_button)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.ship.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll.setWidget(self.ship)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.crumb)
        layout.addWidget(self.summary)
        layout.addWidget(self.back_button)
        layout.addLayout(buttons)
        layout.addWidget(self.offers)
        layout.addWidget(self.orders)
        layout.addWidget(self.tree, 2)
        layout.addWidget(scroll, 3)

    # ---- showing

    @property
    def file(self) -> CampaignFile | None:
        record = getattr(self.session, "record", None)
        return record.file if record is not None else None

    def refresh(self, session: Any, ship_id: str | None) -> str | None:
        first = session is not self.session  # a new game: the dock comes to the front
        self.session = session
        live: GameState = session.live
        state: GameState = session.state  # the replay view's, or as the seat may see it
        file = self.file
        open_battle = None
        if file is not None and session.record is not None:
            open_battle = standing(file, session.record.id).open_child
            self._fill(file.games())
        else:
            self.tree.clear()
        record = session.record
        in_battle = record is not None and record.parent is not None
        quick = tactical_terms(live)
        if in_battle:
            self.crumb.setText(battle_crumb(record.title, state))
        elif quick is not None:  # a tactical scenario played on its own
            place = quick.setup.place
            self.crumb.setText(f"{place[:1].upper()}{place[1:]} > tactical turn {state.round}")
        else:
            self.crumb.setText(breadcrumb(state, open_battle[1] if open_battle else None, "open"))
        self.engage_button.setVisible(not in_battle)
        self.fight_button.setVisible(not in_battle)
        over = in_battle and live.over
        self.summary.setVisible(over)
        self.back_button.setVisible(over)
        if over:
            self.summary.setText(tactical_summary(live))
        seat = session.seat()
        ship = next((s for s in state.ships if s.id == ship_id), None)
        self.offers.clear()
        if ship is not None:
            mine = seat is not None and ship.owner == seat.id
            battle = tactical_terms(state)
            if battle is not None:
                lines = "<br>".join(status(state, ship.id))
                start = f"<br><i>Situation: {battle.situation.text}</i>" if state.round == 1 else ""
                self.ship.setText(f"<b>{ship.name}</b><br>{lines}{start}")
            else:
                self.offers.setText(course_offers(state, ship) if mine else "")
                self.ship.setText(ship_state(state, ship))
        self.offers.setVisible(bool(self.offers.text()))
        tactical = tactical_terms(live) is not None and not live.over
        if tactical:
            self.orders.show_ship(session, state, ship)
        else:
            self.orders.hide()
        can_engage = (
            open_battle is None
            and seat is not None
            and not session.read_only
            and not session.replaying
            and is_strategic(live)
            and current_phase(live) == "combat"
            and bool(open_offers(live, seat.id))
        )
        self.engage_button.setEnabled(can_engage)
        self.fight_button.setEnabled(open_battle is not None and not session.read_only)
        if first or open_battle is not None or can_engage or over:
            return "void"
        return None

    def _fill(self, games: list[GameInfo]) -> None:
        """The games as a tree: the strategic game, its battles under it, each battle's
        state (open, or finished with its result on a line of its own)."""
        self.tree.clear()
        items: dict[int, QTreeWidgetItem] = {}
        for game in games:
            parent = items.get(game.parent_id) if game.parent_id else None
            if game.result is None:
                state = f"OPEN ({game.scale})" if game.parent_id else "playing"
            else:
                state = "finished"
            item = QTreeWidgetItem([game.title, state])
            item.setToolTip(0, game.title)
            if parent is None:
                self.tree.addTopLevelItem(item)
            else:
                parent.addChild(item)
            if game.result is not None:
                words = result_words(game.result)
                line = QTreeWidgetItem(item, [words])
                line.setFirstColumnSpanned(True)
                line.setToolTip(0, words)
            items[game.id] = item
        self.tree.expandAll()

    def clear(self) -> None:
        self.session = None
        self.tree.clear()
        self.offers.clear()
        self.offers.hide()
        self.crumb.setText("No campaign")
        self.engage_button.setEnabled(False)
        self.fight_button.setEnabled(False)

    # ---- acting

    def engage(self) -> None:
        from app.rules.void.encounter_dialog import EncounterDialog

        session = self.session
        seat = session.seat() if session is not None else None
        if seat is None:
            return
        dialog = EncounterDialog(session.live, seat.id, self)
        accepted = dialog.exec()
        command = dialog.command
        dialog.deleteLater()
        if not accepted or command is None:
            return
        if session.apply(command):
            self.fight()

    def fight(self) -> None:
        from app.rules.void.battle_dialog import BattleDialog

        session, file = self.session, self.file
        if session is None or file is None or session.record is None:
            return
        child = standing(file, session.record.id).open_child
        if child is None:
            return
        if isinstance(GameRecord(file, child[0]).state, VectorState):
            self._reopen(file.path)  # a tactical battle: played on the map
            return
        dialog = BattleDialog(file, child[0], session.live.round, self)
        dialog.exec()
        dialog.deleteLater()
        session.restore(standing(file, session.record.id).head)  # the result fed back
        # the Campaign dock lists the battle fought in the dialog, with its result
        browser = getattr(self.window(), "browser", None)
        if browser is not None:
            browser.schedule_refresh()

    def back(self) -> None:
        """From a finished tactical battle to the strategic game it was fought in."""
        if self.file is not None:
            self._reopen(self.file.path)

    def _reopen(self, path: Path) -> None:
        """Open the campaign again, once this click is over: the window goes on in the
        game play waits for (a tactical battle while one is open, else the strategic
        game), with the campaign browser and the seal check as any opening has them."""
        window: Any = self.window()
        QTimer.singleShot(0, lambda: window.open_campaign(path))
