"""A warning when the file being edited changed on disk (issue 8, requirement 7)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.editor.watch import FileWatcher, ask_reload, reload_box
from core.files.tomlio import write_atomic
from tests.patience import PATIENCE_MS


def watched(qtbot: QtBot, tmp_path: Path) -> tuple[Path, FileWatcher]:
    path = tmp_path / "map.toml"
    path.write_text('name = "ours"\n', encoding="utf-8")
    watcher = FileWatcher(path)
    return path, watcher


def test_change_by_another_program_is_signalled(qtbot: QtBot, tmp_path: Path) -> None:
    path, watcher = watched(qtbot, tmp_path)
    with qtbot.waitSignal(watcher.changed, timeout=PATIENCE_MS):
        path.write_text('name = "theirs"\n', encoding="utf-8")


def test_atomic_replace_by_another_program_is_signalled_every_time(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A rename over the file ends the OS watch on it; the watcher follows the new file."""
    path, watcher = watched(qtbot, tmp_path)
    for text in ('name = "theirs"\n', 'name = "theirs again"\n', 'name = "third"\n'):
        with qtbot.waitSignal(watcher.changed, timeout=PATIENCE_MS):
            write_atomic(path, text)


def test_our_own_saves_are_not_signalled(qtbot: QtBot, tmp_path: Path) -> None:
    path, watcher = watched(qtbot, tmp_path)
    with qtbot.assertNotEmitted(watcher.changed, wait=600):
        with watcher.saving():
            write_atomic(path, 'name = "ours, saved"\n')
        path.write_text('name = "ours, again"\n', encoding="utf-8")
        watcher.mark_saved()
    with qtbot.waitSignal(watcher.changed, timeout=PATIENCE_MS):  # still watching afterwards
        path.write_text('name = "theirs"\n', encoding="utf-8")


def test_touching_without_changing_is_not_signalled(qtbot: QtBot, tmp_path: Path) -> None:
    path, watcher = watched(qtbot, tmp_path)
    with qtbot.assertNotEmitted(watcher.changed, wait=600):
        write_atomic(path, path.read_text(encoding="utf-8"))


def test_deleted_file_is_signalled_as_removed(qtbot: QtBot, tmp_path: Path) -> None:
    path, watcher = watched(qtbot, tmp_path)
    with qtbot.waitSignal(watcher.removed, timeout=PATIENCE_MS):
        path.unlink()
    with qtbot.waitSignal(watcher.changed, timeout=PATIENCE_MS):  # and when it comes back
        path.write_text('name = "restored"\n', encoding="utf-8")


def test_save_as_follows_the_new_file(qtbot: QtBot, tmp_path: Path) -> None:
    path, watcher = watched(qtbot, tmp_path)
    other = tmp_path / "copy.toml"
    with watcher.saving():
        other.write_text('name = "copy"\n', encoding="utf-8")
        watcher.set_path(other)
    with qtbot.assertNotEmitted(watcher.changed, wait=600):
        path.write_text("the old file is not ours any more\n", encoding="utf-8")
    with qtbot.waitSignal(watcher.changed, timeout=PATIENCE_MS):
        other.write_text('name = "theirs"\n', encoding="utf-8")


def answer(qtbot: QtBot, text: str) -> None:
    def click() -> None:
        box = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()
        )
        button = next(b for b in box.buttons() if b.text().replace("&", "") == text)
        button.click()

    QTimer.singleShot(50, click)


def test_reload_or_keep_mine(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    answer(qtbot, "Reload")
    assert ask_reload(None, path, modified=True)
    answer(qtbot, "Keep Mine")
    assert not ask_reload(None, path, modified=True)


def test_reload_question_names_the_file_and_defaults_to_keeping_unsaved_work() -> None:
    box = reload_box(None, Path("/maps/rocks.toml"), modified=True)
    assert "rocks.toml" in box.text() and "lose your unsaved changes" in box.informativeText()
    assert box.defaultButton().text().replace("&", "") == "Keep Mine"
    clean = reload_box(None, Path("/maps/rocks.toml"), modified=False)
    assert clean.defaultButton().text().replace("&", "") == "Reload"
