"""The tables of a campaign file, as sqlmodel classes: the documented layout. The
program itself reads and writes them through plain SQL (:mod:`core.campaign.tables`,
which a test holds to these classes), so that opening a campaign loads no database
library.

One campaign is one SQLite file. The command log (:class:`Entry`) is append-only: a
row is never changed or removed. Undo moves the game's ``head`` back along the log, so
an undone branch stays in the file and can be looked at or restored; a new command
after an undo starts a branch beside it (its ``parent`` is the head it was given at).

``SCHEMA_VERSION`` is written to the file (``PRAGMA user_version`` and the ``meta``
table); :mod:`core.campaign.migrate` brings older files up to it.
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel

from core.campaign.fileformat import APPLICATION_ID, EXTENSION, SCHEMA_VERSION

__all__ = ["APPLICATION_ID", "EXTENSION", "SCHEMA_VERSION"]


class Meta(SQLModel, table=True):
    """Key/value facts about the file: schema version, the program that wrote it."""

    key: str = Field(primary_key=True)
    value: str


class Campaign(SQLModel, table=True):
    """The one campaign the file holds. ``switches`` is JSON: ``{"name": true, ...}``."""

    id: int | None = Field(default=None, primary_key=True)
    name: str
    ruleset: str
    ruleset_version: int
    switches: str = "{}"
    created: str
    updated: str


class Side(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id")
    name: str


class Player(SQLModel, table=True):
    """A member of the group. ``key`` is the id the games use for them (``p1``...)."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id")
    key: str
    name: str
    colour: str = ""
    side_id: int | None = Field(default=None, foreign_key="side.id")


class Game(SQLModel, table=True):
    """A game of the campaign. A tactical battle fought inside a strategic turn (System
    III Void) has the strategic game as ``parent_id`` and the log entry it opened at as
    ``parent_entry_id``; its ``result`` (JSON) is what it feeds back.

    ``start`` is the state the game began in (ruleset and map included), serialised;
    ``start_events`` (JSON) what the engine said as it began (the roll for the first
    player), for the log; ``head_id`` the log entry the game stands at now (None: at its
    start).
    """

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id")
    parent_id: int | None = Field(default=None, foreign_key="game.id")
    parent_entry_id: int | None = None  # entry.id; no foreign key, as game <-> entry
    scale: str = "strategic"  # or "tactical"
    title: str
    scenario: str = ""
    start: str
    start_hash: str
    head_id: int | None = None  # an entry.id
    result: str | None = None
    created: str
    start_events: str = Field(default="[]", sa_column_kwargs={"server_default": "[]"})


class Entry(SQLModel, table=True):
    """One command of the log, as given. ``id`` is the sequence number across the file;
    ``depth`` counts the entries on its line from the game's start (1 for the first).
    ``hash`` is the state's hash after the command; ``events`` (JSON) what the engine
    said, so the log can be read with its reasons without replaying it. ``auto`` marks
    commands the program gave for a player (ending a phase where nobody can act), which
    undo steps over together with the command before them. ``chain`` seals the entry
    and the line before it (:mod:`core.campaign.seal`)."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    parent_id: int | None = Field(default=None, foreign_key="entry.id", index=True)
    depth: int
    player: str
    command: str
    time: str
    round: int
    hash: str
    events: str = "[]"
    auto: bool = False
    chain: str = Field(default="", sa_column_kwargs={"server_default": ""})


class Snapshot(SQLModel, table=True):
    """The whole state after ``entry_id``, written every few commands so opening a long
    campaign replays only the last few."""

    entry_id: int = Field(primary_key=True, foreign_key="entry.id")
    game_id: int = Field(foreign_key="game.id")
    state: str
    hash: str


class Turn(SQLModel, table=True):
    """A player's turn (or, with sealed orders, a phase) ended at ``entry_id``: the
    round, who played it, and the state's hash then."""

    entry_id: int = Field(primary_key=True, foreign_key="entry.id")
    game_id: int = Field(foreign_key="game.id", index=True)
    round: int
    player: str
    hash: str


class Bookmark(SQLModel, table=True):
    """A named place in the log, with an optional note (a note alone has no label)."""

    id: int | None = Field(default=None, primary_key=True)
    entry_id: int = Field(foreign_key="entry.id", index=True)
    label: str = ""
    note: str = ""
    created: str
