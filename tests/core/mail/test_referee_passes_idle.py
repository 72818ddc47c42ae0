"""Issue 23: a phase in which the player the game waits for has nothing to do passes by
itself, the log saying why, by one rule (:mod:`core.vector.idle`) wherever the master
goes on: the window's referee and the command line's ``referee play`` and ``export``,
so no player file is made for an empty phase."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import files, referee
from core.cli.main import main
from core.engine.commands import EndPhase
from core.engine.events import PhasePassed
from core.vector import idle
from tests.core.mail.games import fixed


@pytest.fixture
def master(tmp_path: Path) -> Path:
    path = tmp_path / "master.ecliptic"
    with CampaignFile.create(path, "By mail", fixed("interplanetary").start) as campaign:
        referee.set_mode(campaign, referee.REFEREED)
    return path


def send_orders(path: Path, folder: Path) -> None:
    """Every player the turn waits for ends their phase, by order file."""
    with CampaignFile.open(path) as campaign:
        for written in referee.export_player_files(campaign, folder / "out"):
            pf = files.read_player_file(written)
            if pf.expected:
                of = files.make_orders(pf, [EndPhase(pf.player)])
                sent = files.write_order_file(of, folder / files.order_file_name(pf))
                referee.import_order_file(campaign, sent)


def state_of(path: Path) -> object:
    with CampaignFile.open(path, read_only=True) as campaign:
        return GameRecord(campaign, referee.main_game(campaign)).state


def test_referee_play_on_the_command_line_passes_phases_with_nothing_to_do(
    tmp_path: Path, master: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = []
    for _ in range(4):
        send_orders(master, tmp_path)
        capsys.readouterr()
        assert main(["referee", "play", str(master)]) == 0
        said.append(capsys.readouterr().out)
        assert idle.passing(state_of(master)) is None, "the master waits in an empty phase"
    assert any("resupply phase passes by itself: no ship has anything" in s for s in said)


def test_referee_export_passes_an_empty_phase_before_writing_player_files(
    tmp_path: Path, master: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with CampaignFile.open(master) as campaign:  # played on without passing empty phases
        record = GameRecord(campaign, referee.main_game(campaign))
        for _ in range(20):
            if idle.passing(record.state) is not None:
                break
            record.play(EndPhase(referee.inbox(campaign).expected[0]))
        empty = idle.passing(record.state)
        assert empty is not None
    assert main(["referee", "export", str(master), str(tmp_path / "out")]) == 0
    state = state_of(master)
    assert idle.passing(state) is None
    pf = files.read_player_file(sorted((tmp_path / "out").glob("*Ann.ecliptic-player"))[0])
    logged = [e for t in pf.log for e in t.events if isinstance(e, PhasePassed)]
    assert any(e.text == empty.text for e in logged), "the log says why the phase passed"


def test_a_read_only_master_is_exported_as_it_stands(tmp_path: Path, master: Path) -> None:
    with CampaignFile.open(master, read_only=True) as campaign:
        written = referee.export_player_files(campaign, tmp_path / "out")
    assert len(written) == 2
