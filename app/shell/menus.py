"""The main window's menu bar: File, Edit, View, Game, Ships and Help, each action
connected to the window method that does it.

A mixin for the main window (:mod:`app.shell.main_window`), kept apart so the window
is about what it shows rather than the list of its commands. The Ships menu holds the
tools the rule systems declare in :mod:`app.play.systems`.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from app.play.systems import entries, ui_for
from app.shell.host import WindowHost


class Menus(WindowHost):
    """The menu bar's actions (see the module's docstring), mixed into the main window
    and calling its methods. Every action is an attribute of the window
    (``end_turn_action``...), so tests and the editor can reach them."""

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
        # play by mail with a referee (app.campaign.mail)
        self.save_orders_action = file_menu.addAction("Save &Order File…")
        self.save_orders_action.setStatusTip(
            "Your orders in a player file, for the referee (the primary button, Ctrl+Enter)"
        )
        self.save_orders_action.triggered.connect(self.save_order_file)
        self.import_orders_action = file_menu.addAction("&Import Order Files…")
        self.import_orders_action.setShortcut(QKeySequence("Ctrl+I"))
        self.import_orders_action.setStatusTip("The referee checks and keeps the players' orders")
        self.import_orders_action.triggered.connect(lambda: self.import_order_files())
        self.export_players_action = file_menu.addAction("Export &Player Files")
        self.export_players_action.setStatusTip(
            "The referee writes each player a file holding only their side"
        )
        self.export_players_action.triggered.connect(lambda: self.export_player_files())
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
        # where a new player looks first for a new game: the File menu's own actions
        game_menu.addAction(self.new_game_action)
        game_menu.addAction(self.new_campaign_action)
        game_menu.addSeparator()
        self.end_turn_action = game_menu.addAction("&End Turn")
        self.end_turn_action.setShortcuts([QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.end_turn_action.triggered.connect(self.end_turn)
        self.skip_optional_action = game_menu.addAction("&Pass By Phases With Only Optional Extras")
        self.skip_optional_action.setCheckable(True)
        self.skip_optional_action.setStatusTip(
            "Stop only in phases with something the turn is for (a gun with a target, a "
            "tank to fill); pass by those offering only refits, purchases, boarding or "
            "rendezvous"
        )
        self.skip_optional_action.setChecked(self._skip_optional_saved())
        self.skip_optional_action.toggled.connect(self.set_skip_optional)
        game_menu.addSeparator()
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
        self.turn_bar.end_button.setToolTip(
            "End this phase and go on to the next one with something for you to do (Ctrl+Enter)"
        )

        # The rule systems' tools (Ship Designs…), declared in the registry: the system's
        # interface loads when one is chosen.
        ships_menu = self.menuBar().addMenu("&Ships")
        self.tool_actions: dict[str, QAction] = {}
        for system_id, entry in entries().items():
            for tool in entry.tools:
                action = ships_menu.addAction(tool.label)
                action.setStatusTip(tool.tip)
                action.triggered.connect(
                    lambda _=False, s=system_id, n=tool.name: self.run_tool(s, n)
                )
                self.tool_actions[tool.name] = action
        ships_menu.menuAction().setVisible(bool(self.tool_actions))

        help_menu = self.menuBar().addMenu("&Help")
        self.how_to_play_action = help_menu.addAction("&How to Play")
        help_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.HelpContents)
        self.how_to_play_action.setShortcuts(help_keys or [QKeySequence("F1")])
        self.how_to_play_action.setStatusTip("A walk through a first game of Training")
        self.how_to_play_action.triggered.connect(lambda: self.show_help("how-to-play"))
        self.rules_action = help_menu.addAction("&Rules")
        self.rules_action.setStatusTip("Each rule system's rules as Ecliptic plays them")
        self.rules_action.triggered.connect(self.show_game_rules)
        self.shortcuts_action = help_menu.addAction("&Keyboard Shortcuts")
        self.shortcuts_action.triggered.connect(lambda: self.show_help("shortcuts"))
        help_menu.addSeparator()
        self.about_action = help_menu.addAction("&About Ecliptic")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)

    def _skip_optional_saved(self) -> bool:
        from app.shell.game import SKIP_OPTIONAL_KEY

        value = self.settings.value(SKIP_OPTIONAL_KEY, False)
        return value in (True, "true", "1", 1)

    def run_tool(self, system_id: str, name: str) -> None:
        """A rule system's tool from the Ships menu (its interface loads now)."""
        ui_for(system_id).run_tool(name, self)
