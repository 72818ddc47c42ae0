"""Campaign files (issue 5, requirements 1 to 4 and 7): what a file keeps, WAL and
durable commits, the integrity check, schema versions and migration, one writer, and
files that are not campaigns, damaged, or do not replay, which are never changed."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from core.campaign import (
    SCHEMA_VERSION,
    CampaignError,
    CampaignFile,
    CampaignInUse,
    DamagedCampaign,
    GameRecord,
    ReadOnly,
    TooNew,
    checks,
)
from core.campaign.history import SNAPSHOT_EVERY
from core.campaign.migrate import SCHEMA_1, backup_path, file_version
from core.campaign.playing import turn_key
from core.campaign.schema import APPLICATION_ID
from core.engine import serial
from core.engine.commands import EndPhase
from core.vector.state import moving_parts, state_hash
from tests.core.campaigns import Expected, fingerprint, new_campaign, play, training

ROOT = Path(__file__).resolve().parents[3]


def campaign_with(tmp_path: Path, commands: int) -> Path:
    with new_campaign(tmp_path) as file:
        play(GameRecord(file, 1), commands)
    return tmp_path / "test.ecliptic"


def pragma(path: Path, name: str) -> object:
    db = sqlite3.connect(path)
    try:
        return db.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        db.close()


def open_game(path: Path, read_only: bool = False) -> None:
    """Open a campaign and its first game as the window does, then close it."""
    with CampaignFile.open(path, read_only=read_only) as file:
        GameRecord(file, file.games()[0].id)


# ---- requirement 1: what a campaign file keeps


def test_create_and_reopen_keeps_campaign_players_sides_and_games(tmp_path: Path) -> None:
    state = training()
    path = tmp_path / "keeps.ecliptic"
    with CampaignFile.create(path, "Inner planets", state, scenario="training") as file:
        game = GameRecord(file, 1)
        play(game, 9)
        second = file.add_game(training(), "Rematch", scenario="training")
        created = file.campaign().created
    with CampaignFile.open(path) as file:
        campaign = file.campaign()
        assert (campaign.name, campaign.ruleset) == ("Inner planets", "interplanetary")
        assert campaign.ruleset_version == state.rules.version
        assert json.loads(campaign.switches) == dict(state.switches)
        assert campaign.created == created <= campaign.updated
        sides = {s.id: s.name for s in file.sides()}
        players = [(p.key, p.name, p.colour, sides[p.side_id or 0]) for p in file.players()]
        assert players == [("p1", "Ann", "#e69f00", "p1"), ("p2", "Bob", "#56b4e9", "p2")]
        games = file.games()
        assert [(g.id, g.title, g.scenario, g.scale) for g in games] == [
            (1, "Inner planets", "training", "strategic"),
            (second, "Rematch", "training", "strategic"),
        ]
        assert games[0].head_id == game.head and games[1].head_id is None
        assert GameRecord(file, 1).state == game.state
        assert GameRecord(file, second).state == training()
        assert file.meta("schema_version") == str(SCHEMA_VERSION)
        assert file.meta("application") == "Ecliptic"
    assert file_version(path) == SCHEMA_VERSION
    assert pragma(path, "application_id") == APPLICATION_ID
    assert pragma(path, "user_version") == SCHEMA_VERSION


def test_create_refuses_to_overwrite_an_existing_file(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 3)
    before = fingerprint(path)
    with pytest.raises(CampaignError, match="already exists"):
        CampaignFile.create(path, "Again", training())
    assert fingerprint(path) == before


def test_bookmarks_and_notes_on_log_entries_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "test.ecliptic"
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        play(game, 6)
        first, third = game.line()[0].id, game.line()[2].id
        kept = file.add_bookmark(third, "Launch", "Bob nearly crashed here")
        noted = file.add_bookmark(first, note="a note alone")
        gone = file.add_bookmark(first, "scratch")
        file.edit_bookmark(noted, "", "a note, edited")
        file.remove_bookmark(gone)
        with pytest.raises(CampaignError, match="no log entry 999"):
            file.add_bookmark(999, "nowhere")
    with CampaignFile.open(path, read_only=True) as file:
        marks = [(b.id, b.entry_id, b.label, b.note) for b in file.bookmarks(1)]
        assert marks == [
            (noted, first, "", "a note, edited"),
            (kept, third, "Launch", "Bob nearly crashed here"),
        ]


def test_save_copy_writes_a_whole_campaign_that_opens(tmp_path: Path) -> None:
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        play(game, SNAPSHOT_EVERY + 5)
        copy = file.save_copy(tmp_path / "mail" / "copy.ecliptic", meta={"sent_to": "Bob"})
        with pytest.raises(CampaignError, match="the campaign itself"):
            file.save_copy(file.path)
        play(game, 2)  # the copy is as the campaign was
    assert fingerprint(copy)[1] == ["copy.ecliptic"]
    with CampaignFile.open(copy) as file:
        assert file.meta("sent_to") == "Bob"
        assert len(GameRecord(file, 1).line()) == SNAPSHOT_EVERY + 5


def test_save_copy_where_it_cannot_be_written_says_so(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder", encoding="utf-8")
    with new_campaign(tmp_path) as file, pytest.raises(CampaignError, match="cannot be written"):
        file.save_copy(tmp_path / "a file" / "copy.ecliptic")


def test_a_campaign_whose_name_holds_a_hash_or_question_mark_opens_read_only(
    tmp_path: Path,
) -> None:
    with new_campaign(tmp_path, file="Campaign #2?.ecliptic") as file:
        play(GameRecord(file, 1), 3)
    path = tmp_path / "Campaign #2?.ecliptic"
    with CampaignFile.open(path, read_only=True) as file:
        assert len(GameRecord(file, 1).line()) == 3
    assert fingerprint(path)[1] == [path.name]


# ---- requirement 2: durability


def test_durability_wal_journal_and_synchronous_full_are_on(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 1)
    with CampaignFile.open(path) as file, file.reading() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert path.read_bytes()[18:20] == b"\x02\x02"  # the header says WAL, for every reader


def test_durability_each_command_is_committed_before_play_returns(tmp_path: Path) -> None:
    expected = Expected.start().upto(5)
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        other = sqlite3.connect(file.path)  # another connection, as another process has
        try:
            for i in range(5):
                play(game, 1)
                found = other.execute("SELECT command, hash FROM entry ORDER BY id").fetchall()
                assert found[-1] == (expected.commands[i], expected.hashes[i])
                assert other.execute("SELECT head_id FROM game").fetchone() == (game.head,)
        finally:
            other.close()


def test_durability_opening_runs_the_integrity_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = campaign_with(tmp_path, 3)
    checked: list[Path] = []
    real = checks.check

    def spy(where: Path, db: sqlite3.Connection) -> None:
        checked.append(where)
        real(where, db)

    monkeypatch.setattr(checks, "check", spy)
    open_game(path)
    open_game(path, read_only=True)
    assert checked == [path, path]


def test_durability_a_damaged_page_is_found_by_the_integrity_check(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 2 * SNAPSHOT_EVERY)
    db = sqlite3.connect(path)
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'ix_entry_game_id'")
    page = root.fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * size : page * size] = b"\xee" * size
    path.write_bytes(bytes(data))
    before = fingerprint(path)
    for read_only in (False, True):
        with pytest.raises(DamagedCampaign, match="restore it from a backup") as raised:
            open_game(path, read_only)
        assert str(path) in str(raised.value) and "\n" not in str(raised.value)
        assert fingerprint(path) == before


def test_durability_a_file_caught_in_the_middle_of_a_checkpoint_opens(tmp_path: Path) -> None:
    """Killed while SQLite copied the write-ahead log into the file: the file's first
    page already promises more pages than the file has yet, and the log still holds
    them all. SQLite recovers this; it must not be taken for a cut-off file."""
    path = campaign_with(tmp_path, 2)
    old_main = path.read_bytes()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA wal_autocheckpoint = 0")
    expected = Expected.start().upto(3 * SNAPSHOT_EVERY)
    with db:
        db.execute("BEGIN")
        for i in range(2, len(expected.commands)):
            db.execute(
                "INSERT INTO entry (game_id, parent_id, depth, player, command, time, round,"
                " hash, events, auto) VALUES (1, ?, ?, 'p1', ?, '', 1, ?, ?, 0)",
                (i, i + 1, expected.commands[i], expected.hashes[i], "x" * 2000),
            )
        db.execute("UPDATE game SET head_id = ?", (len(expected.commands),))
        db.execute("COMMIT")
    wal = Path(f"{path}-wal").read_bytes()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    new_main = path.read_bytes()
    size = pragma(path, "page_size")
    assert isinstance(size, int) and len(new_main) > len(old_main)
    # the checkpoint wrote page 1 (it goes in page order), then was killed
    path.write_bytes(new_main[:size] + old_main[size:])
    Path(f"{path}-wal").write_bytes(wal)
    with CampaignFile.open(path) as file:
        assert GameRecord(file, 1).state == expected.states[-1]
    assert pragma(path, "integrity_check") == "ok"


# ---- requirement 3: versions


def schema_1_file(path: Path, commands: int = SNAPSHOT_EVERY + 8) -> Expected:
    """A campaign as the first schema wrote it: its tables, its pragmas, its rows."""
    expected = Expected.start().upto(commands)
    start = expected.states[0]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript(SCHEMA_1)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    stamp = "2026-06-01T10:00:00.000+00:00"
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO meta VALUES (?, ?)", [("schema_version", "1"), ("application", "Ecliptic")]
    )
    db.execute(
        "INSERT INTO campaign VALUES (1, 'Old times', 'interplanetary', ?, '{}', ?, ?)",
        (start.rules.version, stamp, stamp),
    )
    db.executemany("INSERT INTO side VALUES (?, 1, ?)", [(1, "p1"), (2, "p2")])
    db.executemany(
        "INSERT INTO player VALUES (?, 1, ?, ?, ?, ?)",
        [(1, "p1", "Ann", "#e69f00", 1), (2, "p2", "Bob", "#56b4e9", 2)],
    )
    db.execute(
        "INSERT INTO game VALUES (1, 1, NULL, NULL, 'strategic', 'Old times', 'training',"
        " ?, ?, ?, NULL, ?)",
        (serial.dumps(start), state_hash(start), commands, stamp),
    )
    for i, (command, digest) in enumerate(zip(expected.commands, expected.hashes, strict=True)):
        player = json.loads(command)["player"]
        before, after = expected.states[i], expected.states[i + 1]
        db.execute(
            "INSERT INTO entry VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, '[]')",
            (i + 1, i or None, i + 1, player, command, stamp, before.round, digest),
        )
        if (i + 1) % SNAPSHOT_EVERY == 0:
            data = json.dumps(moving_parts(after), sort_keys=True, separators=(",", ":"))
            db.execute("INSERT INTO snapshot VALUES (?, 1, ?, ?)", (i + 1, data, digest))
        if turn_key(after) != turn_key(before):
            db.execute(
                "INSERT INTO turn VALUES (?, 1, ?, ?, ?)", (i + 1, before.round, player, digest)
            )
    db.execute("INSERT INTO bookmark VALUES (1, 3, 'Old mark', ?)", (stamp,))
    db.execute("COMMIT")
    db.close()
    return expected


def test_versions_a_schema_1_file_opens_after_migration_with_a_backup_copy(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.ecliptic"
    expected = schema_1_file(path)
    original = path.read_bytes()
    assert file_version(path) == 1
    with CampaignFile.open(path) as file:
        assert file.migrated_from == 1
        assert file.backup == backup_path(path, 1) == tmp_path / "old.schema1-backup.ecliptic"
        game = GameRecord(file, 1)
        assert game.state == expected.states[-1]
        assert [e.command for e in file.entries(1)] == expected.commands
        assert not any(e.auto for e in file.entries(1))
        assert [(b.entry_id, b.label, b.note) for b in file.bookmarks()] == [(3, "Old mark", "")]
        assert [p.name for p in file.players()] == ["Ann", "Bob"]
        assert file.campaign().name == "Old times"
        assert file.meta("schema_version") == str(SCHEMA_VERSION)
        play(game, 3)  # and it plays on
        game.undo()
        file.add_bookmark(game.head or 0, "New mark", "with a note")
    assert (tmp_path / "old.schema1-backup.ecliptic").read_bytes() == original
    assert file_version(path) == SCHEMA_VERSION
    assert pragma(path, "integrity_check") == "ok"
    with CampaignFile.open(path) as file:  # no second migration, no second backup
        assert file.migrated_from is None and file.backup is None
        assert len(file.entries(1)) == len(expected.commands) + 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "old.ecliptic",
        "old.schema1-backup.ecliptic",
    ]


def test_versions_a_backup_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    path = tmp_path / "old.ecliptic"
    schema_1_file(path, 5)
    original = path.read_bytes()
    earlier = backup_path(path, 1)
    earlier.write_bytes(b"a backup the player made")
    with CampaignFile.open(path) as file:
        assert file.backup == tmp_path / "old.schema1-backup-2.ecliptic"
    assert earlier.read_bytes() == b"a backup the player made"
    assert (tmp_path / "old.schema1-backup-2.ecliptic").read_bytes() == original


def test_versions_a_schema_1_file_opened_read_only_is_read_but_not_migrated(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.ecliptic"
    expected = schema_1_file(path)
    before = fingerprint(path)
    with CampaignFile.open(path, read_only=True) as file:
        assert GameRecord(file, 1).state == expected.states[-1]
        assert [b.note for b in file.bookmarks()] == [""]
    assert fingerprint(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.ecliptic"]


def test_versions_a_newer_schema_is_refused_and_the_file_left_untouched(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 3)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = fingerprint(path)
    for read_only in (False, True):
        with pytest.raises(TooNew) as raised:
            CampaignFile.open(path, read_only=read_only)
        message = str(raised.value)
        assert str(path) in message and "newer Ecliptic" in message
        assert f"schema {SCHEMA_VERSION + 1}" in message and "not changed" in message
        assert fingerprint(path) == before


# ---- requirement 4: one writer


def test_one_writer_a_second_writer_gets_campaign_in_use_and_may_read(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 4)
    with CampaignFile.open(path) as first:
        game = GameRecord(first, 1)
        with pytest.raises(CampaignInUse) as raised:
            CampaignFile.open(path)
        assert f"process {os.getpid()}" in raised.value.holder
        assert "read-only" in str(raised.value)
        with CampaignFile.open(path, read_only=True) as reader:
            assert reader.read_only
            assert GameRecord(reader, 1).state == game.state
        play(game, 2)  # the writer goes on meanwhile
    with CampaignFile.open(path) as again:  # closed: free again
        assert len(GameRecord(again, 1).line()) == 6


def test_one_writer_read_only_refuses_every_change(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 4)
    before = fingerprint(path)
    with CampaignFile.open(path, read_only=True) as file:
        game = GameRecord(file, 1)
        head, state = game.head, game.state
        changes: list[Callable[[], object]] = [
            lambda: play(game, 1),
            game.undo,
            lambda: game.restore(None),
            lambda: file.add_game(training(), "More"),
            lambda: file.set_result(1, {"winner": "p1"}),
            lambda: file.add_bookmark(1, "mark"),
            lambda: file.edit_bookmark(1, "x", "y"),
            lambda: file.remove_bookmark(1),
            lambda: game.import_log([{"player": "p1", "command": END, "round": 1, "hash": "x"}]),
        ]
        for change in changes:
            with pytest.raises(ReadOnly, match="read-only"):
                change()
        assert (game.head, game.state) == (head, state)
    assert fingerprint(path) == before


END = serial.dumps(EndPhase("p1"))
WRITER = """
import sys
from core.campaign import CampaignFile, GameRecord
file = CampaignFile.open(sys.argv[1])
GameRecord(file, 1)
print("open", flush=True)
sys.stdin.readline()
file.close()
print("closed", flush=True)
"""


def test_one_writer_holds_the_campaign_against_another_process(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 4)
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline() == "open\n"
        with pytest.raises(CampaignInUse) as raised:
            CampaignFile.open(path)
        assert f"process {child.pid}" in str(raised.value)
        with CampaignFile.open(path, read_only=True) as reader:
            assert len(GameRecord(reader, 1).line()) == 4
            with pytest.raises(ReadOnly):
                play(GameRecord(reader, 1), 1)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline() == "closed\n"
    finally:
        child.kill()
        child.wait()
    with CampaignFile.open(path) as file:
        play(GameRecord(file, 1), 1)


def test_one_writer_a_killed_writer_leaves_the_campaign_free(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 4)
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "open\n"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with CampaignFile.open(path) as file:
        assert len(GameRecord(file, 1).line()) == 4
