"""Reading a scenario file: the map, the rules, the sides, the ships and how the game is won.

See ``docs/formats/scenario.md``. Loading follows :mod:`core.files.mapfile`: pydantic models
check the structure, then :func:`_build` checks the meaning against the map and the
ruleset the scenario names (bodies, bases, hexes, unit classes, switches), and every
problem is raised together, each with the file, the field and the line, in the
:class:`~core.scenario.document.Scenario` it builds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from core.board.hexgrid import ZERO, HexError
from core.board.problems import FileProblems, Problem, Problems
from core.board.starmap import BaseKind, Service, StarMap
from core.engine.errors import UnknownName
from core.engine.system import system_for
from core.files import tomlio
from core.files.mapfile import load_map
from core.files.references import inside, shown
from core.files.resources import SCENARIOS, map_path
from core.files.ruleset import Ruleset
from core.files.rulesets import load_ruleset
from core.files.scenario_file import FORMAT, VERSION, no_side, version_problems
from core.files.scenario_file import Scenario as _Scenario
from core.files.scenario_file import Ship as _Ship
from core.rules.interplanetary.allegiance import ASTEROIDS, map_owner, passage_for
from core.rules.interplanetary.scenario.setup import (
    build_setup,
    check_circle,
    outfit_of,
)
from core.scenario.document import Scenario, ShipSpec
from core.scenario.victory import condition
from core.vector.course import CrashedInto, ForbiddenEntered, LeftTheMap, Passage
from core.vector.course_check import movement_params
from core.vector.motion import Motion
from core.vector.movement import move
from core.vector.orbit import ring

T = TypeVar("T")

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ID_HINT = "use lower-case letters, digits, '-' and '_', starting with a letter or digit"


def builtin_scenarios() -> list[Path]:
    """The scenario files that come with Ecliptic, sorted by file name."""
    return sorted(SCENARIOS.glob("*.toml"))


def load_scenario(path: Path) -> Scenario:
    """Load and check a scenario file; any problem raises FileProblems listing them all."""
    path = Path(path)
    data, text = tomlio.read_toml(path)
    return parse_scenario(data, text, path)


def parse_scenario(
    data: dict[str, Any],
    text: str = "",
    path: Path | None = None,
    *,
    starmap: StarMap | None = None,
) -> Scenario:
    """Check parsed TOML data and build the scenario; problems raise FileProblems.

    Maps and rulesets given as paths are found relative to ``path``'s folder. The editor
    passes ``starmap``, the map being edited, to check against instead of the file.
    """
    file = str(path) if path is not None else None
    model = tomlio.validated(
        _Scenario, data, text=text, file=file, format=FORMAT, version=VERSION, what="scenario"
    )
    problems: list[Problem] = Problems(
        Problem(message, field) for field, message in version_problems(model)
    )
    scenario = _build(model, path, problems, starmap)
    if problems or scenario is None:
        raise tomlio.located(problems, text, file)
    return scenario


# ---- the file's meaning ----


def _build(
    m: _Scenario, path: Path | None, problems: list[Problem], given: StarMap | None = None
) -> Scenario | None:
    """Check the scenario against its map and ruleset, collecting every problem."""
    folder = path.parent if path is not None else Path.cwd()
    if not _ID.match(m.id):
        problems.append(Problem(f"scenario id {m.id!r} is not a valid id: {_ID_HINT}", "id"))
    if m.players.min > m.players.max:
        problems.append(
            Problem(f"min ({m.players.min}) is more than max ({m.players.max})", "players.min")
        )
    sides = tuple(s.name for s in m.sides)
    for i, name in enumerate(sides):
        if name in sides[:i]:
            problems.append(Problem(f"a second side is called {name!r}", f"sides[{i}].name"))
    if sides and m.players.min < len(sides):
        problems.append(
            Problem(
                f"with {len(sides)} sides at least {len(sides)} players are needed "
                f"(min is {m.players.min})",
                "players.min",
            )
        )
    rules = _load("ruleset", m.ruleset, lambda: _ruleset(m.ruleset, folder), problems)
    generated = _generated(m, sides, rules, problems) if m.map is None else None
    if m.map is None:
        starmap = getattr(generated, "starmap", None)
    else:
        name = m.map
        starmap = given or _load("map", name, lambda: load_map(map_path(name, folder)), problems)
    if rules is not None:
        for name in m.switches:
            if name not in rules.switch_values():
                known = ", ".join(sorted(rules.switch_values())) or "none"
                problems.append(
                    Problem(
                        f"the {rules.name} ruleset has no switch {name!r} (its switches: {known})",
                        f"switches.{name}",
                    )
                )
    placed = dict(getattr(generated, "places", ())) if m.map is None else None
    ships = _ships(m, sides, starmap, rules, folder, problems, placed)
    fixed = {s.id for s in m.ships if s.side is not None and not s.each}
    setup = build_setup(
        m, sides, {s.id: s.side for s in m.ships if s.side and not s.each}, starmap, rules, problems
    )
    victory = tuple(
        c
        for i, v in enumerate(m.victory)
        if (c := condition(v, f"victory[{i}]", sides, fixed, starmap, problems)) is not None
    )
    if starmap is None or rules is None or problems:
        return None
    return Scenario(
        id=m.id,
        name=m.name,
        description=m.description,
        starmap=starmap,
        rules=rules,
        switches=tuple(sorted(m.switches.items())),
        min_players=m.players.min,
        max_players=m.players.max,
        victory=victory,
        path=path,
        sides=sides,
        ships=ships,
        budget=m.budget.points if m.budget is not None else None,
        max_ships=m.budget.ships if m.budget is not None else None,
        side_budgets=tuple(
            (s.name, s.points, s.ships) for s in m.sides if s.points is not None or s.ships
        ),
        setup=setup,
        opening=generated if m.map is None else _opening(m, sides, starmap, rules, problems),
    )


def _generated(
    m: _Scenario, sides: tuple[str, ...], rules: Ruleset | None, problems: list[Problem]
) -> object | None:
    """A scenario with no map of its own: the rule system that plays it generates the
    map its ``[opening]`` names (Void's tactical battles), and reads the opening (which
    carries the map and the ships' places) with no map to check it against."""
    if rules is None:
        return None  # the ruleset's problems are reported
    system = system_for(rules.system_id)
    maps: tuple[str, ...] = tuple(getattr(system, "generated_maps", ()))
    reader = getattr(system, "read_opening", None)
    if not maps or reader is None:
        problems.append(
            Problem(f"give the scenario's map: the {rules.name} rule system makes none", "map")
        )
        return None
    if not m.opening:
        problems.append(
            Problem(
                f"give the scenario's map, or an [opening] naming the map the {rules.name} "
                f"rule system generates (map = {maps[0]!r})",
                "map",
            )
        )
        return None
    value, found = reader(m.opening, None, rules, sides, {s.id: s.side for s in m.ships})
    problems.extend(Problem(message, f"opening.{field}") for field, message in found)
    return value if value is not None and not found else None


def _opening(
    m: _Scenario,
    sides: tuple[str, ...],
    starmap: StarMap,
    rules: Ruleset,
    problems: list[Problem],
) -> object | None:
    """The ``[opening]`` table, read by the rule system that plays the scenario (its
    ``read_opening``; NPlanetary's bases and holds), or None when the file has none."""
    if not m.opening:
        return None
    reader = getattr(system_for(rules.system_id), "read_opening", None)
    if reader is None:
        problems.append(Problem(f"the {rules.name} rule system takes no opening", "opening"))
        return None
    ships = {s.id: s.side for s in m.ships}
    value, found = reader(m.opening, starmap, rules, sides, ships)
    problems.extend(Problem(message, f"opening.{field}") for field, message in found)
    opening: object | None = value
    return opening


def _ruleset(name: str, folder: Path) -> Ruleset:
    return load_ruleset(name if _ID.match(name) else inside(name, folder))


def _load(what: str, name: str, load: Callable[[], T], problems: list[Problem]) -> T | None:
    """Load the map or ruleset the scenario names; its problems become the scenario's."""
    try:
        return load()
    except FileProblems as exc:
        for p in exc.problems:
            problems.append(Problem(f"cannot use the {what} {shown(name)}: {p}", what))
        return None


def _ships(
    m: _Scenario,
    sides: tuple[str, ...],
    starmap: StarMap | None,
    rules: Ruleset | None,
    folder: Path,
    problems: list[Problem],
    placed: dict[str, Motion] | None = None,
) -> tuple[ShipSpec, ...]:
    """The scenario's ships; ``placed``: where a generated map puts each (None: the
    file gives every ship's start)."""
    out = []
    for i, s in enumerate(m.ships):
        where = f"ships[{i}]"
        count = len(problems)
        if not _ID.match(s.id):
            problems.append(
                Problem(f"ship id {s.id!r} is not a valid id: {_ID_HINT}", f"{where}.id")
            )
        if any(o.id == s.id for o in m.ships[:i]):
            problems.append(Problem(f"a second ship has the id {s.id!r}", f"{where}.id"))
        if s.each and s.side is None:
            problems.append(Problem("'each' gives a ship to every player of a side", where))
        if s.side is not None and s.side not in sides:
            hint = " (leave 'side' out to give every player this ship)"
            problems.append(Problem(no_side(s.side, sides, hint), f"{where}.side"))
        fuel = Fraction(0)
        if rules is not None:
            try:
                capacity = rules.unit(s.unit).fuel
            except UnknownName as exc:
                units = ", ".join(u.id for u in rules.units)
                problems.append(Problem(f"{exc} (its units: {units})", f"{where}.unit"))
            else:
                fuel = capacity if s.fuel is None else Fraction(repr(s.fuel))
                if fuel < 0:
                    problems.append(Problem("fuel cannot be negative", f"{where}.fuel"))
                elif fuel > capacity:
                    problems.append(
                        Problem(
                            f"a {rules.unit(s.unit).name} holds at most {capacity} fuel",
                            f"{where}.fuel",
                        )
                    )
        manifest = outfit_of(s, where, rules, folder, problems)
        motion, circle = None, None
        if placed is not None:
            motion = _placed(s, where, placed, problems)
        elif starmap is not None and s.circle is not None:
            circle = check_circle(s, where, m, starmap, problems)
            motion = Motion(circle[0], ZERO) if circle is not None else None
        elif starmap is not None:
            passage = _passage(m, starmap, rules, s.side)
            motion = _start(s, where, starmap, rules, m.switches, passage, problems)
        if motion is not None and len(problems) == count:
            out.append(
                ShipSpec(
                    s.id,
                    s.name,
                    s.unit,
                    s.side,
                    motion,
                    fuel,
                    s.landed,
                    tuple(sorted(s.outfit.items())),
                    manifest,
                    s.points,
                    circle,
                    s.each,
                )
            )
    return tuple(out)


def _placed(
    s: _Ship, where: str, placed: dict[str, Motion], problems: list[Problem]
) -> Motion | None:
    """A ship's start on a generated map: where the map put it; the file gives none."""
    given = [f for f in ("hex", "came_from", "landed", "circle") if getattr(s, f) is not None]
    for f in given:
        problems.append(
            Problem(f"the map is generated and places the ship: leave out {f}", f"{where}.{f}")
        )
    return placed.get(s.id) if not given else None


def _start(
    s: _Ship,
    where: str,
    starmap: StarMap,
    rules: Ruleset | None,
    switches: dict[str, bool],
    passage: Passage,
    problems: list[Problem],
) -> Motion | None:
    """Where and how the ship starts: in a hex (with the vector it arrived with), or
    landed on a planetary base or on a body."""
    labels = starmap.bounds.labels
    if (s.hex is None) == (s.landed is None):
        both = ", not both" if s.hex is not None else ""
        message = "give the ship's start: either 'hex' (in space) or 'landed' (a planetary base"
        problems.append(Problem(f"{message} or a body){both}", where))
        return None
    if s.landed is not None:
        if s.came_from is not None:
            problems.append(
                Problem("a landed ship starts at rest: leave out came_from", f"{where}.came_from")
            )
        return _landed(s.landed, f"{where}.landed", starmap, problems)
    assert s.hex is not None
    try:
        at = labels.parse(s.hex)
        came_from = labels.parse(s.came_from) if s.came_from is not None else at
    except HexError as exc:
        problems.append(Problem(str(exc), f"{where}.hex"))
        return None
    for h, field in ((at, "hex"), (came_from, "came_from")):
        if not starmap.bounds.contains(h):
            problems.append(
                Problem(f"{labels.format(h)} is off the map", f"{where}.{field}", hex=h)
            )
            return None
        body = starmap.body_at(h)
        if body is not None:
            problems.append(
                Problem(
                    f"{labels.format(h)} is inside {body.name}: to start a ship on it, "
                    f"write landed = {body.name!r}",
                    f"{where}.{field}",
                    hex=h,
                )
            )
            return None
    if rules is None:
        return None  # the ruleset's problems are reported
    try:
        params = movement_params(rules, s.unit, tuple(switches.items()))
    except UnknownName:
        return None  # reported with the unit
    # Last turn's move, replayed, gives the vector and the gravity waiting for turn 1.
    arrived = move(
        starmap, Motion(came_from, came_from.to(at)), params=params, passage=passage, name=s.name
    )
    if arrived.stopped:
        cut = (CrashedInto, LeftTheMap, ForbiddenEntered)
        why = next(e.text for e in arrived.events if isinstance(e, cut))
        problems.append(
            Problem(
                f"the course from {labels.format(came_from)} to {labels.format(at)} does not "
                f"get there: {why}",
                f"{where}.came_from",
            )
        )
        return None
    return arrived.next


def _passage(m: _Scenario, starmap: StarMap, rules: Ruleset | None, side: str | None) -> Passage:
    """Whose special asteroids a ship of ``side`` passes on its way in, as the game will
    judge it: the scenario's switch and its ``[[bases]]`` sides, else the map's owners."""
    known = dict(rules.switches) if rules is not None else {}
    rule = m.switches.get(ASTEROIDS, known[ASTEROIDS]) if ASTEROIDS in known else True
    held = {b.name: b.side for b in m.bases}
    return passage_for(
        starmap,
        side,
        rule=rule,
        holder=lambda owner: held[owner] if owner in held else map_owner(starmap, owner),
    )


def _landed(name: str, where: str, starmap: StarMap, problems: list[Problem]) -> Motion | None:
    """A landed ship stands above its planetary base, or on the body's own hex."""
    base, body = starmap.base(name), starmap.body(name)
    if base is not None and body is not None:
        problems.append(Problem(f"{name!r} is both a base and a body on this map", where))
        return None
    if base is not None:
        if base.kind is not BaseKind.PLANETARY:
            problems.append(
                Problem(
                    f"{name} is an {base.kind.value} base: ships land only on planetary bases",
                    where,
                )
            )
            return None
        if Service.PLANETSIDE_LAUNCH not in base.services:
            problems.append(
                Problem(f"{name} cannot launch ships, so they would never leave", where)
            )
            return None
        return Motion(base.approach, ZERO)
    if body is None:
        problems.append(Problem(f"there is no planetary base or body called {name!r}", where))
        return None
    if not ring(starmap, body):
        problems.append(
            Problem(f"{name} has no gravity hexes to launch to, so ships would never leave", where)
        )
        return None
    return Motion(body.centre, ZERO)
