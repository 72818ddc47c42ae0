"""The course plotter's view of a ship's turn: every legal end point for one set of
gravity choices, each with the move the engine would make.

The map view shows these before the player commits. Each option is checked by the same
code that checks a plotted order (:func:`core.vector.course_check.check_plan`), so an end point
is offered exactly when the engine would accept it, and its path, fuel, hazards and the
gravity waiting next turn are the engine's own figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Arrow
from core.engine.errors import IllegalCommand
from core.vector.course_check import (
    check_plan,
    coasting_order,
    launch_hexes,
    params_for,
    stays_at_rest,
)
from core.vector.hooks import Threat, hooks_of
from core.vector.map_edge import bounced
from core.vector.motion import Motion, Order
from core.vector.movement import MoveResult
from core.vector.reach import burns, coast
from core.vector.state import GameState, Plan, Ship, ShipStatus


@dataclass(frozen=True)
class GravityChoice:
    """A pull waiting for the ship that the player has a say in.

    ``may_ignore``: a weak pull the pilot may decline; ``arrows`` with two entries: a
    two-directed hex where the pilot picks one.
    """

    index: int
    hex: Hex
    arrows: tuple[Arrow, ...]
    may_ignore: bool

    @property
    def two_directed(self) -> bool:
        return len(self.arrows) >= 2


@dataclass(frozen=True)
class Option:
    """One end point: the order reaching it and what the move would do."""

    order: Order
    result: MoveResult
    weapons: tuple[Threat, ...] = ()
    """Launched weapons this course would meet (the rule system's ``threats`` hook)."""
    bounce: Motion | None = None
    """Where the ship comes back in when this course leaves a map it bounces off."""

    @property
    def tip(self) -> Hex:
        return self.result.tip

    @property
    def fuel(self) -> Fraction:
        return self.result.fuel


@dataclass(frozen=True)
class Preview:
    """A ship's choices this turn for one setting of its gravity choices."""

    ship: str
    start: Hex
    drift: Hex
    """Where the ship ends without burning, with the chosen gravity."""
    choices: tuple[GravityChoice, ...]
    ignore: frozenset[int]
    picks: tuple[tuple[int, Direction], ...]
    options: tuple[Option, ...]
    launch: tuple[Hex, ...] = ()
    """For a landed ship: the hexes it may launch to (it has no other options)."""

    def at(self, tip: Hex) -> Option | None:
        """The option whose vector ends at ``tip``, if any."""
        return next((o for o in self.options if o.tip == tip), None)


def choices_for(ship: Ship) -> tuple[GravityChoice, ...]:
    """The pulls on a ship that the player may ignore or pick an arrow of."""
    return tuple(
        GravityChoice(i, pull.hex, pull.arrows, pull.optional)
        for i, pull in enumerate(ship.motion.pulls)
        if pull.optional or pull.two_directed
    )


def default_choices(
    state: GameState, ship: Ship, plan: Plan | None = None
) -> tuple[frozenset[int], tuple[tuple[int, Direction], ...]]:
    """The choices a preview starts from: the plan's if there is one, else those of a
    ship given no order (:func:`~core.vector.course_check.coasting_order`)."""
    if plan is not None and not plan.launch:
        return plan.order.ignore, plan.order.picks
    order = coasting_order(state, ship)
    return order.ignore, order.picks


def preview(
    state: GameState,
    ship_id: str,
    ignore: frozenset[int] | None = None,
    picks: tuple[tuple[int, Direction], ...] | None = None,
) -> Preview:
    """Every end point the ship may plot this turn with these gravity choices (the
    defaults of :func:`default_choices` when None). Illegal choices give no options."""
    ship = state.ship(ship_id)
    plotted = hooks_of(state).plotted_as(ship)
    lifting = plotted is not ship  # lifting off by a burn: not coasting, which stays put
    if lifting:
        state, ship = state.with_ship(plotted), plotted
    default_ignore, default_picks = default_choices(state, ship, state.plan(ship_id))
    ignore = default_ignore if ignore is None else ignore
    picks = default_picks if picks is None else picks
    start = ship.motion.position
    if ship.status is ShipStatus.LANDED:
        launch = launch_hexes(state, ship)
        return Preview(ship.id, start, start, (), ignore, picks, (), launch)
    options: list[Option] = []
    drift = start
    if ship.status is ShipStatus.ACTIVE:
        params = params_for(state, ship)
        met = hooks_of(state).threats(state, ship) if state.ordnance else _no_threats
        for shift, _cost, dirs in burns(params.burn_costs):
            if lifting and shift == ZERO:
                continue
            order = Order(dirs, ignore, picks)
            try:
                result = check_plan(state, ship, Plan(order))
            except IllegalCommand:
                continue
            bounce = bounced(state, ship, result)
            options.append(Option(order, result, met(result), bounce))
            if shift == ZERO:
                drift = result.tip
    return Preview(ship.id, start, drift, choices_for(ship), ignore, picks, tuple(options))


def _no_threats(result: MoveResult) -> tuple[Threat, ...]:
    return ()


def projection(state: GameState, ship_id: str, turns: int) -> list[MoveResult]:
    """Where the ship drifts over the next ``turns`` turns if it never burns: this
    turn by its plan (or coasting), then coasting as a ship given no order does."""
    ship = state.ship(ship_id)
    if ship.status is not ShipStatus.ACTIVE or turns <= 0:
        return []
    plan = state.plan(ship_id)
    try:
        first = check_plan(state, ship, plan or Plan(coasting_order(state, ship)))
    except IllegalCommand:
        return []
    if first.stopped or turns == 1:
        return [first]
    params = params_for(state, ship)
    passage = hooks_of(state).passage(state, ship)
    rest = coast(
        state.starmap,
        first.next,
        params,
        turns - 1,
        passage=passage,
        prefer=ship.orbit,
        stay_at_rest=stays_at_rest(state),
    )
    return [first, *rest]
