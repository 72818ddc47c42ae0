"""The log's seals (issue 18, requirement 7): every way an entry is written (played,
after an undo on a branch, imported in bulk, sealed by the migration) gives the same
seal, and a change to one entry is named, that entry alone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.seal import SealCheck, seal_all
from tests.core.campaigns import Expected, new_campaign, play


def chains(path: Path) -> list[tuple[int, str]]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT id, chain FROM entry ORDER BY id").fetchall()
    finally:
        db.close()


def sealed_campaign(tmp_path: Path) -> Path:
    """Played, undone and played on (a branch), then a bulk import after the head."""
    path = tmp_path / "test.ecliptic"
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        play(game, 8)
        game.undo()
        game.undo()
        play(game, 3)
        line = len(game.line())
        expected = Expected.start().upto(line + 6)
        state_after = expected.states[line:]
        logged = [
            {"player": json.loads(c)["player"], "command": c, "round": s.round, "hash": h}
            for c, s, h in zip(
                expected.commands[line:], state_after, expected.hashes[line:], strict=False
            )
        ]
        game.import_log(logged, replay=False)
    return path


def test_seals_every_way_of_writing_an_entry_seals_it_alike(tmp_path: Path) -> None:
    path = sealed_campaign(tmp_path)
    written = chains(path)
    assert len(written) > 15 and all(len(c) == 32 for _, c in written)
    with CampaignFile.open(path, read_only=True) as file:
        assert SealCheck(file).run() == []
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET chain = ''")
        seal_all(db)  # as the migration seals an older file's log
    db.close()
    assert chains(path) == written


def test_seals_an_edited_entry_is_named_and_its_line_after_it_is_not(tmp_path: Path) -> None:
    path = sealed_campaign(tmp_path)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET events = '[]' WHERE id = 4")
        db.execute("UPDATE entry SET parent_id = 12 WHERE id = 5")  # a later entry
    db.close()
    with CampaignFile.open(path, read_only=True) as file:
        check = SealCheck(file)
        while not check.step(3):  # a few rows at a time, as the window checks
            pass
    assert [(b.entry, b.reason) for b in check.problems] == [
        (4, "was damaged or edited after it was written (its seal does not match)"),
        (5, "follows entry 12, which is not before it"),
    ]
    assert check.checked == len(chains(path))
