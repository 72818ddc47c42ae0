"""The Map Editor's file actions in the main window's File menu: Edit Recent, Import
TMX…, Export TMX…; the offer to restore unsaved work at start-up; the question about
unsaved changes when the window closes.

Cheap to import (it runs at start-up): the editor, the TMX code and the recovery dialog
load when first needed, and the start-up check only lists the recovery folder, once the
window is on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from app.folders import ask_save

if TYPE_CHECKING:
    from app.editor.document import Document
    from app.editor.recovery import Recovery
    from app.editor.window import EditorWindow

RECENT_KEY = "editor/recent_files"
MAX_RECENT = 8
TMX_FILTER = "Tiled maps (*.tmx);;All files (*)"


def tmx_document(path: Path) -> Document:
    """A new map document from a TMX file (its problems raise FileProblems)."""
    from app.editor.document import Document
    from core.files.tmx_read import load_tmx

    return Document(load_tmx(path))


class Mode(Protocol):
    """What the file actions need of the Map Editor mode
    (:class:`app.editor.install.EditorMode`, which builds them)."""

    #: the main window
    main: Any
    #: the editor on show, if any
    editor: EditorWindow | None
    new_scenario_action: QAction

    def edit(self, document: Document) -> EditorWindow: ...

    def open_for_editing(
        self,
        path: Path | None = None,
        *,
        title: str = ...,
        file_filter: str = ...,
        load: Callable[[Path], Document] | None = None,
    ) -> EditorWindow | None: ...

    def replace_ok(self) -> bool:
        """Whether the editor's document may be replaced (saved, or the player agrees)."""
        ...


class FileActions(QObject):
    """File menu entries and window events for the editor of ``mode``."""

    def __init__(self, mode: Mode) -> None:
        super().__init__(mode.main)
        self.mode = mode
        main = mode.main
        menu = main.menuBar().actions()[0].menu()
        self.recent_menu = QMenu("Edit &Recent", main)
        self.recent_menu.setObjectName("edit_recent_menu")
        menu.insertMenu(mode.new_scenario_action, self.recent_menu)
        self.import_tmx_action = QAction("&Import TMX…", main)
        self.import_tmx_action.setStatusTip("Open a Tiled map (.tmx) in the Map Editor")
        self.import_tmx_action.triggered.connect(lambda: self.import_tmx())
        self.export_tmx_action = QAction("Export &TMX…", main)
        self.export_tmx_action.setShortcut(QKeySequence("Ctrl+Alt+E"))
        self.export_tmx_action.setStatusTip("Write the map on show as a Tiled map (.tmx)")
        self.export_tmx_action.triggered.connect(lambda: self.export_tmx())
        actions = menu.actions()
        after = actions[actions.index(main.print_map_action) + 1]
        menu.insertActions(after, [self.import_tmx_action, self.export_tmx_action])
        self.fill_recent()
        self._shown = False
        self.recovery: Any = None  # the Recover Unsaved Work dialog, when one was offered
        main.installEventFilter(self)

    # ---- recent documents

    def recent(self) -> list[str]:
        value = self.mode.main.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def remember(self, path: Path) -> None:
        name = str(path.resolve())
        kept = [name] + [p for p in self.recent() if p != name]
        self.mode.main.settings.setValue(RECENT_KEY, kept[:MAX_RECENT])
        self.fill_recent()

    def forget(self, name: str) -> None:
        self.mode.main.settings.setValue(RECENT_KEY, [p for p in self.recent() if p != name])
        self.fill_recent()

    def fill_recent(self) -> None:
        self.recent_menu.clear()
        names = self.recent()
        for name in names:
            action = self.recent_menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.setStatusTip(name)
            action.triggered.connect(lambda _=False, n=name: self.open_recent(n))
        self.recent_menu.setEnabled(bool(names))

    def open_recent(self, name: str) -> EditorWindow | None:
        path = Path(name)
        if not path.exists():
            QMessageBox.warning(self.mode.main, "Edit Recent", f"{name} no longer exists.")
            self.forget(name)
            return None
        if path.suffix.lower() == ".tmx":
            return self.import_tmx(path)
        return self.mode.open_for_editing(path)

    # ---- Tiled

    def import_tmx(self, path: Path | None = None) -> EditorWindow | None:
        """A TMX file as a new, unsaved map document (Save asks where, as TOML)."""
        editor = self.mode.open_for_editing(
            path, title="Import TMX", file_filter=TMX_FILTER, load=tmx_document
        )
        if editor is not None:
            editor.document.stack.resetClean()  # nothing of it is saved as a map yet
            editor.show_status("Imported from Tiled; Save writes it as a map file")
        return editor

    def export_tmx(self, path: Path | None = None) -> bool:
        """The map on show (the one being edited, in the editor) as a TMX file."""
        main = self.mode.main
        starmap = main.map_on_show()
        if starmap is None:
            return False
        if path is None:
            chosen, _ = ask_save(main, "Export TMX", f"{starmap.name or 'map'}.tmx", TMX_FILTER)
            if chosen is None:
                return False
            path = chosen
        from core.board.problems import FileProblems
        from core.files.tmx import save_tmx

        try:
            save_tmx(starmap, path)
        except FileProblems as exc:
            main.show_problems(path, exc)
            return False
        except OSError as exc:
            QMessageBox.warning(main, "Export TMX", f"{path.name} was not written: {exc.strerror}")
            return False
        main.status_label.setText(f"Exported {path.name}")
        return True

    # ---- start-up and closing

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        main = self.mode.main
        if watched is main and event.type() == QEvent.Type.Show and not self._shown:
            self._shown = True
            QTimer.singleShot(0, self.offer_recoveries)
        elif watched is main and event.type() == QEvent.Type.Close and not self._may_close():
            event.ignore()
            return True
        return False

    def _may_close(self) -> bool:
        """Ask about unsaved changes in the editor; its autosave goes once they are saved or
        dropped (without asking, as in tests, it stays, as after a crash)."""
        editor = self.mode.editor
        if editor is None:
            return True
        if not editor.document.is_modified():
            editor.files.autosaver.discard()
            return True
        if not self.mode.main.ask_before_closing:
            return True
        if not self.mode.replace_ok():
            return False
        editor.files.autosaver.discard()
        return True

    def offer_recoveries(self) -> Any:
        """If a session ended with unsaved editor work, offer to restore it (the dialog)."""
        from app.campaign.paths import data_dir

        folder = data_dir() / "recovery"
        try:
            if not any(folder.glob("*.json")):
                return None
        except OSError:
            return None
        from app.editor.recovery import offer_recoveries

        self.recovery = offer_recoveries(self.mode.main, self.restore)
        return self.recovery

    def restore(self, recovery: Recovery) -> bool:
        """Open an autosaved document, modified; it is autosaved again at once, so the
        old copy can go without a moment unprotected."""
        from app.editor.document import restore_document
        from core.board.problems import FileProblems

        try:
            document = restore_document(recovery.text, recovery.name)
        except FileProblems as exc:
            self.mode.main.show_problems(Path(recovery.name), exc)
            return False
        if not self.mode.replace_ok():
            return False
        editor = self.mode.edit(document)
        editor.files.autosaver.autosave()
        editor.show_status(f"Restored {recovery.describe()}; save it to keep it")
        return True
