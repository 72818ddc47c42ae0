"""File > Open Recent tells apart two files with the same name in different folders
(each entry shows its folder; the whole path on hover): before, a newcomer saw
"duel.toml" twice and could not know which was which."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMenu

from app.shell.main_window import MainWindow
from core.board.starmap import Bounds, StarMap
from core.files.mapfile import save_map
from tests.app.clicks import menu_action
from tests.app.shell.test_file_dialogs import window

__all__ = ["window"]


def test_open_recent_shows_the_folder_of_files_with_the_same_name(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = []
    for folder in ("first", "second"):
        (tmp_path / folder).mkdir()
        path = tmp_path / folder / "tiny.toml"
        save_map(StarMap(f"Tiny {folder}", Bounds(8, 8), ()), path)
        paths.append(path)
        monkeypatch.setattr(
            QFileDialog, "getOpenFileName", staticmethod(lambda *a, p=path: (str(p), ""))
        )
        menu_action(window, "File", "Open").trigger()
    recent = menu_action(window, "File", "Open Recent").menu()
    assert isinstance(recent, QMenu) and recent.toolTipsVisible()
    entries = [a for a in recent.actions() if "tiny.toml" in a.text()]
    assert len(entries) == 2
    texts = {a.text() for a in entries}
    assert len(texts) == 2, texts
    for path in paths:
        assert f"tiny.toml ({path.parent})" in texts
        assert str(path) in {a.toolTip() for a in entries}
