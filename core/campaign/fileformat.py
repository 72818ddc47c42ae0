"""The facts that identify a campaign file, apart from the tables so that the
interface can recognise a campaign without loading the database layer."""

from __future__ import annotations

SCHEMA_VERSION = 4
APPLICATION_ID = 0x45434C50  # "ECLP" in the SQLite header: this file is Ecliptic's
EXTENSION = ".ecliptic"
MAGIC = b"SQLite format 3\x00"  # the first bytes of every SQLite database
#: the largest campaign file opened: a read-only campaign is read into memory whole. A
#: long campaign of thousands of commands is a few megabytes; this is far beyond that.
MAX_BYTES = 2**30
#: the most problems a check lists before saying how many more there are
MAX_PROBLEMS = 200
