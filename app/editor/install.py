"""Puts the Map Editor mode into the main window: File › New Map…, Edit Map or
Scenario…, New Scenario on This Map, and View › Map Editor to switch back and forth
(the file actions, Edit Recent and TMX, are in :mod:`app.editor.file_actions`).

Importing this module is cheap: the editor itself (and the scenario checks it uses)
loads when one of these actions is first used.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox

from app.folders import ask_open

if TYPE_CHECKING:
    from app.editor.document import Document
    from app.editor.window import EditorWindow

#: the main window's actions whose shortcuts the editor takes over while it is shown
TAKEN = (
    "undo_action",
    "redo_action",
    "save_copy_action",
    "next_ship_action",
    "centre_action",
    "ruler_action",
    "projection_action",
    "take_back_action",
    "end_turn_action",
    "replay_action",
)


class EditorMode:
    """The editor's side of the main window: one document at a time, in the window's
    central stack; game docks and game actions put away while it is shown."""

    def __init__(self, main: Any) -> None:
        self.main = main
        self.editor: EditorWindow | None = None
        self._hidden: list[Any] = []
        self._shown = False  # the editor has the window: the game's docks are put away
        self._status = ""  # the window's status line from before, given back on leaving
        self.flying = False
        menu = main.menuBar().actions()[0].menu()
        first = main.open_action
        self.new_map_action = QAction("New &Map…", main)
        self.new_map_action.setShortcut(QKeySequence("Ctrl+Alt+N"))
        self.new_map_action.triggered.connect(self.new_map)
        self.edit_action = QAction("&Edit Map or Scenario…", main)
        self.edit_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.edit_action.setStatusTip("Open a map or scenario in the Map Editor")
        self.edit_action.triggered.connect(lambda: self.open_for_editing())
        self.new_scenario_action = QAction("New &Scenario on This Map", main)
        self.new_scenario_action.triggered.connect(self.new_scenario)
        for action in (self.new_map_action, self.edit_action, self.new_scenario_action):
            menu.insertAction(first, action)
        self.mode_action = QAction("Map &Editor", main)
        self.mode_action.setCheckable(True)
        self.mode_action.setShortcut(QKeySequence("Ctrl+M"))
        self.mode_action.setEnabled(False)
        self.mode_action.toggled.connect(self.show_editor)
        main.menuBar().actions()[2].menu().insertAction(main.zoom_in_action, self.mode_action)
        main.close_game_action.triggered.connect(self._game_closed)
        from app.editor.file_actions import FileActions

        self.files = FileActions(self)  # Edit Recent, Import/Export TMX, recovery, closing

    # ---- opening

    def replace_ok(self) -> bool:
        """Whether the document now open may be put away (saved, or its changes dropped)."""
        editor = self.editor
        if editor is None or not editor.document.is_modified() or not self.main.isVisible():
            return True
        answer = QMessageBox.question(
            self.main,
            "Unsaved changes",
            f"Save the changes to {editor.document.name}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return editor.save()
        return answer == QMessageBox.StandardButton.Discard

    def edit(self, document: Document) -> EditorWindow:
        """Show ``document`` in the editor (replacing the one shown)."""
        from app.editor.window import EditorWindow

        if self.editor is not None:  # saved, or its changes dropped (see replace_ok)
            self.editor.files.close(discard=True)
            self.main.stack.removeWidget(self.editor)
            self.editor.deleteLater()
        self.editor = EditorWindow(document, self.main)
        self.editor.title_changed.connect(self._title)
        self.editor.saved.connect(self.files.remember)
        self.editor.test_flight.connect(self.test_flight)
        self.main.stack.addWidget(self.editor)
        self.mode_action.setEnabled(True)
        self.mode_action.setChecked(True)
        self.show_editor(True)
        self.editor._title()
        return self.editor

    def new_map(self) -> EditorWindow | None:
        from app.editor.new_map import NewMapDialog

        dialog = NewMapDialog(self.main)
        if not dialog.exec() or not self.replace_ok():
            return None
        from app.editor.document import Document

        return self.edit(Document(dialog.starmap()))

    def open_for_editing(
        self,
        path: Path | None = None,
        *,
        title: str = "Edit Map or Scenario",
        file_filter: str = "Maps and scenarios (*.toml)",
        load: Callable[[Path], Document] | None = None,
    ) -> EditorWindow | None:
        """Ask for a file (unless given ``path``), read it with ``load`` (a map or scenario
        by default) and edit it; a file that cannot be read is explained instead."""
        if path is None:
            chosen = ask_open(self.main, title, file_filter)
            if chosen is None:
                return None
            path = chosen
        from core.board.problems import FileProblems

        if load is None:
            from app.editor.document import open_document

            load = open_document
        try:
            document = load(path)
        except FileProblems as exc:
            self.main.show_problems(path, exc)
            return None
        if not self.replace_ok():
            return None
        self.files.remember(path)
        return self.edit(document)

    def new_scenario(self) -> EditorWindow | None:
        """A scenario on the map in the editor, or on the map the window shows."""
        from app.editor.document import Document, new_scenario

        if self.editor is not None and not self.editor.document.is_scenario:
            source = self.editor.document
            starmap, file = source.map.starmap(), source.path
        else:
            starmap, file = self.main.starmap, self.main.current_path
        if starmap is None or not self.replace_ok():
            return None
        name = str(file.resolve()) if file is not None else starmap.name
        return self.edit(Document(starmap, None, new_scenario(name), file))

    # ---- the mode

    def show_editor(self, on: bool) -> None:
        main, editor = self.main, self.editor
        if editor is None:
            return
        if self.mode_action.isChecked() != on:
            self.mode_action.setChecked(on)
            return
        if on:
            if not main.close_game():
                self.mode_action.setChecked(False)
                return
            main.stack.setCurrentWidget(editor)
            if not self._shown:  # put away what the user had, once, to give it back
                self._shown, self._status = True, main.status_label.text()
                self._hidden = [d for d in main.docks.values() if not d.isHidden()]
                self._hidden += [b for b in (main.turn_bar, main.replay_bar) if not b.isHidden()]
                for widget in self._hidden:
                    widget.hide()
            for name in TAKEN:
                getattr(main, name).setVisible(False)
            editor.view.setFocus()
            editor._title()  # the title and status line name the document
            QTimer.singleShot(0, editor.fit)
        else:
            main.stack.setCurrentWidget(main.map_view)
            if self._shown:
                for widget in self._hidden:
                    widget.show()
                self._hidden, self._shown = [], False
                main.status_label.setText(self._status)
            for name in TAKEN:
                getattr(main, name).setVisible(True)
            main.setWindowTitle("Ecliptic")

    def _title(self, text: str) -> None:
        if self.mode_action.isChecked():
            self.main.setWindowTitle(f"{text} — Map Editor — Ecliptic")
            self.main.status_label.setText(f"Map Editor: {text}")

    # ---- test flight

    def test_flight(self) -> bool:
        from app.editor.flight import start_flight

        if self.editor is None:
            return False
        self.show_editor(False)
        self.flying = start_flight(self.main, self.editor.document)
        if not self.flying:
            self.show_editor(True)
        return self.flying

    def end_flight(self) -> None:
        """Throw the test game away and return to the editor."""
        if self.flying:
            self.main.ask_before_closing, ask = False, self.main.ask_before_closing
            self.main.close_game()
            self.main.ask_before_closing = ask
            self._game_closed()

    def _game_closed(self) -> None:
        if self.flying and self.main.session is None:
            self.flying = False
            self.main.status_label.setText("")  # the flight's hint is over
            self.show_editor(True)


def install(main: QMainWindow) -> EditorMode:
    """Add the editor's actions to ``main`` (a :class:`app.shell.main_window.MainWindow`)."""
    return EditorMode(main)
