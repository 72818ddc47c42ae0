"""Issue 23: double-clicking an order file while the referee's campaign is not open
offers to open the campaign it names (a recent one with that game id) and import it;
an order file for no campaign known here is explained, as before."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.campaign.paths import forget_campaign, recent_campaigns
from core.campaign.mail import files
from core.campaign.mail.player import save_orders
from tests.app.acceptance.test_play_by_mail import (
    export,
    inbox,
    new_refereed_campaign,
    player_file_of,
)
from tests.app.acceptance.user import Player
from tests.app.shell.test_open_by_content import open_window, problems_box
from tests.patience import PATIENCE_MS


def make_orders(qtbot: QtBot, tmp_path: Path) -> tuple[Path, str, Path]:
    """The referee makes a refereed campaign and exports the player files; the player
    the game waits for answers (their program writes the order file); the referee's
    Ecliptic is closed. The order file, who sent it, and the campaign file."""
    referee = Player(qtbot, tmp_path / "referee")
    master = tmp_path / "referee" / "picket.ecliptic"
    new_refereed_campaign(referee, master)
    (mover,) = {n for n, s in inbox(referee).items() if s == "waiting for orders"}
    written = export(referee, "Export Player Files", tmp_path / "referee" / "picket files")
    pf = files.read_player_file(player_file_of(written, mover))
    orders = save_orders(pf, [], tmp_path)  # what the player's Ecliptic writes
    referee.choose("File", "Close")
    referee.win.close()
    return orders, mover, master


def press_when_asked(qtbot: QtBot, words: str, button: QMessageBox.StandardButton) -> list[str]:
    """Press ``button`` of the question box saying ``words`` when it comes up; the
    question's text, once answered."""
    asked: list[str] = []

    def look() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and words in box.text():
            asked.append(box.text())
            box.button(button).click()
            return
        QTimer.singleShot(10, look)

    QTimer.singleShot(0, look)
    return asked


def test_an_order_file_opened_offers_to_open_its_campaign_and_import_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    orders, mover, master = make_orders(qtbot, tmp_path)
    asked = press_when_asked(qtbot, "holds orders for", QMessageBox.StandardButton.Open)
    window = open_window(qtbot, tmp_path / "again", orders)  # double-clicked
    qtbot.waitUntil(lambda: bool(asked), timeout=PATIENCE_MS)
    assert "Picket by mail" in asked[0] and "import" in asked[0]
    qtbot.waitUntil(lambda: window.campaign is not None, timeout=PATIENCE_MS)
    assert window.campaign is not None and window.campaign.path == master.resolve()
    table = window.referee_panel
    qtbot.waitUntil(lambda: table.status_of(mover) == "orders in", timeout=PATIENCE_MS)


def test_an_order_file_for_no_known_campaign_is_explained(qtbot: QtBot, tmp_path: Path) -> None:
    orders, _, _master = make_orders(qtbot, tmp_path)
    for item in recent_campaigns():
        forget_campaign(item["path"])
    window = open_window(qtbot, tmp_path / "again", orders)
    qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
    box = problems_box(window)
    assert box is not None and "order files are for the referee" in box.informativeText()
    assert window.campaign is None
