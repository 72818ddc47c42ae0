"""``python -m core plot FILE``: a ship's options this turn, as text.

For players checking a move by hand, and for bug reports: the file names a map, a
ruleset and one ship (where it is, where it came from last turn, its fuel), and the
command prints every legal end point with its burn, fuel, path, the gravity that will
act next turn and any hazard, then where the ship drifts if it coasts. The file format
is in ``docs/formats/plot.md``.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from core.board.hexgrid import HexError, Vector
from core.board.problems import FileProblems, Problem
from core.board.starmap import StarMap
from core.board.tracer import Hexside, Vertex
from core.engine.words import plural
from core.files import tomlio
from core.files.mapfile import load_map
from core.files.resources import map_path
from core.files.ruleset import show_amount
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.allegiance import ASTEROIDS, map_owner, passage_for
from core.vector.course import AsteroidHex, Crash, ForbiddenAsteroid, OffMap
from core.vector.course_check import movement_params
from core.vector.motion import Motion
from core.vector.movement import MoveResult, move
from core.vector.reach import coast, options

FORMAT = "ecliptic-plot"
VERSION = 1


class _Ship(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = "ship"
    at: str
    came_from: str | None = None
    fuel: float = Field(default=10, ge=0)
    unit: str = "ship"
    side: str | None = None


class _Plot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["ecliptic-plot"]
    version: int
    map: str = "solar-system"
    ruleset: str = "interplanetary"
    coast: int = Field(default=3, ge=0, le=50)
    ship: _Ship


def plot(path: Path) -> str:
    """The report for one plot file; problems with the file raise FileProblems."""
    data, text = tomlio.read_toml(path)
    spec = tomlio.validated(
        _Plot, data, text=text, file=str(path), format=FORMAT, version=VERSION, what="plot"
    )
    try:
        named = map_path(spec.map, path.parent)
    except FileProblems as exc:  # outside the plot file's folder, or not a file
        problems = [Problem(f"cannot use the map: {p.message}", "map") for p in exc.problems]
        raise tomlio.located(problems, text, str(path)) from None
    starmap = load_map(named)
    labels = starmap.bounds.labels
    try:
        rules = load_ruleset(spec.ruleset)
        params = movement_params(rules, spec.ship.unit)
    except KeyError as exc:
        problem = Problem(str(exc).strip("'\""), "ship.unit")
        raise tomlio.located([problem], text, str(path)) from None
    try:
        at = labels.parse(spec.ship.at)
        came_from = labels.parse(spec.ship.came_from) if spec.ship.came_from else at
    except HexError as exc:
        raise tomlio.located([Problem(str(exc), "ship")], text, str(path)) from None
    ship = spec.ship
    fuel = Fraction(repr(ship.fuel))
    # Special asteroids as a game by the ruleset's defaults judges them, bases held by
    # the map's owners.
    passage = passage_for(
        starmap,
        ship.side,
        rule=dict(rules.switches).get(ASTEROIDS, True),
        holder=lambda owner: map_owner(starmap, owner),
    )
    # Last turn's move, replayed without gravity, gives this turn's vector and pulls.
    arrived = move(
        starmap, Motion(came_from, came_from.to(at)), params=params, passage=passage, name=ship.name
    )
    motion = arrived.next
    o = starmap.bounds.orientation

    lines = [
        f"{ship.name} at {labels.format(at)} ({rules.name}, {starmap.name}), "
        f"vector {_vector(motion.velocity)}, fuel {show_amount(fuel)}",
    ]
    for i, pull in enumerate(motion.pulls):
        arrows = " or ".join(
            f"{a.kind.value} {a.direction.name_in(o)}" + (f" ({a.body})" if a.body else "")
            for a in pull.arrows
        )
        lines.append(f"  gravity this turn [{i}]: {labels.format(pull.hex)} {arrows}")
    lines.append("")
    header = f"{'#':>3}  {'burn':<8} {'choices':<14} {'end':<5} {'speed':>5} {'fuel':>5}  notes"
    lines.append(header)
    for n, (order, result) in enumerate(
        options(starmap, motion, params, fuel=fuel, passage=passage, name=ship.name), start=1
    ):
        burn = "+".join(d.name_in(o) for d in order.burn) or "coast"
        choices = ",".join(
            [f"ignore[{i}]" for i in sorted(order.ignore)]
            + [f"[{i}]{d.name_in(o)}" for i, d in order.picks]
        )
        lines.append(
            f"{n:>3}  {burn:<8} {choices or '-':<14} {labels.format(result.end):<5} "
            f"{result.velocity.speed:>5} {show_amount(result.fuel):>5}  {_notes(starmap, result)}"
        )
    if spec.coast:
        lines.append("")
        lines.append(f"Coasting {spec.coast} turns (all weak gravity applied):")
        for turn, result in enumerate(
            coast(starmap, motion, params, spec.coast, passage=passage, name=ship.name), start=1
        ):
            lines.append(
                f"  turn {turn}: {labels.format(result.start)} -> "
                f"{labels.format(result.end)} (speed {result.velocity.speed})"
                f"  {_notes(starmap, result)}"
            )
    return "\n".join(lines)


def _vector(v: Vector) -> str:
    return f"({v.q:+d}, {v.r:+d}) speed {v.speed}"


def _notes(starmap: StarMap, result: MoveResult) -> str:
    labels = starmap.bounds.labels
    notes = []
    path = [labels.format(h) for h in result.trace.entered if starmap.bounds.contains(h)]
    notes.append("path " + (" ".join(path) if path else "(stays)"))
    sides = [s for s in result.trace.steps if isinstance(s, Hexside)]
    if sides:
        notes.append(plural(len(sides), "hexside run"))
    if any(isinstance(s, Vertex) for s in result.trace.steps):
        notes.append("touches corners")
    nxt = [labels.format(p.hex) for p in result.next.pulls]
    if nxt:
        notes.append("gravity next turn " + " ".join(nxt))
    for h in result.hazards:
        if isinstance(h, Crash):
            notes.append(f"CRASH into {h.body}")
        elif isinstance(h, OffMap):
            notes.append("LEAVES THE MAP")
        elif isinstance(h, AsteroidHex):
            notes.append(f"asteroid roll at {labels.format(h.hex)}")
        elif isinstance(h, ForbiddenAsteroid):
            notes.append(f"DESTROYED in {h.owner}'s asteroids")
    if result.orbit:
        notes.append(f"in orbit around {result.orbit}")
    return "; ".join(notes)


def main(path: Path) -> int:
    import sys

    try:
        print(plot(path))
    except FileProblems as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 1
    return 0
