"""Where the player's designs live: ``designs/`` in Ecliptic's user data folder
(platformdirs; ``ECLIPTIC_DATA_DIR`` replaces it, as for the campaigns index)."""

from __future__ import annotations

from pathlib import Path

from app.campaign.paths import data_dir
from core.rules.interplanetary.aid.design_library import Library


def designs_folder() -> Path:
    return data_dir() / "designs"


def library() -> Library:
    return Library(designs_folder())
