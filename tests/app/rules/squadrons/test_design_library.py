"""Ships › Squadron Designs… as a player uses it: the library lists the shipped designs,
a new design is typed in and refused until it keeps the limits, and every change to the
list is undone and redone with its buttons. Only visible controls are used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from app.rules.squadrons.design.library import designs_folder
from core.rules.squadrons.design_file import load_design
from tests.app.acceptance.listing import choose_row as choose_design
from tests.app.acceptance.listing import row_texts as _names
from tests.app.acceptance.user import Player


def _text(player: Player, dialog: QWidget, name: str) -> str:
    return player.find(QLabel, name, dialog).text()  # type: ignore[attr-defined]


def _library(player: Player, handler) -> None:  # type: ignore[no-untyped-def]
    """Open Ships › Squadron Designs… and let ``handler`` use it, then close it."""

    def use(dialog: QWidget) -> None:
        handler(dialog)
        player.press("Close", dialog)

    player.answer(lambda: player.choose("Ships", "Squadron Designs"), use)


def test_the_squadron_designs_tool_lists_the_shipped_designs(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)

    def look(dialog: QWidget) -> None:
        assert "Cruiser  (shipped)" in _names(dialog)
        assert "Planetary Defences  (shipped)" in _names(dialog)
        assert not player.button("Delete", dialog).isEnabled(), "shipped designs stay"

    _library(player, look)


def test_a_new_design_is_refused_until_it_keeps_the_tech_limits(
    qtbot: QtBot, tmp_path: Path
) -> None:
    player = Player(qtbot, tmp_path)

    def design(form: QWidget) -> None:
        player.type_into(player.find(QWidget, "design_name", form), "Raider")
        player.type_into(player.find(QSpinBox, "design_tech", form), "13")
        player.type_into(player.find(QSpinBox, "factor_jump", form), "6")
        player.type_into(player.find(QSpinBox, "factor_attack", form), "10")
        assert _text(player, form, "refusal_jump") == "Jump 6 is over the tech-13 limit of 4"
        assert _text(player, form, "cost_jump") == "8 points", "6, plus 2 for tech 13"
        assert not player.button("OK", form).isEnabled()
        player.type_into(player.find(QSpinBox, "factor_jump", form), "4")
        assert _text(player, form, "refusal_jump") == ""
        assert _text(player, form, "design_total").startswith("Costs 21 points of 100"), (
            "jump 6, maneuver 3, attack 12"
        )
        player.press("OK", form)

    def use(dialog: QWidget) -> None:
        player.answer(lambda: player.press("New", dialog), design)
        assert "Raider" in _names(dialog)
        assert load_design(designs_folder() / "raider.toml").factors.jump == 4
        player.press("Undo", dialog)
        assert "Raider" not in _names(dialog)
        assert not (designs_folder() / "raider.toml").exists()
        player.press("Redo", dialog)
        assert "Raider" in _names(dialog)

    _library(player, use)


def test_a_planet_may_neither_jump_nor_move(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)

    def design(form: QWidget) -> None:
        player.pick(player.find(QWidget, "design_kind", form), "Planet")  # type: ignore[arg-type]
        refusal = _text(player, form, "refusal_maneuver")
        assert refusal == "Maneuver 1 is over a planet's limit of 0: planets cannot move"
        assert not player.button("OK", form).isEnabled()
        player.type_into(player.find(QSpinBox, "factor_maneuver", form), "0")
        assert player.button("OK", form).isEnabled()
        player.press("Cancel", form)

    _library(player, lambda dialog: player.answer(lambda: player.press("New", dialog), design))


def test_a_design_over_its_budget_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)

    def design(form: QWidget) -> None:
        player.type_into(player.find(QSpinBox, "design_budget", form), "50")
        player.type_into(player.find(QSpinBox, "factor_attack", form), "60")
        refusals = _text(player, form, "design_refusals")
        assert refusals == "The design costs 61 points, 11 over the budget of 50"
        assert not player.button("OK", form).isEnabled()
        player.press("Cancel", form)

    _library(player, lambda dialog: player.answer(lambda: player.press("New", dialog), design))


def test_duplicate_and_delete_are_undone(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)

    def use(dialog: QWidget) -> None:
        choose_design(player, dialog, "Scout  (shipped)")
        player.press("Duplicate", dialog)
        assert "Scout copy" in _names(dialog)
        player.press("Delete", dialog)
        assert "Scout copy" not in _names(dialog)
        player.press("Undo", dialog)
        assert "Scout copy" in _names(dialog)
        player.press("Undo", dialog)
        assert "Scout copy" not in _names(dialog)

    _library(player, use)


def test_editing_a_shipped_design_saves_a_copy(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)

    def design(form: QWidget) -> None:
        player.type_into(player.find(QWidget, "design_name", form), "Frigate B")
        player.type_into(player.find(QSpinBox, "factor_defense", form), "7")
        player.press("OK", form)

    def use(dialog: QWidget) -> None:
        choose_design(player, dialog, "Frigate  (shipped)")
        player.answer(lambda: player.press("Edit", dialog), design)
        assert "Frigate  (shipped)" in _names(dialog) and "Frigate B" in _names(dialog)
        assert load_design(designs_folder() / "frigate-b.toml").factors.defense == 7

    _library(player, use)


def test_export_then_import_and_a_bad_file_says_where(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    out = tmp_path / "cruiser-out.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "ecliptic-squadron-design"\nname = "X"\ntech = "high"\n')

    def use(dialog: QWidget) -> None:
        choose_design(player, dialog, "Cruiser  (shipped)")
        player.answer(lambda: player.press("Export", dialog), lambda f: player.pick_file(f, out))
        assert load_design(out).name == "Cruiser"
        player.answer(lambda: player.press("Import", dialog), lambda f: player.pick_file(f, bad))
        status = _text(player, dialog, "library_status")
        assert f"{bad}:3: tech: must be a whole number from 0 up" in status
        player.answer(lambda: player.press("Import", dialog), lambda f: player.pick_file(f, out))
        assert _names(dialog).count("Cruiser") == 1, "the import is the player's own copy"

    _library(player, use)


def test_print_counter_sheet_writes_a_pdf(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    out = tmp_path / "imperium.pdf"

    def options(sheet: QWidget) -> None:
        player.type_into(player.find(QWidget, "sheet_side", sheet), "Imperium")
        player.pick(player.find(QWidget, "sheet_colour", sheet), "Red")  # type: ignore[arg-type]
        player.answer(lambda: player.press("Write PDF", sheet), lambda f: player.pick_file(f, out))

    def use(dialog: QWidget) -> None:
        player.answer(lambda: player.press("Print Counter Sheet", dialog), options)
        assert out.read_bytes().startswith(b"%PDF")
        assert "Wrote the counter sheet" in _text(player, dialog, "library_status")

    _library(player, use)


def test_a_damaged_design_file_is_listed_with_its_problem(qtbot: QtBot, tmp_path: Path) -> None:
    designs_folder().mkdir(parents=True, exist_ok=True)
    (designs_folder() / "broken.toml").write_text("format = 3\n", encoding="utf-8")
    player = Player(qtbot, tmp_path)

    def look(dialog: QWidget) -> None:
        assert "broken.toml  (cannot be read)" in _names(dialog)
        choose_design(player, dialog, "broken.toml  (cannot be read)")
        assert "format" in _text(player, dialog, "design_details")
        player.press("Delete", dialog)
        assert "broken.toml  (cannot be read)" not in _names(dialog)

    _library(player, look)
