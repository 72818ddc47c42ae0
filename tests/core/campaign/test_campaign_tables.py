"""Campaign files through plain sqlite3: the SQL makes the same tables as the documented
sqlmodel classes (so both describe one file format), and a write is whole or nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from core.campaign import (
    CampaignFile,
    GameRecord,
    schema,  # noqa: F401 (the classes register their tables)
)
from core.campaign.tables import SCHEMA, insert_many
from tests.core.campaigns import new_campaign, play


def layout(db: sqlite3.Connection) -> dict[str, object]:
    """Every table's columns (name, type, not null, default, key), foreign keys and
    indexes, as SQLite reports them."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found: dict[str, object] = {}
    for t in sorted(tables):
        found[t] = (
            db.execute(f"PRAGMA table_info({t})").fetchall(),
            sorted(db.execute(f"PRAGMA foreign_key_list({t})").fetchall()),
            sorted(
                (i[1], i[2], db.execute(f"PRAGMA index_info({i[1]})").fetchall())
                for i in db.execute(f"PRAGMA index_list({t})").fetchall()
            ),
        )
    return found


def test_campaign_tables_in_plain_sql_match_the_sqlmodel_schema(tmp_path: Path) -> None:
    documented = tmp_path / "documented.db"
    engine = create_engine(f"sqlite:///{documented}")
    SQLModel.metadata.create_all(engine)
    engine.dispose()
    written = sqlite3.connect(":memory:")
    written.executescript(SCHEMA)
    reference = sqlite3.connect(documented)
    try:
        assert layout(written) == layout(reference)
        assert len(layout(written)) == 9
    finally:
        written.close()
        reference.close()


def test_durability_a_write_that_fails_midway_stores_none_of_it(tmp_path: Path) -> None:
    """One transaction per write: a row refused half-way (a bookmark on no entry, which
    the foreign keys refuse) takes the rows before it in the same write with it, and
    the file goes on taking commands."""
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        play(game, 2)
        before = game.head
        with pytest.raises(sqlite3.IntegrityError), file.writing() as conn:
            conn.execute(
                "INSERT INTO bookmark(entry_id, label, note, created) VALUES (?, 'kept?', '', '')",
                (before,),
            )
            conn.execute("UPDATE game SET head_id = NULL")
            conn.execute(
                "INSERT INTO bookmark(entry_id, label, note, created) VALUES (999, 'no', '', '')"
            )
        assert file.bookmarks() == []
        assert file.games()[0].head_id == before
        play(game, 1)
    with CampaignFile.open(tmp_path / "test.ecliptic", read_only=True) as again:
        assert len(GameRecord(again, 1).line()) == 3
        assert again.bookmarks() == []


def test_insert_many_puts_each_value_in_its_named_column() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (a, b, c)")
    insert_many(db, "t", [{"c": 3, "a": 1, "b": 2}, {"c": 6, "a": 4, "b": 5}])
    insert_many(db, "t", [{"b": "only"}])
    insert_many(db, "t", [])
    assert db.execute("SELECT a, b, c FROM t").fetchall() == [
        (1, 2, 3),
        (4, 5, 6),
        (None, "only", None),
    ]
