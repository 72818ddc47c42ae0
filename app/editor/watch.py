"""Noticing that a document's file was changed on disk by someone else.

:class:`FileWatcher` follows one file with ``QFileSystemWatcher``. Saves replace files
atomically (a new file renamed over the old), which ends an OS watch on the old file, so
the folder is watched too and the file is watched again whenever it reappears. What
counts is the file's content: ``changed`` is emitted only when it differs from what this
program last read or wrote (:meth:`FileWatcher.mark_saved`, or a save made inside
:meth:`FileWatcher.saving`), so our own saves and mere touches stay quiet.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

SETTLE_MS = 150  # writers touch a file several times; wait for them to finish


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class FileWatcher(QObject):
    """``changed`` when ``path`` now holds other content than we last knew;
    ``removed`` when it is gone (moved away or deleted) and has not come back."""

    changed = Signal()
    removed = Signal()

    def __init__(self, path: Path | str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path).resolve()
        self._known = _digest(self.path)
        self._saving = 0
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._poke)
        self._watcher.directoryChanged.connect(self._poke)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.check)
        self._watch()

    def _watch(self) -> None:
        wanted = [str(self.path.parent)] + ([str(self.path)] if self.path.exists() else [])
        missing = [
            p for p in wanted if p not in self._watcher.files() + self._watcher.directories()
        ]
        if missing:
            self._watcher.addPaths(missing)

    def _poke(self, _path: str = "") -> None:
        self._watch()  # the file may have been replaced: watch the new one
        if not self._saving:
            self._settle.start()

    def check(self) -> bool:
        """Compare the file with what we last knew now; True if ``changed`` was emitted."""
        self._watch()
        if self._saving:
            return False
        now = _digest(self.path)
        if now == self._known:
            return False
        gone = now is None
        self._known = now
        (self.removed if gone else self.changed).emit()
        return not gone

    def mark_saved(self) -> None:
        """The file now holds what we wrote (or just reloaded): not someone else's change."""
        self._known = _digest(self.path)
        self._settle.stop()
        self._watch()

    @contextmanager
    def saving(self) -> Iterator[None]:
        """Wrap our own save: whatever happens to the file meanwhile is ours."""
        self._saving += 1
        try:
            yield
        finally:
            self._saving -= 1
            if not self._saving:
                self.mark_saved()

    def set_path(self, path: Path | str) -> None:
        """Follow another file (after Save As)."""
        old = self._watcher.files() + self._watcher.directories()
        if old:
            self._watcher.removePaths(old)
        self.path = Path(path).resolve()
        self.mark_saved()

    def stop(self) -> None:
        self._settle.stop()
        watched = self._watcher.files() + self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)


def reload_box(parent: QWidget | None, path: Path, modified: bool) -> QMessageBox:
    """The question asked when the file changed on disk; :func:`ask_reload` runs it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("File Changed on Disk")
    box.setText(f"{path.name} was changed by another program.")
    if modified:
        box.setInformativeText(
            "Reload it and lose your unsaved changes, or keep yours (saving will then "
            "replace the other program's version)."
        )
    else:
        box.setInformativeText("Reload it to see the other program's version, or keep yours.")
    reload = box.addButton("&Reload", QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton("&Keep Mine", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep if modified else reload)
    box.setEscapeButton(keep)
    return box


def ask_reload(parent: QWidget | None, path: Path, modified: bool) -> bool:
    """Ask Reload / Keep Mine; True to reload."""
    box = reload_box(parent, path, modified)
    box.exec()
    clicked = box.clickedButton()
    return clicked is not None and box.buttonRole(clicked) == QMessageBox.ButtonRole.AcceptRole
