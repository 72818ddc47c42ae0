"""The Ecliptic main window: the star map in the centre, menus, the status bar, and,
once a game is started, the turn bar, the game docks and the hand-over screen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QWidget,
)

from app.board.scene import StarMapScene
from app.board.view import MapView
from app.campaign.paths import map_cache_dir
from app.campaign.window import CampaignWindow
from app.play.docks import CoursePanel, DiceLog, EventLog, ShipList
from app.play.turn import HandOver, TurnBar
from app.shell.version import application_version
from core.board.hexgrid import Hex
from core.board.problems import FileProblems, Problem
from core.board.starmap import StarMap
from core.campaign.fileformat import EXTENSION, MAGIC
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.documents import load_document

if TYPE_CHECKING:
    from collections.abc import Mapping

    from app.play.board import GameBoard
    from app.play.session import GameSession
    from app.rules.interplanetary.combat import CombatPanel
    from app.rules.interplanetary.manifest.in_play import ManifestPanel
    from core.campaign import GameRecord
    from core.rules.interplanetary.aid.manifest import Manifest
    from core.scenario.document import Scenario, Seat
    from core.vector.state import GameState, Player

MAP_FILTER = (
    f"Campaigns, maps and scenarios (*{EXTENSION} *.toml);;Campaigns (*{EXTENSION});;"
    "Maps and scenarios (*.toml);;All files (*)"
)
GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"
RECENT_KEY = "recent_files"
MAX_RECENT = 8


class MainWindow(CampaignWindow, QMainWindow):
    """Top-level window. ``settings`` defaults to QSettings("Ecliptic", "Ecliptic")."""

    def __init__(
        self,
        path: Path | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("Ecliptic", "Ecliptic")
        self.current_path: Path | None = None
        self._last_seat: str | None = None
        self.ask_before_closing = True
        """Ask before a game in progress is closed (tests turn this off)."""
        self.setWindowTitle("Ecliptic")

        self.starmap: StarMap | None = None
        self._shown = False
        self.scene: StarMapScene | None = None
        self.session: GameSession | None = None
        self.board: GameBoard | None = None
        self.map_view = MapView(self)
        self.map_view.setObjectName("map_view")
        self.map_view.hex_hovered.connect(self.show_hex)
        self.map_view.ruler_measured.connect(self.show_ruler)
        self.map_view.ruler_finished.connect(self._ruler_finished)
        self.hand_over = HandOver(self)
        self.hand_over.accepted.connect(self.take_seat)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.map_view)
        self.stack.addWidget(self.hand_over)
        self.setCentralWidget(self.stack)

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
        self._create_menus()
        from app.editor.install import install

        self.editor_mode = install(self)  # New Map…, Edit Map or Scenario…, Map Editor mode
        self._restore_settings()
        self.replay_bar.set_replay(None)  # only in the replay view, whatever was saved
        self._update_game_actions()
        if (path is None or not self.open_path(path)) and self.starmap is None:
            self.open_path(SOLAR_SYSTEM_MAP)

    def _create_docks(self) -> None:
        self.ship_list = ShipList()
        self.course_panel = CoursePanel()
        self.event_log = EventLog()
        self.dice_log = DiceLog()
        # The Combat panel (and the combat rules) load when the first game starts.
        self.combat_panel: CombatPanel | None = None
        self.combat_placeholder = QLabel("Combat controls appear when a game is on.")
        self.combat_placeholder.setWordWrap(True)
        self.manifest_panel: ManifestPanel | None = None  # with the Combat panel
        self.manifest_placeholder = QLabel("The selected ship's manifest sheet, during a game.")
        self.manifest_placeholder.setWordWrap(True)
        self.docks: dict[str, QDockWidget] = {}
        area = Qt.DockWidgetArea
        for key, title, widget, where in (
            ("ships", "Ships", self.ship_list, area.RightDockWidgetArea),
            ("course", "Course", self.course_panel, area.RightDockWidgetArea),
            ("combat", "Combat", self.combat_placeholder, area.RightDockWidgetArea),
            ("manifest", "Manifest", self.manifest_placeholder, area.RightDockWidgetArea),
            ("events", "Event Log", self.event_log, area.BottomDockWidgetArea),
            ("dice", "Dice", self.dice_log, area.BottomDockWidgetArea),
            ("campaign", "Campaign", self.browser, area.LeftDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}_dock")
            if isinstance(widget, CoursePanel):
                # Its text changes as the mouse moves: a scroll area keeps that from
                # resizing the dock, which would shift the map under the mouse.
                scroll = QScrollArea()
                scroll.setWidgetResizable(True)
                scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
                scroll.setWidget(widget)
                dock.setWidget(scroll)
            else:
                dock.setWidget(widget)
            self.addDockWidget(where, dock)
            self.docks[key] = dock
        self.tabifyDockWidget(self.docks["events"], self.docks["dice"])
        self.docks["events"].raise_()
        # The sheet shares the ship list's place, so the map keeps the middle of the
        # window; it comes to the front when a hit is to be placed or a ship refits.
        self.tabifyDockWidget(self.docks["ships"], self.docks["manifest"])
        self.docks["ships"].raise_()
        self._sheet_wanted: tuple[str, str | None] | None = None
        self.docks["campaign"].hide()
        self.ship_list.ship_chosen.connect(self._ship_chosen)
        self.course_panel.choices_changed.connect(self._choices_changed)
        self.course_panel.take_back.connect(self.take_back)
        self.course_panel.coast.connect(self._coast)
        self.course_panel.clear_ship()

    def _create_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_campaign_action = file_menu.addAction("&New Campaign…")
        self.new_campaign_action.setShortcuts(QKeySequence.StandardKey.New)
        self.new_campaign_action.setStatusTip("Start a scenario kept in a campaign file")
        self.new_campaign_action.triggered.connect(lambda: self.new_campaign())
        self.new_game_action = file_menu.addAction("New &Quick Game…")
        self.new_game_action.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.new_game_action.setStatusTip("Play a scenario without keeping it")
        self.new_game_action.triggered.connect(lambda: self.new_game())
        self.open_action = file_menu.addAction("&Open…")
        self.open_action.setShortcuts(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.open_map)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.setObjectName("recent_menu")
        self._fill_recent_menu()
        file_menu.addSeparator()
        self.save_copy_action = file_menu.addAction("Save a &Copy As…")
        self.save_copy_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.save_copy_action.triggered.connect(self.save_copy_as)
        self.export_mail_action = file_menu.addAction("&Export for Mail…")
        self.export_mail_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_mail_action.setStatusTip("A copy of the campaign for the next player to open")
        self.export_mail_action.triggered.connect(self.export_for_mail)
        self.export_map_action = file_menu.addAction("Export &Map…")
        self.export_map_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.export_map_action.setStatusTip("The map as a PNG or SVG picture or a PDF page")
        self.export_map_action.triggered.connect(self.export_map)
        self.print_map_action = file_menu.addAction("&Print Map…")
        self.print_map_action.setShortcuts(QKeySequence.StandardKey.Print)
        self.print_map_action.triggered.connect(self.print_map)
        file_menu.addSeparator()
        self.close_game_action = file_menu.addAction("&Close")
        self.close_game_action.setShortcuts(QKeySequence.StandardKey.Close)
        self.close_game_action.triggered.connect(self.close_game)
        self.quit_action = file_menu.addAction("&Quit")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        # Windows has no standard Quit binding; fall back to Ctrl+Q there.
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        self.quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
        self.quit_action.triggered.connect(self.close)

        edit_menu = self.menuBar().addMenu("&Edit")
        self.undo_action = edit_menu.addAction("&Undo")
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = edit_menu.addAction("&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(self.redo)

        view_menu = self.menuBar().addMenu("&View")
        self.zoom_in_action = view_menu.addAction("Zoom &In")
        self.zoom_in_action.setShortcuts(QKeySequence.StandardKey.ZoomIn)
        self.zoom_in_action.triggered.connect(self.zoom_in)
        self.zoom_out_action = view_menu.addAction("Zoom &Out")
        self.zoom_out_action.setShortcuts(QKeySequence.StandardKey.ZoomOut)
        self.zoom_out_action.triggered.connect(self.zoom_out)
        self.fit_action = view_menu.addAction("&Fit Map")
        self.fit_action.setShortcut(QKeySequence("Ctrl+0"))
        self.fit_action.triggered.connect(self.fit_map)
        view_menu.addSeparator()
        self.labels_action = view_menu.addAction("Hex &Labels")
        self.labels_action.setCheckable(True)
        self.labels_action.setShortcut(QKeySequence("Ctrl+L"))
        self.labels_action.toggled.connect(self.set_labels_visible)
        self.projection_action = view_menu.addAction("&Coast Projection")
        self.projection_action.setCheckable(True)
        self.projection_action.setShortcut(QKeySequence("P"))
        self.projection_action.setStatusTip("Show where the selected ship drifts if it never burns")
        self.projection_action.toggled.connect(self.set_projection)
        self.ruler_action = view_menu.addAction("&Ruler")
        self.ruler_action.setCheckable(True)
        self.ruler_action.setShortcut(QKeySequence("R"))
        self.ruler_action.setStatusTip("Drag between two hexes to measure the distance; Esc ends")
        self.ruler_action.toggled.connect(self.set_ruler)
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())

        game_menu = self.menuBar().addMenu("&Game")
        self.end_turn_action = game_menu.addAction("&End Turn")
        self.end_turn_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.end_turn_action.triggered.connect(self.end_turn)
        self.next_ship_action = game_menu.addAction("&Next Ship")
        self.next_ship_action.setShortcut(QKeySequence("N"))
        self.next_ship_action.triggered.connect(self._next_ship)
        self.centre_action = game_menu.addAction("&Centre on Ship")
        self.centre_action.setShortcut(QKeySequence("C"))
        self.centre_action.triggered.connect(self._centre_on_selected)
        self.replay_action = game_menu.addAction("&Replay Past Turns")
        self.replay_action.setCheckable(True)
        self.replay_action.setShortcut(QKeySequence("Ctrl+R"))
        self.replay_action.setStatusTip("Step through past turns on the map (campaigns)")
        self.replay_action.triggered.connect(self.toggle_replay)
        self.take_back_action = game_menu.addAction("&Take Back Order")
        self.take_back_action.setShortcut(QKeySequence("Backspace"))
        self.take_back_action.triggered.connect(self.take_back)
        self.turn_bar.end_button.setToolTip("End your turn (Ctrl+Enter)")

        ships_menu = self.menuBar().addMenu("&Ships")
        self.designs_action = ships_menu.addAction("Ship &Designs…")
        self.designs_action.setStatusTip("Outfit, keep, print and share ship designs")
        self.designs_action.triggered.connect(self.show_designs)

        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = help_menu.addAction("&About Ecliptic")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)

    def show_designs(self) -> None:
        from app.rules.interplanetary.manifest.library_dialog import LibraryDialog

        LibraryDialog(self).exec()

    # File

    def open_map(self) -> None:
        start = str(self.current_path.parent) if self.current_path else ""
        filename, _ = QFileDialog.getOpenFileName(self, "Open Map or Scenario", start, MAP_FILTER)
        if filename:
            self.open_path(Path(filename))

    def open_path(self, path: Path) -> bool:
        """Open a campaign, load and show a map, or offer a scenario in the New Game
        dialog. A bad file is explained and the current map kept."""
        if is_campaign_file(path):
            return self.open_campaign(path)
        try:
            document = load_document(path, cache=map_cache_dir())
            if not isinstance(document, StarMap) and is_ruleset(document):
                problem = Problem("this is a ruleset: open a map or a scenario", "format")
                raise FileProblems([problem])
        except FileProblems as exc:
            self.show_problems(path, exc)
            return False
        if not isinstance(document, StarMap):  # a scenario
            self._remember(path)
            return self.new_game(path)
        if self.session is not None and not self.close_game():
            return False
        self.show_map(document, path)
        if path != SOLAR_SYSTEM_MAP:
            self._remember(path)
        return True

    def show_problems(self, path: Path, exc: FileProblems) -> None:
        shown = exc.problems[:12]
        more = len(exc.problems) - len(shown)
        text = "\n".join(f"• {p}" for p in shown) + (f"\n… and {more} more" if more else "")
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Cannot open file",
            f"{path.name} could not be opened:",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setInformativeText(text)
        box.setObjectName("problems_box")
        box.open()
        self.status_label.setText(f"Could not open {path.name}: {exc.problems[0].message}")

    def map_on_show(self) -> StarMap | None:
        """The map being edited in the Map Editor, else the game's or the one opened."""
        mode = self.editor_mode
        if mode.editor is not None and mode.mode_action.isChecked():
            return mode.editor.document.map.starmap()
        return self.starmap

    def export_map(self) -> None:
        """File › Export Map…: the map on show to a PNG or SVG picture or a PDF page."""
        starmap = self.map_on_show()
        if starmap is not None:
            from app.editor.export import ask_export_map

            ask_export_map(starmap, self)

    def print_map(self) -> None:
        starmap = self.map_on_show()
        if starmap is not None:
            from app.editor.export import print_map

            print_map(starmap, self)

    def show_map(self, starmap: StarMap, path: Path | None = None) -> None:
        self.starmap = starmap
        self.scene = StarMapScene(starmap, parent=self)
        self.scene.set_labels_visible(self.labels_action.isChecked())
        self.map_view.setScene(self.scene)
        if path is not None:
            self.current_path = path
            self.setWindowTitle(f"{starmap.name} ({path.name}) — Ecliptic")
        b = starmap.bounds
        self.status_label.setText(
            f"{starmap.name}: {b.width}x{b.height} hexes, {len(starmap.bodies)} bodies, "
            f"{len(starmap.bases)} bases"
        )
        self.fit_map()

    # Recent files

    def recent_files(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        name = str(path.resolve())
        recent = [name] + [p for p in self.recent_files() if p != name]
        self.settings.setValue(RECENT_KEY, recent[:MAX_RECENT])
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        """Recent campaigns (from the index in the user data folder), then recent maps
        and scenarios."""
        menu: QMenu = self.recent_menu
        menu.clear()
        campaigns = self.recent_campaign_paths()
        for item in campaigns:
            action = menu.addAction(f"{item.get('name') or Path(item['path']).stem}")
            action.setToolTip(item["path"])
            action.triggered.connect(lambda _=False, n=item["path"]: self.open_recent_campaign(n))
        recent = self.recent_files()
        if campaigns and recent:
            menu.addSeparator()
        for name in recent:
            action = menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _=False, n=name: self._open_recent(n))
        menu.setEnabled(bool(recent or campaigns))

    def _open_recent(self, name: str) -> None:
        path = Path(name)
        if not path.exists():
            QMessageBox.warning(self, "Open Recent", f"{name} no longer exists.")
            self.settings.setValue(RECENT_KEY, [p for p in self.recent_files() if p != name])
            self._fill_recent_menu()
            return
        self.open_path(path)

    # Games

    def new_game(self, scenario: Path | None = None) -> bool:
        """Ask for a scenario and players, then start the game."""
        from app.play.new_game import NewGameDialog  # with the scenario checks

        dialog = NewGameDialog(self, scenario)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        chosen = dialog.result_game()
        if chosen is None:
            return False
        return self.start_game(*chosen, outfits=dialog.outfits())

    def start_game(
        self,
        scenario: Scenario,
        seats: list[Seat],
        seed: int,
        outfits: Mapping[str, Manifest] | None = None,
    ) -> bool:
        """Start a hot-seat game of ``scenario`` for these seats, with the players'
        purchases (``outfits``, by ship id) where the scenario has ship points to spend."""
        try:
            state, events = scenario.start(seats, seed, outfits=outfits)
        except IllegalCommand as exc:
            QMessageBox.warning(self, "Cannot start the game", str(exc))
            return False
        return self.play(state, events, scenario.name)

    def play(
        self,
        state: GameState,
        events: list[Event],
        title: str,
        *,
        record: GameRecord | None = None,
        read_only: bool = False,
    ) -> bool:
        """Show a game from ``state`` (new, or continued; kept in a campaign when
        ``record`` is given) and hand the seat over; False if the player keeps the game
        already on screen instead."""
        if self.session is not None and not self.close_game():
            return False
        # The game's side of the window (and with it the engine) loads with the first
        # game, not at start-up.
        from app.play.board import GameBoard
        from app.play.session import GameSession

        self.show_map(state.starmap)
        assert self.scene is not None
        session = GameSession(state, events, title=title, record=record, read_only=read_only)
        if self.combat_panel is None:
            from app.rules.interplanetary.combat import CombatPanel

            self.combat_panel = CombatPanel()
            self.docks["combat"].setWidget(self.combat_panel)
        if self.manifest_panel is None:
            from app.rules.interplanetary.manifest.in_play import ManifestPanel

            self.manifest_panel = ManifestPanel()
            self.docks["manifest"].setWidget(self.manifest_panel)
        self.session = session
        self.event_log.clear()
        self.dice_log.clear()
        self.event_log.add(session.log)
        self.dice_log.add(session.log)
        session.logged.connect(self.event_log.add)
        session.logged.connect(self.dice_log.add)
        session.log_reset.connect(self._log_reset)
        session.refused.connect(self._refused)
        session.changed.connect(self._game_changed)
        session.turn_began.connect(self._turn_began)
        session.finished.connect(self._finished)
        self.board = GameBoard(session, self.scene, self.map_view)
        self.board.selection_changed.connect(self._selection_changed)
        self.board.hovered.connect(self._hovered)
        self.board.set_projection(self.projection_action.isChecked())
        session.start()
        self._last_seat = None
        self.setWindowTitle(f"{title} — Ecliptic")
        self._game_changed()
        self._turn_began(session.seat())
        return True

    def close_game(self) -> bool:
        """End the game on screen. A campaign is already saved, command by command; a
        quick game is lost, so the player is asked first."""
        if self.session is None:
            return True
        if (
            self.campaign is None
            and not self.session.state.over
            and self.isVisible()
            and self.ask_before_closing
        ):
            answer = QMessageBox.question(
                self,
                "Close Game",
                "Close this quick game? Quick games are not kept: start a campaign "
                "(File › New Campaign) to keep a game.",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        if self.board is not None:
            self.board.detach()
            self.board.overlay.clear()
        self.board = None
        self.session = None
        self._last_seat = None
        self.stack.setCurrentWidget(self.map_view)
        self.ship_list.clear()
        self.course_panel.clear_ship()
        if self.manifest_panel is not None:
            self.manifest_panel.refresh(None, None)
        self._update_game_actions()
        self.turn_bar.show_turn(None, "", None, "")
        self.close_campaign()
        self._update_game_actions()
        self.setWindowTitle("Ecliptic")
        return True

    def end_turn(self) -> None:
        if self.session is not None:
            self.session.end_turn()

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.status_label.setText(
                "Undone: it is kept in the campaign as a branch (Campaign dock)"
                if self.campaign is not None
                else "Order taken back"
            )
            self.browser.schedule_refresh()

    def _log_reset(self) -> None:
        if self.session is None:
            return
        self.event_log.clear()
        self.dice_log.clear()
        self.event_log.add(self.session.visible_log())
        self.dice_log.add(self.session.visible_log())

    def take_back(self) -> None:
        """Withdraw the selected ship's order (the same as undoing it)."""
        if self.session is None or self.board is None or self.board.selected is None:
            return
        seat = self.session.seat()
        if seat is not None and self.session.state.plan(self.board.selected) is not None:
            from core.vector.orders import Unplot

            self.session.apply(Unplot(seat.id, self.board.selected))

    def take_seat(self) -> None:
        """The next player pressed their button: show the map, centred on their ship."""
        self.stack.setCurrentWidget(self.map_view)
        if self.board is not None:
            self.board.centre_on_seat()
        self._update_game_actions()

    def _turn_began(self, player: Player | None) -> None:
        """A new turn: hand the seat over unless the same player goes on."""
        if self.campaign is not None:
            self.browser.schedule_refresh()
        if self.session is None or player is None:
            return
        same = player.id == self._last_seat
        self._last_seat = player.id
        if len(self.session.state.players) > 1 and not same and not self.session.read_only:
            state = self.session.state
            detail = f"Round {state.round}: {self.session.phase()} phase"
            if state.pending:
                detail = f"Round {state.round}: {state.pending[0].prompt()}"
            self.hand_over.show_for(player, detail)
            self.stack.setCurrentWidget(self.hand_over)
            if self.board is not None:
                self.board.select(None)
            self._update_game_actions()
        else:
            self.take_seat()

    def _game_changed(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        seat = session.seat()
        hint = ""
        if session.can_plot() and seat is not None:
            plotted = {sid for sid, _ in state.plans}
            waiting = [
                s for s in state.ships if s.owner == seat.id and s.in_play and s.id not in plotted
            ]
            hint = (
                f"{len(waiting)} ship(s) without orders (they coast)"
                if waiting
                else "All ships have orders: End Turn when ready"
            )
        if state.over:
            hint = self._result_text()
        if session.replaying:
            hint = "Replay: the map as it was (Escape returns to play)"
        elif session.read_only:
            hint = "Read-only: another Ecliptic has this campaign open"
        shown = session.shown_player() if session.replaying else seat
        self.turn_bar.show_turn(state.round, session.phase(), shown, hint)
        self._update_title()
        self.ship_list.refresh(session, self.board.selected if self.board else None)
        self._selection_changed(self.board.selected if self.board else None)
        self._update_game_actions()

    def _update_title(self) -> None:
        session = self.session
        if session is None:
            return
        if self.campaign is None:
            self.setWindowTitle(f"{session.title} — Ecliptic")
            return
        extra = " (read-only)" if self.campaign.read_only else ""
        self.setWindowTitle(
            f"{self.campaign.name()}: {session.title}, round {session.live.round}{extra} — Ecliptic"
        )

    def _result_text(self) -> str:
        assert self.session is not None
        state = self.session.state
        if not state.winners:
            return "Game over: nobody won"
        names = " and ".join(state.player(w).name for w in state.winners)
        return f"Game over: {names} won"

    def _finished(self) -> None:
        text = self._result_text()
        self.status_label.setText(text)
        self.stack.setCurrentWidget(self.map_view)
        last = [e.event.text for e in self.session.log[-3:]] if self.session else []
        box = QMessageBox(
            QMessageBox.Icon.Information, "Game over", text, QMessageBox.StandardButton.Ok, self
        )
        box.setObjectName("game_over_box")
        box.setInformativeText("\n".join(last))
        box.open()

    def _refused(self, reason: str) -> None:
        self.status_label.setText(f"Not allowed: {reason}")

    def _selection_changed(self, ship_id: object) -> None:
        if self.session is None or self.board is None:
            return
        state = self.session.state
        ship = state.ship(ship_id) if isinstance(ship_id, str) else None
        seat = self.session.seat()
        mine = ship is not None and seat is not None and ship.owner == seat.id
        self.course_panel.show_ship(state, ship, self.board.preview, mine)
        if self.combat_panel is not None:
            self.combat_panel.refresh(self.session, ship.id if ship is not None else None)
            self._bring_sheet_forward(self.combat_panel.needs_sheet())
        if self.manifest_panel is not None:
            self.manifest_panel.refresh(self.session, ship.id if ship is not None else None)
        self.ship_list.select_ship(ship.id if ship is not None else None)
        self._update_game_actions()

    def _bring_sheet_forward(self, wanted: tuple[str, str | None] | None) -> None:
        """Show the Manifest dock's tab when the Combat dock starts asking for work on
        the sheet (placing a hit, refitting at a base); once, so the player may turn
        back to the ship list."""
        if wanted is not None and wanted != self._sheet_wanted:
            self.docks["manifest"].raise_()
        self._sheet_wanted = wanted

    def _hovered(self, option: object) -> None:
        if self.session is not None:
            from core.vector.preview import Option

            self.course_panel.show_hovered(
                self.session.state, option if isinstance(option, Option) else None
            )

    def _ship_chosen(self, ship_id: str) -> None:
        if self.board is not None and self.stack.currentWidget() is self.map_view:
            self.board.select(ship_id)
            self.map_view.centre_on_hex(
                self.session.state.ship(ship_id).motion.position
            ) if self.session else None

    def _choices_changed(self, ignore: object, picks: object) -> None:
        if self.board is not None:
            self.board.set_choices(ignore, picks)  # type: ignore[arg-type]

    def _coast(self) -> None:
        if self.board is not None:
            self.board.coast()

    def _next_ship(self) -> None:
        if self.board is not None and self.stack.currentWidget() is self.map_view:
            self.board.next_ship()
            self._centre_on_selected()

    def _centre_on_selected(self) -> None:
        if self.board is not None and self.session is not None and self.board.selected:
            self.map_view.centre_on_hex(
                self.session.state.ship(self.board.selected).motion.position
            )

    def _update_game_actions(self) -> None:
        playing = self.session is not None and self.stack.currentWidget() is self.map_view
        over = self.session is None or self.session.state.over or self.session.replaying
        self.end_turn_action.setEnabled(playing and not over)
        self.turn_bar.end_button.setEnabled(playing and not over)
        # A campaign's undo also works from the hand-over screen: the player who just
        # ended their turn may take it back before the next one sits down.
        campaign_undo = self.session is not None and self.session.record is not None
        self.undo_action.setEnabled(
            (playing or campaign_undo) and self.session is not None and self.session.can_undo()
        )
        self.take_back_action.setEnabled(playing and not over)
        self.next_ship_action.setEnabled(playing and not over)
        self.centre_action.setEnabled(playing)
        self.close_game_action.setEnabled(self.session is not None)
        self.redo_action.setEnabled(self.session is not None and self.session.can_redo())
        in_campaign = self.campaign is not None
        self.save_copy_action.setEnabled(in_campaign)
        self.export_mail_action.setEnabled(in_campaign)
        self.replay_action.setEnabled(in_campaign)
        self.replay_action.setChecked(self.session is not None and self.session.replaying)

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
        parts.extend(b.name for b in m.bases if h in (b.hex, b.approach))
        if self.session is not None:
            parts.extend(
                s.name for s in self.session.state.ships if s.in_play and s.motion.position == h
            )
        self.hex_label.setText("  ·  ".join(parts))

    def show_ruler(self, start: Hex, end: Hex, distance: int) -> None:
        labels = self.starmap.bounds.labels if self.starmap else None
        if labels is None:
            return
        self.status_label.setText(
            f"Ruler: {labels.format(start)} to {labels.format(end)} is {distance} "
            f"hex{'es' if distance != 1 else ''}"
        )

    def set_ruler(self, on: bool) -> None:
        self.map_view.set_ruler(on)
        if on:
            self.status_label.setText("Ruler: drag from one hex to another (Esc ends)")

    def _ruler_finished(self) -> None:
        self.ruler_action.setChecked(False)

    # View

    def zoom_in(self) -> None:
        self.map_view.zoom(1)

    def zoom_out(self) -> None:
        self.map_view.zoom(-1)

    def fit_map(self) -> None:
        self.map_view.fit_map()

    def set_labels_visible(self, visible: bool) -> None:
        if self.scene is not None:
            self.scene.set_labels_visible(visible)

    def set_projection(self, on: bool) -> None:
        if self.board is not None:
            self.board.set_projection(on)

    # Help

    def about_text(self) -> str:
        return (
            f"<h3>Ecliptic {application_version()}</h3>"
            "<p>Editor and campaign manager for Triplanetary-family "
            "vector space games on a hex map.</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, "About Ecliptic", self.about_text())

    # Settings

    def _restore_settings(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 820)
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        else:
            horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
            self.resizeDocks([self.docks["ships"]], [460], horizontal)
            self.resizeDocks([self.docks["events"]], [180], vertical)

    def save_settings(self) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.fit_map()  # the view has its real size only now

    def closeEvent(self, event: QCloseEvent) -> None:
        if (
            self.session is not None
            and self.campaign is None
            and not self.session.state.over
            and self.ask_before_closing
        ):
            answer = QMessageBox.question(
                self, "Quit", "A quick game is in progress and quick games are not kept. Quit?"
            )
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        self.save_settings()
        self.close_campaign()
        super().closeEvent(event)


def is_campaign_file(path: Path) -> bool:
    """A campaign by its extension, or any SQLite file (which the campaign opener then
    explains if it is not one of ours)."""
    if path.suffix == EXTENSION:
        return True
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def is_ruleset(document: object) -> bool:
    from core.files.ruleset import Ruleset  # not needed to open a map

    return isinstance(document, Ruleset)
