"""``ecliptic FILE``: a campaign, a map or a scenario is recognised by what it holds,
whatever its name; anything else gets a message naming it, and the built-in map stays."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.shell.main_window import MainWindow
from core.files.resources import SOLAR_SYSTEM_MAP
from tests.core.campaigns import new_campaign
from tests.patience import PATIENCE_MS


def open_window(qtbot: QtBot, tmp_path: Path, path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "ecliptic.ini"), QSettings.Format.IniFormat)
    window = MainWindow(path=path, settings=settings)
    window.ask_before_closing = False
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def problems_box(window: MainWindow) -> QMessageBox | None:
    return window.findChild(QMessageBox, "problems_box")


def test_a_picture_given_as_the_file_is_explained_and_the_map_kept(
    qtbot: QtBot, tmp_path: Path
) -> None:
    picture = tmp_path / "holiday.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    window = open_window(qtbot, tmp_path, picture)
    qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
    box = problems_box(window)
    assert box is not None and "holiday.png" in box.text()
    assert "this is a PNG picture, not an Ecliptic file" in box.informativeText()
    assert window.starmap is not None and window.starmap.bodies  # the built-in map


def test_a_map_under_another_name_opens_as_a_map(qtbot: QtBot, tmp_path: Path) -> None:
    renamed = tmp_path / "my map.txt"
    shutil.copy(SOLAR_SYSTEM_MAP, renamed)
    window = open_window(qtbot, tmp_path, renamed)
    assert problems_box(window) is None
    assert window.current_path == renamed


def test_a_campaign_under_another_name_opens_as_a_campaign(qtbot: QtBot, tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path, file="war.dat")
    path = campaign.path
    campaign.close()
    window = open_window(qtbot, tmp_path, path)
    assert problems_box(window) is None
    assert window.campaign is not None
    window.close()


def test_binary_data_is_named_as_such(qtbot: QtBot, tmp_path: Path) -> None:
    blob = tmp_path / "scenario.toml"
    blob.write_bytes(b"name = 1\x00\x00\x01\x02")
    window = open_window(qtbot, tmp_path, blob)
    qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
    box = problems_box(window)
    assert box is not None and "holds binary data" in box.informativeText()


def test_a_play_by_mail_file_is_named_not_misread(qtbot: QtBot, tmp_path: Path) -> None:
    orders = tmp_path / "turn 12.ecliptic-orders"
    orders.write_text("game = 1\n")
    window = open_window(qtbot, tmp_path, orders)
    qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
    box = problems_box(window)
    assert box is not None and "order files are for the referee" in box.informativeText()


def test_a_damaged_player_file_is_explained(qtbot: QtBot, tmp_path: Path) -> None:
    player = tmp_path / "turn 3 Ann.ecliptic-player"
    player.write_text('{"format": "ecliptic-player", "vers')
    window = open_window(qtbot, tmp_path, player)
    qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
    box = problems_box(window)
    assert box is not None and "cut short" in box.informativeText()
    assert player.read_text() == '{"format": "ecliptic-player", "vers'


def test_a_file_the_desktop_asks_to_open_is_opened(qtbot: QtBot, tmp_path: Path) -> None:
    """macOS hands a double-clicked file to the running program as an event."""
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from app.shell.files import OpenRequests

    window = open_window(qtbot, tmp_path, None)
    requests = OpenRequests(window)
    QApplication.instance().installEventFilter(requests)
    try:
        orders = tmp_path / "turn 2 Bob.ecliptic-orders"
        orders.write_text("{}")
        QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(orders)))
        qtbot.waitUntil(lambda: problems_box(window) is not None, timeout=PATIENCE_MS)
        box = problems_box(window)
        assert box is not None and "order files are for the referee" in box.informativeText()
    finally:
        QApplication.instance().removeEventFilter(requests)
