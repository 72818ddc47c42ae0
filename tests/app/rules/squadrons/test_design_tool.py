"""The squadron game's interface object: registered under its id, loaded only when asked
for, with the Squadron Designs tool, the purchases step and plain answers for a game
without dice; and the library's prices follow the chosen cost scheme."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from app.play.systems import entries, ui_for
from app.rules.squadrons.ui import DESIGNS_TOOL, SquadronsUI
from core.engine.commands import EndPhase
from tests.app.acceptance.user import Player
from tests.app.rules.squadrons.test_design_library import choose_design


def test_the_squadrons_interface_is_registered_with_its_designs_tool() -> None:
    entry = entries()["squadrons"]
    assert [tool.name for tool in entry.tools] == [DESIGNS_TOOL]
    ui = ui_for("squadrons")
    assert isinstance(ui, SquadronsUI) and ui.id == "squadrons"


def test_the_squadron_game_rolls_no_dice_so_every_order_may_be_taken_back(qtbot: QtBot) -> None:
    ui = ui_for("squadrons")
    assert ui.exact(EndPhase("p1"))
    assert set(ui.docks().panels) == {"squadron_sheet"}  # the squadron sheet (sq-play)
    assert ui.phase_title("fire-1") == "Fire-1"


def test_the_map_editor_is_offered_the_library_designs() -> None:
    assert {"Cruiser", "Scout", "Planetary Defences"} <= set(ui_for("squadrons").design_names())


def test_the_library_prices_designs_under_the_chosen_cost_scheme(
    qtbot: QtBot, tmp_path: Path
) -> None:
    player = Player(qtbot, tmp_path)

    def use(dialog: QWidget) -> None:
        details = player.find(QLabel, "design_details", dialog)
        combo = player.find(QComboBox, "scheme_choice", dialog)
        choose_design(player, dialog, "Cruiser  (shipped)")
        assert details.text().startswith("Cruiser: 66 points")  # type: ignore[attr-defined]
        player.pick(combo, "Per level")  # type: ignore[arg-type]
        assert details.text().startswith("Cruiser: 156 points")  # type: ignore[attr-defined]
        player.press("Close", dialog)

    player.answer(lambda: player.choose("Ships", "Squadron Designs"), use)
