"""Every choice of a move: each end point reachable this turn with its cheapest order, the
default order, and the next moves of a coasting object (for the overlay and previews)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import StarMap
from core.vector.course import NO_PASSAGE, Passage
from core.vector.gravity import AT_REST, GravityPull, gravity_choices
from core.vector.motion import INTERPLANETARY, Motion, MovementParams, Order
from core.vector.movement import MoveResult, inertia, move

Burn = tuple[Vector, Fraction, tuple[Direction, ...]]


@lru_cache(maxsize=64)
def burns(costs: tuple[Fraction, ...]) -> tuple[Burn, ...]:
    """Each distinct burn shift with its cheapest burn: (shift, cost, directions)."""
    best: dict[Vector, tuple[Fraction, int, tuple[Direction, ...]]] = {ZERO: (Fraction(0), 0, ())}
    for n, cost in enumerate(costs, start=1):
        for dirs in combinations_with_replacement(Direction, n):
            v = Order(dirs).burn_vector
            if v not in best or (cost, n) < best[v][:2]:
                best[v] = (Fraction(cost), n, dirs)
    return tuple((v, c, dirs) for v, (c, _, dirs) in best.items())


def options(
    starmap: StarMap,
    motion: Motion,
    params: MovementParams = INTERPLANETARY,
    *,
    fuel: Fraction | None = None,
    disabled: bool = False,
    passage: Passage = NO_PASSAGE,
    ignore_bodies: tuple[str, ...] = (),
    name: str = "ship",
) -> list[tuple[Order, MoveResult]]:
    """Every end point reachable this turn, each with its cheapest order and its result.

    Burns are crossed with every choice of the pending weak and two-directed pulls;
    orders reaching the same end point keep the one costing least fuel (then fewest
    burn hexes, then applying gravity rather than ignoring it).
    """
    shifts = burns(params.burn_costs) if not disabled else ((ZERO, Fraction(0), ()),)
    pulls = motion.pulls if params.gravity else ()
    base = inertia(motion)
    best: dict[Hex, tuple[tuple[Fraction, int, int], Order]] = {}
    for ignore, picks in gravity_choices(pulls):
        chosen = dict(picks)
        shift = ZERO
        for i, pull in enumerate(pulls):
            if i not in ignore:
                arrow = next(a for a in pull.arrows if a.direction == chosen.get(i, a.direction))
                shift = shift + Vector.of(arrow.direction, arrow.kind.shift)
        for v, cost, dirs in shifts:
            if fuel is not None and cost > fuel:
                continue
            end = base + shift + v
            key = (cost, len(dirs), len(ignore))
            if end not in best or key < best[end][0]:
                best[end] = (key, Order(dirs, ignore, picks))
    out: list[tuple[Order, MoveResult]] = []
    for _, order in sorted(best.values(), key=lambda kv: kv[0]):
        result = move(
            starmap,
            motion,
            order,
            params,
            passage=passage,
            fuel=fuel,
            disabled=disabled,
            ignore_bodies=ignore_bodies,
            name=name,
        )
        out.append((order, result))
    return out


def default_order(
    pulls: tuple[GravityPull, ...], prefer: str | None = None, *, stay_at_rest: bool = False
) -> Order:
    """Coasting with every weak pull applied and, for two-directed pulls, the arrow of
    ``prefer`` (a body name) when it has one, else the first arrow.

    ``stay_at_rest`` (the ruling switch ``rest_ignores_weak_gravity``): a weak pull felt
    at rest is ignored instead, so a ship parked in a moon's weak ring stays parked.
    """
    picks = []
    ignore = set()
    for i, pull in enumerate(pulls):
        if stay_at_rest and pull.how == AT_REST and pull.optional:
            ignore.add(i)
        elif pull.two_directed:
            arrow = next((a for a in pull.arrows if a.body == prefer), pull.arrows[0])
            picks.append((i, arrow.direction))
    return Order(ignore=frozenset(ignore), picks=tuple(picks))


def coast(
    starmap: StarMap,
    motion: Motion,
    params: MovementParams = INTERPLANETARY,
    turns: int = 1,
    *,
    passage: Passage = NO_PASSAGE,
    prefer: str | None = None,
    name: str = "ship",
    stay_at_rest: bool = False,
) -> list[MoveResult]:
    """The next ``turns`` moves without burning, by :func:`default_order` (all weak
    gravity applied, or at rest ignored with ``stay_at_rest``; the first arrow of
    two-directed pulls, or ``prefer``'s). Stops early with the move that ends the course
    (crash, off the map, forbidden asteroids)."""
    results: list[MoveResult] = []
    for _ in range(turns):
        pulls = motion.pulls if params.gravity else ()
        order = default_order(pulls, prefer, stay_at_rest=stay_at_rest)
        result = move(starmap, motion, order, params, passage=passage, name=name)
        results.append(result)
        if result.stopped:
            break
        motion = result.next
    return results
