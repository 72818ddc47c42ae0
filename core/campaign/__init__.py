"""Campaigns: a group's games kept in one SQLite file, every command logged as it is
given, with history that can be walked back, branched and replayed.

:class:`CampaignFile` is the file (create, open safely, rows); :class:`GameRecord` one
of its games followed through the log (play, undo, redo, branches, states).

The errors and file facts import at once; the classes that read files load on first
use. None of them loads sqlmodel or SQLAlchemy: the file is read and written through
the standard library's ``sqlite3`` (:mod:`core.campaign.tables`), so a campaign opened
as the program's first action pays for no database layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.campaign.errors import (
    CampaignError,
    CampaignInUse,
    DamagedCampaign,
    HardLinked,
    NotACampaign,
    NotWritable,
    ReadOnly,
    ReplayMismatch,
    TooNew,
)
from core.campaign.fileformat import EXTENSION, SCHEMA_VERSION

if TYPE_CHECKING:
    from core.campaign.history import GameRecord
    from core.campaign.log import Branch, Step
    from core.campaign.store import CampaignFile, GameInfo

_LAZY = {
    "Branch": "core.campaign.log",
    "GameRecord": "core.campaign.history",
    "Step": "core.campaign.log",
    "CampaignFile": "core.campaign.store",
    "GameInfo": "core.campaign.store",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'core.campaign' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "EXTENSION",
    "SCHEMA_VERSION",
    "Branch",
    "CampaignError",
    "CampaignFile",
    "CampaignInUse",
    "DamagedCampaign",
    "GameInfo",
    "GameRecord",
    "HardLinked",
    "NotACampaign",
    "NotWritable",
    "ReadOnly",
    "ReplayMismatch",
    "Step",
    "TooNew",
]
