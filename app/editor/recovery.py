"""Autosave and crash recovery: nothing an editor user did is lost when the program dies.

Every few minutes, if the document changed since the last time, :class:`Autosaver`
writes it atomically to ``<user data>/recovery/`` (platformdirs, or ``ECLIPTIC_DATA_DIR``)
as a text file beside a small JSON note saying what it is. A clean save or close calls
:meth:`Autosaver.discard`, so whatever is left there at start-up was not saved:
:func:`pending_recoveries` lists it and :class:`RecoveryDialog` offers each to restore or
discard. Recovery files are never written over the user's own files.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.campaign.paths import data_dir
from core.files.tomlio import write_atomic

AUTOSAVE_MS = 180_000


def recovery_dir() -> Path:
    """``recovery`` under the user data folder (``ECLIPTIC_DATA_DIR`` when set)."""
    return data_dir() / "recovery"


@dataclass(frozen=True)
class Recovery:
    """One autosaved document that was never saved or closed cleanly."""

    name: str
    original: Path | None  # the file it was opened from, None for a new document
    time: datetime  # when it was autosaved (UTC)
    text: str  # the document as its file's text
    note: Path  # the JSON note; the text sits beside it

    def discard(self) -> None:
        """Delete the recovery files (after restoring it, or when the user says so)."""
        for path in (self.note, self.note.with_suffix(".txt")):
            path.unlink(missing_ok=True)

    def describe(self) -> str:
        local = self.time.astimezone().strftime("%Y-%m-%d %H:%M")
        where = str(self.original) if self.original else "never saved"
        return f"{self.name} ({where}), autosaved {local}"


class Autosaver(QObject):
    """Writes ``serialize()`` to the recovery folder every ``interval_ms`` while
    ``modified()`` says there is something unsaved and it changed since the last write.

    ``path()`` (optional) gives the document's own file, so a restored copy can say where
    it belongs. Call :meth:`discard` after a clean save or close.
    """

    def __init__(
        self,
        parent: QObject | None,
        name: str,
        serialize: Callable[[], str],
        interval_ms: int = AUTOSAVE_MS,
        *,
        modified: Callable[[], bool] = lambda: True,
        path: Callable[[], Path | None] = lambda: None,
    ) -> None:
        super().__init__(parent)
        self.name = name
        self._serialize = serialize
        self._modified = modified
        self._path = path
        self._stem = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:8]}"
        self._last: str | None = None
        self.error: str | None = None  # why the last autosave failed, if it did
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()

    @property
    def note_path(self) -> Path:
        return recovery_dir() / f"{self._stem}.json"

    @property
    def text_path(self) -> Path:
        return self.note_path.with_suffix(".txt")

    def autosave(self) -> bool:
        """Write now if there are unsaved changes not yet autosaved; True if written."""
        if not self._modified():
            return False
        text = self._serialize()
        if text == self._last:
            return False
        original = self._path()
        note = {
            "name": self.name,
            "original": str(original) if original else None,
            "time": datetime.now(UTC).isoformat(),
            "pid": os.getpid(),
        }
        try:
            recovery_dir().mkdir(parents=True, exist_ok=True)
            write_atomic(self.text_path, text)
            write_atomic(self.note_path, json.dumps(note, indent=1))
        except OSError as exc:  # a full disk must not stop editing; the window may show it
            self.error = f"autosave to {recovery_dir()} failed: {exc.strerror}"
            return False
        self.error = None
        self._last = text
        return True

    def discard(self) -> None:
        """The document is saved or closed cleanly: its recovery copy is no longer needed."""
        self._last = None
        for path in (self.note_path, self.text_path):
            path.unlink(missing_ok=True)

    def stop(self) -> None:
        self.timer.stop()


def pending_recoveries() -> list[Recovery]:
    """Autosaves left behind by a session that ended without saving, newest first.

    A note that cannot be read, or whose text is missing, is skipped (never deleted: a
    person may want to look at it), and so is one whose program is still running (this
    one, or another Ecliptic editing the document now).
    """
    found: list[Recovery] = []
    folder = recovery_dir()
    if not folder.is_dir():
        return []
    for note in folder.glob("*.json"):
        if not re.fullmatch(r"[\w-]+", note.stem):
            continue
        try:
            data = json.loads(note.read_text(encoding="utf-8"))
            text = note.with_suffix(".txt").read_text(encoding="utf-8")
            when = datetime.fromisoformat(data["time"])
            original = Path(data["original"]) if data.get("original") else None
            if _running(int(data.get("pid", 0))):
                continue
            found.append(Recovery(str(data["name"]), original, when, text, note))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(found, key=lambda r: r.time, reverse=True)


def _running(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill would signal the process there, not probe it
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists but is someone else's
        return True
    return True


class RecoveryDialog(QDialog):
    """At start-up: the documents that were not saved, each to restore or discard.

    ``restore(recovery)`` is called for each one the user restores (it opens it as a new,
    modified document) and returns whether it could; restored and discarded ones leave
    the recovery folder, one that could not be restored stays there.
    """

    def __init__(
        self,
        recoveries: list[Recovery],
        restore: Callable[[Recovery], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover Unsaved Work")
        self._restore = restore
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                "Ecliptic closed without saving these. Restore one to open it as it was at "
                "its last autosave, or discard it."
            )
        )
        self.list = QListWidget()
        for r in recoveries:
            item = QListWidgetItem(r.describe())
            item.setData(Qt.ItemDataRole.UserRole, r)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        self.restore_button = QPushButton("&Restore")
        self.discard_button = QPushButton("&Discard")
        self.restore_button.clicked.connect(self.restore_current)
        self.discard_button.clicked.connect(self.discard_current)
        row.addWidget(self.restore_button)
        row.addWidget(self.discard_button)
        row.addStretch()
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _current(self) -> Recovery | None:
        item = self.list.currentItem()
        if item is None:
            return None
        recovery = item.data(Qt.ItemDataRole.UserRole)
        assert isinstance(recovery, Recovery)
        return recovery

    def _done(self) -> None:
        recovery = self._current()
        if recovery is not None:
            recovery.discard()
        self.list.takeItem(self.list.currentRow())
        if self.list.count() == 0:
            self.accept()

    def restore_current(self) -> None:
        recovery = self._current()
        if recovery is not None and self._restore(recovery):
            self._done()

    def discard_current(self) -> None:
        self._done()


def offer_recoveries(
    parent: QWidget | None, restore: Callable[[Recovery], bool]
) -> RecoveryDialog | None:
    """Show the recovery dialog if anything is waiting; returns it (shown, not run)."""
    waiting = pending_recoveries()
    if not waiting:
        return None
    dialog = RecoveryDialog(waiting, restore, parent)
    dialog.show()
    return dialog
