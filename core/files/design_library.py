"""A library of design files, for any rule system: the designs Ecliptic ships (a folder of
``resources/``, never changed) and the player's own, one file each in a folder the
application chooses. What a design is, and how its file is read and written, the rule
system says with a :class:`DesignFormat`; the library only keeps the files.

A damaged file in the player's folder is listed with its problems rather than hidden, so
the player can see and delete it; the rest of the library still loads. Every change is
one file written or removed, which :class:`Change` records (the bytes before and after)
so that a window can undo and redo it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from core.board.problems import FileProblems, Problem
from core.files import tomlio


class Named(Protocol):
    """A design: anything with a name players know it by."""

    @property
    def name(self) -> str: ...


D = TypeVar("D", bound=Named)


@dataclass(frozen=True)
class DesignFormat(Generic[D]):
    """How one rule system's design files are read and written.

    ``load`` raises :class:`FileProblems` naming the file, field and line; ``save``
    writes the whole file at once; ``stem`` names a new file whose design's name has no
    letters to make a file name of."""

    load: Callable[[Path], D]
    save: Callable[[D, Path], None]
    extension: str = ".toml"
    stem: str = "design"


@dataclass(frozen=True)
class Entry(Generic[D]):
    """One file of the library: its design, or why it cannot be read."""

    path: Path
    design: D | None
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


class DesignLibrary(Generic[D]):
    """The shipped designs (``shipped``) and the player's (``folder``) in one list."""

    def __init__(self, form: DesignFormat[D], folder: Path, shipped: Path) -> None:
        self.form = form
        self.folder = Path(folder)
        self.shipped = Path(shipped)

    # ---- reading

    def entries(self) -> list[Entry[D]]:
        """Shipped designs first, then the player's, each group by name."""
        shipped = sorted((self._entry(p, True) for p in self._files(self.shipped)), key=_by_name)
        own = sorted((self._entry(p, False) for p in self._files(self.folder)), key=_by_name)
        return shipped + own

    def designs(self) -> list[D]:
        """Every readable design, in list order."""
        return [e.design for e in self.entries() if e.design is not None]

    def find(self, name: str) -> D:
        """A design by file path, or by the name or file name of a library design.

        A relative path is read from the player's folder (else from the shipped
        designs), never from the process's working folder, which depends on where the
        program was started; one that leads out of the folder, or names no file there,
        is refused with the folder named."""
        path = Path(name)
        if path.is_absolute():
            if path.suffix == self.form.extension and path.is_file():
                return self.form.load(path)
        elif path.suffix == self.form.extension or len(path.parts) > 1:
            return self.form.load(self._inside(path, name))
        wanted = name.casefold()
        entries = self.entries()
        for entry in entries:
            if wanted in (entry.name.casefold(), entry.path.stem.casefold()):
                if entry.design is None:
                    raise FileProblems(list(entry.problems))
                return entry.design
        known = ", ".join(e.name for e in entries if e.design is not None) or "none"
        raise FileProblems([Problem(f"no design file or library design {name!r} (known: {known})")])

    def _inside(self, path: Path, name: str) -> Path:
        """The file a relative ``path`` names in the player's folder (else among the
        shipped designs), or why not."""
        folder = self.folder.resolve()
        found = (folder / path).resolve()
        if not found.is_relative_to(folder):
            message = f"the design file {name!r} leads out of the design folder {folder}"
            raise FileProblems([Problem(f"{message}; give its full path")])
        shipped = (self.shipped.resolve() / path).resolve()
        if not found.is_file() and shipped.is_relative_to(self.shipped.resolve()):
            found = shipped
        if not found.is_file():
            message = f"no design file {name!r} in the design folder {folder}"
            raise FileProblems([Problem(f"{message}; give the full path of a file elsewhere")])
        return found

    def owns(self, path: Path) -> bool:
        """Whether ``path`` is a file of the player's folder (one they may change)."""
        return Path(path).resolve().parent == self.folder.resolve()

    def new_path(self, name: str) -> Path:
        """A file name in the folder, made from ``name``, that no file has yet."""
        stem = re.sub(r"[^\w\- ]+", "", name).strip().replace(" ", "-").lower() or self.form.stem
        ext = self.form.extension
        path = self.folder / f"{stem}{ext}"
        n = 2
        while path.exists():
            path = self.folder / f"{stem}-{n}{ext}"
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

    # ---- changing the player's folder

    def save(self, design: D, path: Path | None = None) -> Path:
        """Save into the folder: over ``path`` when it is the player's file, else as a
        new file named after the design."""
        return self.save_change(design, path).path

    def delete(self, path: Path) -> None:
        self.delete_change(path)

    def import_file(self, source: Path) -> Path:
        """Check a design file (every problem named, where it is) and save a copy into
        the folder."""
        return self.import_change(source).path

    def export(self, design: D, path: Path) -> None:
        """Write ``design`` to a file anywhere (to share it)."""
        self.form.save(design, Path(path))

    def save_change(self, design: D, path: Path | None = None) -> Change:
        """:meth:`save`, told as the :class:`Change` it made."""
        if path is None or not self.owns(path):
            path = self.new_path(design.name)
        before = _read(path)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.form.save(design, path)
        return Change(path, before, _read(path))

    def delete_change(self, path: Path) -> Change:
        """:meth:`delete`, told as the :class:`Change` it made; shipped designs stay."""
        if not self.owns(path):
            message = "designs shipped with Ecliptic cannot be deleted"
            raise FileProblems([Problem(message, file=str(path))])
        before = _read(path)
        Path(path).unlink(missing_ok=True)
        return Change(Path(path), before, None)

    def import_change(self, source: Path) -> Change:
        """:meth:`import_file`, told as the :class:`Change` it made."""
        return self.save_change(self.form.load(Path(source)))

    def apply(self, change: Change, *, undo: bool = False) -> None:
        """Put a file back as it was before ``change`` (``undo``) or after it."""
        content = change.before if undo else change.after
        if content is None:
            change.path.unlink(missing_ok=True)
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
            tomlio.write_atomic(change.path, content)

    # ---- helpers

    def _entry(self, path: Path, shipped: bool) -> Entry[D]:
        try:
            return Entry(path, self.form.load(path), shipped)
        except FileProblems as exc:
            return Entry(path, None, shipped, tuple(exc.problems))

    def _files(self, folder: Path) -> list[Path]:
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.glob(f"*{self.form.extension}") if p.is_file())


def _by_name(entry: Entry[D]) -> str:
    return entry.name.casefold()


def _read(path: Path) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None
