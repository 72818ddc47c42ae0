"""A damaged snapshot met after the open (a state rebuilt for undo or the replay view)
is handed to whoever listens, once, as the warnings of the open are."""

from __future__ import annotations

from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.history import SNAPSHOT_EVERY
from tests.core.campaign.test_campaign_damaged_snapshot import WRONG_STATE, damaged


def test_a_damaged_snapshot_met_after_the_open_is_told_to_the_listener_once(
    tmp_path: Path,
) -> None:
    path, _ = damaged(tmp_path, WRONG_STATE, [SNAPSHOT_EVERY])
    heard: list[list[str]] = []
    with CampaignFile.open(path, read_only=True) as file:
        game = GameRecord(file, 1)
        assert game.warnings == []  # the open rebuilt from the later, sound snapshot
        game.on_warnings = heard.append
        game.state_at(SNAPSHOT_EVERY + 3)
        game.state_at(SNAPSHOT_EVERY + 40)  # past the same snapshot again
        assert len(heard) == 1 and heard[0] == game.warnings
        assert heard[0][0].startswith(f"the snapshot at entry {SNAPSHOT_EVERY} is damaged")
