"""The engine answers any command with a new state or an IllegalCommand (issue 18 req 7):
random orders from random players, for random ships, with burns and launches that take
ships off the map's edges, never raise anything else."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import active_player, apply, new_game
from core.vector.motion import Motion, Order
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState, Player, Ship

#: a small map with a planet, so ships near every edge and near gravity are tried
SMALL = StarMap(
    "Edges",
    Bounds(8, 8),
    bodies=(Body("Terra", BodyKind.PLANET, Bounds(8, 8).labels.from_offset(4, 4)),),
)
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
SHIP_IDS = ("left", "left", "top", "right", "ghost")
FULL = Fraction(20)


def _game(ruleset: str, speed: int) -> GameState:
    at = SMALL.bounds.labels.from_offset
    unit = "ship" if ruleset == "interplanetary" else "freighter"
    ships = (
        # at the left edge, heading further left: the burn of the report
        Ship("left", "Left", "a", "a", unit, Motion(at(0, 3), Vector(-speed, 0)), FULL),
        Ship("top", "Top", "b", "b", unit, Motion(at(3, 0), Vector(0, -speed)), FULL),
        Ship(
            "right",
            "Right",
            "a",
            "a",
            unit,
            Motion(at(7, 5), Vector(speed, 0)),
            Fraction(0),
        ),
    )
    state, _ = new_game(ruleset, SMALL, PLAYERS, ships, seed=7)
    return state


directions = st.sampled_from(list(Direction))
far = st.integers(-(10**6), 10**6)
#: mostly plain burns (the likeliest to be legal, so games go on), sometimes odd pulls
orders = st.builds(
    Order,
    burn=st.lists(directions, max_size=3).map(tuple),
    ignore=st.sampled_from([frozenset[int]()] * 4 + [frozenset({0}), frozenset({-1, 5})]),
    picks=st.sampled_from([()] * 4 + [((0, Direction.N),), ((-3, Direction.S), (9, Direction.N))]),
)
places = st.sampled_from([None] * 6 + ["Terra", "Nowhere", "", "Port"])
hexes = st.one_of(
    st.none(), st.builds(Hex, far, far), st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9))
)
#: who gives a command: mostly the player whose turn it is, so games get somewhere
who = st.sampled_from(["active", "active", "active", "a", "b", "nobody"])
Step = Callable[[str], Command]
plots: st.SearchStrategy[Step] = st.builds(
    lambda ship, order, land, dock: lambda p: Plot(p, ship, order, land, dock),
    st.sampled_from(SHIP_IDS),
    orders,
    places,
    places,
)
steps: st.SearchStrategy[Step] = st.one_of(
    st.just(EndPhase),
    plots,
    plots,
    plots,
    st.builds(lambda ship, to: lambda p: Launch(p, ship, to), st.sampled_from(SHIP_IDS), hexes),
    st.builds(lambda ship: lambda p: Unplot(p, ship), st.sampled_from(SHIP_IDS)),
)


@pytest.mark.fuzz
@settings(deadline=None)
@given(
    st.sampled_from(["interplanetary", "nplanetary"]),
    st.one_of(st.integers(0, 3), st.integers(4, 12)),
    st.lists(st.lists(st.tuples(who, steps), max_size=4), min_size=1, max_size=12),
)
def test_the_engine_raises_only_illegal_command_for_any_command(
    ruleset: str, speed: int, phases: list[list[tuple[str, Step]]]
) -> None:
    """Each phase: a few random commands, then the player whose turn it is ends it."""
    state = _game(ruleset, speed)
    for script in phases:
        for player, step in [*script, ("active", EndPhase)]:
            if player == "active":
                acting = active_player(state)
                player = acting.id if acting is not None else "a"
            try:
                state, _ = apply(state, step(player))
            except IllegalCommand as refused:
                assert str(refused), "a refusal says why"


edge_cells = st.sampled_from([0, 1, 6, 7])
inner_cells = st.integers(0, 7)


@pytest.mark.fuzz
@settings(deadline=None)
@given(
    st.tuples(edge_cells, inner_cells) | st.tuples(inner_cells, edge_cells),
    st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
    orders,
)
def test_any_burn_from_the_map_edge_is_plotted_moved_or_refused(
    cell: tuple[int, int], velocity: tuple[int, int], order: Order
) -> None:
    """A ship beside an edge, drifting any way, plots any burn and moves: the engine
    answers with events or an IllegalCommand, whatever the course does at the edge."""
    at = SMALL.bounds.labels.from_offset(*cell)
    if SMALL.body_at(at) is not None:
        return
    ship = Ship("edge", "Edge", "a", "a", "ship", Motion(at, Vector(*velocity)), FULL)
    state, _ = new_game("interplanetary", SMALL, PLAYERS, (ship,), seed=3)
    state, _ = apply(state, EndPhase("a"))  # launch, then astrogation
    try:
        state, _ = apply(state, Plot("a", "edge", order))
    except IllegalCommand as refused:
        assert str(refused)
    for _ in range(6):  # the move, then the rest of the round
        try:
            state, _ = apply(
                state, EndPhase(active.id if (active := active_player(state)) else "a")
            )
        except IllegalCommand as refused:
            assert str(refused)


def test_a_burn_past_the_left_edge_is_plotted_with_words_not_a_hex_error() -> None:
    """The issue's report: a burn that ends the course two columns past the left edge
    (a hex with no printed label) raised HexError from the engine."""
    state, _ = apply(_game("interplanetary", 1), EndPhase("a"))
    state, events = apply(state, Plot("a", "left", Order((Direction.SW,))))
    assert [e.text for e in events] == ["Left plots a course to off the map (-2, 4)"]
