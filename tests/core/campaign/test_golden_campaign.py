"""The golden campaign file: Hostile Takeover with combat, written once by the code of
commit e8eee90 (``tests/core/data/golden/make_golden.py``) and committed as it came.

Every later version must open it and replay it to exactly the hashes that code stored
and read back (``hostile-takeover-v1.json``). The committed file is never changed: each
test works on a copy, so a test that wrote to it by mistake would still leave it whole.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from core.campaign import CampaignFile, GameRecord
from core.campaign.seal import SealCheck
from core.cli.campaign import check
from core.engine.commands import EndPhase
from core.engine.play import waiting_for
from core.vector.state import state_hash

GOLDEN = Path(__file__).parents[1] / "data" / "golden"
FILE = GOLDEN / "hostile-takeover-v1.ecliptic"
FACTS: dict[str, Any] = json.loads((GOLDEN / "hostile-takeover-v1.json").read_text())


@pytest.fixture
def golden(tmp_path: Path) -> Path:
    copy = tmp_path / FILE.name
    shutil.copyfile(FILE, copy)
    return copy


def test_the_golden_file_is_the_committed_one_and_holds_combat() -> None:
    kinds = FACTS["command_types"]
    assert FACTS["made_by"] == "e8eee90" and FACTS["scenario"] == "hostile-takeover"
    assert FACTS["round"] >= 4  # at least three whole rounds played
    for kind in ("Fire", "AllocateDamage", "LaunchWeapon", "Strike"):
        assert kinds.get(kind, 0) >= 1, kind
    assert sum(kinds.values()) == FACTS["commands"] == len(FACTS["entry_hashes"])
    assert FILE.stat().st_size < 300_000


def test_the_golden_file_opens_read_only_and_replays_to_the_stored_hashes(golden: Path) -> None:
    before = hashlib.sha256(golden.read_bytes()).hexdigest()
    with CampaignFile.open(golden, read_only=True) as campaign:
        (info,) = campaign.games()
        assert info.scenario == FACTS["scenario"]
        game = GameRecord(campaign, info.id)
        line = game.line()
        assert [s.hash for s in line] == FACTS["entry_hashes"]
        assert state_hash(game.start) == FACTS["start_hash"]
        state = game.state
        assert state_hash(state) == FACTS["final_hash"] == line[-1].hash
        assert (state.round, state.phase, state.over) == (
            FACTS["round"],
            FACTS["phase"],
            FACTS["over"],
        )
        # every state on the way, replayed from the start (no snapshot), checks too
        fresh = GameRecord(campaign, info.id)
        for step in line:
            assert state_hash(fresh.state_at(step.id)) == step.hash
    assert hashlib.sha256(golden.read_bytes()).hexdigest() == before


def test_the_golden_file_snapshots_and_turn_records_match(golden: Path) -> None:
    with CampaignFile.open(golden, read_only=True) as campaign:
        game = GameRecord(campaign, campaign.games()[0].id)
        hashes = {s.id: s.hash for s in game.line()}
        for entry_id, hash in FACTS["snapshots"]:
            snapshot = game._read_snapshot(entry_id, hash)  # rebuilt from it, checked
            assert snapshot is not None and state_hash(snapshot) == hash == hashes[entry_id]
        for entry_id, _round, _player, hash in FACTS["turns"]:
            assert hashes[entry_id] == hash


def test_the_golden_file_passes_the_campaign_check(
    golden: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check(golden) == 0
    assert "no problems found" in capsys.readouterr().out


def test_a_copy_of_the_golden_file_plays_on_after_opening_for_writing(golden: Path) -> None:
    with CampaignFile.open(golden) as campaign:
        game = GameRecord(campaign, campaign.games()[0].id)
        assert state_hash(game.state) == FACTS["final_hash"]
        assert game.undo() and game.redo()
        assert state_hash(game.state) == FACTS["final_hash"]


def test_play_on_the_golden_file_mixes_bare_and_namespaced_names_and_checks(
    golden: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Commands added now are saved namespaced after the old bare ones; the whole line
    (and the CLI's check of every hash) still replays."""
    with CampaignFile.open(golden) as campaign:
        game = GameRecord(campaign, campaign.games()[0].id)
        for _ in range(3):
            game.play(EndPhase(waiting_for(game.state)[0].id))
        hashes = [s.hash for s in game.line()]
    db = sqlite3.connect(golden)
    try:
        names = [json.loads(r[0])["$type"] for r in db.execute("SELECT command FROM entry")]
    finally:
        db.close()
    assert all("." not in n for n in names[: FACTS["commands"]])
    assert names[FACTS["commands"] :] == ["engine.EndPhase"] * 3
    assert hashes[: FACTS["commands"]] == FACTS["entry_hashes"]
    with CampaignFile.open(golden, read_only=True) as campaign:
        again = GameRecord(campaign, campaign.games()[0].id)
        assert [s.hash for s in again.line()] == hashes
    assert check(golden) == 0
    assert "159 of 159 entries replayed" in capsys.readouterr().out


def test_opening_the_golden_file_to_play_upgrades_its_schema_after_a_byte_identical_backup(
    golden: Path,
) -> None:
    from core.campaign import SCHEMA_VERSION
    from core.campaign.migrate import file_version

    original = golden.read_bytes()
    assert file_version(golden) == 2  # written before names were namespaced
    with CampaignFile.open(golden) as campaign:
        assert campaign.meta("schema_version") == str(SCHEMA_VERSION)
        assert SealCheck(campaign).run() == []  # its old entries sealed as they stood
    assert file_version(golden) == SCHEMA_VERSION == 5
    with CampaignFile.open(golden) as campaign:  # a game from before schema 5 opens,
        game = GameRecord(campaign, campaign.games()[0].id)  # with no start events
        assert game.start_events == [] and game.head is not None
    (backup,) = golden.parent.glob("*.schema2-backup*")
    assert backup.read_bytes() == original


def test_the_golden_file_read_only_is_sealed_in_memory_and_an_edited_old_row_is_found(
    golden: Path,
) -> None:
    """A schema-2 file read as the current one: its entries sealed as they stand (the
    file unchanged); once opened to play (migrated), an old row edited later is named."""
    before = hashlib.sha256(golden.read_bytes()).hexdigest()
    with CampaignFile.open(golden, read_only=True) as campaign:
        assert SealCheck(campaign).run() == []
    assert hashlib.sha256(golden.read_bytes()).hexdigest() == before
    CampaignFile.open(golden).close()  # migrated to the current schema and sealed
    db = sqlite3.connect(golden)
    with db:
        db.execute("UPDATE entry SET round = round + 1 WHERE id = 7")
    db.close()
    with CampaignFile.open(golden, read_only=True) as campaign:
        (broken,) = SealCheck(campaign).run()
    assert broken.entry == 7 and "seal does not match" in str(broken)
