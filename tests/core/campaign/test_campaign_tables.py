"""The plain SQL the program writes campaigns with makes the same tables as the
documented sqlmodel classes, so both describe one file format."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import create_engine
from sqlmodel import SQLModel

from core.campaign import schema  # noqa: F401 (the classes register their tables)
from core.campaign.tables import SCHEMA


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
