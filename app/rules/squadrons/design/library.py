"""The squadron design library: the designs Ecliptic ships (``resources/squadron-designs``,
never changed) and the player's own, one file each in ``squadron-designs/`` of the user
data folder (``ECLIPTIC_DATA_DIR`` replaces it, as for the ship designs). The files are
kept by the generic :class:`core.files.design_library.DesignLibrary`, which also records
each change for the dialog's undo.
"""

from __future__ import annotations

from pathlib import Path

from app.campaign.paths import data_dir
from core.files.design_library import DesignFormat, DesignLibrary, Entry
from core.files.resources import resource_path
from core.rules.squadrons.design import Design
from core.rules.squadrons.design_file import EXTENSION, load_design, save_design

SHIPPED = resource_path("squadron-designs")
FORMAT: DesignFormat[Design] = DesignFormat(load_design, save_design, EXTENSION, "squadron")

__all__ = ["FORMAT", "SHIPPED", "Entry", "Library", "designs_folder", "library"]


class Library(DesignLibrary[Design]):
    """The squadron design library of the player's ``folder``."""

    def __init__(self, folder: Path, shipped: Path = SHIPPED) -> None:
        super().__init__(FORMAT, folder, shipped)


def designs_folder() -> Path:
    return data_dir() / "squadron-designs"


def library() -> Library:
    return Library(designs_folder())
