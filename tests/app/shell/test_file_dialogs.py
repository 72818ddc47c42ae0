"""File dialogs open in the user's documents or the folder last used, never inside the
program (its built-in maps and scenarios are not where a user keeps files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from app.folders import PROGRAM
from app.shell.main_window import MainWindow
from core.files.resources import SOLAR_SYSTEM_MAP
from tests.app.clicks import menu_action
from tests.app.shell.test_main_window import ini_settings


class Dialogs:
    """Stands in for the file dialogs: notes where each opened, answers ``answer``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened_at: list[Path] = []
        self.answer = ""
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(self._ask))
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(self._ask))

    def _ask(self, parent, title, start, file_filter):  # type: ignore[no-untyped-def]
        self.opened_at.append(Path(start))
        return self.answer, file_filter.split(";;")[0]


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    win = MainWindow(settings=ini_settings(tmp_path))
    qtbot.addWidget(win)
    return win


def documents() -> Path:
    return Path(os.environ["ECLIPTIC_DATA_DIR"]) / "Documents"


def test_file_dialogs_start_in_documents_never_inside_the_program(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialogs = Dialogs(monkeypatch)
    # the built-in map on show lives inside the program: Open does not start there
    assert window.current_path is not None and window.current_path.is_relative_to(PROGRAM)
    menu_action(window, "File", "Open").trigger()
    menu_action(window, "File", "Export Map").trigger()
    assert dialogs.opened_at[0] == documents()
    assert dialogs.opened_at[1].parent == documents()
    assert dialogs.opened_at[1].suffix == ".png"
    assert not any(p.resolve().is_relative_to(PROGRAM) for p in dialogs.opened_at)


def test_file_dialogs_start_in_the_last_folder_used(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    dialogs = Dialogs(monkeypatch)
    folder = tmp_path / "my maps"
    folder.mkdir()
    mine = folder / "home.toml"
    mine.write_text(SOLAR_SYSTEM_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    dialogs.answer = str(mine)
    menu_action(window, "File", "Open").trigger()
    assert window.current_path == mine
    dialogs.answer = ""  # cancelled from here on
    menu_action(window, "File", "Open").trigger()
    menu_action(window, "File", "Export Map").trigger()
    assert dialogs.opened_at[1] == folder
    assert dialogs.opened_at[2].parent == folder


def test_file_dialogs_do_not_remember_a_folder_inside_the_program(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialogs = Dialogs(monkeypatch)
    dialogs.answer = str(SOLAR_SYSTEM_MAP)
    menu_action(window, "File", "Open").trigger()
    dialogs.answer = ""
    menu_action(window, "File", "Open").trigger()
    assert dialogs.opened_at[1] == documents()
