"""The squadron design library: the designs Ecliptic ships (``resources/squadron-designs``,
never changed) and the player's own, one file each in ``squadron-designs/`` of the user
data folder (``ECLIPTIC_DATA_DIR`` replaces it, as for the ship designs).

A damaged file is listed with its problems rather than hidden, so the player can see and
delete it; the rest of the library still loads. Every change is a whole-file write or
removal, which :class:`Change` records so the dialog can undo it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from app.campaign.paths import data_dir
from core.board.problems import FileProblems, Problem
from core.files import tomlio
from core.files.resources import resource_path
from core.rules.squadrons.design import Design
from core.rules.squadrons.design_file import EXTENSION, dumps_design, load_design, save_design

SHIPPED = resource_path("squadron-designs")


def designs_folder() -> Path:
    return data_dir() / "squadron-designs"


def library() -> Library:
    return Library(designs_folder())


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


@dataclass(frozen=True)
class Change:
    """One file of the player's folder before and after an edit (None: no file)."""

    path: Path
    before: bytes | None
    after: bytes | None


class Library:
    def __init__(self, folder: Path, shipped: Path = SHIPPED) -> None:
        self.folder = Path(folder)
        self.shipped = Path(shipped)

    def entries(self) -> list[Entry]:
        """Shipped designs first, then the player's, each group by name."""
        shipped = sorted((self._entry(p, True) for p in _files(self.shipped)), key=_by_name)
        own = sorted((self._entry(p, False) for p in _files(self.folder)), key=_by_name)
        return shipped + own

    def designs(self) -> list[Design]:
        """Every readable design, in list order."""
        return [e.design for e in self.entries() if e.design is not None]

    def owns(self, path: Path) -> bool:
        return Path(path).resolve().parent == self.folder.resolve()

    def save(self, design: Design, path: Path | None = None) -> Change:
        """Save into the folder: over ``path`` when it is the player's file, else as a
        new file named after the design."""
        if path is None or not self.owns(path):
            path = self.new_path(design.name)
        before = _read(path)
        self.folder.mkdir(parents=True, exist_ok=True)
        save_design(design, path)
        return Change(path, before, dumps_design(design).encode("utf-8"))

    def delete(self, path: Path) -> Change:
        if not self.owns(path):
            message = "designs shipped with Ecliptic cannot be deleted"
            raise FileProblems([Problem(message, file=str(path))])
        before = _read(path)
        Path(path).unlink(missing_ok=True)
        return Change(Path(path), before, None)

    def import_file(self, source: Path) -> Change:
        """Check a design file (a clear message naming where it is wrong if it is not
        one) and save a copy into the folder."""
        return self.save(load_design(Path(source)))

    def apply(self, change: Change, *, undo: bool = False) -> None:
        """Put a file back as it was before ``change`` (``undo``) or after it."""
        content = change.before if undo else change.after
        if content is None:
            change.path.unlink(missing_ok=True)
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            tomlio.write_atomic(change.path, content)

    def new_path(self, name: str) -> Path:
        stem = re.sub(r"[^\w\- ]+", "", name).strip().replace(" ", "-").lower() or "squadron"
        path = self.folder / f"{stem}{EXTENSION}"
        n = 2
        while path.exists():
            path = self.folder / f"{stem}-{n}{EXTENSION}"
            n += 1
        return path

    def free_name(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)``... if a design already has it."""
        taken = {e.name.casefold() for e in self.entries()}
        candidate, n = name, 2
        while candidate.casefold() in taken:
            candidate = f"{name} ({n})"
            n += 1
        return candidate

    def _entry(self, path: Path, shipped: bool) -> Entry:
        try:
            return Entry(path, load_design(path), shipped)
        except FileProblems as exc:
            return Entry(path, None, shipped, tuple(exc.problems))


def export_design(design: Design, path: Path) -> None:
    save_design(design, Path(path))


def _by_name(entry: Entry) -> str:
    return entry.name.casefold()


def _read(path: Path) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"*{EXTENSION}") if p.is_file())
