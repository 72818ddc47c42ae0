"""The main window's docks and where they sit: the generic game docks (ships, course,
event log, dice), the campaign browser, and the docks the rule systems declare in
:mod:`app.play.systems` (Interplanetary's Combat and Manifest).

Every declared dock is built at start-up with a placeholder in it, so a saved window
layout is restored whole; its panel comes from the rule system's interface when a game
of that system is first shown, and a game of another system puts the placeholders back.

The docks are made in two steps: their frames first (:meth:`DockLayout._create_docks`:
titles, places, tabs, the layout a saved state restores), their panels next
(:meth:`DockLayout._fill_docks`), which a plain start does right after the map's
first frame (see :mod:`app.shell.main_window`): the panels are empty before a game, and
the first frame need not wait for them.

A mixin for the main window (:mod:`app.shell.main_window`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QWidget

from app.play.systems import DockSlot, SystemDocks, SystemUI, entries
from app.shell.host import WindowHost

if TYPE_CHECKING:
    from app.play.session import GameSession

AREAS = {
    "left": Qt.DockWidgetArea.LeftDockWidgetArea,
    "right": Qt.DockWidgetArea.RightDockWidgetArea,
    "bottom": Qt.DockWidgetArea.BottomDockWidgetArea,
}


class DockLayout(WindowHost):
    """The docks of the main window (see the module's docstring), by key in ``docks``."""

    def _create_docks(self) -> None:
        """The docks with their titles, in their places, the system docks with their
        placeholders; the game panels come in :meth:`_fill_docks`."""
        #: the panels of the game on show's rule system (None before the first game)
        self.system_docks: SystemDocks | None = None
        self._system_panels: dict[str, SystemDocks] = {}  # by system id, built once
        self._placeholders: dict[str, QLabel] = {}
        self._hidden_for_game: set[str] = set()
        self._course_resting = False  # hidden for a phase without courses (follow_phase)
        self.docks: dict[str, QDockWidget] = {}
        slots = [slot for entry in entries().values() for slot in entry.docks]
        for slot in slots:
            placeholder = QLabel(slot.placeholder)
            placeholder.setWordWrap(True)
            self._placeholders[slot.key] = placeholder
        for key, title, widget, where in (
            ("ships", "Ships", None, "right"),
            ("course", "Course", None, "right"),
            *((s.key, s.title, self._placeholders[s.key], s.area) for s in slots),
            ("events", "Event Log", None, "bottom"),
            ("dice", "Dice", None, "bottom"),
            ("campaign", "Campaign", None, "left"),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}_dock")
            if widget is not None:
                dock.setWidget(widget)
            self.addDockWidget(AREAS[where], dock)
            self.docks[key] = dock
        self._tabify(self.docks["events"], self.docks["dice"])
        # hidden before they are tabbed: a group tabbed and then hidden leaves a stray
        # tab bar on screen (Qt)
        self.hide_until_their_games()
        for slot in slots:
            self._tab_behind(slot)
        self.docks["campaign"].hide()

    def _fill_docks(self) -> None:
        """The game panels in their docks: the ship list, the course, the logs, and the
        campaign browser (made before, by :meth:`CampaignWindow._init_campaign_browser`)."""
        from app.play.docks import CoursePanel, DiceLog, EventLog, ShipList

        self.ship_list = ShipList()
        self.course_panel = CoursePanel()
        self.event_log = EventLog()
        self.dice_log = DiceLog()
        # The course's text changes as the mouse moves: a scroll area keeps that from
        # resizing the dock, which would shift the map under the mouse.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.course_panel)
        # ...and room for its heading, a line and its buttons is kept, so a full Combat
        # dock below cannot squash it to a sliver that needs scrolling
        scroll.setMinimumHeight(self.course_panel.essential_height() + 2 * scroll.frameWidth())
        for key, widget in (
            ("ships", self.ship_list),
            ("course", scroll),
            ("events", self.event_log),
            ("dice", self.dice_log),
            ("campaign", self.browser),
        ):
            self.docks[key].setWidget(widget)
            widget.show()  # at once, not at the layout's next turn: a click may follow

    def _tabify(self, front: QDockWidget, behind: QDockWidget) -> None:
        self.tabifyDockWidget(front, behind)
        front.raise_()

    def _tab_behind(self, slot: DockSlot) -> None:
        if slot.tab_with is not None and slot.tab_with in self.docks:
            self._tabify(self.docks[slot.tab_with], self.docks[slot.key])

    def show_system_docks(self, ui: SystemUI) -> None:
        """Put the panels of ``ui``'s rule system in its docks (built on its first game),
        and the placeholders back in the docks of the other systems."""
        docks = self._system_panels.get(ui.id)
        if docks is None:
            docks = self._system_panels[ui.id] = ui.docks()
        for key, placeholder in self._placeholders.items():
            widget = docks.panels.get(key, placeholder)
            dock = self.docks[key]
            old = dock.widget()
            if old is widget:
                continue
            if old is not None:
                old.hide()
                old.setParent(None)  # kept by this window, shown again in its system's game
            dock.setWidget(widget)
            widget.show()
        self.system_docks = docks
        self._hide_other_systems(ui.id)
        self.course_follows(True)

    def refresh_system_docks(self, session: GameSession, ship_id: str | None) -> None:
        """The rule system's panels show the game; the dock that has just begun to ask
        for the player's attention comes to the front, and the Course dock follows the
        phase if the system says when courses are plotted (``course_wanted``)."""
        assert self.system_docks is not None
        front = self.system_docks.refresh(session, ship_id)
        if front is not None:
            self.docks[front].raise_()
        plotting = getattr(self.system_docks, "course_wanted", None)
        self.course_follows(plotting is None or plotting(session))

    def course_follows(self, wanted: bool) -> None:
        """A rule system whose courses are plotted in one phase only (NPlanetary) rests
        the Course dock in the other phases, giving its room to the docks beside it;
        it comes back with the movement phase, unless the player had closed it."""
        dock = self.docks["course"]
        if wanted and self._course_resting:
            self._course_resting = False
            dock.show()
        elif not wanted and not self._course_resting and not dock.isHidden():
            self._course_resting = True
            dock.hide()

    def _hide_other_systems(self, system_id: str) -> None:
        """Hide the docks of the other rule systems during a game (their placeholders
        would only take room from this system's), and show again the ones of this system
        that an earlier game hid; a dock the player closed stays closed."""
        own = entries().get(system_id)
        keys = {slot.key for slot in own.docks} if own is not None else set()
        for key in self._placeholders:
            dock = self.docks[key]
            if key in keys and key in self._hidden_for_game:
                self._hidden_for_game.discard(key)
                dock.show()
            elif key not in keys and not dock.isHidden():
                self._hidden_for_game.add(key)
                dock.hide()

    def hide_until_their_games(self) -> None:
        """Before any game, the docks of the first registered system stand (with their
        placeholders) for every system's; the others wait, hidden, for a game of theirs."""
        first = next(iter(entries()), None)
        if first is not None:
            self._hide_other_systems(first)

    def docks_hidden_for_game(self) -> list[QDockWidget]:
        """The docks a game hid for now (shown again while the layout is saved, so a
        closed game does not lose another system's docks for good)."""
        keys = self._hidden_for_game | ({"course"} if self._course_resting else set())
        return [self.docks[key] for key in sorted(keys)]

    def panel(self, key: str) -> QWidget | None:
        """The rule system's panel in the dock ``key`` (``"combat"``), if the game on show
        has one there."""
        if self.system_docks is None:
            return None
        return self.system_docks.panels.get(key)
