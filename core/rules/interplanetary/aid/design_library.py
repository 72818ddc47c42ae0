"""Interplanetary's design library: the ship designs Ecliptic ships
(``resources/designs``, read-only) and the player's own, one file each in a folder the
application chooses. The files are kept by the generic
:class:`core.files.design_library.DesignLibrary`; this module says they are ship design
files (:mod:`core.rules.interplanetary.aid.design`).
"""

from __future__ import annotations

from pathlib import Path

from core.files.design_library import DesignFormat, DesignLibrary, Entry
from core.files.resources import resource_path
from core.rules.interplanetary.aid.design import EXTENSION, Design, load_design, save_design

SHIPPED = resource_path("designs")
FORMAT: DesignFormat[Design] = DesignFormat(load_design, save_design, EXTENSION, "design")

__all__ = ["FORMAT", "SHIPPED", "Entry", "Library", "export_design"]


class Library(DesignLibrary[Design]):
    """The ship design library of the player's ``folder``."""

    def __init__(self, folder: Path, shipped: Path = SHIPPED) -> None:
        super().__init__(FORMAT, folder, shipped)


def export_design(design: Design, path: Path) -> None:
    save_design(design, Path(path))
