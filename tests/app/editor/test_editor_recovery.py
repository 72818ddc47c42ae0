"""Autosave and crash recovery for the editor (issue 8, requirement 7)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest
from pytestqt.qtbot import QtBot

from app.editor.recovery import (
    Autosaver,
    Recovery,
    RecoveryDialog,
    offer_recoveries,
    pending_recoveries,
    recovery_dir,
)
from tests.patience import PATIENCE_MS


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ECLIPTIC_DATA_DIR", str(tmp_path))
    return tmp_path


class Doc:
    """A stand-in document: its text and whether it has unsaved changes."""

    def __init__(self) -> None:
        self.text = 'name = "first"\n'
        self.modified = True

    def saver(self, qtbot: QtBot, interval_ms: int = 3_600_000) -> Autosaver:
        saver = Autosaver(
            None,
            "Rock garden",
            lambda: self.text,
            interval_ms,
            modified=lambda: self.modified,
            path=lambda: Path("/maps/rocks.toml"),
        )
        return saver


def dead_pid() -> int:
    """The id of a process that has ended: an autosave left by a crashed session."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def crash(saver: Autosaver) -> None:
    note = json.loads(saver.note_path.read_text(encoding="utf-8"))
    note["pid"] = dead_pid()
    saver.note_path.write_text(json.dumps(note), encoding="utf-8")


def test_recovery_folder_is_under_the_user_data_folder(data: Path) -> None:
    assert recovery_dir() == data / "recovery"
    real = platformdirs.user_data_path("Ecliptic", appauthor=False)
    assert not str(recovery_dir()).startswith(str(real))


def test_autosave_writes_only_unsaved_changes_once(data: Path, qtbot: QtBot) -> None:
    doc = Doc()
    saver = doc.saver(qtbot)
    assert saver.autosave()
    assert saver.text_path.read_text(encoding="utf-8") == doc.text
    assert saver.text_path.parent == data / "recovery"
    assert not saver.autosave()  # nothing changed since
    doc.text = 'name = "second"\n'
    assert saver.autosave()
    assert saver.text_path.read_text(encoding="utf-8") == doc.text
    doc.modified = False
    doc.text = 'name = "third"\n'
    assert not saver.autosave()  # saved by the user: nothing to keep
    assert saver.text_path.read_text(encoding="utf-8") == 'name = "second"\n'


def test_autosave_runs_on_its_timer(data: Path, qtbot: QtBot) -> None:
    doc = Doc()
    saver = doc.saver(qtbot, interval_ms=20)
    qtbot.waitUntil(saver.text_path.exists, timeout=PATIENCE_MS)
    saver.stop()


def test_discard_after_a_clean_save_leaves_nothing_to_recover(data: Path, qtbot: QtBot) -> None:
    saver = Doc().saver(qtbot)
    saver.autosave()
    saver.discard()
    assert not saver.text_path.exists() and not saver.note_path.exists()
    assert pending_recoveries() == []


def test_pending_recoveries_lists_what_a_crashed_session_left(data: Path, qtbot: QtBot) -> None:
    doc = Doc()
    saver = doc.saver(qtbot)
    saver.autosave()
    assert pending_recoveries() == []  # still being edited by this very program
    crash(saver)
    (found,) = pending_recoveries()
    assert (found.name, found.original, found.text) == (
        "Rock garden",
        Path("/maps/rocks.toml"),
        doc.text,
    )
    assert "Rock garden" in found.describe()


def test_damaged_recovery_notes_are_skipped_and_kept(data: Path) -> None:
    folder = data / "recovery"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "lonely.json").write_text(
        json.dumps({"name": "x", "time": "2026-11-21T10:00:00+00:00", "pid": 0}),
        encoding="utf-8",
    )  # its text is missing
    assert pending_recoveries() == []
    assert (folder / "broken.json").exists() and (folder / "lonely.json").exists()


def test_failed_autosave_is_reported_not_raised(data: Path, qtbot: QtBot) -> None:
    (data / "recovery").write_text("a file where the folder should be", encoding="utf-8")
    saver = Doc().saver(qtbot)
    assert not saver.autosave()
    assert saver.error is not None and "autosave" in saver.error


def make_crashed(qtbot: QtBot, name: str) -> Autosaver:
    doc = Doc()
    saver = doc.saver(qtbot)
    saver.name = name
    saver.autosave()
    crash(saver)
    return saver


def test_recovery_dialog_restores_and_discards(data: Path, qtbot: QtBot) -> None:
    make_crashed(qtbot, "One")
    make_crashed(qtbot, "Two")
    restored: list[Recovery] = []

    def restore(r: Recovery) -> bool:
        restored.append(r)
        return True

    dialog = offer_recoveries(None, restore)
    assert isinstance(dialog, RecoveryDialog)
    qtbot.addWidget(dialog)
    assert dialog.list.count() == 2
    first = dialog.list.item(0).text()
    dialog.restore_current()
    assert len(restored) == 1 and restored[0].name in first
    dialog.discard_current()
    assert dialog.list.count() == 0
    assert pending_recoveries() == []
    assert not list((data / "recovery").iterdir())


def test_recovery_that_cannot_be_restored_stays(data: Path, qtbot: QtBot) -> None:
    make_crashed(qtbot, "Broken")
    dialog = RecoveryDialog(pending_recoveries(), lambda r: False)
    qtbot.addWidget(dialog)
    dialog.restore_current()
    assert dialog.list.count() == 1
    assert len(pending_recoveries()) == 1


def test_no_dialog_when_nothing_waits(data: Path) -> None:
    assert offer_recoveries(None, lambda r: True) is None
    assert os.listdir(data) == []
