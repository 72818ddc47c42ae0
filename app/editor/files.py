"""One editor's document and its files on disk: autosave, changes by other programs, saves.

:class:`DocumentFiles` gives the document an :class:`~app.editor.recovery.Autosaver`
(its whole text, both files of a scenario, every few minutes while it has unsaved
changes; dropped after a clean save or close) and a
:class:`~app.editor.watch.FileWatcher` on each of its own files. Saves go through
:meth:`DocumentFiles.save`, inside the watchers' ``saving()``, so only other programs'
changes are noticed. When one is, the user chooses: Reload reads the file back as one
undo step (so even a reload can be taken back), Keep Mine marks the document modified,
since it no longer matches the disk.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox

from app.editor.commands import replace_document
from app.editor.document import open_document
from app.editor.recovery import AUTOSAVE_MS, Autosaver
from app.editor.watch import FileWatcher, ask_reload
from core.board.problems import FileProblems
from core.files.resources import ROOT

if TYPE_CHECKING:
    from app.editor.host import EditorHost


class DocumentFiles(QObject):
    """The files side of one editor (:class:`~app.editor.host.EditorHost`); ``status(str)``
    says what happened."""

    status = Signal(str)

    def __init__(self, editor: EditorHost, interval_ms: int = AUTOSAVE_MS) -> None:
        super().__init__(editor.dialog_parent())
        self.editor = editor
        self._text: str | None = None
        self._asking = False
        self.autosaver = Autosaver(
            self,
            editor.document.name,
            lambda: self._text or "",
            interval_ms,
            modified=self._unsaved,
            path=lambda: self.editor.document.path,
        )
        self.watchers: list[FileWatcher] = []
        self.watch()

    # ---- autosave

    def _unsaved(self) -> bool:
        """Whether there is something to autosave; takes the text to write as it asks."""
        document = self.editor.document
        if not document.is_modified():
            return False
        try:
            self._text = document.recovery_text()
        except ValueError:  # something lies where no label can name it: keep the last copy
            return False
        self.autosaver.name = document.name
        return True

    # ---- watching

    def paths(self) -> list[Path]:
        """The document's own files: the file itself, and a scenario's map unless it is
        one of Ecliptic's."""
        document = self.editor.document
        out = [document.path] if document.path is not None else []
        extra = document.map_file if document.is_scenario else None
        if extra is not None and extra not in out and ROOT not in extra.resolve().parents:
            out.append(extra)
        return out

    def watch(self) -> None:
        """Follow the document's files as they are now (after opening, saving, reloading)."""
        paths = [p.resolve() for p in self.paths()]
        if paths == [w.path for w in self.watchers]:
            return  # the same files: the watchers already know what we wrote
        for old in self.watchers:
            old.stop()
            old.deleteLater()
        self.watchers = []
        for path in self.paths():
            watcher = FileWatcher(path, self)
            watcher.changed.connect(lambda p=path: self.changed_on_disk(p))
            watcher.removed.connect(lambda p=path: self.removed_on_disk(p))
            self.watchers.append(watcher)

    def changed_on_disk(self, path: Path) -> None:
        """Another program changed ``path``: ask Reload or Keep Mine."""
        if self._asking:  # one question at a time; the answer covers both files
            return
        document = self.editor.document
        self._asking = True
        try:
            wanted = ask_reload(self.editor.dialog_parent(), path, document.is_modified())
        finally:
            self._asking = False
        if wanted:
            self.reload()
        else:
            document.stack.resetClean()
            self.status.emit(f"Kept your version; saving will replace {path.name}")

    def removed_on_disk(self, path: Path) -> None:
        self.editor.document.stack.resetClean()
        self.status.emit(
            f"{path.name} was moved or deleted by another program; Save writes it again"
        )

    def reload(self) -> bool:
        """Read the document's file again, as one undo step; False (and why) if it cannot
        be read, the document then being kept as it is."""
        document = self.editor.document
        if document.path is None:
            return False
        name = document.path.name
        try:
            fresh = open_document(document.path)
            if fresh.is_scenario != document.is_scenario:
                raise ValueError("it is now a scenario" if fresh.is_scenario else "it is now a map")
        except (FileProblems, ValueError) as exc:
            reason = exc.problems[0] if isinstance(exc, FileProblems) else exc
            QMessageBox.warning(
                self.editor.dialog_parent(), "Cannot reload", f"{name} was not reloaded: {reason}"
            )
            document.stack.resetClean()
            return False
        replace_document(document, fresh, f"Reload {name}")
        document.adopt_files(fresh)
        document.stack.setClean()
        self.autosaver.discard()
        self.watch()
        self.status.emit(f"Reloaded {name} (Undo brings your version back)")
        return True

    # ---- saving and closing

    def save(self, path: Path) -> list[Path]:
        """``Document.save`` with the watchers told it is ours; the autosave then goes."""
        with ExitStack() as quiet:
            for watcher in self.watchers:
                quiet.enter_context(watcher.saving())
            written = self.editor.document.save(path)
        self.watch()
        self.autosaver.discard()
        return written

    def close(self, *, discard: bool) -> None:
        """The document is put away: stop autosaving and watching; ``discard`` its autosave
        when it was saved or the user chose to drop the changes."""
        self.autosaver.stop()
        if discard:
            self.autosaver.discard()
        for watcher in self.watchers:
            watcher.stop()
