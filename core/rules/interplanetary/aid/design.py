"""Ship designs: a named outfit, mount point by mount point, kept as a small TOML file.

See ``docs/formats/design.md``. A design names its ruleset; its modules are checked
against that ruleset's play aid (:func:`core.rules.interplanetary.aid.outfitting.problems`) when it
is loaded and before it is saved, and every problem is reported with the file, the field and the
line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.board.problems import FileProblems, Problem, Problems
from core.files import tomlio
from core.files.references import inside
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.aid.manifest import Manifest, empty
from core.rules.interplanetary.aid.playaid import PlayAid

FORMAT = "ecliptic-design"
VERSION = 1
EXTENSION = ".toml"
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
#: the file's list of each role's mount points
FIELD_OF_ROLE = {
    "gun_mounts": "guns",
    "launchers": "launchers",
    "systems": "systems",
    "single_use": "single_use",
}


@dataclass(frozen=True)
class Design:
    """A ship design: its name, notes, the ruleset it is for, and its modules by mount
    point (a :class:`~core.rules.interplanetary.aid.manifest.Manifest` with no damage)."""

    name: str
    ruleset: str
    manifest: Manifest
    notes: str = ""

    def play_aid(self) -> PlayAid:
        """The ruleset's play aid; FileProblems if the ruleset cannot be loaded or has none."""
        return _aid(self.ruleset, Path.cwd())


def blank(name: str, aid: PlayAid, ruleset: str = "interplanetary") -> Design:
    return Design(name, ruleset, empty(aid))


# ---- reading ----


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Mounts = Annotated[list[str], Field(max_length=100)]


class _Mounts(_Model):
    guns: Mounts = []
    launchers: Mounts = []
    systems: Mounts = []
    single_use: Mounts = []


class _Design(_Model):
    format: Literal["ecliptic-design"]
    version: int
    name: str = Field(min_length=1)
    ruleset: str = Field(min_length=1)
    notes: str = ""
    mounts: _Mounts = _Mounts()


def load_design(path: Path) -> Design:
    """Read and check a design file; every problem raises together as FileProblems."""
    data, text = tomlio.read_toml(Path(path))
    return parse_design(data, text, Path(path))


def parse_design(data: dict[str, Any], text: str = "", path: Path | None = None) -> Design:
    file = str(path) if path is not None else None
    model = tomlio.validated(
        _Design, data, text=text, file=file, format=FORMAT, version=VERSION, what="design"
    )
    folder = path.parent if path is not None else Path.cwd()
    try:
        aid = _aid(model.ruleset, folder)
    except FileProblems as exc:
        reasons = "; ".join(p.message for p in exc.problems)
        problem = Problem(f"cannot use the ruleset {model.ruleset!r}: {reasons}", "ruleset")
        raise tomlio.located([problem], text, file) from None
    problems: list[Problem] = Problems()
    bare = empty(aid)
    lists: dict[str, tuple[str | None, ...]] = {}
    for role, field in FIELD_OF_ROLE.items():
        given: list[str] = getattr(model.mounts, field)
        room = len(outfitting.mounts_of(bare, role))
        if len(given) > room:
            problems.append(
                Problem(
                    f"{len(given)} entries, but a ship has {room} mount points here",
                    f"mounts.{field}",
                )
            )
            given = given[:room]
        lists[role] = tuple(g or None for g in given) + (None,) * (room - len(given))
    manifest = Manifest(
        guns=lists["gun_mounts"],
        launchers=lists["launchers"],
        systems=lists["systems"],
        single_use=lists["single_use"],
    )
    problems.extend(_slot_problems(aid, manifest))
    if problems:
        raise tomlio.located(problems, text, file)
    return Design(model.name, model.ruleset, manifest, model.notes)


def _slot_problems(aid: PlayAid, m: Manifest) -> list[Problem]:
    found = []
    for slot, message in outfitting.problems(aid, m):
        field = "mounts" if slot is None else f"mounts.{FIELD_OF_ROLE[slot.role]}[{slot.point}]"
        found.append(Problem(message, field))
    return found


def _aid(ruleset: str, folder: Path) -> PlayAid:
    rules = load_ruleset(ruleset if _ID.match(ruleset) else inside(ruleset, folder))
    aid = aid_of(rules)
    if aid is None:
        raise FileProblems(
            [Problem(f"the {rules.name} ruleset has no play aid: its ships are not outfitted")]
        )
    return aid


# ---- writing ----


def dumps_design(design: Design) -> str:
    """The design as a file, empty mount points written as ``""``."""
    m = design.manifest
    mounts = {
        field: [module or "" for module in outfitting.mounts_of(m, role)]
        for role, field in FIELD_OF_ROLE.items()
    }
    doc: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "name": design.name,
        "ruleset": design.ruleset,
    }
    if design.notes:
        doc["notes"] = design.notes
    doc["mounts"] = mounts
    return tomlio.dumps(doc)


def save_design(design: Design, path: Path) -> None:
    """Check, then write atomically; a design the play aid refuses raises FileProblems."""
    path = Path(path)
    problems = _slot_problems(_aid(design.ruleset, path.parent), design.manifest)
    if problems:
        raise FileProblems([replace(p, file=str(path)) for p in problems])
    if not design.name.strip():
        raise FileProblems([Problem("a design needs a name", "name", file=str(path))])
    tomlio.write_atomic(path, dumps_design(design))
