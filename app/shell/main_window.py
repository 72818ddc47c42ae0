"""The Ecliptic main window: the star map in the centre, menus, the status bar, and,
once a game is started, the turn bar, the game docks and the hand-over screen.

This module holds the window itself (what it is made of, the status bar, the view and
its settings); the rest is in its mixins, named in :class:`MainWindow`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QByteArray, QObject, QSettings, Qt, QTimer, Signal, qVersion
from PySide6.QtGui import QCloseEvent, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QTabBar,
    QWidget,
)

from app.board.view import MapView
from app.campaign.mail import MailWindow
from app.campaign.window import CampaignWindow
from app.play.systems import DescribesHexes
from app.play.turn import HandOver, TurnBar
from app.shell.dock_layout import DockLayout
from app.shell.files import FileActions
from app.shell.game import GameActions
from app.shell.menus import Menus
from app.shell.own_game import OwnGameActions
from app.shell.version import application_version, source_revision
from core.board.hexgrid import Hex
from core.engine.words import plural
from core.files.resources import SOLAR_SYSTEM_MAP

if TYPE_CHECKING:
    from app.help.window import HelpWindow
    from app.shell.startprobe import InputGuard

GEOMETRY_KEY = "main_window/geometry"
#: a plain start's window is finished this long after it is shown, painted or not
FINISH_BY_MS = 500
STATE_KEY = "main_window/state"


class MainWindow(
    GameActions,
    OwnGameActions,
    FileActions,
    Menus,
    DockLayout,
    CampaignWindow,
    MailWindow,
    QMainWindow,
):
    """Top-level window. ``settings`` defaults to QSettings("Ecliptic", "Ecliptic").

    Its parts are mixins, one idea each: the game (:mod:`app.shell.game`), a game on its
    system's own page (:mod:`app.shell.own_game`), files (:mod:`app.shell.files`), menus
    (:mod:`app.shell.menus`), docks (:mod:`app.shell.dock_layout`), campaigns
    (:mod:`app.campaign.window`) and play by mail (:mod:`app.campaign.mail`)."""

    #: emitted once everything is built (see :meth:`finish_building`)
    built = Signal()

    def __init__(
        self,
        path: Path | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        paint_first: bool = False,
    ) -> None:
        """``paint_first`` (a plain start, no ``path``): show the built-in map with the
        window's menus, bars and dock frames, and leave the game panels and the editor's
        actions to :meth:`finish_after_first_paint`."""
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("Ecliptic", "Ecliptic")
        self.current_path = None
        self._last_seat = None
        self.ask_before_closing = True
        """Ask before a game in progress is closed (tests turn this off)."""
        self.setWindowTitle("Ecliptic")

        self.starmap = None
        self._shown = False
        self._docks_to_share = False  # no saved layout: sized at the first show
        self.scene = None
        self.session = None
        self.own_page = None
        self._put_away = []
        self._tips_kept = {}  # see OwnGameActions
        self.board = None
        self.help_window: HelpWindow | None = None
        self.map_view = MapView(self)
        self.map_view.setObjectName("map_view")
        self.map_view.hex_hovered.connect(self.show_hex)
        self.map_view.ruler_measured.connect(self.show_ruler)
        self.map_view.ruler_finished.connect(self._ruler_finished)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.map_view)
        self.setCentralWidget(self.stack)
        self.stack.currentChanged.connect(lambda _: self.guard_seat_panels())

        # A permanent label rather than showMessage(), so menu status tips don't erase it.
        self.status_label = QLabel("Ready")
        self.statusBar().addWidget(self.status_label, 1)
        self.hex_label = QLabel("")
        self.statusBar().addPermanentWidget(self.hex_label)

        self.turn_bar = TurnBar(self)
        self.turn_bar.end_button.clicked.connect(self.end_turn)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        self._init_campaign()
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.replay_bar)
        self._create_docks()
        self._init_mail()
        self._create_menus()
        self._restore_settings()
        self.hide_until_their_games()
        self.hide_own_page_docks()
        self.replay_bar.set_replay(None)  # only in the replay view, whatever was saved
        self._built = False
        self._input_guard: InputGuard | None = None
        if paint_first and path is None:
            self.open_path(SOLAR_SYSTEM_MAP)  # the rest: finish_after_first_paint
            return
        self.finish_building()
        if (path is None or not self.open_path(path)) and self.starmap is None:
            self.open_path(SOLAR_SYSTEM_MAP)

    def finish_building(self) -> None:
        """Build what the first frame of a plain start does without: the game panels in
        their docks, the campaign browser, the referee's panel, the hand-over screen and
        the editor's actions (once; :attr:`built` then)."""
        if self._built:
            return
        self._built = True
        if self._input_guard is not None:
            self._input_guard.end()
        self.hand_over = HandOver(self)  # the hot seat's screen, in the central stack
        self.hand_over.accepted.connect(self.take_seat)
        self.stack.addWidget(self.hand_over)
        self._init_campaign_browser()
        self._init_referee_panel()
        self._fill_docks()
        self.ship_list.ship_chosen.connect(self._ship_chosen)
        self.course_panel.choices_changed.connect(self._choices_changed)
        self.course_panel.take_back.connect(self.take_back)
        self.course_panel.coast.connect(self._coast)
        self.course_panel.clear_ship()
        from app.editor.install import install

        self.editor_mode = install(self)  # New Map…, Edit Map or Scenario…, Map Editor mode
        self._update_game_actions()
        self.built.emit()

    def finish_after_first_paint(self, also_watch: Sequence[QObject] = ()) -> None:
        """Finish building (:meth:`finish_building`) right after the map's first frame,
        or before anything a player does reaches the window (or ``also_watch``: the
        application, where the desktop's file-open requests arrive), if that comes
        first: a key, a click, a drop, closing it; at the latest :data:`FINISH_BY_MS`
        after. Call once the window is shown."""
        if self._built:
            return
        from app.shell.startprobe import InputGuard, after_first_paint

        after_first_paint(self.map_view.viewport(), self.finish_building)
        # ...and at the latest a moment later: a window started minimized paints nothing
        QTimer.singleShot(FINISH_BY_MS, self, self.finish_building)
        handle = self.windowHandle()
        watched = [handle, *also_watch] if handle is not None else [self, *also_watch]
        self._input_guard = InputGuard(self.finish_building, self, watched)

    def is_built(self) -> bool:
        return self._built

    # Status bar

    def show_hex(self, h: Hex | None) -> None:
        """Status bar: the label and terrain of the hex under the mouse."""
        if h is None or self.starmap is None:
            self.hex_label.setText("")
            return
        m = self.starmap
        parts = [m.bounds.labels.format(h), m.terrain_at(h).value]
        body = m.body_at(h)
        if body is not None:
            parts[1] = body.name
        gravity = m.gravity_at(h)
        if gravity is not None:
            arrows = " or ".join(
                f"{a.kind.value} {a.direction.name_in(m.bounds.orientation)}"
                for a in gravity.arrows
            )
            parts.append(f"gravity {arrows}")
        # a game whose rules ignore the map's bases (NPlanetary) does not name them either
        if self.session is None or getattr(self.session.ui, "map_bases", True):
            parts.extend(b.name for b in m.bases if h in (b.hex, b.approach))
        if self.session is not None:
            ui = self.session.ui
            if isinstance(ui, DescribesHexes):  # the system's own words (ore or water)
                parts.extend(ui.hex_words(self.session.state, h))
            parts.extend(
                s.name for s in self.session.state.ships if s.in_play and s.motion.position == h
            )
        self.hex_label.setText("  ·  ".join(parts))

    def show_ruler(self, start: Hex, end: Hex, distance: int) -> None:
        labels = self.starmap.bounds.labels if self.starmap else None
        if labels is None:
            return
        self.status_label.setText(
            f"Ruler: {labels.format(start)} to {labels.format(end)} is {plural(distance, 'hex')}"
        )

    def set_ruler(self, on: bool) -> None:
        self.map_view.set_ruler(on)
        if on:
            self.status_label.setText(
                "Ruler: drag from one hex to another, or click one then the other (Esc ends)"
            )

    def _ruler_finished(self) -> None:
        self.ruler_action.setChecked(False)

    # View

    def zoomed_view(self) -> MapView | None:
        """The view View › Zoom and Fit Map act on: the star map, or the board in front
        on a system's own page (``zoom_view()``, None while no board is shown)."""
        page = self.own_page
        if page is not None and self.stack.currentWidget() is page.widget():
            zoom_view = getattr(page, "zoom_view", None)
            return zoom_view() if zoom_view is not None else None
        return self.map_view

    def zoom_in(self) -> None:
        if (view := self.zoomed_view()) is not None:
            view.zoom(1)

    def zoom_out(self) -> None:
        if (view := self.zoomed_view()) is not None:
            view.zoom(-1)

    def fit_map(self) -> None:
        if (view := self.zoomed_view()) is not None:
            view.fit_map()

    def set_labels_visible(self, visible: bool) -> None:
        if self.scene is not None:
            self.scene.set_labels_visible(visible)

    def set_projection(self, on: bool) -> None:
        if self.board is not None:
            self.board.set_projection(on)

    # Help

    def about_text(self) -> str:
        import platform  # only for the About box

        return (
            f"<h3>Ecliptic {application_version()}</h3>"
            f"<p>Revision {source_revision()}</p>"
            "<p>Editor and campaign manager for Triplanetary-family "
            "vector space games on a hex map.</p>"
            f"<p>Python {platform.python_version()} · Qt {qVersion()} · "
            f"PySide6 {PySide6.__version__}</p>"
        )

    def show_about(self) -> None:
        self.show_help("about")

    def show_help(self, tab: str = "how-to-play") -> HelpWindow:
        """The Help window on one of its tabs (made the first time, then kept)."""
        if self.help_window is None:
            from app.help.window import HelpWindow

            self.help_window = HelpWindow(self, self.about_text)
        self.help_window.show_tab(tab)
        return self.help_window

    def show_game_rules(self) -> None:
        """Help › Rules: on the page of the rule system being played, if a game is on
        (a newcomer to NPlanetary asks for its rules, not Interplanetary's)."""
        system = None
        if self.session is not None:
            system = getattr(self.session.state.rules, "system_id", None)
        self.show_help("rules").show_rules(system)

    # Settings

    def _restore_settings(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self._fill_screen()
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray):
            # the tab bars of the docks tabbed at start are put away first: the restored
            # layout shows those it uses; Qt deletes the others only when the event loop
            # next runs, and until then draws them where the first layout had them (a
            # stray "Event Log | Dice" over the Campaign dock in grabs and tests)
            for bar in self.findChildren(
                QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly
            ):
                bar.hide()
            self.restoreState(state)
        else:  # shared out once the window is shown at the size it will have
            self._docks_to_share = True

    def _share_docks(self) -> None:
        """The docks' first sizes, as shares of the window's size on screen (read at the
        first show: a window resized before it, as a window manager may, would otherwise
        keep docks sized for another width, the ship list too narrow for its columns)."""
        horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
        width, height = self.width(), self.height()
        self.resizeDocks([self.docks["ships"]], [min(460, width * 3 // 10)], horizontal)
        self.resizeDocks([self.docks["events"]], [min(180, height // 5)], vertical)
        # The right column: a short ship list, and room for the Course dock's
        # lines (ship, gravity, order, hovered course) without a scroll bar.
        column = [self.docks[k] for k in ("ships", "course", "combat")]
        shares = [height * 22 // 100, height * 28 // 100, height // 3]
        self.resizeDocks(column, shares, vertical)

    def _fill_screen(self) -> None:
        """The first window: most of the screen's available area (inside its panels
        and task bar), centred, so the map has room from the start."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1280, 820)
            return
        area = screen.availableGeometry()
        margin_x, margin_y = area.width() // 20, area.height() // 20
        self.setGeometry(area.adjusted(margin_x, margin_y, -margin_x, -margin_y))

    def save_settings(self) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        hidden = self.docks_hidden_for_game()
        for dock in hidden:  # kept in the layout as the player left them
            dock.setVisible(True)
        self.settings.setValue(STATE_KEY, self.saveState())
        for dock in hidden:
            dock.setVisible(False)
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            if self._docks_to_share:
                self._share_docks()
            self.map_view.show_default()  # the view has its real size only now

    def closeEvent(self, event: QCloseEvent) -> None:
        self.finish_building()  # closing reads the panels, even right after a start
        question = self.closing_question(quitting=True)
        if question and self.ask_before_closing:
            answer = QMessageBox.question(self, "Quit", question)
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        self.save_settings()
        self.close_campaign()
        for child in self.findChildren(QWidget):  # Help, a problems box: windows of
            if child.isWindow() and child.isVisible():  # their own would stay behind
                child.close()
        super().closeEvent(event)
