"""A damaged snapshot does not refuse the open: the game is rebuilt from the previous
good snapshot (or the start), replaying and checking every stored hash; the user is
told once which snapshot was damaged; a read-only open changes nothing in the file,
and a play open keeps the damaged row as it is. Only a damaged start still refuses."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from core.campaign import CampaignFile, DamagedCampaign, GameRecord, ReplayMismatch
from core.campaign.history import SNAPSHOT_EVERY
from core.cli.main import main
from core.engine.states import state_hash
from tests.core.campaign.test_campaign_files import campaign_with
from tests.core.campaigns import fingerprint

COMMANDS = 2 * SNAPSHOT_EVERY + 7  # snapshots after the 50th and the 100th command

#: ways a snapshot's state is damaged: text that is no JSON, and JSON of another state
BAD_JSON = "UPDATE snapshot SET state = '{\"round\": ' WHERE entry_id = :e"
WRONG_STATE = (
    "UPDATE snapshot SET state = replace(state, '\"round\":', '\"round\":1') WHERE entry_id = :e"
)
DAMAGE = {"bad JSON": BAD_JSON, "wrong state": WRONG_STATE}


def damaged(tmp_path: Path, sql: str, entries: list[int]) -> tuple[Path, str]:
    """A real campaign with the snapshots at ``entries`` damaged by ``sql``, and the
    hash of its head's state before the damage."""
    path = campaign_with(tmp_path, COMMANDS)
    with CampaignFile.open(path, read_only=True) as file:
        intact = state_hash(GameRecord(file, 1).state)
    db = sqlite3.connect(path)
    try:
        with db:
            for e in entries:
                assert db.execute(sql, {"e": e}).rowcount == 1
    finally:
        db.close()
    return path, intact


def snapshot_rows(path: Path) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT * FROM snapshot ORDER BY entry_id").fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_damaged_snapshot_falls_back_to_the_previous_good_one(tmp_path: Path, damage: str) -> None:
    path, intact = damaged(tmp_path, DAMAGE[damage], [2 * SNAPSHOT_EVERY])
    before = fingerprint(path)
    with CampaignFile.open(path, read_only=True) as file:
        game = GameRecord(file, 1)
        assert state_hash(game.state) == intact
        [warning] = game.warnings
        game.state_at(game.line()[-2].id)  # past the damaged one again: not said twice
        assert len(game.warnings) == 1
    assert f"the snapshot at entry {2 * SNAPSHOT_EVERY} is damaged" in warning
    assert f"rebuilt from the snapshot at entry {SNAPSHOT_EVERY}" in warning
    assert "the file was not changed" in warning
    assert fingerprint(path) == before


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_every_snapshot_damaged_rebuilds_from_the_start(tmp_path: Path, damage: str) -> None:
    path, intact = damaged(tmp_path, DAMAGE[damage], [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY])
    before = fingerprint(path)
    with CampaignFile.open(path, read_only=True) as file:
        game = GameRecord(file, 1)
        assert state_hash(game.state) == intact
        assert len(game.warnings) == 2
        assert all("rebuilt from the game's start" in w for w in game.warnings)
    assert fingerprint(path) == before


def test_damaged_snapshot_row_is_kept_when_opened_to_play(tmp_path: Path) -> None:
    path, intact = damaged(tmp_path, BAD_JSON, [2 * SNAPSHOT_EVERY])
    rows = snapshot_rows(path)
    with CampaignFile.open(path) as file:
        game = GameRecord(file, 1)
        assert state_hash(game.state) == intact
        [warning] = game.warnings
    assert "the damaged row is kept as it is" in warning
    assert snapshot_rows(path) == rows


def test_damaged_snapshot_still_checks_every_replayed_hash(tmp_path: Path) -> None:
    """Rebuilt from further back, a command whose stored hash is wrong is still refused."""
    path, _ = damaged(tmp_path, BAD_JSON, [2 * SNAPSHOT_EVERY])
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET hash = 'feedfacefeedface' WHERE depth = :d", {"d": 60})
    db.close()
    with CampaignFile.open(path, read_only=True) as file, pytest.raises(ReplayMismatch) as caught:
        GameRecord(file, 1)
    assert "does not replay" in str(caught.value)
    assert "feedfacefeedface" in str(caught.value)


def test_damaged_snapshot_and_start_are_refused_naming_file_and_row(tmp_path: Path) -> None:
    path, _ = damaged(tmp_path, BAD_JSON, [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY])
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE game SET start = '{' WHERE id = 1")
    db.close()
    before = fingerprint(path)
    with CampaignFile.open(path, read_only=True) as file, pytest.raises(DamagedCampaign) as caught:
        GameRecord(file, 1)
    assert str(path) in str(caught.value)
    assert "game 1 has a damaged start" in str(caught.value)
    assert fingerprint(path) == before


@pytest.mark.parametrize("action", ["info", "replay"])
def test_cli_prints_the_damaged_snapshot_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: str
) -> None:
    path, intact = damaged(tmp_path, WRONG_STATE, [2 * SNAPSHOT_EVERY])
    before = fingerprint(path)
    status = main(["campaign", action, str(path)])
    out, err = capsys.readouterr()
    assert status == 1
    assert f"warning: game 1: the snapshot at entry {2 * SNAPSHOT_EVERY} is damaged" in err
    assert err.count("is damaged") == 1
    if action == "replay":
        assert f"state hash {intact} (as recorded)" in out
    assert fingerprint(path) == before
