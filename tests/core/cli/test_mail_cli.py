"""Issue 23 requirement 7: play by mail from the command line, ``python -m core referee
mode|status|import|play|export`` and ``python -m core orders check FILE``; a refused or
damaged file is one line naming it, exit status 1, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.campaign import CampaignFile
from core.campaign.mail import files
from core.cli.main import main
from core.engine.commands import EndPhase
from tests.core.mail.games import fixed


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "master.ecliptic"
    CampaignFile.create(path, "By mail", fixed("interplanetary").start).close()
    return path


def answer(player_file: Path, folder: Path) -> Path:
    """What a player's program does: read the player file, give orders, save them."""
    pf = files.read_player_file(player_file)
    of = files.make_orders(pf, [EndPhase(pf.player)])
    return files.write_order_file(of, folder / files.order_file_name(pf))


def test_cli_referee_plays_a_turn_by_mail(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["referee", "mode", str(campaign)]) == 0
    assert "played open" in capsys.readouterr().out
    assert main(["referee", "mode", str(campaign), "refereed"]) == 0
    assert main(["referee", "export", str(campaign), str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "turn 1" in out and "orders from Ann (missing)" in out
    sent = answer(sorted((tmp_path / "out").glob("*Ann.ecliptic-player"))[0], tmp_path)
    assert main(["orders", "check", str(sent)]) == 0
    assert "is whole: a's orders for turn 1" in capsys.readouterr().out
    assert main(["orders", "check", str(sent), "--campaign", str(campaign)]) == 0
    assert "would be taken" in capsys.readouterr().out
    assert main(["referee", "import", str(campaign), str(sent)]) == 0
    assert f"{sent}: taken" in capsys.readouterr().out
    assert main(["referee", "status", str(campaign)]) == 0
    assert "Ann (in)" in capsys.readouterr().out
    assert main(["referee", "play", str(campaign)]) == 0
    assert "turn 2" in capsys.readouterr().out
    assert main(["referee", "import", str(campaign), str(sent)]) == 1
    assert "refused: is Ann's orders for turn 1, played already" in capsys.readouterr().out


def test_cli_a_damaged_order_file_is_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.ecliptic-orders"
    bad.write_text('{"format": "ecliptic-orders", "version": 1, "digest": "x"}')
    assert main(["orders", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "changed since it was written" in err


def test_cli_referee_of_an_open_campaign_says_so(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["referee", "play", str(campaign)]) == 1
    assert "is played openly, not by a referee" in capsys.readouterr().err


def test_cli_python_m_core_referee_runs(campaign: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "core", "referee", "mode", str(campaign)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "played open" in done.stdout
