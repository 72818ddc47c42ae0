"""Bad input (issue 5, requirement 7): every kind of file that is not a whole, replayable
campaign is refused with its typed error and a clear message, and the file is not
touched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from core.campaign import (
    SCHEMA_VERSION,
    CampaignFile,
    DamagedCampaign,
    NotACampaign,
    ReplayMismatch,
)
from core.campaign.history import SNAPSHOT_EVERY
from core.campaign.schema import APPLICATION_ID
from core.engine import serial
from core.engine.commands import EndPhase
from tests.core.campaign.test_campaign_files import campaign_with, open_game
from tests.core.campaigns import fingerprint

# ---- requirement 7: bad input is refused with a clear message, the file untouched


def truncated(tmp_path: Path) -> Path:
    path = campaign_with(tmp_path, 2 * SNAPSHOT_EVERY)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def cut_in_the_header(tmp_path: Path) -> Path:
    path = campaign_with(tmp_path, 2)
    path.write_bytes(path.read_bytes()[:60])
    return path


def text_file(tmp_path: Path) -> Path:
    path = tmp_path / "notes.ecliptic"
    path.write_text("Turn 3: Bob lands on Venus.\n" * 20, encoding="utf-8")
    return path


def empty_file(tmp_path: Path) -> Path:
    path = tmp_path / "empty.ecliptic"
    path.write_bytes(b"")
    return path


def other_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "addresses.ecliptic"
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE friend (name TEXT, email TEXT)")
        db.execute("INSERT INTO friend VALUES ('Ann', 'ann@example.org')")
    db.close()
    return path


def marked_but_empty(tmp_path: Path) -> Path:
    path = tmp_path / "hollow.ecliptic"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    with db:
        db.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    db.close()
    return path


def not_replaying(tmp_path: Path) -> Path:
    path = campaign_with(tmp_path, SNAPSHOT_EVERY + 6)
    db = sqlite3.connect(path)
    with db:
        db.execute(
            "UPDATE entry SET hash = 'feedfacefeedface' WHERE id = (SELECT max(id) FROM entry)"
        )
    db.close()
    return path


def refused_command(tmp_path: Path) -> Path:
    path = campaign_with(tmp_path, 6)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET command = ? WHERE id = 2", (serial.dumps(EndPhase("p2")),))
    db.close()
    return path


BAD = {
    "truncated": (truncated, DamagedCampaign, "is cut off"),
    "cut in the header": (cut_in_the_header, DamagedCampaign, "less than a SQLite header"),
    "not SQLite": (text_file, NotACampaign, "not a SQLite database"),
    "empty": (empty_file, DamagedCampaign, "is empty"),
    "SQLite, not a campaign": (other_sqlite, NotACampaign, "not an Ecliptic campaign"),
    "marked, without tables": (marked_but_empty, NotACampaign, "lacks campaign, entry, game"),
    "log does not replay": (not_replaying, ReplayMismatch, "does not replay"),
    "log has a refused command": (refused_command, ReplayMismatch, "not your turn"),
}


@pytest.mark.parametrize("read_only", [False, True], ids=["writer", "read-only"])
@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_gets_its_typed_error_and_the_file_is_not_touched(
    tmp_path: Path, case: str, read_only: bool
) -> None:
    make, error, words = BAD[case]
    path = make(tmp_path)
    before = fingerprint(path)
    assert before[1] == [path.name]  # no -wal, -shm or .lock beside it
    with pytest.raises(error) as raised:
        open_game(path, read_only)
    message = str(raised.value)
    assert message.startswith(f"{path}: ") and words in message
    assert "\n" not in message
    assert fingerprint(path) == before


def test_bad_input_a_missing_file_or_a_folder_is_not_a_campaign(tmp_path: Path) -> None:
    with pytest.raises(NotACampaign, match="no such file"):
        CampaignFile.open(tmp_path / "nowhere.ecliptic")
    with pytest.raises(NotACampaign, match="is a folder"):
        CampaignFile.open(tmp_path)
    assert list(tmp_path.iterdir()) == []
