"""The squadron page's repair and "?" orders, from a game set up for them (a damaged
cruiser carrying supply) and then played with visible controls: Repair removes one hit
per supply counter, and a "?" is placed over a system on the jump board."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from core.engine.play import start
from core.engine.system import Seat
from core.rules.squadrons.boards import load_builtin
from core.rules.squadrons.design import Design, Kind
from core.rules.squadrons.factors import Factors
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import RULES, Counter, Place
from tests.app.acceptance.squadron_table import SquadronTable

CRUISER = Factors(jump=4, maneuver=6, sensor=7, attack=20, attack_range=7, defense=6, supply=2)


def table_with_a_damaged_cruiser(qtbot: QtBot, tmp_path: Path) -> SquadronTable:
    world = load_builtin("marlow-reach")
    marlow, quill = world.board("Marlow"), world.board("Quill")
    cruiser = Design("Cruiser", 15, Kind.SQUADRON, CRUISER)
    at = Place("Marlow", marlow.arrival_hexes()[0])
    counters = (
        Counter("c1", "Imperium", cruiser, at, 10, supply=2),
        Counter("z1", "Zhodani", cruiser, Place("Quill", quill.arrival_hexes()[0])),
    )
    setup = Setup("Repairs", world, ("Imperium", "Zhodani"), counters, (), (("Imperium", 0),))
    seats = (Seat("p1", "Ann", "Imperium", "#e69f00"), Seat("p2", "Bob", "Zhodani", "#56b4e9"))
    state, events = start(RULES, seats, seed=1, setup=setup)
    table = SquadronTable(qtbot, tmp_path)
    assert table.win.play(state, events, "Repairs")
    return table


def test_repair_removes_one_hit_a_step_with_a_supply_counter(qtbot: QtBot, tmp_path: Path) -> None:
    table = table_with_a_damaged_cruiser(qtbot, tmp_path)
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == "Repair")
    assert table.take_seat() == "Ann"
    table.click_counter("Marlow", lambda t: t.startswith("Cruiser (Imperium"))
    assert "Hits: 10" in table.sheet()
    assert table.combo("repair_source").currentText() == "its own supply (2)"
    table.press("Repair")
    assert "Hits: 9" in table.sheet() and "Supply: 1 counter" in table.sheet()
    assert not table.has_button("Repair")  # one repair a step (no admiral aboard)
    table.end_step()
    table.everyone_ends(lambda: table.day() == 2 and table.win.turn_bar.current_phase() == "Repair")
    assert table.take_seat() == "Ann"
    table.click_counter("Marlow", lambda t: t.startswith("Cruiser (Imperium"))
    table.press("Repair")
    assert "Hits: 8" in table.sheet() and "Supply: 0 counters" in table.sheet()


def test_a_question_mark_is_placed_over_a_system_on_the_jump_board(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = table_with_a_damaged_cruiser(qtbot, tmp_path)
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == 'Place "?"')
    assert table.take_seat() == "Ann"
    table.press('Place "?" (1 in hand)')
    glyph = next(i for i in table.items("Jump Board", "fuel source") if "Marlow" in i.toolTip())
    table.click_item("Jump Board", glyph)
    assert table.tabs().tabText(table.tabs().currentIndex()) == "Jump Board"
    assert '"?" counter (Imperium)' in table.counters("Jump Board")
    assert not table.has_button('Place "?" (0 in hand)')


def test_new_game_offers_the_squadron_rulings_and_the_game_keeps_the_choice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QWidget

    from app.play.new_game import NewGameDialog

    table = SquadronTable(qtbot, tmp_path)
    chosen: list[object] = []

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog)
        combo = table.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        table.pick(combo, "Border Raid")
        box = table.find(QCheckBox, "rule_half_damage_rounds_up", dialog)
        assert isinstance(box, QCheckBox)
        assert box.text() == 'Half damage under a "?" rounds up' and not box.isChecked()
        assert not table.find(QCheckBox, "rule_allotted_damage", dialog).isChecked()  # type: ignore[attr-defined]
        table.click(box)
        chosen.append(dialog.result_game())
        dialog.done(QDialog.DialogCode.Rejected)

    table.answer(lambda: table.choose("File", "New Quick Game"), fill)
    scenario, seats, seed = chosen[0]  # type: ignore[misc]
    state, _ = scenario.start(seats, seed)
    assert state.switch("half_damage_rounds_up") and not state.switch("allotted_damage")


def test_with_allotted_damage_the_firer_names_the_factors_in_the_preview_and_order(
    qtbot: QtBot, tmp_path: Path
) -> None:
    world = load_builtin("marlow-reach")
    marlow = world.board("Marlow")
    here = marlow.arrival_hexes()[0]
    there = next(h for h in marlow.within(here, 3) if h != here and not marlow.inside_limit(h))
    cruiser = Design("Cruiser", 15, Kind.SQUADRON, CRUISER)
    counters = (
        Counter("c1", "Imperium", cruiser, Place("Marlow", here)),
        Counter("z1", "Zhodani", cruiser, Place("Marlow", there)),
    )
    setup = Setup(
        "Allotted", world, ("Imperium", "Zhodani"), counters, switches=(("allotted_damage", True),)
    )
    seats = (Seat("p1", "Ann", "Imperium", "#e69f00"), Seat("p2", "Bob", "Zhodani", "#56b4e9"))
    state, events = start(RULES, seats, seed=1, setup=setup)
    table = SquadronTable(qtbot, tmp_path)
    assert table.win.play(state, events, "Allotted")
    table.everyone_ends(lambda: table.win.turn_bar.current_phase() == "Fire")
    assert table.take_seat() == "Ann"
    table.click_counter("Marlow", lambda t: t.startswith("Cruiser (Imperium"))
    table.click_counter("Marlow", lambda t: t.startswith("Cruiser (Zhodani"))
    table.type_into(table.find(QSpinBox, "allot_attack"), "14")
    preview = table.label("fire_preview")
    assert "defense absorbs 6; Attack 20→6, Defense 6→0" in preview  # 14 of the 14 past it
    table.press("Order Fire")
    assert any("Cruiser" in row for row in table.fire_orders())
