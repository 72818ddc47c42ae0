"""A game's start in the campaign file (schema 5): what the engine said as the game
began (the roll for the first player) is kept with the game, for the log of a campaign
opened again; a battle's start too; a file from before keeps opening, with none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.fileformat import SCHEMA_VERSION
from core.campaign.migrate import file_version
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario
from tests.core.campaign.test_campaign_nesting import new_war, to_the_meeting, toy_systems

__all__ = ["toy_systems"]  # the toy rule systems, registered for every test here

TRAINING = load_scenario(next(p for p in builtin_scenarios() if p.stem == "training"))
SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]


def new_training(path: Path) -> tuple[CampaignFile, list[str]]:
    state, events = TRAINING.start(SEATS, 5)
    file = CampaignFile.create(path, "Rolls", state, scenario="training", events=events)
    return file, [e.text for e in events]


def test_the_start_s_events_are_kept_with_the_game_and_read_back_on_reopening(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rolls.ecliptic"
    file, said = new_training(path)
    with file:
        assert any("first player" in text for text in said)
        assert [e.text for e in GameRecord(file, 1).start_events] == said
    with CampaignFile.open(path) as again:
        assert [e.text for e in GameRecord(again, 1).start_events] == said
    with CampaignFile.open(path, read_only=True) as looking:
        assert [e.text for e in GameRecord(looking, 1).start_events] == said


def test_a_battle_keeps_the_events_its_start_gave(tmp_path: Path) -> None:
    with new_war(tmp_path) as file:
        to_the_meeting(GameRecord(file, 1))
        # (the toy's events are the engine's bare kind, which no log reads back)
        assert "the skirmish begins" in file.game_row(2).start_events
        assert file.game_row(1).start_events == "[]"  # a game given no events has none


def schema_4_file(path: Path) -> None:
    """A campaign file as the schema before this one wrote it: no start events."""
    new_training(path)[0].close()
    db = sqlite3.connect(path)
    try:
        db.execute("ALTER TABLE game DROP COLUMN start_events")
        db.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
        db.execute("PRAGMA user_version = 4")
        db.commit()
    finally:
        db.close()


def test_a_file_from_before_start_events_opens_to_read_and_to_play_with_none(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.ecliptic"
    schema_4_file(path)
    before = path.read_bytes()
    with CampaignFile.open(path, read_only=True) as looking:  # upgraded in memory only
        assert GameRecord(looking, 1).start_events == []
    assert path.read_bytes() == before
    with CampaignFile.open(path) as playing:  # upgraded after a backup copy
        assert playing.migrated_from == 4 and playing.backup is not None
        game = GameRecord(playing, 1)
        assert game.start_events == [] and game.head is None
    assert file_version(path) == SCHEMA_VERSION == 5
