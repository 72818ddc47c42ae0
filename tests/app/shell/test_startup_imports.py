"""Start-up pays only for what the first window shows (issue 4 req 7: the first painted
window in under 0.6 s): the engine and game rules, the scenario checks, the New Game
dialogs, combat, the database layer and, once the built-in map is cached, pydantic and
the map checks all load when first used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from core.files import ruleset
from core.files.scenario_file import FORMAT
from core.scenario import documents

LATE = [
    "core.engine.play",
    "core.vector.state",
    "core.files.ruleset",
    "core.scenario.document",
    "app.play.new_game",
    "app.play.session",
    "core.rules.interplanetary.combat.attack",
    "app.rules.interplanetary.ui",
    "sqlalchemy",
]


def loaded_after(script: str, tmp_path: Path) -> list[str]:
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "", "ECLIPTIC_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    return run.stdout.split()


def test_importing_the_main_window_leaves_the_game_and_the_database_for_later(
    tmp_path: Path,
) -> None:
    script = (
        "import sys\nimport app.shell.main_window\n"
        f"print(*[m for m in {LATE!r} if m in sys.modules])"
    )
    assert loaded_after(script, tmp_path) == []


def test_the_window_opens_the_cached_built_in_map_without_pydantic_or_the_game(
    tmp_path: Path,
) -> None:
    later = [*LATE, "pydantic", "core.files.mapfile", "core.board.mapcheck", "shapely"]
    script = (
        "import sys\n"
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.shell.main_window import MainWindow\n"
        "app = QApplication([])\n"
        f"settings = QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat)\n"
        "window = MainWindow(settings=settings)\n"
        "window.show()\n"
        "app.processEvents()\n"
        "assert window.starmap is not None\n"
        f"print(*[m for m in {later!r} if m in sys.modules])\n"
    )
    first = loaded_after(script, tmp_path)  # a fresh cache: the map file is checked
    assert "pydantic" in first and "core.board.mapcheck" in first
    assert [m for m in first if m in LATE] == []
    assert loaded_after(script, tmp_path) == []


def test_prepare_caches_the_built_in_map_so_the_first_window_start_is_quick(
    tmp_path: Path,
) -> None:
    env = {"PATH": "", "ECLIPTIC_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "app", "prepare"], capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stderr
    assert len(list((tmp_path / "cache" / "maps").glob("*.map.json"))) == 1
    script = (
        "import sys\n"
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.shell.main_window import MainWindow\n"
        "app = QApplication([])\n"
        f"window = MainWindow(settings=QSettings({str(tmp_path / 's.ini')!r}, "
        "QSettings.Format.IniFormat))\n"
        "print(*[m for m in ('pydantic', 'core.board.mapcheck') if m in sys.modules])\n"
    )
    assert loaded_after(script, tmp_path) == []


def test_files_are_told_apart_by_the_formats_the_scenario_and_ruleset_readers_use() -> None:
    assert documents.SCENARIO_FORMAT == FORMAT
    assert documents.RULESET_FORMAT == ruleset.FORMAT


def test_a_campaign_opened_as_the_first_action_paints_its_map_without_the_database_layer(
    tmp_path: Path,
) -> None:
    """``ecliptic FILE`` to the painted map reads the campaign through the standard
    library's sqlite3: sqlmodel and SQLAlchemy are not imported on the way (issue 19)."""
    from core.campaign import GameRecord
    from tests.core.campaigns import new_campaign, play

    with new_campaign(tmp_path) as file:
        play(GameRecord(file, 1), 3)
    path = tmp_path / "test.ecliptic"
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtCore import QEvent, QObject, QSettings, QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.shell.main_window import MainWindow\n"
        "app = QApplication([])\n"
        f"settings = QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat)\n"
        f"window = MainWindow(path=Path({str(path)!r}), settings=settings)\n"
        "seen = []\n"
        "class Watch(QObject):\n"
        "    def eventFilter(self, watched, event):\n"
        "        if event.type() == QEvent.Type.Paint:\n"
        "            watched.removeEventFilter(self)\n"
        "            if watched is window.map_view.viewport():\n"
        "                seen.append(window.campaign is not None and window.session is not None)\n"
        "                seen.extend(m for m in ('sqlalchemy', 'sqlmodel') if m in sys.modules)\n"
        "                QTimer.singleShot(0, app.quit)\n"
        "            else:\n"
        "                QTimer.singleShot(0, window.hand_over.button.click)\n"
        "        return False\n"
        "watch = Watch()\n"
        "window.map_view.viewport().installEventFilter(watch)\n"
        "window.hand_over.installEventFilter(watch)\n"
        "window.show()\n"
        "app.exec()\n"
        "print(*seen)\n"
    )
    assert loaded_after(script, tmp_path) == ["True"]


def test_a_plain_start_paints_the_map_before_the_game_panels_and_the_editor_load(
    tmp_path: Path,
) -> None:
    """``python -m app`` with no file: the first frame needs neither the game panels
    (ship list, course, logs), nor the editor's actions, nor the About box's platform
    details, nor the play-by-mail file readers, nor the campaign browser and the
    referee's panel (their docks are hidden), nor the TOML reader (the map comes from
    the map cache), nor subprocess (only the source revision asks git); they load when
    used, the panels right after the first frame (issue 19 req 5)."""
    later = [
        "app.play.docks",
        "app.play.log_view",
        "app.editor.install",
        "platform",
        "core.campaign.mail.files",
        "app.campaign.browser",
        "app.campaign.referee",
        "tomllib",
        "subprocess",
    ]
    script = (
        "import sys\n"
        "from PySide6.QtCore import QSettings\n"
        "from app.__main__ import start_window\n"
        "from app.shell.startprobe import after_first_paint\n"
        f"settings = QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat)\n"
        "app, window = start_window(settings=settings)\n"
        "seen = []\n"
        "def painted():\n"
        f"    seen.extend(m for m in {later!r} if m in sys.modules)\n"
        "    seen.append('built' if window.is_built() else 'painted')\n"
        "    window.built.connect(app.quit)\n"
        "after_first_paint(window.map_view.viewport(), painted)\n"
        "app.exec()\n"
        "print(*seen, 'then built' if window.is_built() else '')\n"
    )
    loaded_after(script, tmp_path)  # the first start checks the map file and caches it
    assert loaded_after(script, tmp_path) == ["painted", "then", "built"]
