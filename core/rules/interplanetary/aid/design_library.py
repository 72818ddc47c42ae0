"""The design library: the designs Ecliptic ships (``resources/designs``, read-only) and
the player's own, one file each in a folder the application chooses.

A damaged file in the folder is listed with its problems rather than hidden, so the
player can see it and delete it; the rest of the library still loads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from core.board.problems import FileProblems, Problem
from core.files.resources import resource_path
from core.rules.interplanetary.aid.design import EXTENSION, Design, load_design, save_design

SHIPPED = resource_path("designs")


@dataclass(frozen=True)
class Entry:
    """One file of the library: its design, or why it cannot be read."""

    path: Path
    design: Design | None
    shipped: bool
    problems: tuple[Problem, ...] = ()

    @property
    def name(self) -> str:
        return self.design.name if self.design is not None else self.path.stem


class Library:
    def __init__(self, folder: Path, shipped: Path = SHIPPED) -> None:
        self.folder = Path(folder)
        self.shipped = Path(shipped)

    def entries(self) -> list[Entry]:
        """Shipped designs first, then the player's, each by name."""
        found = [self._entry(p, True) for p in _files(self.shipped)]
        found.sort(key=lambda e: e.name.casefold())
        own = [self._entry(p, False) for p in _files(self.folder)]
        own.sort(key=lambda e: e.name.casefold())
        return found + own

    def find(self, name: str) -> Design:
        """A design by file path, or by the name or file name of a library design."""
        path = Path(name)
        if path.suffix == EXTENSION and path.is_file():
            return load_design(path)
        wanted = name.casefold()
        for entry in self.entries():
            if wanted in (entry.name.casefold(), entry.path.stem.casefold()):
                if entry.design is None:
                    raise FileProblems(list(entry.problems))
                return entry.design
        known = ", ".join(e.name for e in self.entries() if e.design is not None) or "none"
        raise FileProblems([Problem(f"no design file or library design {name!r} (known: {known})")])

    def save(self, design: Design, path: Path | None = None) -> Path:
        """Save into the folder: over ``path`` when it is the player's file, else as a
        new file named after the design."""
        if path is None or not self.owns(path):
            path = self.new_path(design.name)
        self.folder.mkdir(parents=True, exist_ok=True)
        save_design(design, path)
        return path

    def owns(self, path: Path) -> bool:
        return Path(path).resolve().parent == self.folder.resolve()

    def delete(self, path: Path) -> None:
        if not self.owns(path):
            raise FileProblems(
                [Problem("designs shipped with Ecliptic cannot be deleted", file=str(path))]
            )
        Path(path).unlink(missing_ok=True)

    def import_file(self, source: Path) -> Path:
        """Check a design file and save a copy into the folder."""
        design = load_design(Path(source))
        return self.save(design)

    def new_path(self, name: str) -> Path:
        stem = re.sub(r"[^\w\- ]+", "", name).strip().replace(" ", "-").lower() or "design"
        path = self.folder / f"{stem}{EXTENSION}"
        n = 2
        while path.exists():
            path = self.folder / f"{stem}-{n}{EXTENSION}"
            n += 1
        return path

    def _entry(self, path: Path, shipped: bool) -> Entry:
        try:
            return Entry(path, load_design(path), shipped)
        except FileProblems as exc:
            return Entry(path, None, shipped, tuple(exc.problems))


def export_design(design: Design, path: Path) -> None:
    save_design(design, Path(path))


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"*{EXTENSION}") if p.is_file())
