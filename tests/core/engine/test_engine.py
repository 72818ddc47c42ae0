"""The engine: turn order, phases, plans, determinism, replay, dice, illegal commands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.dice import Dice, Rolled
from core.engine.errors import IllegalCommand, NotYourTurn, UnknownShip, WrongPhase
from core.engine.events import Event
from core.engine.play import active_player, apply, current_phase, new_game, waiting_for
from core.engine.serial import from_data, to_data
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.vector.motion import Motion, Order
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState, Player, Ship, ShipStatus, state_hash
from tests.core.ships import landed_ship

OPEN = StarMap("Open space", Bounds(30, 30))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"), Player("c", "Cy", "green"))


def ship(
    sid: str, owner: str, at: Hex, v: Vector = ZERO, fuel: int = 10, unit: str = "ship"
) -> Ship:
    return Ship(sid, sid.title(), owner, owner, unit, Motion(at, v), Fraction(fuel))


def game(ruleset: str = "interplanetary", ships: tuple[Ship, ...] = (), seed: int = 1) -> GameState:
    centre = OPEN.bounds.labels.from_offset(15, 15)
    ships = ships or (
        ship("alpha", "a", centre),
        ship("beta", "b", centre + Vector(2, 0)),
        ship("gamma", "c", centre + Vector(-2, 0)),
    )
    state, _ = new_game(ruleset, OPEN, PLAYERS, ships, seed=seed)
    return state


def end_turn(state: GameState, player: str) -> GameState:
    """End every phase of one player's turn (rotating order)."""
    for _ in range(4):
        state, _ = apply(state, EndPhase(player))
    return state


def test_interplanetary_round_runs_the_four_phases_for_each_player_in_turn() -> None:
    state = game()
    seen = []
    for _ in range(12):
        player = active_player(state)
        assert player is not None
        seen.append((player.id, current_phase(state)))
        state, _ = apply(state, EndPhase(player.id))
    phases = ["launch", "astrogation", "guns", "resupply"]
    assert seen == [(p, ph) for p in "abc" for ph in phases]
    assert state.round == 2


def test_first_player_rotates_every_round() -> None:
    state = game()
    order = []
    for _ in range(3):
        round_order = []
        for _ in range(3):
            player = active_player(state)
            assert player is not None
            round_order.append(player.id)
            state = end_turn(state, player.id)
        order.append(round_order)
    # The first player of one round is the last of the next.
    assert order == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]


def test_round_began_names_the_new_first_player() -> None:
    state = game()
    events: list[Event] = []
    for p in "abc":
        for _ in range(4):
            state, more = apply(state, EndPhase(p))
            events.extend(more)
    assert any(e.text == "Round 2 begins: Bob is first player" for e in events)


def test_only_the_active_player_may_act() -> None:
    state = game()
    with pytest.raises(NotYourTurn, match="waiting for Ann"):
        apply(state, EndPhase("b"))


def test_ships_are_plotted_only_in_the_astrogation_phase() -> None:
    state = game()
    with pytest.raises(WrongPhase, match="astrogation phase, not the launch phase"):
        apply(state, Plot("a", "alpha"))


def test_a_player_commands_only_their_own_ships() -> None:
    state, _ = apply(game(), EndPhase("a"))
    with pytest.raises(UnknownShip, match="Beta is not yours"):
        apply(state, Plot("a", "beta"))
    with pytest.raises(UnknownShip, match="no ship 'delta'"):
        apply(state, Plot("a", "delta"))


def test_plotted_move_happens_when_the_phase_ends_and_can_be_taken_back() -> None:
    state, _ = apply(game(), EndPhase("a"))
    start = state.ship("alpha").motion.position
    state, events = apply(state, Plot("a", "alpha", Order((Direction.N,))))
    assert state.ship("alpha").motion.position == start  # not yet moved
    assert "plots a course" in events[0].text
    state, _ = apply(state, Unplot("a", "alpha"))
    assert state.plan("alpha") is None
    state, _ = apply(state, Plot("a", "alpha", Order((Direction.N,))))
    state, events = apply(state, EndPhase("a"))
    moved = state.ship("alpha")
    assert moved.motion.position == start.neighbour(Direction.N)
    assert moved.fuel == 9
    assert state.plans == ()
    assert any("alpha" in e.text.lower() for e in events)


def test_unplotted_ships_coast_on_their_vector() -> None:
    centre = OPEN.bounds.labels.from_offset(10, 10)
    state = game(ships=(ship("alpha", "a", centre, Vector(1, 0)),))
    state, _ = apply(state, EndPhase("a"))
    state, _ = apply(state, EndPhase("a"))
    assert state.ship("alpha").motion.position == centre + Vector(1, 0)


def test_illegal_plot_is_refused_at_once_with_the_reason() -> None:
    state, _ = apply(game(ships=(ship("alpha", "a", Hex(15, 8), fuel=0),)), EndPhase("a"))
    with pytest.raises(IllegalCommand, match="fuel"):
        apply(state, Plot("a", "alpha", Order((Direction.N,))))
    with pytest.raises(IllegalCommand):
        apply(state, Plot("a", "alpha", Order((Direction.N, Direction.N))))


def test_nplanetary_orders_are_sealed_and_resolved_together() -> None:
    state = game(
        "nplanetary",
        ships=(
            ship("alpha", "a", Hex(10, 5), fuel=15, unit="frigate"),
            ship("beta", "b", Hex(14, 5), fuel=15, unit="frigate"),
            ship("gamma", "c", Hex(24, 20), fuel=15, unit="frigate"),
        ),
    )
    assert active_player(state) is None
    while current_phase(state) != "movement":
        for p in "abc":
            state, _ = apply(state, EndPhase(p))
    state, _ = apply(state, Plot("b", "beta", Order((Direction.S,))))
    state, _ = apply(state, EndPhase("b"))
    with pytest.raises(NotYourTurn):
        apply(state, Plot("b", "beta", Order()))  # b has ended the phase
    state, _ = apply(state, Plot("a", "alpha", Order((Direction.N, Direction.N))))
    assert state.ship("beta").motion.position == Hex(14, 5)  # nothing moves before all are in
    state, _ = apply(state, EndPhase("a"))
    assert {p.id for p in waiting_for(state)} == {"c"}
    state, _ = apply(state, EndPhase("c"))
    assert state.ship("alpha").motion.position == Hex(10, 3)
    assert state.ship("alpha").fuel == 15 - 4  # a military two-hex burn costs 4
    assert state.ship("beta").motion.position == Hex(10, 5).neighbour(Direction.S) + Vector(4, 0)


def test_launch_from_a_planetary_base_is_free_and_leaves_the_ship_at_rest_above_it() -> None:
    m = load_map(SOLAR_SYSTEM_MAP)
    port = m.base("Earth Port")
    assert port is not None
    landed = landed_ship(port, "s", "Swift")
    state, _ = new_game("interplanetary", m, PLAYERS[:1], (landed,), seed=3)
    state, _ = apply(state, EndPhase("a"))
    with pytest.raises(IllegalCommand, match="landed: launch it first"):
        apply(state, Plot("a", "s", Order((Direction.N,))))
    state, _ = apply(state, Launch("a", "s"))
    state, events = apply(state, EndPhase("a"))
    s = state.ship("s")
    assert s.status is ShipStatus.ACTIVE and s.fuel == 5
    assert s.motion.position == port.approach and s.motion.velocity == ZERO
    assert any("launches from Earth Port" in e.text for e in events)
    # Without a burn next turn it falls back onto Earth.
    for _ in range(3):  # guns, resupply, then the next round's launch phase
        state, _ = apply(state, EndPhase("a"))
    assert current_phase(state) == "astrogation"
    state, events = apply(state, EndPhase("a"))  # coasts
    assert state.ship("s").status is ShipStatus.DESTROYED
    assert any("crashes into Earth" in e.text for e in events)
    assert state.over  # its only ship is gone


def test_crash_destroys_the_ship_and_says_where() -> None:
    rock = Body("Rock", BodyKind.PLANET, Hex(10, 5))
    m = StarMap("One planet", Bounds(20, 20), bodies=(rock,))
    alpha = ship("alpha", "a", Hex(6, 5), Vector(2, 0))
    state, _ = new_game("interplanetary", m, PLAYERS[:1], (alpha,), seed=1)
    events: list[Event] = []
    for _ in range(6):  # two rounds of launch, astrogation, guns, resupply (one player)
        state, more = apply(state, EndPhase("a"))
        events.extend(more)
    assert state.ship("alpha").status is ShipStatus.DESTROYED
    assert any("crashes into Rock" in e.text for e in events)


def test_leaving_the_map_eliminates_the_ship() -> None:
    state = game(ships=(ship("alpha", "a", Hex(28, -13), Vector(3, 0)),))
    state, _ = apply(state, EndPhase("a"))
    state, events = apply(state, EndPhase("a"))
    assert state.ship("alpha").status is ShipStatus.OFF_MAP
    assert any("out of the game" in e.text for e in events)


def test_dice_rolls_are_events_with_reason_and_modifiers() -> None:
    dice, rolled = Dice(5).roll("Asteroid hazard", modifiers=(("speed 3", 1),))
    assert isinstance(rolled, Rolled)
    assert rolled.why == "Asteroid hazard" and rolled.modifiers == (("speed 3", 1),)
    assert rolled.total == rolled.dice[0] + 1
    assert "Asteroid hazard: rolled" in rolled.text and "(speed 3)" in rolled.text
    assert dice.rolled == 1
    again = Dice(5).roll("Asteroid hazard", modifiers=(("speed 3", 1),))[1]
    assert again == rolled


def test_dice_are_fair_enough() -> None:
    dice, counts = Dice(11), [0] * 6
    for _ in range(6000):
        dice, value = dice.die()
        counts[value - 1] += 1
    assert all(900 < c < 1100 for c in counts)


def test_state_round_trips_through_plain_data() -> None:
    state = game()
    state, _ = apply(state, EndPhase("a"))
    state, _ = apply(state, Plot("a", "alpha", Order((Direction.NE,))))
    again = from_data(to_data(state))
    assert again == state
    assert state_hash(again) == state_hash(state)


commands = st.lists(
    st.tuples(st.sampled_from(["end", "plot", "unplot"]), st.sampled_from(list(Direction))),
    max_size=40,
)


def play(seed: int, script: list[tuple[str, Direction]]) -> tuple[GameState, list[str]]:
    state = game(seed=seed)
    log: list[Command] = []
    for what, d in script:
        player = active_player(state)
        assert player is not None
        mine = next(s.id for s in state.ships if s.owner == player.id)
        cmd: Command
        if what == "end":
            cmd = EndPhase(player.id)
        elif what == "plot":
            cmd = Plot(player.id, mine, Order((d,)))
        else:
            cmd = Unplot(player.id, mine)
        try:
            state, _ = apply(state, cmd)
        except IllegalCommand:
            continue
        log.append(cmd)
    replayed = game(seed=seed)
    for cmd in log:
        replayed, _ = apply(replayed, cmd)
    assert state_hash(replayed) == state_hash(state)
    return state, [state_hash(state)]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), commands)
def test_same_seed_and_commands_give_the_same_hash_and_replays_match(
    seed: int, script: list[tuple[str, Direction]]
) -> None:
    first, h1 = play(seed, script)
    second, h2 = play(seed, script)
    assert h1 == h2
    assert first == second


def test_the_engine_reads_no_disk_clock_or_global_random(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once a game exists, playing it touches nothing outside the state."""
    import random
    import time

    import core.files.rulesets
    import core.files.tomlio

    state = game(seed=4)

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine reached outside the game state")

    monkeypatch.setattr(core.files.tomlio, "read_toml", forbidden)
    monkeypatch.setattr(core.files.rulesets, "load_ruleset", forbidden)
    for name in ("time", "monotonic", "perf_counter"):
        monkeypatch.setattr(time, name, forbidden)
    for name in ("random", "randint", "choice"):
        monkeypatch.setattr(random, name, forbidden)
    for player in "abc":
        state, _ = apply(state, EndPhase(player))
        state, _ = apply(
            state,
            Plot(
                player, next(s.id for s in state.ships if s.owner == player), Order((Direction.S,))
            ),
        )
        for _ in range(3):
            state, _ = apply(state, EndPhase(player))
    assert state.round == 2
    assert all(s.motion.velocity == Vector.of(Direction.S) for s in state.ships)


def test_the_first_player_is_rolled_for_highest_die_wins_and_ties_roll_again() -> None:
    """Start of play: each player rolls a die; the highest goes first (seed 10 has a tie)."""
    state, events = new_game("interplanetary", OPEN, PLAYERS, (), seed=10, first=None)
    assert [e.text for e in events] == [
        "Ann rolls for first player: rolled 1",
        "Bob rolls for first player: rolled 3",
        "Cy rolls for first player: rolled 3",
        "Bob and Cy tie on 3 and roll again",
        "Bob rolls for first player: rolled 2",
        "Cy rolls for first player: rolled 5",
        "Cy rolled highest (5) and is first player",
        "Round 1 begins: Cy is first player",
        "Cy's launch phase",
    ]
    assert state.first == 2 and state.dice.rolled == 5
    again, _ = new_game("interplanetary", OPEN, PLAYERS, (), seed=10, first=None)
    assert again == state  # the game's own seeded dice: the same seed, the same roll


def test_no_roll_for_first_player_alone_or_when_orders_are_simultaneous() -> None:
    state, events = new_game("interplanetary", OPEN, PLAYERS[:1], (), seed=10, first=None)
    assert state.dice.rolled == 0 and not any(isinstance(e, Rolled) for e in events)
    state, events = new_game("nplanetary", OPEN, PLAYERS, (), seed=10, first=None)
    assert state.dice.rolled == 0 and not any(isinstance(e, Rolled) for e in events)
