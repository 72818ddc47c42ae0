"""The design library dialog, its storage under the user data folder, and the fleet
purchases dialog."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from app.rules.interplanetary.manifest.fleet import FleetDialog
from app.rules.interplanetary.manifest.library_dialog import LibraryDialog
from app.rules.interplanetary.manifest.library_paths import designs_folder, library
from core.rules.interplanetary.aid.design import load_design
from core.rules.interplanetary.aid.outfitting import Slot


def make(qtbot: QtBot) -> LibraryDialog:
    d = LibraryDialog()
    qtbot.addWidget(d)
    return d


def test_the_library_lives_in_the_data_folder() -> None:
    assert designs_folder() == Path(os.environ["ECLIPTIC_DATA_DIR"]) / "designs"


def test_shipped_designs_are_listed_and_cannot_be_deleted(qtbot: QtBot) -> None:
    d = make(qtbot)
    names = [e.name for e in d.entries]
    assert {"Courier", "Gunboat", "Minelayer", "Missile boat"} <= set(names)
    d.select("Gunboat")
    assert "Gunboat: 5 ship points" in d.details.text()
    assert not d.buttons["delete"].isEnabled()
    assert d.preview.data.name == "Gunboat"


def test_edit_save_export_import_delete(qtbot: QtBot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    d = make(qtbot)
    d.select("Gunboat")

    def accept(dialog: QDialog) -> int:
        dialog.name_edit.setText("Gunboat Mk II")  # type: ignore[attr-defined]
        assert dialog.place(Slot("launchers", 0), "missile")  # type: ignore[attr-defined]
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr("app.rules.interplanetary.manifest.outfit_dialog.OutfitDialog.exec", accept)
    d.edit()  # a shipped design: saved as a copy in the library
    own = [e for e in d.entries if not e.shipped]
    assert [e.name for e in own] == ["Gunboat Mk II"]
    assert own[0].path.parent == designs_folder()
    assert d.current() == own[0]
    assert own[0].design is not None and own[0].design.manifest.launchers[0] == "missile"

    out = tmp_path / "mk2.toml"
    assert d.export_path(out)
    assert load_design(out).name == "Gunboat Mk II"
    assert d.import_path(out) is not None
    assert [e.name for e in d.entries if not e.shipped] == ["Gunboat Mk II", "Gunboat Mk II"]
    d.delete()
    assert len([e for e in d.entries if not e.shipped]) == 1


def test_bad_files_are_explained_not_raised(qtbot: QtBot, tmp_path: Path) -> None:
    d = make(qtbot)
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "ecliptic-design"\nversion = 1\nname = "X"\n', encoding="utf-8")
    assert d.import_path(bad) is None
    assert d.status.text() == (f"Cannot import {bad}:\n  - {bad}: ruleset: this field is required")
    assert d.import_path(tmp_path / "missing.toml") is None
    assert "no such file" in d.status.text()
    assert not d.export_path(tmp_path / "no" / "such" / "folder.toml")
    assert d.status.text().startswith("Cannot export to")
    # a damaged file in the library is listed, with its problems
    designs_folder().mkdir(parents=True, exist_ok=True)
    (designs_folder() / "broken.toml").write_text("not toml [", encoding="utf-8")
    d.reload()
    broken = next(e for e in d.entries if e.design is None)
    assert broken.path.name == "broken.toml"
    d.list.setCurrentRow(d.entries.index(broken))
    assert "not valid TOML" in d.details.text()
    assert d.buttons["delete"].isEnabled() and not d.buttons["edit"].isEnabled()


def test_fleet_purchases_share_the_points(qtbot: QtBot) -> None:
    lib = library()
    gunboat = lib.find("Gunboat").manifest  # 5 points
    hulk = lib.find("Mass driver hulk").manifest  # 6 points
    aid = lib.find("Gunboat").play_aid()
    f = FleetDialog(aid, ["Ann", "Bo"], ships=2, budget=10, lib=lib)
    qtbot.addWidget(f)
    assert f.current() == ("Ann", 0) and f.outfit_button.isEnabled()
    assert f.set_ship("Ann", 0, gunboat)
    assert f.left("Ann") == 5 and f.left("Bo") == 10
    assert not f.set_ship("Ann", 1, hulk)
    assert "The outfit costs 6 ship points, more than the budget of 5" in f.status.text()
    assert "Ann has 5 left for it" in f.status.text()
    assert f.set_ship("Ann", 1, gunboat)
    assert f.left("Ann") == 0
    top = f.tree.topLevelItem(0)
    assert [top.text(0), top.text(2), top.text(3)] == ["Ann", "10", "0"]
    assert top.child(0).text(1) == "Heavy rail cannon, Artillery gun"
    # the outfitting dialog opens with what is left for that ship
    dialog = f.outfit_dialog("Ann", 1)
    assert dialog.budget == 5
    f.ships_spin.setValue(1)
    assert len(f.fleet("Ann")) == 1 and f.left("Ann") == 5


def test_the_ships_menu_opens_the_library(qtbot: QtBot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from app.shell.main_window import MainWindow

    opened: list[LibraryDialog] = []
    monkeypatch.setattr(LibraryDialog, "exec", lambda self: opened.append(self) or 0)
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.tool_actions["designs"].text() == "Ship &Designs…"
    window.tool_actions["designs"].trigger()
    assert len(opened) == 1 and opened[0].parent() is window
