"""The facts that identify a campaign file, apart from the tables so that the
interface can recognise a campaign without loading the database layer."""

from __future__ import annotations

import json
from typing import Any

SCHEMA_VERSION = 5
APPLICATION_ID = 0x45434C50  # "ECLP" in the SQLite header: this file is Ecliptic's
EXTENSION = ".ecliptic"
MAGIC = b"SQLite format 3\x00"  # the first bytes of every SQLite database
#: the largest campaign file opened: a read-only campaign is read into memory whole. A
#: long campaign of thousands of commands is a few megabytes; this is far beyond that.
MAX_BYTES = 2**30
#: the most problems a check lists before saying how many more there are
MAX_PROBLEMS = 200
#: the longest a log entry's command may be (a command is a few hundred bytes)
MAX_COMMAND_TEXT = 2**20
#: the longest a game's start or snapshot may be (the map and ruleset included)
MAX_STATE_TEXT = 2**26


def parse(text: object, limit: int, what: str) -> Any:
    """JSON text of a row, refused before parsing when it is not text or longer than
    ``limit`` characters: parsing holds several times its size in memory."""
    if not isinstance(text, str):
        raise TypeError(f"{what} is not text but {type(text).__name__}")
    if len(text) > limit:
        raise ValueError(f"{what} is longer than one can be (over {limit:,} characters)")
    return json.loads(text)
