"""The editor: the map with its tools, the inspector, issues and history docks, and the
edit actions, as one widget the main window shows in its Map Editor mode.

It is a ``QMainWindow`` used as a widget, so its docks and toolbars live inside the
main window's central area and leave the game's own docks alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QMouseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from app.board.view import MapView
from app.editor.clipboard import Region, clear_region, copy_region, paste_region
from app.editor.document import Document
from app.editor.files import DocumentFiles
from app.editor.inspector import Inspector
from app.editor.issues import IssuesList
from app.editor.scene import EditorScene
from app.editor.selection import Selection
from app.editor.tools.areas import AtmosphereTool, BoundsTool, ZoneTool
from app.editor.tools.base import Tool
from app.editor.tools.objects import BaseTool, BodyTool, GravityTool
from app.editor.tools.select import SelectTool
from app.editor.tools.ships import ShipTool
from app.editor.tools.terrain import BrushTool, FillTool
from app.folders import ask_save
from app.play.systems import ui_for
from core.board.hexgrid import Hex
from core.board.problems import FileProblems
from core.engine.words import plural

if TYPE_CHECKING:
    from core.files.ruleset import Ruleset

FILE_FILTER = "Maps and scenarios (*.toml);;All files (*)"
CHECK_DELAY_MS = 250


class EditorView(MapView):
    """A map view whose left button goes to the current tool (Space+drag still pans)."""

    def __init__(self, editor: EditorWindow) -> None:
        super().__init__(editor)
        self.editor = editor
        self._tool_down = False
        self.last_hex: Hex | None = None

    def _event_hex(self, event: QMouseEvent) -> tuple[Hex | None, QPointF]:
        pos = self.mapToScene(event.position().toPoint())
        return self.hex_at(event.position()), QPointF(pos)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._space:
            self._tool_down = True
            h, pos = self._event_hex(event)
            self.editor.tool.press(h, pos, event.modifiers())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        h, pos = self._event_hex(event)
        self.last_hex = h
        if self._tool_down:
            self.editor.tool.move(h, pos, event.modifiers())
            self._hover(event.position())
            event.accept()
            return
        self.editor.tool.hover(h, pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._tool_down:
            self._tool_down = False
            h, pos = self._event_hex(event)
            self.editor.tool.release(h, pos, event.modifiers())
            event.accept()
            return
        super().mouseReleaseEvent(event)


class EditorWindow(QMainWindow):
    """The editor of one :class:`Document`. ``test_flight()`` when the player asks to
    fly the scenario; ``title_changed(str)`` when the name or modified state changes."""

    test_flight = Signal()
    title_changed = Signal(str)
    saved = Signal(object)  # the Path saved to (recent files)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlags(Qt.WindowType.Widget)
        self.setObjectName("map_editor")
        self.document = document
        self.selection = Selection(document, self)
        self.view = EditorView(self)
        self.view.setObjectName("editor_view")
        self.scene = EditorScene(document)
        self.view.setScene(self.scene)
        self.setCentralWidget(self.view)
        self.status = QLabel("")
        self.status.setObjectName("editor_status")
        self.clip: Region | None = None
        self._check = QTimer(self)
        self._check.setSingleShot(True)
        self._check.setInterval(CHECK_DELAY_MS)
        self._check.timeout.connect(self.check)
        self._create_docks()
        self._create_actions()
        self._create_tools()
        self.files = DocumentFiles(self)
        self.files.status.connect(self.show_status)
        document.changed.connect(self._check.start)
        document.map.bounds_changed.connect(self._new_scene)
        document.stack.cleanChanged.connect(self._title)
        self.selection.changed.connect(self._selection_changed)
        self.check()

    def fit(self) -> None:
        """Show the whole map."""
        self.view.fit_map()

    # ---- building

    def _create_docks(self) -> None:
        self.issues = IssuesList(self.document)
        self.issues.located.connect(self.show_hex)
        self.issues.field_chosen.connect(self.show_field)
        self.history = QUndoView(self.document.stack)
        self.history.setObjectName("history_view")
        self.history.setToolTip("Every edit so far: click one to go back to it")
        self.history.setEmptyLabel("Opened")
        self.inspector = Inspector(self)
        self.docks: dict[str, QDockWidget] = {}
        area = Qt.DockWidgetArea
        for key, title, widget, where in (
            ("inspector", "Inspector", self.inspector, area.RightDockWidgetArea),
            ("issues", "Issues", self.issues, area.BottomDockWidgetArea),
            ("history", "History", self.history, area.RightDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"editor_{key}_dock")
            dock.setWidget(widget)
            self.addDockWidget(where, dock)
            self.docks[key] = dock

    def _action(self, text: str, keys: QKeySequence | str | None, slot: object) -> QAction:
        action = QAction(text, self)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _create_actions(self) -> None:
        stack = self.document.stack
        std = QKeySequence.StandardKey
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence(std.Undo))
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)
        self.save_action = self._action("&Save", QKeySequence(std.Save), self.save)
        self.save_as_action = self._action("Save &As…", "Ctrl+Alt+S", self.save_as)
        self.cut_action = self._action("Cu&t", QKeySequence(std.Cut), self.cut)
        self.copy_action = self._action("&Copy", QKeySequence(std.Copy), self.copy)
        self.paste_action = self._action("&Paste", QKeySequence(std.Paste), self.paste)
        self.paste_in_place_action = self._action(
            "Paste in &Place", "Ctrl+Shift+V", lambda: self.paste(in_place=True)
        )
        self.delete_action = self._action("&Delete", QKeySequence(std.Delete), self.delete)
        self.select_all_action = self._action(
            "Select &All", QKeySequence(std.SelectAll), self.select_all
        )
        self.flight_action = self._action("&Test Flight", "F5", self.test_flight.emit)
        self.flight_action.setStatusTip("Play the scenario hot-seat; the document is untouched")
        bar = QToolBar("Editor", self)
        bar.setObjectName("editor_toolbar")
        for action in (
            self.save_action,
            self.undo_action,
            self.redo_action,
            self.cut_action,
            self.copy_action,
            self.paste_action,
            self.flight_action,
        ):
            bar.addAction(action)
        bar.addWidget(self.status)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)

    def _create_tools(self) -> None:
        classes: list[type[Tool]] = [
            SelectTool,
            BrushTool,
            FillTool,
            BodyTool,
            GravityTool,
            BaseTool,
            ZoneTool,
            AtmosphereTool,
            BoundsTool,
            ShipTool,
        ]
        self.tools = {cls.name: cls(self) for cls in classes}
        self.tool_bar = QToolBar("Tools", self)
        self.tool_bar.setObjectName("editor_tools")
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        self.option_bars: dict[str, QToolBar] = {}
        # the options on a row of their own: beside the status they fell into the overflow
        self.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        for name, tool in self.tools.items():
            action = self._action(
                f"{name} ({tool.key})", tool.key, lambda _=False, n=name: self.set_tool(n)
            )
            action.setCheckable(True)
            action.setStatusTip(tool.status)
            action.setEnabled(not tool.needs_scenario or self.document.is_scenario)
            self.tool_group.addAction(action)
            self.tool_bar.addAction(action)
            self.tool_actions[name] = action
            options = QToolBar(f"{name} options", self)
            options.setObjectName(f"options_{name.lower()}")
            for widget in tool.options():
                options.addWidget(widget)
            self.addToolBar(Qt.ToolBarArea.TopToolBarArea, options)
            options.hide()
            self.option_bars[name] = options
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, self.tool_bar)
        self.tool: Tool = self.tools["Select"]
        self.set_tool("Select")

    # ---- tools

    def set_tool(self, name: str) -> None:
        self.tool.deactivate()
        self.option_bars[self.tool.name].hide()
        self.tool = self.tools[name]
        self.tool_actions[name].setChecked(True)
        self.option_bars[name].setVisible(bool(self.tool.options()))
        self.view.viewport().setCursor(self.tool.cursor)
        self.tool.activate()
        self.show_status(self.tool.status)

    def dialog_parent(self) -> QWidget:
        return self

    def show_status(self, text: str) -> None:
        self.status.setText(f"  {text}")

    def _ruleset(self) -> Ruleset | None:
        """The scenario's ruleset (Interplanetary's for a map), None if it cannot be read."""
        from core.files.rulesets import load_ruleset

        name = str((self.document.scenario or {}).get("ruleset", "interplanetary"))
        try:
            return load_ruleset(name)
        except (FileProblems, OSError):
            return None

    def unit_ids(self) -> list[str]:
        rules = self._ruleset()
        return [u.id for u in rules.units] if rules is not None else ["ship"]

    def design_names(self) -> list[str]:
        """The designs of the ruleset's rule system (its interface keeps them)."""
        rules = self._ruleset()
        return ui_for(rules.system_id).design_names() if rules is not None else []

    # ---- selection, issues

    def _selection_changed(self) -> None:
        self.scene.show_selection(self.selection.hexes)
        self.inspector.refresh()

    def check(self) -> None:
        n = self.issues.refresh().total
        self.docks["issues"].setWindowTitle(f"Issues ({n})" if n else "Issues")
        self.inspector.refresh()
        self._title()

    def show_hex(self, h: Hex) -> None:
        """Centre the map on ``h`` and select it."""
        self.view.centre_on_hex(h)
        self.selection.set([h])

    def show_field(self, field: str) -> None:
        """Show the inspector with the scenario field a problem names."""
        if self.inspector.show_field(field):
            self.docks["inspector"].show()
            self.docks["inspector"].raise_()

    def _new_scene(self) -> None:
        old = self.scene
        old.detach()
        self.scene = EditorScene(self.document)
        self.view.setScene(self.scene)
        self.selection.set(h for h in self.selection.hexes if self.scene.hex_window.contains(h))
        self.scene.show_selection(self.selection.hexes)
        old.deleteLater()

    # ---- edit actions

    def copy(self) -> None:
        if self.selection.hexes:
            self.clip = copy_region(self.document, self.selection.hexes)
            self.show_status(f"Copied {plural(len(self.selection.hexes), 'hex')}")

    def cut(self) -> None:
        if self.selection.hexes:
            self.copy()
            clear_region(
                self.document,
                self.selection.hexes,
                f"Cut {plural(len(self.selection.hexes), 'hex')}",
            )

    def delete(self) -> None:
        if self.selection.hexes:
            clear_region(
                self.document,
                self.selection.hexes,
                f"Delete {plural(len(self.selection.hexes), 'hex')}",
            )

    def paste(self, in_place: bool = False) -> None:
        if self.clip is None:
            return
        at = None if in_place else self.view.last_hex
        self.selection.set(paste_region(self.document, self.clip, at))

    def select_all(self) -> None:
        self.selection.set(self.document.map.objects.bounds.hexes())

    # ---- files

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save(self.document.path)

    def save_as(self) -> bool:
        start = self.document.path or f"{self.document.name}.toml"
        name, _ = ask_save(self, "Save As", start, FILE_FILTER)
        return name is not None and self._save(name)

    def _save(self, path: Path) -> bool:
        try:
            written = self.files.save(path)
        except (FileProblems, OSError) as exc:
            QMessageBox.warning(self, "Cannot save", f"{path.name} was not saved:\n{exc}")
            return False
        n = self.issues.total
        more = f"; {plural(n, 'problem')} to fix before it can be played" if n else ""
        self.show_status(f"Saved {', '.join(p.name for p in written)}{more}")
        self._title()
        self.saved.emit(path)
        return True

    def _title(self) -> None:
        try:
            mark = "*" if self.document.is_modified() else ""
        except RuntimeError:  # the stack is already gone: the editor is being destroyed
            return
        where = f" ({self.document.path.name})" if self.document.path else ""
        self.title_changed.emit(f"{mark}{self.document.name}{where}")
