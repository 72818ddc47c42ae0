"""The game's docks: the ship list, the event log, the dice log and the course panel.

Each reads the :class:`~app.play.session.GameSession` it is given and redraws itself
when the session changes; none of them changes the game except through signals the
window connects to the session.

The docks are built with the window, empty; the game rules they read (the engine's
events, the state, victory) are imported when a game first fills them, so that start-up
does not load the engine (issue 4 req 7). What fog of war hides is the rule system's to
say (:attr:`GameSession.ui <app.play.session.GameSession.ui>`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.play.button_row import ButtonRow
from app.play.column_fit import fitted
from app.play.log_view import ASIDE, HEADING, PLAIN, LogView
from app.play.systems import NamesPlaces, TellsShipState
from core.board.hexgrid import Direction
from core.engine.dice import Rolled

if TYPE_CHECKING:
    from app.play.session import Entry, GameSession
    from core.vector.preview import Option, Preview
    from core.vector.state import GameState, Ship

SHIP_COLUMNS = ("Ship", "Player", "Status", "Fuel", "Speed", "Order", "Goal")
#: the columns always shown whole (Player, Fuel, Speed); the others are cut to fit
WHOLE_COLUMNS = frozenset({1, 3, 4})


def player_colour(state: GameState, player_id: str) -> QColor:
    player = state.player(player_id)
    return QColor(player.colour) if player.colour else QColor("#cccccc")


def colour_swatch(colour: QColor, size: int = 12) -> QIcon:
    """A small square of the player's colour with a dark edge, shown beside their name:
    the name itself stays in the list's own text colour, since some seat colours (the
    colour-blind-safe yellow) cannot be read as text on a light background."""
    picture = QPixmap(size, size)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.setPen(QColor("#333333"))
    painter.setBrush(colour)
    painter.drawRect(0, 0, size - 1, size - 1)
    painter.end()
    return QIcon(picture)


class ShipList(QTreeWidget):
    """Every ship with its owner, status, fuel, speed, order and goal progress.

    Orders of other players are shown only as "plotted": in a sealed-orders game the
    player at the table must not see them.
    """

    ship_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ship_list")
        self.setToolTip("The ships in play: click one to select it and centre the map on it")
        self.setHeaderLabels(list(SHIP_COLUMNS))
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.itemActivated.connect(self._chosen)
        self.itemClicked.connect(self._chosen)
        self._natural: list[int] = []  # the columns' widths for their whole contents

    def refresh(self, session: GameSession, selected: str | None, *, public: bool = False) -> None:
        """The ships as the seated player may see them; ``public`` (while the seat is
        handed over): as every player may, with nobody's hidden fuel or orders."""
        from core.files.ruleset import show_amount
        from core.vector import victory

        state = session.state
        seat = None if public else session.seat()
        self.clear()
        labels = state.starmap.bounds.labels
        if public:
            hidden = frozenset().union(
                *(session.ui.hidden_ships(state, p.id) for p in state.players)
            )
        else:
            hidden = session.hidden_ships()
        for ship in state.ships:
            plan = state.plan(ship.id)
            if plan is None:
                order = ""
            elif public or (seat is not None and ship.owner != seat.id):
                order = "plotted"
            elif plan.launch:
                order = f"launch to {labels.format(plan.to)}" if plan.to else "launch"
            else:
                order = "plotted"
            tags, lines = (
                ((), ()) if ship.id in hidden else system_state(session.ui, state, ship.id)
            )
            item = QTreeWidgetItem(
                [
                    ship.name,
                    state.player(ship.owner).name,
                    ", ".join((_status(ship, _place(session.ui, state, ship)), *tags)),
                    "?" if ship.id in hidden else show_amount(ship.fuel),
                    str(ship.motion.velocity.speed),
                    order,
                    victory.progress(state, ship.id),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, ship.id)
            if lines:  # the status whole first: the column may cut it short
                item.setToolTip(2, "\n".join((item.text(2), *lines)))
            for col in range(len(SHIP_COLUMNS)):  # a cell the dock's width cuts short
                if col not in WHOLE_COLUMNS and not item.toolTip(col):
                    item.setToolTip(col, item.text(col))  # says itself whole on hover
            item.setIcon(1, colour_swatch(player_colour(state, ship.owner)))
            if not ship.in_play:
                for col in range(len(SHIP_COLUMNS)):
                    item.setForeground(col, QColor("#888888"))
            self.addTopLevelItem(item)
            if ship.id == selected:
                self.setCurrentItem(item)
        self._natural = []
        for col in range(len(SHIP_COLUMNS)):
            self.resizeColumnToContents(col)
            self._natural.append(self.columnWidth(col))
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Every column in the dock's width (:mod:`app.play.column_fit`); a cell cut
        short says it whole in its tooltip."""
        if not self._natural:
            return
        least = self.fontMetrics().horizontalAdvance("Wwww…")
        widths = fitted(self._natural, WHOLE_COLUMNS, self.viewport().width(), least)
        for col, width in enumerate(widths):
            self.setColumnWidth(col, width)
            if width >= self._natural[col]:
                continue
            for row in range(self.topLevelItemCount()):
                item = self.topLevelItem(row)
                assert item is not None  # row < topLevelItemCount()
                if not item.toolTip(col):
                    item.setToolTip(col, item.text(col))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit_columns()

    def select_ship(self, ship_id: str | None) -> None:
        """Highlight a ship's row without emitting ``ship_chosen``."""
        self.blockSignals(True)
        self.clearSelection()
        for i in range(self.topLevelItemCount()):
            item = self.topLevelItem(i)
            assert item is not None  # i < topLevelItemCount()
            if item.data(0, Qt.ItemDataRole.UserRole) == ship_id:
                self.setCurrentItem(item)
        self.blockSignals(False)

    def _chosen(self, item: QTreeWidgetItem) -> None:
        self.ship_chosen.emit(item.data(0, Qt.ItemDataRole.UserRole))


def system_state(ui: object, state: GameState, ship_id: str) -> tuple[tuple[str, ...], ...]:
    """The rule system's own words on a ship (:class:`~app.play.systems.TellsShipState`),
    short and in full; nothing for a system that says nothing more."""
    if not isinstance(ui, TellsShipState):
        return (), ()
    return ui.ship_tags(state, ship_id), ui.ship_lines(state, ship_id)


def _place(ui: object, state: GameState, ship: Ship) -> str | None:
    """Where a landed ship is, by the name players know (a system's own base by its
    name, :class:`~app.play.systems.NamesPlaces`; a map base is named already)."""
    if ship.landed_at and isinstance(ui, NamesPlaces):
        return ui.place_name(state, ship.landed_at)
    return ship.landed_at


def _status(ship: Ship, place: str | None = None) -> str:
    from core.vector.state import ShipStatus

    words = [ship.status.value]
    if ship.status is ShipStatus.LANDED and place:
        words = [f"landed ({place})"]
    if ship.orbit:
        words.append(f"orbit {ship.orbit}")
    if ship.disabled:
        n = ship.disabled_for  # how long it drifts, where the rules count it
        words.append(f"disabled {n} turn{'s' * (n != 1)}" if n > 0 else "disabled")
    return ", ".join(words)


class EventLog(LogView):
    """What happened, in players' words, with a heading line for each round."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("event_log")
        self.setToolTip("What happened in the game, newest at the bottom")
        self.setAlternatingRowColors(True)

        self._sealed: set[str] = set()  # players whose orders of this phase are noted

    def add(self, entries: list[Entry]) -> None:
        from core.engine.play import OrderSealed
        from core.vector.plotting import PlanMade
        from core.vector.turns import PhaseBegan, RoundBegan

        lines = []
        for entry in entries:
            e = entry.event
            if isinstance(e, PlanMade | Rolled):
                continue  # plans are secret until they move; rolls go to the dice log
            if isinstance(e, OrderSealed):
                # once a phase for each player: a line per order only repeated itself,
                # and told everyone how many orders a player had given
                if e.player in self._sealed:
                    continue
                self._sealed.add(e.player)
            else:
                self._sealed.clear()  # the phase resolved: the next orders are new
            style = HEADING if isinstance(e, RoundBegan) else PLAIN
            lines.append((e.text, ASIDE if isinstance(e, PhaseBegan) else style))
        self.add_lines(lines)

    def clear(self) -> None:
        super().clear()
        self._sealed.clear()


class DiceLog(LogView):
    """Every roll: why, the dice, the modifiers and the total."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice_log")
        self.setToolTip("Every die rolled in the game and what it was for")

    def add(self, entries: list[Entry]) -> None:
        self.add_lines(
            [
                (f"Round {entry.round}: {entry.event.text}", PLAIN)
                for entry in entries
                if isinstance(entry.event, Rolled)
            ]
        )


COAST = "Let the selected ship keep its course, burning no fuel"
NO_COAST = "The rules give this ship no course without a burn: plot one on the map"


class CoursePanel(QWidget):
    """The selected ship, its gravity choices for this turn and the hovered course.

    ``choices_changed`` carries (ignore, picks) whenever a box is toggled; ``take_back``
    and ``coast`` are its buttons.
    """

    choices_changed = Signal(object, object)
    take_back = Signal()
    coast = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("course_panel")
        self.title = QLabel("No ship selected")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.info = QLabel("")
        self.info.setObjectName("course_info")
        self.info.setWordWrap(True)
        self.hazard = QLabel("")
        self.hazard.setObjectName("course_hazard")
        self.hazard.setWordWrap(True)
        self.hazard.setStyleSheet("color: #ff3b30; font-weight: bold;")
        self.hazard.setVisible(False)
        self.choices = QFormLayout()
        self.hovered = QLabel("")
        self.hovered.setWordWrap(True)
        self.hovered.setObjectName("hovered_course")
        self.coast_button = QPushButton("&Coast (no burn)")
        self.coast_button.setToolTip(COAST)
        self.coast_button.clicked.connect(self.coast)
        self.take_back_button = QPushButton("&Take Back Order")
        self.take_back_button.setToolTip("Take back the selected ship's order (Backspace)")
        self.take_back_button.clicked.connect(self.take_back)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        # under the heading, so they stay in sight however long the lines below grow;
        # side by side, or stacked in a narrow dock (never cut off at its edge)
        self.buttons = ButtonRow(self.coast_button, self.take_back_button)
        layout.addWidget(self.buttons)
        layout.addWidget(self.info)
        layout.addWidget(self.hazard)
        layout.addLayout(self.choices)
        layout.addWidget(self.hovered)
        layout.addStretch(1)
        self._preview: Preview | None = None
        self._boxes: dict[int, QCheckBox | QComboBox] = {}

    def essential_height(self) -> int:
        """The height that shows the heading, one line and both buttons: the least the
        dock may be squashed to by its neighbours."""
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()

        def height(w: QWidget) -> int:
            return max(w.sizeHint().height(), w.fontMetrics().height())

        # the heading, then the buttons side by side and a line, or (in a narrow dock)
        # the buttons stacked: whichever is higher
        row = height(self.coast_button) + layout.spacing() + height(self.info)
        stacked = self.buttons.heightForWidth(0)
        rows = height(self.title) + max(row, stacked)
        return rows + layout.spacing() + margins.top() + margins.bottom()

    def show_ship(
        self,
        state: GameState,
        ship: Ship | None,
        preview: Preview | None,
        mine: bool,
        *,
        hidden: bool = False,
        ui: object = None,
    ) -> None:
        """Show ``ship``; ``hidden``: its manifest is not in the state on show (fog of
        war), so its fuel reads "?"; ``ui``: the system's interface, which may say more
        of the ship (:class:`~app.play.systems.TellsShipState`)."""
        from core.files.ruleset import show_amount
        from core.vector.state import ShipStatus

        while self.choices.rowCount():
            self.choices.removeRow(0)
        self._boxes.clear()
        self._preview = preview
        # The course hovered before belongs to the state before (perhaps to the player
        # before): the board forgets it too, and says the next one when the mouse moves.
        self.hovered.setText("")
        self._show_hazard(state, ship if mine else None)
        if ship is None:
            self.title.setText("No ship selected")
            self.info.setText(
                "Click one of your ships, or pick it in the ship list (N: next ship)."
            )
            self._enable(False, False)
            return
        labels = state.starmap.bounds.labels
        o = state.starmap.bounds.orientation
        self.title.setText(f"{ship.name} — {state.player(ship.owner).name}")
        v, at = ship.motion.velocity, ship.motion.position  # (no label far off the map)
        where = f"At {labels.format(at)}" if state.starmap.bounds.contains(at) else "Off the map"
        lines = [
            f"{where}, speed {v.speed}, fuel {'?' if hidden else show_amount(ship.fuel)}",
        ]
        if ship.status is ShipStatus.LANDED:
            # the rings are there only while this player may give the ship an order
            may_launch = mine and preview is not None and bool(preview.launch)
            lines.append("Landed: click a green ring to launch there." if may_launch else "Landed.")
        for pull in ship.motion.pulls:
            arrows = " or ".join(
                f"{a.kind.value} {a.direction.name_in(o)}" + (f" ({a.body})" if a.body else "")
                for a in pull.arrows
            )
            lines.append(f"Gravity this turn: {labels.format(pull.hex)} {arrows}")
        lines += () if hidden else system_state(ui, state, ship.id)[1]
        plan = state.plan(ship.id)
        if plan is not None and mine:
            # after System III Void's astrogation the order stands, with no end points
            change = ": hover and click another end point to change it" if preview else ""
            lines.append(f"Order given{change}.")
        self.info.setText("\n".join(lines))
        # the rules may offer no course without a burn (a landed NPlanetary ship stays
        # put with no order): Coast is then greyed out, and says why
        drifts = preview is not None and preview.at(preview.drift) is not None
        # an order stands once the phase it is given in ends (Void's astrogation): kept
        self._enable(mine and drifts, plan is not None and mine and preview is not None)
        if mine and preview is not None and not drifts:
            self.coast_button.setToolTip(NO_COAST)
        if preview is None or not mine:
            return
        picks = dict(preview.picks)
        for choice in preview.choices:
            where = labels.format(choice.hex)
            if choice.two_directed:
                combo = QComboBox()
                for a in choice.arrows:
                    combo.addItem(
                        f"{a.direction.name_in(o)} ({a.body or 'set by hand'})", int(a.direction)
                    )
                if choice.may_ignore:
                    combo.addItem("ignore (weak)", -1)
                current = (
                    -1
                    if choice.index in preview.ignore
                    else int(picks.get(choice.index, choice.arrows[0].direction))
                )
                combo.setCurrentIndex(max(0, combo.findData(current)))
                combo.currentIndexChanged.connect(self._changed)
                self._boxes[choice.index] = combo
                self.choices.addRow(f"Two-directed at {where}:", combo)
            elif choice.may_ignore:
                box = QCheckBox(f"use weak gravity at {where}")
                box.setChecked(choice.index not in preview.ignore)
                box.toggled.connect(self._changed)
                self._boxes[choice.index] = box
                self.choices.addRow(box)

    def _show_hazard(self, state: GameState, ship: Ship | None) -> None:
        """The loss the ship's standing order brings, in red, until it moves: a
        player who confirmed a crash course is reminded of it when they come back."""
        from app.vector.hazards import plan_hazard

        plan = state.plan(ship.id) if ship is not None else None
        hazard = plan_hazard(state, ship, plan) if ship is not None and plan else None
        self.hazard.setText(
            f"This order takes the ship out of play: {ship.name} {hazard}."
            if ship is not None and hazard
            else ""
        )
        self.hazard.setVisible(bool(hazard))

    def clear_ship(self) -> None:
        while self.choices.rowCount():
            self.choices.removeRow(0)
        self._boxes.clear()
        self.title.setText("No ship selected")
        self.info.setText("")
        self.hovered.setText("")
        self.hazard.setText("")
        self.hazard.setVisible(False)
        self._enable(False, False)

    def _enable(self, coast: bool, take_back: bool) -> None:
        self.coast_button.setEnabled(coast)
        self.coast_button.setToolTip(COAST)
        self.take_back_button.setEnabled(take_back)

    def _changed(self) -> None:
        ignore: set[int] = set()
        picks: list[tuple[int, Direction]] = []
        for index, widget in self._boxes.items():
            if isinstance(widget, QCheckBox):
                if not widget.isChecked():
                    ignore.add(index)
            else:
                value = widget.currentData()
                if value == -1:
                    ignore.add(index)
                else:
                    picks.append((index, Direction(value)))
        self.choices_changed.emit(frozenset(ignore), tuple(sorted(picks)))

    def show_hovered(self, state: GameState, option: Option | None) -> None:
        if option is None:
            self.hovered.setText("")
            return
        from core.files.ruleset import show_amount

        r = option.result
        labels = state.starmap.bounds.labels
        hexes = len(option.order.burn)
        if not hexes:
            how = "coast"
        elif option.fuel:
            how = f"burn {show_amount(option.fuel)} fuel"
        else:  # free thrust (a Void battle): the burn is still a burn
            how = f"burn {hexes} hex{'es' * (hexes != 1)}, no fuel"
        lines = [f"To {labels.describe(r.tip)}: {how}, speed {r.velocity.speed}"]
        lines.extend(e.text for e in r.events)
        lines.extend(w.reason for w in option.weapons)
        if r.orbit:
            lines.append(f"In orbit around {r.orbit}")
        self.hovered.setText("\n".join(lines))
