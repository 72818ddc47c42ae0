"""The squadron game's boards: the jump board, the system boards and the transit track.

Both kinds of board are ordinary Ecliptic maps (``docs/formats/map.md``), so the map
editor edits them. A *subsector* is a folder: ``jump.toml`` is the jump board, whose
bodies are the star systems (one hex each, whatever kind the editor gave them), and
every other ``*.toml`` beside it is one system board, matched to its system by the map's
name. A system board holds the star, planets and gas giants (``kind = "gas giant"``),
each body's 100-diameter limit as ``limit`` (a radius in hexes from its centre), and
starports as bases that sell fuel. Which systems have gas giants or starports is read
off their system boards, so there is one place to say it.

The transit track has :data:`TRANSIT_DAYS` spaces, one per day of a jump; which counters
are on it, and how far along, is the game's state (:mod:`core.rules.squadrons.state`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from core.board.hexgrid import Hex
from core.board.problems import FileProblems, Problem, Problems
from core.board.starmap import Base, Body, BodyKind, Service, StarMap
from core.engine.serial import register
from core.files import tomlio
from core.files.mapfile import parse_map
from core.files.resources import resource_path

#: days a jump spends on the transit track: it arrives at the end of the seventh day
TRANSIT_DAYS = 7
#: how near (in hexes) a squadron must be to a gas giant's hexes or a starport to refuel
#: there: 1 means in or next to it (our ruling; the seed says only "at")
FUEL_REACH = 1
#: the jump board's file in a subsector folder; every other ``*.toml`` is a system board
JUMP_FILE = "jump.toml"
#: the built-in subsectors live in folders here
SUBSECTORS = ("maps", "subsectors")


class BoardProblems(FileProblems):
    """A subsector that cannot be played, every problem with file, field and line."""


@register
@dataclass(frozen=True)
class FuelSource:
    """A gas giant or starport a squadron can take fuel from."""

    name: str
    kind: str  # "gas giant" or "starport"


@register
@dataclass(frozen=True)
class SystemBoard:
    """One star system's board: a map with its star, planets, gas giants and starports."""

    map: StarMap

    @property
    def name(self) -> str:
        return self.map.name

    @cached_property
    def stars(self) -> tuple[Body, ...]:
        return tuple(b for b in self.map.bodies if b.kind is BodyKind.STAR)

    @cached_property
    def gas_giants(self) -> tuple[Body, ...]:
        return tuple(b for b in self.map.bodies if b.kind is BodyKind.GAS_GIANT)

    @cached_property
    def starports(self) -> tuple[Base, ...]:
        """Bases that sell fuel (our ruling: any base offering refuelling is a starport)."""
        return tuple(b for b in self.map.bases if Service.REFUEL in b.services)

    @cached_property
    def _limit_of(self) -> dict[Hex, Body]:
        out: dict[Hex, Body] = {}
        for body in self.map.bodies:
            for h in body.centre.spiral(limit_radius(body)):
                out.setdefault(h, body)
        return out

    # ---- queries

    def contains(self, h: Hex) -> bool:
        return self.map.bounds.contains(h)

    def limit_at(self, h: Hex) -> Body | None:
        """The body whose 100-diameter limit covers ``h`` (the first listed), or None."""
        return self._limit_of.get(h)

    def inside_limit(self, h: Hex) -> bool:
        """Whether ``h`` is inside any body's 100-diameter limit (no arriving there)."""
        return h in self._limit_of

    def fuel_sources(self, h: Hex, reach: int = FUEL_REACH) -> tuple[FuelSource, ...]:
        """The gas giants and starports within ``reach`` of ``h``, where fuel is free."""
        found = [
            FuelSource(g.name, "gas giant")
            for g in self.gas_giants
            if any(x.distance(h) <= reach for x in g.hexes())
        ]
        found += [
            FuelSource(b.name, "starport")
            for b in self.starports
            if min(b.hex.distance(h), b.approach.distance(h)) <= reach
        ]
        return tuple(found)

    def neighbours(self, h: Hex) -> list[Hex]:
        """The hexes next to ``h`` that are on the board."""
        return [n for n in h.neighbours() if self.contains(n)]

    @staticmethod
    def distance(a: Hex, b: Hex) -> int:
        return a.distance(b)

    def within(self, h: Hex, hexes: int) -> list[Hex]:
        """Every hex on the board within ``hexes`` of ``h`` (movement, sensor, fire range)."""
        return [x for x in h.within(hexes) if self.contains(x)]

    def arrival_hexes(self) -> list[Hex]:
        """Every hex a jump may end in: on the board and outside every 100-diameter limit."""
        return [h for h in self.map.bounds.hexes() if h not in self._limit_of]

    def label(self, h: Hex) -> str:
        return self.map.bounds.labels.format(h)

    def parse(self, text: str) -> Hex:
        return self.map.bounds.labels.parse(text)


def limit_radius(body: Body) -> int:
    """The radius of ``body``'s 100-diameter limit; without one given, its own hexes."""
    return max(body.size, body.limit if body.limit is not None else 0)


@register
@dataclass(frozen=True)
class StarSystem:
    """A system as the jump board shows it: where it is and where fuel is to be had."""

    name: str
    hex: Hex
    gas_giant: bool
    starport: bool


@register
@dataclass(frozen=True)
class Subsector:
    """The jump board and the system board of each of its systems."""

    jump: StarMap
    boards: tuple[SystemBoard, ...]

    @property
    def name(self) -> str:
        return self.jump.name

    @cached_property
    def _boards(self) -> dict[str, SystemBoard]:
        return {b.name: b for b in self.boards}

    @cached_property
    def systems(self) -> tuple[StarSystem, ...]:
        """The systems in jump-board order."""
        out = []
        for body in self.jump.bodies:
            board = self._boards.get(body.name)
            gas = bool(board and board.gas_giants)
            out.append(StarSystem(body.name, body.centre, gas, bool(board and board.starports)))
        return tuple(out)

    @cached_property
    def _by_name(self) -> dict[str, StarSystem]:
        return {s.name: s for s in self.systems}

    @cached_property
    def _by_hex(self) -> dict[Hex, StarSystem]:
        return {s.hex: s for s in self.systems}

    # ---- queries

    def system(self, name: str) -> StarSystem:
        """The system called ``name``; KeyError names it when there is none."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"there is no system called {name!r} in {self.name}") from None

    def board(self, name: str) -> SystemBoard:
        try:
            return self._boards[name]
        except KeyError:
            raise KeyError(f"there is no system board for {name!r} in {self.name}") from None

    def system_at(self, h: Hex) -> StarSystem | None:
        return self._by_hex.get(h)

    def jump_distance(self, a: str, b: str) -> int:
        """Jump-board hexes between two systems: the jump factor and fuel a jump needs."""
        return self.system(a).hex.distance(self.system(b).hex)

    def in_reach(self, origin: str, jump: int) -> tuple[StarSystem, ...]:
        """The other systems a squadron with jump factor ``jump`` can reach from ``origin``."""
        here = self.system(origin).hex
        return tuple(s for s in self.systems if s.name != origin and s.hex.distance(here) <= jump)


# ---- loading


def builtin_subsectors() -> dict[str, Path]:
    """The subsectors Ecliptic ships, by folder name."""
    root = resource_path(*SUBSECTORS)
    return {p.name: p for p in sorted(root.iterdir()) if (p / JUMP_FILE).is_file()}


def load_builtin(name: str) -> Subsector:
    found = builtin_subsectors().get(name)
    if found is None:
        known = ", ".join(builtin_subsectors())
        raise BoardProblems([Problem(f"no built-in subsector called {name!r}; there are {known}")])
    return load_subsector(found)


def load_subsector(folder: str | Path) -> Subsector:
    """The subsector in ``folder``: its jump board and every system board beside it,
    checked together; any problem raises :class:`BoardProblems` listing them all."""
    folder = Path(folder)
    jump_path = folder / JUMP_FILE
    if not jump_path.is_file():
        raise BoardProblems([Problem(f"no jump board ({JUMP_FILE}) here", file=str(folder))])
    files = [jump_path, *sorted(p for p in folder.glob("*.toml") if p.name != JUMP_FILE)]
    texts: list[tuple[dict[str, Any], str, str]] = []
    problems: list[Problem] = Problems()
    for path in files:
        try:
            data, text = tomlio.read_toml(path)
        except FileProblems as exc:
            problems.extend(exc.problems)
            continue
        texts.append((data, text, str(path)))
    if problems:
        raise BoardProblems(list(problems))
    return parse_subsector(texts[0], texts[1:])


def parse_subsector(
    jump: tuple[dict[str, Any], str, str], boards: list[tuple[dict[str, Any], str, str]]
) -> Subsector:
    """The subsector from the jump board's (data, text, file) and each system board's."""
    problems: list[Problem] = Problems()
    maps: list[tuple[StarMap, str, str]] = []
    for data, text, file in [jump, *boards]:
        try:
            maps.append((parse_map(data, text, file), text, file))
        except FileProblems as exc:
            problems.extend(exc.problems)
    if problems:
        raise BoardProblems(list(problems))
    (jump_map, jump_text, jump_file), rest = maps[0], maps[1:]
    problems.extend(_jump_problems(jump_map, jump_text, jump_file))
    names = {b.name for b in jump_map.bodies}
    seen: dict[str, str] = {}
    for m, text, file in rest:
        found = list(_system_problems(m))
        if m.name not in names:
            found.append(Problem(f"{m.name!r} is not a system on the jump board", "name"))
        elif m.name in seen:
            found.append(Problem(f"{seen[m.name]} is already {m.name!r}'s board", "name"))
        seen.setdefault(m.name, file)
        if found:
            problems.extend(tomlio.located(found, text, file).problems)
    missing = [
        Problem(f"{b.name} has no system board beside the jump board", f"bodies[{i}].name")
        for i, b in enumerate(jump_map.bodies)
        if b.name not in seen
    ]
    if missing:
        problems.extend(tomlio.located(missing, jump_text, jump_file).problems)
    if problems:
        raise BoardProblems(list(problems))
    by_name = {m.name: SystemBoard(m) for m, _, _ in rest}
    return Subsector(jump_map, tuple(by_name[b.name] for b in jump_map.bodies))


def _jump_problems(m: StarMap, text: str, file: str) -> list[Problem]:
    found = [
        Problem(f"{b.name} covers more than one hex; a system is one hex", f"bodies[{i}].size")
        for i, b in enumerate(m.bodies)
        if b.size != 0
    ]
    if not m.bodies:
        found.append(Problem("the jump board has no star systems", "bodies"))
    return tomlio.located(found, text, file).problems if found else []


def _system_problems(m: StarMap) -> list[Problem]:
    """What makes a map unfit as a system board: no star, limits smaller than the
    body, or no hex left outside every limit for arrivals."""
    out: list[Problem] = []
    if not any(b.kind is BodyKind.STAR for b in m.bodies):
        out.append(Problem("a system board needs its star (a body of kind star)", "bodies"))
    for i, b in enumerate(m.bodies):
        if b.limit is not None and b.limit < b.size:
            out.append(
                Problem(
                    f"{b.name}'s 100-diameter limit ({b.limit}) is smaller than the body "
                    f"({b.size} rings)",
                    f"bodies[{i}].limit",
                )
            )
    board = SystemBoard(m)
    if not out and not board.arrival_hexes():
        out.append(Problem("every hex is inside a 100-diameter limit: nowhere to arrive", "bodies"))
    return out
