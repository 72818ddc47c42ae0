"""A campaign records which version of Ecliptic wrote each command (issue 24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.campaign import CampaignFile, GameRecord, writers
from core.cli.main import main as cli
from core.files.version import version_text
from tests.core.campaigns import new_campaign, play


def written_by(path: Path) -> list[tuple[int, str | None]]:
    with CampaignFile.open(path, read_only=True) as file:
        notes = file.programs()
        ids = [e.id for e in file.entries(file.games()[0].id)]
    return [(i, writers.program_of(i, notes)) for i in ids if i is not None]


def test_each_command_is_recorded_with_the_program_that_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = new_campaign(tmp_path)
    path = file.path
    play(GameRecord(file, file.games()[0].id), 4)
    file.close()
    # the next session is a newer program; a session of the same program notes nothing
    monkeypatch.setattr("core.campaign.store.version_text", lambda: "Ecliptic 9.9 (revision x)")
    for _ in range(2):
        with CampaignFile.open(path) as file:
            play(GameRecord(file, file.games()[0].id), 3)
    rows = written_by(path)
    assert [p for _, p in rows] == [version_text()] * 4 + ["Ecliptic 9.9 (revision x)"] * 6
    with CampaignFile.open(path, read_only=True) as file:
        assert len(file.programs()) == 2


def test_a_session_that_writes_nothing_records_nothing(tmp_path: Path) -> None:
    file = new_campaign(tmp_path)
    path = file.path
    file.close()
    with CampaignFile.open(path) as file:
        assert file.programs() == []


def test_campaign_info_names_the_programs_that_wrote_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = new_campaign(tmp_path)
    play(GameRecord(file, file.games()[0].id), 2)
    path = file.path
    file.close()
    assert cli(["campaign", "info", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"written by (1):\n    {version_text()} from entry 1" in out


def test_program_of_an_entry_before_any_note_is_unknown() -> None:
    notes = writers.noted([("program@5", "B"), ("program@1", "A"), ("schema_version", "4")])
    assert notes == [(1, "A"), (5, "B")]
    assert [writers.program_of(i, notes) for i in (1, 4, 5, 9)] == ["A", "A", "B", "B"]
    assert writers.program_of(3, [(5, "B")]) is None
