"""Campaigns: a group's games kept in one SQLite file, every command logged as it is
given, with history that can be walked back, branched and replayed.

:class:`CampaignFile` is the file (create, open safely, rows); :class:`GameRecord` one
of its games followed through the log (play, undo, redo, branches, states)."""

from core.campaign.errors import (
    CampaignError,
    CampaignInUse,
    DamagedCampaign,
    NotACampaign,
    ReadOnly,
    ReplayMismatch,
    TooNew,
)
from core.campaign.history import Branch, GameRecord, Step
from core.campaign.schema import EXTENSION, SCHEMA_VERSION
from core.campaign.store import CampaignFile, GameInfo

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
    "NotACampaign",
    "ReadOnly",
    "ReplayMismatch",
    "Step",
    "TooNew",
]
