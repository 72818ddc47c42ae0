"""Collecting the next turn's pulls: :func:`collect_pulls` walks the steps of a traced
course (hexes entered, hexside runs, corner touches, in order) and returns the pulls
waiting for the next turn, with the reasons in players' words. The rulings the seeds
leave open are made here, one function each:

* a hex **entered** pulls (:func:`entered_pull`); the start hex is never entered;
* a **hexside run** pulls unless the side run along is the one opposite the arrow; when
  both hexes qualify only the arrow nearest in angle to its side counts, and an exact
  tie goes to the hex on the left of the course as drawn (:func:`hexside_pull`);
* a **corner touch** never pulls (touching a corner is not passing through the hex);
* a course through a **body's hex that misses its disc** passes between that body and
  the ring hex "above" it, and feels that hex (:func:`hex_above`);
* of **weak hexes entered one right after the other** in one turn's course, each one
  after the first must apply (:func:`collect_pulls`); under the ruling switch
  ``weak_gravity_carries_over`` the run goes on from the weak hex last turn's course
  ended in.
"""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import Direction, Hex
from core.board.starmap import Arrow, StarMap
from core.board.tracer import Entered, Hexside, Step, Vertex
from core.engine.events import Event, event
from core.vector.gravity import (
    ABOVE,
    AT_REST,
    ENTERED,
    HEXSIDE,
    GravityPull,
    arrow_name,
    gravity_name,
    hex_gravity_name,
    label,
    pull_words,
)


@event
class GravityFelt(Event):
    """The course picked up a pull for next turn (entered, hexside, above, at rest)."""

    ship: str
    hex: Hex
    how: str


@event
class HexsideGrazed(Event):
    """The course ran along a side of a gravity hex; ``applies`` says if it counts."""

    ship: str
    hex: Hex
    applies: bool


@event
class CornerTouched(Event):
    """The course touched only a corner of a gravity hex: no effect."""

    ship: str
    hex: Hex


# ---- rulings, one step each ----


def rotation(a: Direction, b: Direction) -> int:
    """How many sixths of a turn apart two directions are (0 to 3)."""
    d = (int(a) - int(b)) % 6
    return min(d, 6 - d)


def entered_pull(starmap: StarMap, h: Hex, how: str = ENTERED) -> GravityPull | None:
    """A gravity hex entered (or felt at rest, or passed below) pulls next turn."""
    g = starmap.gravity_at(h)
    return None if g is None else GravityPull(h, g.arrows, how)


def hexside_pull(
    starmap: StarMap, run: Hexside, start: Hex, tip: Hex, enabled: bool
) -> tuple[GravityPull | None, list[tuple[Hex, bool, str]]]:
    """The pull of a run exactly along the side between two hexes, and per-hex reasons.

    Each arrow of each of the two hexes qualifies unless the side run along is the side
    of that hex opposite the arrow. Arrows of one hex only: that hex pulls (a
    two-directed hex whose two arrows qualify stays a choice). Arrows of both hexes: only
    the arrow closest to the side counts, "closest" meaning the smallest turn between
    the arrow and the direction of that side; the travel order cannot break a tie (the
    two hexes lie side by side all along the run), so an exact tie goes to the hex on
    the left of the course as drawn on the map.
    """
    reasons: list[tuple[Hex, bool, str]] = []
    gravity = [(h, g) for h in run.hexes if (g := starmap.gravity_at(h)) is not None]
    if not gravity:
        return None, reasons
    if not enabled:
        for h, g in gravity:
            name = gravity_name(g.arrows[0]) if len(g.arrows) == 1 else "two-directed gravity"
            reasons.append(
                (
                    h,
                    False,
                    f"ran along the hexside of {label(starmap, h)} ({name}): "
                    "hexside runs are not entered under these rules",
                )
            )
        return None, reasons
    candidates: list[tuple[int, Hex, Arrow]] = []
    excluded: dict[Hex, list[Arrow]] = {}
    for h, g in gravity:
        side = run.side_of(h)
        for arrow in g.arrows:
            if arrow.direction == side.opposite():
                excluded.setdefault(h, []).append(arrow)
            else:
                candidates.append((rotation(side, arrow.direction), h, arrow))
    hexes_in = list(dict.fromkeys(h for _, h, _ in candidates))
    winner: Hex | None = None
    tie = False
    if len(hexes_in) == 1:
        winner = hexes_in[0]
        arrows = tuple(a for _, _, a in candidates)
    elif hexes_in:
        best = min(d for d, _, _ in candidates)
        closest = list(dict.fromkeys(h for d, h, _ in candidates if d == best))
        tie = len(closest) > 1
        winner = _left_of(starmap, closest, start, tip) if tie else closest[0]
        arrows = tuple(a for d, h, a in candidates if h == winner and d == best)
    pull = None if winner is None else GravityPull(winner, arrows, HEXSIDE)
    for h, _ in gravity:
        where = label(starmap, h)
        lost = excluded.get(h, [])
        opposite = " and ".join(arrow_name(a) for a in lost)
        if pull is not None and h == winner:
            why = f"grazed the hexside of {where}, feeling {hex_gravity_name(pull)}: "
            why += pull_words(starmap, pull)
            if tie:
                why += " (both hexes' arrows are equally close: the hex on the left counts)"
            elif len(hexes_in) == 2:
                why += " (its arrow is the closer to that hexside)"
            if lost:
                why += f"; the side is opposite {opposite}, which does not count"
            reasons.append((h, True, why))
        elif h in hexes_in and winner is not None:
            why = (
                f"grazed the hexside of {where}: the arrow of {label(starmap, winner)} "
                + ("is as close and lies to the left" if tie else "is closer to that hexside")
                + ", so only it counts"
            )
            reasons.append((h, False, why))
        else:
            why = f"grazed the hexside of {where} opposite {opposite}: not affected"
            reasons.append((h, False, why))
    return pull, reasons


def _left_of(starmap: StarMap, hexes: list[Hex], start: Hex, tip: Hex) -> Hex:
    """Of hexes on either side of the course, the one to its left as drawn on the map."""
    layout = starmap.layout
    sx, sy = layout.to_pixel(start)
    ex, ey = layout.to_pixel(tip)

    def cross(h: Hex) -> float:
        hx, hy = layout.to_pixel(h)
        return (ex - sx) * (hy - sy) - (ey - sy) * (hx - sx)

    return min(hexes, key=cross)  # screen y grows downwards: left means negative


def hex_above(
    starmap: StarMap, body_hex: Hex, t0: Fraction, t1: Fraction, start: Hex, tip: Hex
) -> Hex:
    """The hex "above" the part of a body hex a course crosses without touching the disc.

    The course passes between the body and that hex's arrow, so it feels that hex. The
    hex above is the neighbour across the side of the body hex nearest the middle of the
    course's chord through it; a chord exactly between two sides takes the side the
    course came in by.
    """
    layout = starmap.layout
    sx, sy = layout.to_pixel(start)
    ex, ey = layout.to_pixel(tip)
    cx, cy = layout.to_pixel(body_hex)
    tm = float(t0 + t1) / 2.0
    px, py = sx + (ex - sx) * tm - cx, sy + (ey - sy) * tm - cy
    qx, qy = sx + (ex - sx) * float(t0), sy + (ey - sy) * float(t0)

    def key(d: Direction) -> tuple[float, float]:
        nx, ny = layout.to_pixel(body_hex.neighbour(d))
        along = round(px * (nx - cx) + py * (ny - cy), 9)
        return (-along, (nx - qx) ** 2 + (ny - qy) ** 2)

    return body_hex.neighbour(min(Direction, key=key))


def _start_time(step: Step) -> Fraction:
    return step.t0 if isinstance(step, Hexside) else step.t


def collect_pulls(
    starmap: StarMap,
    start: Hex,
    tip: Hex,
    steps: tuple[Step, ...],
    *,
    stop: Fraction | float | None,
    hexside_entered: bool,
    start_hex_gravity: bool,
    consecutive_weak_rule: bool,
    weak_before: bool = False,
    ship: str,
) -> tuple[tuple[GravityPull, ...], list[tuple[Fraction | float, Event]]]:
    """Walk a course in order and gather the pulls for next turn, with explanations.

    ``stop`` is when the course ends early (crash, off the map, forbidden asteroids):
    nothing from that moment on counts. Events come with the time along the course they
    happen, for the caller to merge with its own. ``weak_before``: the run of weak hexes
    carries over from last turn (the start hex was a weak hex entered then).
    """
    pulls: list[GravityPull] = []
    events: list[tuple[Fraction | float, Event]] = []
    live = [s for s in steps if stop is None or _start_time(s) < stop]
    entered = {s.hex for s in live if isinstance(s, Entered)}
    sides = {h for s in live if isinstance(s, Hexside) for h in s.hexes}
    pulled: set[Hex] = set()
    previous_weak = weak_before  # the last hex entered was a weak gravity hex

    def felt(pull: GravityPull, t: Fraction, text: str) -> None:
        pulls.append(pull)
        pulled.add(pull.hex)
        events.append((t, GravityFelt(text, ship, pull.hex, pull.how)))

    for i, step in enumerate(live):
        if isinstance(step, Entered):
            h = step.hex
            pull: GravityPull | None = None
            transparent = False
            body = starmap.body_at(h)
            if body is not None:
                t1 = _start_time(live[i + 1]) if i + 1 < len(live) else Fraction(1)
                if stop is not None and t1 > stop:
                    continue  # the crash happens in this hex
                above = hex_above(starmap, h, step.t, t1, start, tip)
                if above in pulled or above in entered or above == start:
                    transparent = True  # that hex is already counted (or was the start)
                else:
                    pull = entered_pull(starmap, above, ABOVE)
            else:
                pull = entered_pull(starmap, h)
            if transparent:
                continue
            weak = pull is not None and pull.weak
            if pull is not None:
                if weak and previous_weak and consecutive_weak_rule:
                    pull = GravityPull(pull.hex, pull.arrows, pull.how, True)
                where = label(starmap, pull.hex)
                if pull.how == ABOVE:
                    text = (
                        f"{ship} passed between {where} and {body.name if body else 'its body'}"
                        f" (through {label(starmap, h)}, missing the disc), feeling "
                        f"{hex_gravity_name(pull)} at {where}: {pull_words(starmap, pull)}"
                    )
                else:
                    text = (
                        f"{ship} entered {hex_gravity_name(pull)} at {where}: "
                        f"{pull_words(starmap, pull)}"
                    )
                felt(pull, step.t, text)
            previous_weak = weak
        elif isinstance(step, Hexside):
            pull, reasons = hexside_pull(starmap, step, start, tip, hexside_entered)
            if pull is not None and pull.hex not in pulled:
                pulls.append(pull)
                pulled.add(pull.hex)
            for h, applies, why in reasons:
                events.append((step.t0, HexsideGrazed(f"{ship} {why}", ship, h, applies)))
        elif isinstance(step, Vertex):
            for h in step.hexes:
                g = starmap.gravity_at(h)
                if g is None or h in entered or h in sides or h == start:
                    continue
                name = gravity_name(g.arrows[0]) if len(g.arrows) == 1 else "two-directed gravity"
                text = (
                    f"{ship} touched a corner of {label(starmap, h)} ({name}): "
                    "a corner is not entered, no effect"
                )
                events.append((step.t, CornerTouched(text, ship, h)))
    if not steps and start == tip and start_hex_gravity and stop is None:
        pull = entered_pull(starmap, start, AT_REST)
        if pull is not None:
            text = (
                f"{ship} stays at {label(starmap, start)} in {hex_gravity_name(pull)}: "
                f"{pull_words(starmap, pull)}"
            )
            felt(pull, Fraction(0), text)
    return tuple(pulls), events
