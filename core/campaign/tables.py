"""The campaign file's tables as the program reads and writes them: plain SQL and
small row types, through the standard library's ``sqlite3``.

Opening a campaign is often the program's first action; loading an object-relational
layer for it would cost more than the rest of the open together. :mod:`core.campaign.schema`
keeps the same tables as sqlmodel classes (the documented layout, which a test holds
this SQL to).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from operator import itemgetter
from typing import Any

#: the current schema (5), as SQLite stores it for a file the sqlmodel classes create
SCHEMA = """
CREATE TABLE meta ("key" VARCHAR NOT NULL, value VARCHAR NOT NULL, PRIMARY KEY ("key"));
CREATE TABLE campaign (id INTEGER NOT NULL, name VARCHAR NOT NULL, ruleset VARCHAR NOT NULL,
  ruleset_version INTEGER NOT NULL, switches VARCHAR NOT NULL, created VARCHAR NOT NULL,
  updated VARCHAR NOT NULL, PRIMARY KEY (id));
CREATE TABLE side (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, name VARCHAR NOT NULL,
  PRIMARY KEY (id), FOREIGN KEY(campaign_id) REFERENCES campaign (id));
CREATE TABLE game (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, parent_id INTEGER,
  parent_entry_id INTEGER, scale VARCHAR NOT NULL, title VARCHAR NOT NULL,
  scenario VARCHAR NOT NULL, start VARCHAR NOT NULL, start_hash VARCHAR NOT NULL,
  head_id INTEGER, result VARCHAR, created VARCHAR NOT NULL,
  start_events VARCHAR DEFAULT '[]' NOT NULL, PRIMARY KEY (id),
  FOREIGN KEY(campaign_id) REFERENCES campaign (id), FOREIGN KEY(parent_id) REFERENCES game (id));
CREATE TABLE player (id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, "key" VARCHAR NOT NULL,
  name VARCHAR NOT NULL, colour VARCHAR NOT NULL, side_id INTEGER, PRIMARY KEY (id),
  FOREIGN KEY(campaign_id) REFERENCES campaign (id), FOREIGN KEY(side_id) REFERENCES side (id));
CREATE TABLE entry (id INTEGER NOT NULL, game_id INTEGER NOT NULL, parent_id INTEGER,
  depth INTEGER NOT NULL, player VARCHAR NOT NULL, command VARCHAR NOT NULL,
  time VARCHAR NOT NULL, round INTEGER NOT NULL, hash VARCHAR NOT NULL,
  events VARCHAR NOT NULL, auto BOOLEAN NOT NULL, chain VARCHAR DEFAULT '' NOT NULL,
  PRIMARY KEY (id), FOREIGN KEY(game_id) REFERENCES game (id),
  FOREIGN KEY(parent_id) REFERENCES entry (id));
CREATE INDEX ix_entry_game_id ON entry (game_id);
CREATE INDEX ix_entry_parent_id ON entry (parent_id);
CREATE TABLE snapshot (entry_id INTEGER NOT NULL, game_id INTEGER NOT NULL,
  state VARCHAR NOT NULL, hash VARCHAR NOT NULL, PRIMARY KEY (entry_id),
  FOREIGN KEY(entry_id) REFERENCES entry (id), FOREIGN KEY(game_id) REFERENCES game (id));
CREATE TABLE turn (entry_id INTEGER NOT NULL, game_id INTEGER NOT NULL, round INTEGER NOT NULL,
  player VARCHAR NOT NULL, hash VARCHAR NOT NULL, PRIMARY KEY (entry_id),
  FOREIGN KEY(entry_id) REFERENCES entry (id), FOREIGN KEY(game_id) REFERENCES game (id));
CREATE INDEX ix_turn_game_id ON turn (game_id);
CREATE TABLE bookmark (id INTEGER NOT NULL, entry_id INTEGER NOT NULL, label VARCHAR NOT NULL,
  note VARCHAR NOT NULL, created VARCHAR NOT NULL, PRIMARY KEY (id),
  FOREIGN KEY(entry_id) REFERENCES entry (id));
CREATE INDEX ix_bookmark_entry_id ON bookmark (entry_id);
"""


@dataclass(frozen=True)
class CampaignRow:
    """The one campaign the file holds. ``switches`` is JSON: ``{"name": true, ...}``."""

    id: int
    name: str
    ruleset: str
    ruleset_version: int
    switches: str
    created: str
    updated: str


@dataclass(frozen=True)
class SideRow:
    id: int
    campaign_id: int
    name: str


@dataclass(frozen=True)
class PlayerRow:
    """A member of the group. ``key`` is the id the games use for them (``p1``...)."""

    id: int
    campaign_id: int
    key: str
    name: str
    colour: str
    side_id: int | None


@dataclass(frozen=True)
class GameRow:
    """A game of the campaign (see :class:`core.campaign.schema.Game`)."""

    id: int
    campaign_id: int
    parent_id: int | None
    parent_entry_id: int | None
    scale: str
    title: str
    scenario: str
    start: str
    start_hash: str
    head_id: int | None
    result: str | None
    created: str
    start_events: str


@dataclass(frozen=True)
class EntryRow:
    """One command of the log, as given (see :class:`core.campaign.schema.Entry`)."""

    id: int
    game_id: int
    parent_id: int | None
    depth: int
    player: str
    command: str
    time: str
    round: int
    hash: str
    events: str
    auto: bool
    chain: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "auto", bool(self.auto))  # stored as 0 or 1


@dataclass(frozen=True)
class BookmarkRow:
    """A named place in the log, with an optional note (a note alone has no label)."""

    id: int
    entry_id: int
    label: str
    note: str
    created: str


def columns(row_type: Any) -> str:
    """The columns a row type is read from, in its fields' order."""
    names = [f.name for f in fields(row_type)]
    return ", ".join(f'"{n}"' if n == "key" else n for n in names)


def insert_sql(table: str, row: Mapping[str, Any]) -> str:
    """An INSERT of a row given as a mapping of column names to values (named
    parameters, so the values are never part of the SQL)."""
    return f"INSERT INTO {table}({', '.join(row)}) VALUES ({', '.join(':' + c for c in row)})"


def insert_many(conn: sqlite3.Connection, table: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert rows that all have the first one's columns, in one statement. The values
    are passed by position: binding them by name costs a third more for a bulk import."""
    if not rows:
        return
    names = list(rows[0])
    pick = itemgetter(*names)  # one name: the value itself, not a tuple of it
    values = [pick(r) for r in rows] if len(names) > 1 else [(pick(r),) for r in rows]
    marks = ", ".join("?" * len(names))
    conn.executemany(f"INSERT INTO {table}({', '.join(names)}) VALUES ({marks})", values)
