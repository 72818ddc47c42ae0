"""Files that a document names (a scenario's map, ruleset and designs, a design's ruleset,
a TMX map's tileset): a path relative to the document's own folder that stays inside it
and names an ordinary file.

Users share scenario files; a shared file must not make Ecliptic read ``/etc/passwd``,
``/dev/zero`` or anything else outside what the user gave it (``docs/formats/scenario.md``,
``docs/RELIABILITY.md``). Links are followed before the check, so a link inside the folder
that leads out of it is refused too.
"""

from __future__ import annotations

import stat
from pathlib import Path, PureWindowsPath

from core.board.problems import FileProblems, Problem

#: the longest file name a document may give (longer ones fail on every system anyway)
LONGEST = 1000


def inside(name: str, folder: Path) -> Path:
    """``folder / name`` when it stays inside ``folder`` and is an ordinary file; else
    FileProblems saying why and what to write instead."""
    if not name or "\0" in name or len(name) > LONGEST:
        raise _refused(f"{shown(name)} is not a usable file name")
    if Path(name).is_absolute() or PureWindowsPath(name).is_absolute() or name[0] in "/\\":
        raise _refused(
            f"{shown(name)} is an absolute path: give a built-in name or a path relative "
            "to the folder of the file that names it"
        )
    try:
        root = Path(folder).resolve()
        target = (root / name).resolve()
    except (OSError, RuntimeError) as exc:  # a loop of links, a name the system refuses
        raise _refused(f"{shown(name)} cannot be followed: {exc}") from None
    if not target.is_relative_to(root):
        raise _refused(
            f"{shown(name)} leads outside the folder of the file that names it: keep the "
            "files a document names in its folder (or a folder inside it)"
        )
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        raise _refused(f"no such file {shown(name)} beside the file that names it") from None
    except OSError as exc:
        raise _refused(f"cannot read {shown(name)}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise _refused(f"{shown(name)} is not an ordinary file")
    return Path(folder) / name


def shown(name: str) -> str:
    """A name from a file, quoted and cut short enough to read in a message."""
    return repr(name if len(name) <= 80 else name[:77] + "...")


def _refused(message: str) -> FileProblems:
    return FileProblems([Problem(message)])
