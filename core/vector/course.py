"""What a course meets: a body's disc, the map's edge, asteroid hexes, special asteroids
whose owner the mover may not pass (step 4 of :func:`core.vector.movement.move`), and the
events that say so."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.board.hexgrid import Hex
from core.board.starmap import StarMap
from core.board.tracer import Entered, Trace
from core.engine.events import Event, event
from core.engine.serial import register
from core.vector.gravity import label, possessive


@dataclass(frozen=True)
class Passage:
    """Whose special asteroid hexes a mover may pass: those of ``owners`` (a side, and the
    bases it holds, may be several), or everyone's (``everyone``: the optional rule is
    off and they are ordinary asteroid hexes). Any other owner's hex ends the course."""

    owners: frozenset[str] = frozenset()
    everyone: bool = False

    @classmethod
    def of(cls, *owners: str) -> Passage:
        return cls(frozenset(owners))

    def allows(self, owner: str) -> bool:
        return self.everyone or owner in self.owners


#: no special asteroid hex may be passed (a launched weapon under the rule)
NO_PASSAGE = Passage()
#: every special asteroid hex is an ordinary asteroid hex
FREE_PASSAGE = Passage(everyone=True)


@register
@dataclass(frozen=True)
class Crash:
    """The course meets ``body``'s disc at fraction ``t`` of the move, at ``point``."""

    body: str
    t: Fraction | float
    point: tuple[float, float]


@register
@dataclass(frozen=True)
class OffMap:
    """The course leaves the map: ``hex`` is the first hex entered outside it, ``exit``
    the last hex of the map the course was in (where a returning ship comes back; None
    in files written before it was kept)."""

    hex: Hex
    t: Fraction
    exit: Hex | None = None


@register
@dataclass(frozen=True)
class AsteroidHex:
    """An asteroid hex entered faster than speed 1: roll on the asteroid table."""

    hex: Hex
    t: Fraction = Fraction(0)


@register
@dataclass(frozen=True)
class ForbiddenAsteroid:
    """A special asteroid hex whose owner the mover may not pass: destroyed."""

    hex: Hex
    owner: str
    t: Fraction = Fraction(0)


Hazard = Crash | OffMap | AsteroidHex | ForbiddenAsteroid
ENDS_COURSE = (Crash, OffMap, ForbiddenAsteroid)


@event
class CrashedInto(Event):
    ship: str
    body: str
    hex: Hex


@event
class LeftTheMap(Event):
    ship: str
    hex: Hex


@event
class AsteroidsCrossed(Event):
    ship: str
    hex: Hex
    speed: int


@event
class ForbiddenEntered(Event):
    ship: str
    hex: Hex
    owner: str


def follow_course(
    starmap: StarMap,
    course: Trace,
    speed: int,
    *,
    passage: Passage,
    ignore_bodies: tuple[str, ...],
    safe: int = 1,
) -> tuple[list[Hazard], Hex | None, list[Entered]]:
    """Step 4: the hazards along the course in order, where it stops (None: it does
    not), and the asteroid hexes crossed without a roll at a speed above 1 but no more
    than ``safe``. A crash, the map's edge or a forbidden asteroid hex ends the course."""
    hazards: list[Hazard] = []
    dodged: list[Entered] = []
    rocks = starmap.asteroid_hexes
    hit = starmap.body_hit(course.start, course.end, ignore=ignore_bodies)
    crash_t = None if hit is None else hit[1].t
    last = course.start
    for step in course.steps:
        if not isinstance(step, Entered):
            continue
        if crash_t is not None and step.t >= crash_t:
            break
        h = step.hex
        if not starmap.bounds.contains(h):
            hazards.append(OffMap(h, step.t, last))
            return hazards, h, dodged
        last = h
        owner = starmap.special_owner.get(h)
        if owner is not None and not passage.allows(owner):
            hazards.append(ForbiddenAsteroid(h, owner, step.t))
            return hazards, h, dodged
        if speed > 1 and (h in rocks or h in starmap.special_owner):
            if speed > safe:
                hazards.append(AsteroidHex(h, step.t))
            else:
                dodged.append(step)
    if hit is None:
        return hazards, None, dodged
    crash = Crash(hit[0].name, hit[1].t, hit[1].point)
    hazards.append(crash)
    return hazards, impact_hex(starmap, crash), dodged


def impact_hex(starmap: StarMap, crash: Crash) -> Hex:
    """The hex of the body nearest the point of impact (the body's own hex if it has one)."""
    body = starmap.body(crash.body)
    if body is None:
        return starmap.layout.to_hex(*crash.point)
    x, y = crash.point
    layout = starmap.layout
    return min(
        body.hexes(),
        key=lambda h: (layout.to_pixel(h)[0] - x) ** 2 + (layout.to_pixel(h)[1] - y) ** 2,
    )


def hazard_event(starmap: StarMap, h: Hazard, ship: str, speed: int) -> Event:
    if isinstance(h, Crash):
        where = impact_hex(starmap, h)
        return CrashedInto(
            f"{ship} crashes into {h.body} at {label(starmap, where)}", ship, h.body, where
        )
    if isinstance(h, OffMap):
        edge = h.hex if h.exit is None else h.exit  # the last hex on the map: it has a label
        return LeftTheMap(f"{ship} leaves the map at {label(starmap, edge)}", ship, h.hex)
    if isinstance(h, ForbiddenAsteroid):
        who = f"{possessive(h.owner)} side"
        if starmap.base(h.owner) is not None:
            who = f"the side holding {h.owner}"
        text = (
            f"{ship} enters {possessive(h.owner)} special asteroids at {label(starmap, h.hex)}: "
            f"only {who} may pass, the ship is destroyed"
        )
        return ForbiddenEntered(text, ship, h.hex, h.owner)
    text = (
        f"{ship} crosses asteroids at {label(starmap, h.hex)} at speed {speed}: "
        "roll on the asteroid table"
    )
    return AsteroidsCrossed(text, ship, h.hex, speed)
