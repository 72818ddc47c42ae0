"""Start-up pays only for what the first window shows (issue 4 req 7: the first painted
window in under 0.6 s): the scenario checks, the New Game dialogs, the combat rules and
the database layer load when first used."""

from __future__ import annotations

import subprocess
import sys

from core import documents
from core.scenario_file import FORMAT


def test_importing_the_main_window_leaves_scenarios_combat_and_the_database_for_later() -> None:
    script = (
        "import sys\n"
        "import app.main_window\n"
        "late = ['core.scenario', 'app.game.new_game', 'core.attack', 'sqlalchemy']\n"
        "print(' '.join(m for m in late if m in sys.modules))\n"
    )
    env_run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""},
    )
    assert env_run.stdout.split() == []


def test_files_are_told_apart_by_the_scenario_format_the_scenario_reader_uses() -> None:
    assert documents.SCENARIO_FORMAT == FORMAT
