"""Gravity for :mod:`core.vector.movement`: the pulls waiting for a ship, and applying them.

:func:`apply_gravity` shifts a vector by the pulls picked up last turn, with the
player's choices for weak and two-directed hexes: a **two-directed hex** needs a pick;
if all its arrows are weak it may instead be ignored; picking the weak arrow of a mixed
hex applies it (:func:`check_choices`). Collecting the pulls a course picks up for the
next turn, with the rulings of hexsides, corners and weak runs, is
:mod:`core.vector.pulls`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from core.board.hexgrid import ZERO, Direction, Hex, HexError, Vector
from core.board.starmap import Arrow, GravityKind, StarMap
from core.engine.events import Event, event
from core.engine.serial import register

ENTERED = "entered"
HEXSIDE = "hexside"
AT_REST = "at rest"
ABOVE = "above"

# How a pull was picked up, as said in "Venus gravity at 1522 (entered last turn) ...".
HOW_SAID = {
    ENTERED: "entered last turn",
    HEXSIDE: "hexside run last turn",
    AT_REST: "at rest there last turn",
    ABOVE: "passed between it and its body last turn",
}


@register
@dataclass(frozen=True)
class GravityPull:
    """One gravity effect waiting to shift the vector on the next move.

    ``arrows`` holds one arrow, or two for a two-directed hex (the player picks one).
    ``how`` is ``"entered"``, ``"hexside"``, ``"at rest"`` or ``"above"`` (passed between
    the hex and its body). ``must_apply`` marks a weak hex entered right after another.
    """

    hex: Hex
    arrows: tuple[Arrow, ...]
    how: str = ENTERED
    must_apply: bool = False

    @property
    def two_directed(self) -> bool:
        return len(self.arrows) >= 2

    @property
    def weak(self) -> bool:
        """Every arrow is weak: the pull may be ignored (unless ``must_apply``)."""
        return all(a.kind is GravityKind.WEAK for a in self.arrows)

    @property
    def optional(self) -> bool:
        return self.weak and not self.must_apply


@register
@dataclass(frozen=True)
class AppliedGravity:
    """One gravity shift applied this turn."""

    hex: Hex
    direction: Direction
    shift: int
    body: str | None
    how: str


class MoveError(ValueError):
    """An order the rules do not allow; the message says why, in players' words."""


class IgnoreError(MoveError):
    """A pull that may not be ignored, or no such pull."""


class PickError(MoveError):
    """A two-directed pull without a valid choice of arrow, or a choice where none is."""


@event
class GravityShifted(Event):
    ship: str
    hex: Hex
    direction: Direction
    shift: int


@event
class GravityIgnored(Event):
    ship: str
    hex: Hex


# ---- words ----


def label(starmap: StarMap, h: Hex) -> str:
    """The printed label of a hex, or its coordinates when it has none (far off map)."""
    try:
        return starmap.bounds.labels.format(h)
    except HexError:
        return f"off-map ({h.q}, {h.r})"


def compass(starmap: StarMap, d: Direction) -> str:
    return d.name_in(starmap.bounds.orientation)


def possessive(name: str) -> str:
    return f"{name}'s"


def gravity_name(arrow: Arrow) -> str:
    """Names such as "Venus gravity", "Luna's weak gravity" or "Sun's double gravity"."""
    kind = {GravityKind.NORMAL: "", GravityKind.WEAK: "weak ", GravityKind.DOUBLE: "double "}
    if arrow.body is None:
        return f"the {kind[arrow.kind]}gravity"
    if arrow.kind is GravityKind.NORMAL:
        return f"{arrow.body} gravity"
    return f"{possessive(arrow.body)} {kind[arrow.kind]}gravity"


def arrow_name(arrow: Arrow) -> str:
    return "the arrow" if arrow.body is None else f"{possessive(arrow.body)} arrow"


def shift_words(starmap: StarMap, arrow: Arrow) -> str:
    n = arrow.kind.shift
    return f"{n} hex{'es' if n > 1 else ''} {compass(starmap, arrow.direction)}"


def pull_words(starmap: StarMap, pull: GravityPull) -> str:
    """What a pull will do next turn, as the end of a sentence."""
    if pull.two_directed:
        choices = ", ".join(f"{a.body or 'arrow'} {shift_words(starmap, a)}" for a in pull.arrows)
        extra = " (both weak: or ignore them)" if pull.optional else ""
        return f"next turn choose one of its two arrows ({choices}){extra}"
    arrow = pull.arrows[0]
    effect = f"it will shift the vector {shift_words(starmap, arrow)} next turn"
    if pull.must_apply:
        return f"{effect} (the second weak hex in a row: it must apply)"
    if pull.optional:
        return f"{effect} unless ignored (weak)"
    return effect


def hex_gravity_name(pull: GravityPull) -> str:
    if pull.two_directed:
        return "two-directed gravity"
    return gravity_name(pull.arrows[0])


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---- applying last turn's pulls ----


def apply_gravity(
    starmap: StarMap,
    pulls: tuple[GravityPull, ...],
    ignore: frozenset[int] = frozenset(),
    picks: tuple[tuple[int, Direction], ...] = (),
    ship: str = "ship",
) -> tuple[Vector, tuple[AppliedGravity, ...], list[Event]]:
    """The shift of last turn's pulls, applied in the order they were picked up.

    ``ignore``: indices of weak pulls the player declines; ``picks``: the arrow chosen
    for each two-directed pull. Raises :class:`IgnoreError` or :class:`PickError`.
    """
    chosen = check_choices(starmap, pulls, ignore, picks)
    shift = ZERO
    applied: list[AppliedGravity] = []
    events: list[Event] = []
    for i, pull in enumerate(pulls):
        where = label(starmap, pull.hex)
        if i in ignore:
            name = gravity_name(pull.arrows[0]) if len(pull.arrows) == 1 else "weak gravity"
            text = f"{cap(name)} at {where} ignored by choice"
            events.append(GravityIgnored(text, ship, pull.hex))
            continue
        arrow = pull.arrows[0]
        if pull.two_directed:
            arrow = next(a for a in pull.arrows if a.direction == chosen[i])
        n = arrow.kind.shift
        shift = shift + Vector.of(arrow.direction, n)
        applied.append(AppliedGravity(pull.hex, arrow.direction, n, arrow.body, pull.how))
        text = (
            f"{cap(gravity_name(arrow))} at {where} ({HOW_SAID.get(pull.how, pull.how)}"
            f"{'; the arrow chosen of two' if pull.two_directed else ''}) shifts "
            f"{possessive(ship)} vector {shift_words(starmap, arrow)}"
        )
        events.append(GravityShifted(text, ship, pull.hex, arrow.direction, n))
    return shift, tuple(applied), events


def check_choices(
    starmap: StarMap,
    pulls: tuple[GravityPull, ...],
    ignore: frozenset[int],
    picks: tuple[tuple[int, Direction], ...],
) -> dict[int, Direction]:
    """The player's picks by pull index, once every ignore and pick is checked."""
    chosen: dict[int, Direction] = {}
    for i, d in picks:
        if not 0 <= i < len(pulls):
            raise PickError(f"there is no gravity pull number {i} to choose an arrow for")
        if chosen.setdefault(i, d) != d:
            raise PickError(f"two different arrows chosen at {label(starmap, pulls[i].hex)}")
    for i in ignore:
        if not 0 <= i < len(pulls):
            raise IgnoreError(f"there is no gravity pull number {i} to ignore")
    for i, pull in enumerate(pulls):
        where = label(starmap, pull.hex)
        name = cap(gravity_name(pull.arrows[0]) if len(pull.arrows) == 1 else "the gravity")
        if i in ignore and not pull.weak:
            raise IgnoreError(f"{name} at {where} is not weak: it cannot be ignored")
        if i in ignore and pull.must_apply:
            raise IgnoreError(
                f"{name} at {where} cannot be ignored: it is the second weak hex entered in a row"
            )
        if not pull.two_directed:
            if i in chosen:
                raise PickError(f"{name} at {where} has one arrow: there is nothing to choose")
            continue
        names = " or ".join(compass(starmap, a.direction) for a in pull.arrows)
        if i in ignore:
            if i in chosen:
                raise PickError(f"choose an arrow at {where} or ignore its weak gravity, not both")
        elif i not in chosen:
            also = " (or ignore them: both are weak)" if pull.optional else ""
            raise PickError(f"choose one of the two arrows at {where}: {names}{also}")
        elif chosen[i] not in {a.direction for a in pull.arrows}:
            bad = compass(starmap, chosen[i])
            raise PickError(f"{bad} is not one of the arrows at {where}: choose {names}")
    return chosen


def gravity_choices(
    pulls: tuple[GravityPull, ...],
) -> Iterator[tuple[frozenset[int], tuple[tuple[int, Direction], ...]]]:
    """Every legal (ignore, picks) pair for these pulls, applying before ignoring."""
    per_pull: list[list[tuple[bool, Direction | None]]] = []
    for pull in pulls:
        ways: list[tuple[bool, Direction | None]] = (
            [(False, a.direction) for a in pull.arrows] if pull.two_directed else [(False, None)]
        )
        if pull.optional:
            ways.append((True, None))
        per_pull.append(ways)
    for combo in product(*per_pull):
        ignore = frozenset(i for i, (skip, _) in enumerate(combo) if skip)
        picks = tuple((i, d) for i, (_, d) in enumerate(combo) if d is not None)
        yield ignore, picks
