"""A scenario file's ``[[victory]]`` tables checked against its sides, ships and map,
and turned into :mod:`core.vector.victory` conditions (``docs/formats/scenario.md``)."""

from __future__ import annotations

from core.board.problems import Problem
from core.board.starmap import BaseKind, Body, StarMap
from core.files.scenario_file import VICTORY_FIELDS, no_side
from core.files.scenario_file import Victory as _Victory
from core.rules.interplanetary.scenario.victory_graded import Headquarters, Heist, Kills
from core.vector.orbit import ring
from core.vector.victory import Condition, Destroy, LastStanding, Race, TurnLimit

#: the fields each kind needs
_NEEDED: dict[str, tuple[str, ...]] = {
    "destroy": ("ship", "side"),
    "turn-limit": ("rounds",),
    "kills": ("count",),
    "heist": ("ship", "dock", "guards", "raiders", "escape"),
    "headquarters": ("bases",),
}


def condition(
    v: _Victory,
    where: str,
    sides: tuple[str, ...],
    fixed: set[str],
    starmap: StarMap | None,
    problems: list[Problem],
) -> Condition | None:
    count = len(problems)
    extra = v.model_fields_set - VICTORY_FIELDS[v.kind] - {"kind"}
    for name in sorted(extra):
        problems.append(Problem(f"a {v.kind} condition has no {name!r}", f"{where}.{name}"))
    for name in _NEEDED.get(v.kind, ()):
        if not getattr(v, name):
            problems.append(Problem(f"a {v.kind} condition needs {name!r}", f"{where}.{name}"))
    for field in ("side", "guards", "raiders"):
        value = getattr(v, field)
        if value is not None and value not in sides and field not in extra:
            problems.append(Problem(no_side(value, sides), f"{where}.{field}"))
    if v.ship is not None and v.ship not in fixed and "ship" not in extra:
        problems.append(
            Problem(
                f"there is no ship {v.ship!r} of a fixed side (ships every player gets "
                "cannot be named here)",
                f"{where}.ship",
            )
        )
    if v.kind in ("race", "heist"):
        _check_race(v, where, starmap, problems)
    if v.kind == "headquarters":
        _check_headquarters(v, where, sides, starmap, problems)
    if len(problems) > count:
        return None
    return _made(v)


def _made(v: _Victory) -> Condition:
    if v.kind == "race":
        return Race(tuple(v.visit), v.in_order, v.orbit, v.dock, v.ship)
    if v.kind == "last-standing":
        return LastStanding()
    if v.kind == "destroy":
        assert v.ship is not None and v.side is not None
        return Destroy(v.ship, v.side)
    if v.kind == "kills":
        assert v.count is not None
        return Kills(v.count)
    if v.kind == "heist":
        assert v.ship and v.dock and v.guards and v.raiders and v.escape
        return Heist(v.ship, tuple(v.visit), v.dock, v.guards, v.raiders, v.escape)
    if v.kind == "headquarters":
        return Headquarters(tuple(sorted(v.bases.items())), v.within)
    assert v.rounds is not None
    return TurnLimit(v.rounds, v.side)


def _check_race(v: _Victory, where: str, starmap: StarMap | None, problems: list[Problem]) -> None:
    if v.kind == "race" and not v.visit and v.orbit is None and v.dock is None:
        problems.append(Problem("a race needs bodies to visit, an orbit or a base to reach", where))
    if v.orbit is not None and v.dock is not None:
        problems.append(Problem("give either 'orbit' or 'dock', not both", f"{where}.dock"))
    if starmap is None:
        return
    bodies: list[tuple[str, str | None]] = [("visit", b) for b in v.visit]
    bodies += [("orbit", v.orbit), ("escape", v.escape)]
    for field, name in bodies:
        if name is None:
            continue
        body = starmap.body(name)
        if body is None:
            known = ", ".join(b.name for b in starmap.bodies)
            problems.append(
                Problem(
                    f"there is no body {name!r} on this map (bodies: {known})", f"{where}.{field}"
                )
            )
        else:
            _check_reach(starmap, body, field == "orbit", f"{where}.{field}", problems)
    if v.dock is not None:
        base = starmap.base(v.dock)
        if base is None:
            problems.append(Problem(f"there is no base {v.dock!r} on this map", f"{where}.dock"))
        elif base.kind is BaseKind.PLANETARY:
            problems.append(
                Problem(
                    f"{v.dock} is a planetary base: ships land there, they do not dock",
                    f"{where}.dock",
                    hex=base.hex,
                )
            )
        elif not starmap.bounds.contains(base.hex):
            problems.append(
                Problem(f"no ship can ever dock at {v.dock}: it lies off the map", f"{where}.dock")
            )


def _check_reach(
    starmap: StarMap, body: Body, orbit: bool, field: str, problems: list[Problem]
) -> None:
    """An objective at ``body`` no ship can ever meet: no gravity hex of it a ship can
    enter (the ring cleared by overrides, or off the map), or, to orbit it, no two such
    hexes side by side (an orbit runs from ring hex to ring hex at speed 1)."""
    hexes = ring(starmap, body)
    where = body.centre
    if not hexes:
        problems.append(Problem(f"{body.name} has no gravity hexes", field, hex=where))
        return
    open_ring = {h for h in hexes if starmap.bounds.contains(h)}
    if not open_ring:
        problems.append(
            Problem(
                f"no ship can ever reach {body.name}'s gravity: its whole ring is off the map",
                field,
                hex=where,
            )
        )
    elif orbit and not any(n in open_ring for h in open_ring for n in h.neighbours()):
        problems.append(
            Problem(
                f"no ship can ever orbit {body.name}: no two of its gravity hexes on the map "
                "are side by side",
                field,
                hex=where,
            )
        )


def _check_headquarters(
    v: _Victory,
    where: str,
    sides: tuple[str, ...],
    starmap: StarMap | None,
    problems: list[Problem],
) -> None:
    for side, base in v.bases.items():
        field = f"{where}.bases.{side}"
        if side not in sides:
            problems.append(Problem(no_side(side, sides), field))
        found = starmap.base(base) if starmap is not None else None
        if starmap is not None and found is None:
            problems.append(Problem(f"there is no base {base!r} on this map", field))
        elif starmap is not None and found is not None and not starmap.bounds.contains(found.hex):
            problems.append(
                Problem(f"no ship can ever reach {base}: the headquarters lies off the map", field)
            )
    if v.bases and len(v.bases) < 2:
        problems.append(Problem("headquarters needs the bases of two sides or more", where))
