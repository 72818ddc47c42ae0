"""A new campaign's event log and dice log show the roll for first player, as a quick
game's do."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from tests.app.campaign.test_campaign_window import make_window
from tests.app.clicks import button, menu_action, when_modal


def texts(widget) -> list[str]:  # type: ignore[no-untyped-def]
    return [widget.line(i) for i in range(widget.count())]  # a LogView: one row a line


def test_a_new_campaign_logs_the_first_player_roll(qtbot: QtBot, tmp_path: Path) -> None:
    win: MainWindow = make_window(qtbot, tmp_path)

    def start(dialog: QWidget) -> None:
        box = dialog.findChild(QComboBox, "scenario_box")
        box.setCurrentIndex(box.findText("Interplanetary: Training"))
        button(dialog, "Create").click()

    when_modal(start)
    menu_action(win, "File", "New Campaign").trigger()
    assert win.campaign is not None and win.session is not None
    rolls = [t for t in texts(win.dice_log) if "rolls for first player" in t]
    assert len(rolls) >= 2 and len(rolls) % 2 == 0  # a die each for Ann and Bob, again on a tie
    events = texts(win.event_log)
    assert any("rolled highest" in t and "is first player" in t for t in events)
