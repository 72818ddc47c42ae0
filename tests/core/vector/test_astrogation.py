"""The movement phase in a game: bases, leaving the map, System III Void's burns, plot."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import (
    Arrow,
    Base,
    BaseKind,
    Bounds,
    GravityKind,
    Leaving,
    LeavingRule,
    Service,
    StarMap,
)
from core.board.tracer import trace
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import apply, current_phase, new_game
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.rules.void.engagement import end_engagement
from core.vector.astrogation import entered_wells
from core.vector.course_check import launch_hexes
from core.vector.gravity import GravityIgnored, GravityPull
from core.vector.motion import Motion, Order
from core.vector.orbit import circling, ring
from core.vector.orders import Launch, Plot
from core.vector.state import GameState, Player, Ship, ShipStatus
from tests.core.ships import landed_ship

SOLO = (Player("a", "Ann", "red"),)
SOLAR = load_map(SOLAR_SYSTEM_MAP)


def start(
    ship: Ship,
    starmap: StarMap = SOLAR,
    ruleset: str = "interplanetary",
    leaving: Leaving | None = None,
) -> GameState:
    state, _ = new_game(ruleset, starmap, SOLO, (ship,), seed=9, leaving=leaving)
    while current_phase(state) not in ("astrogation", "movement"):
        state, _ = apply(state, EndPhase("a"))
    return state


def to_next_move(state: GameState) -> GameState:
    """End phases until ships can be plotted again."""
    state, _ = apply(state, EndPhase("a"))
    while current_phase(state) not in ("astrogation", "movement"):
        state, _ = apply(state, EndPhase("a"))
    return state


def carry_out(state: GameState) -> tuple[GameState, list[Event]]:
    """End phases until the movement phase has been carried out."""
    movement = state.rules.sequence.movement_phase
    events: list[Event] = []
    while current_phase(state) != movement:
        state, more = apply(state, EndPhase("a"))
        events.extend(more)
    state, more = apply(state, EndPhase("a"))
    return state, events + more


def orbiting(body_name: str, at: Hex, fuel: int = 5) -> Ship:
    body = SOLAR.body(body_name)
    assert body is not None
    index = body.centre.direction_to(at)
    assert index is not None
    motion = circling(SOLAR, body, int(index))
    return Ship("s", "Swift", "a", "red", "ship", motion, Fraction(fuel), orbit=body_name)


def test_landing_on_a_planetary_base_from_orbit_burns_one_fuel() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    state = start(orbiting("Mars", port.approach))
    state, _ = apply(state, Plot("a", "s", Order(), land="Mars Port"))
    state, events = apply(state, EndPhase("a"))
    ship = state.ship("s")
    assert ship.status is ShipStatus.LANDED and ship.landed_at == "Mars Port"
    assert ship.fuel == 4
    assert any("burns 1 fuel and lands at Mars Port" in e.text for e in events)


def test_landing_needs_orbit_no_other_burn_and_the_base_on_the_course() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    ship = orbiting("Mars", port.approach)
    with pytest.raises(IllegalCommand, match="must be in orbit"):
        apply(start(Ship(**{**ship.__dict__, "orbit": None})), Plot("a", "s", land="Mars Port"))
    with pytest.raises(IllegalCommand, match="landing takes the turn's burn"):
        apply(start(ship), Plot("a", "s", Order((Direction.N,)), land="Mars Port"))
    mars = SOLAR.body("Mars")
    assert mars is not None
    towards_port = mars.centre.direction_to(port.approach)
    assert towards_port is not None
    opposite = mars.centre.neighbour(towards_port.opposite())  # across the ring
    with pytest.raises(IllegalCommand, match="does not pass"):
        apply(start(orbiting("Mars", opposite)), Plot("a", "s", land="Mars Port"))


def test_docking_with_an_orbital_base_passed_in_orbit() -> None:
    station = SOLAR.base("Mars Station")
    assert station is not None
    state = start(orbiting("Mars", station.hex))
    state, _ = apply(state, Plot("a", "s", dock="Mars Station"))
    state, events = apply(state, EndPhase("a"))
    ship = state.ship("s")
    assert ship.docked_at == "Mars Station" and ship.orbit == "Mars"
    assert any("docks with Mars Station" in e.text for e in events)
    with pytest.raises(IllegalCommand, match="no orbital base called 'Mars Port'"):
        apply(start(orbiting("Mars", station.hex)), Plot("a", "s", dock="Mars Port"))


def test_in_orbit_is_reported_once_the_ship_circles_without_burning() -> None:
    mars = SOLAR.body("Mars")
    assert mars is not None
    state = start(orbiting("Mars", mars.centre.neighbour(Direction.N)))
    events: list[Event] = []
    for _ in range(3):
        state, more = apply(state, EndPhase("a"))
        events.extend(more)
        state = to_next_move(state) if current_phase(state) != "astrogation" else state
    assert state.ship("s").orbit == "Mars"
    assert sum("in orbit around Mars" in e.text for e in events) >= 2


def test_asteroid_base_is_reached_by_stopping_in_its_hex() -> None:
    rock = Hex(5, 3)
    m = StarMap(
        "Belt",
        Bounds(12, 12),
        asteroids=frozenset({rock}),
        bases=(Base("Outpost", BaseKind.ASTEROID, rock),),
    )
    moving = Ship("s", "Swift", "a", "red", "ship", Motion(rock, Vector(1, 0)), Fraction(3))
    state = start(moving, m)
    state, _ = apply(state, Plot("a", "s", Order((Direction.NW,))))  # brake to a stop
    state, events = apply(state, EndPhase("a"))
    assert state.ship("s").docked_at == "Outpost"
    assert any("stops at Outpost and docks" in e.text for e in events)


def test_leaving_the_map_can_return_the_ship_at_rest_after_penalty_turns() -> None:
    m = StarMap("Small", Bounds(8, 8))
    edge = m.bounds.labels.from_offset(7, 4)
    ship = Ship("s", "Swift", "a", "red", "ship", Motion(edge, Vector(1, 0)), Fraction(3))
    state = start(ship, m, leaving=Leaving(LeavingRule.RETURNS, 2))
    state, events = apply(state, EndPhase("a"))
    assert state.ship("s").status is ShipStatus.OFF_MAP
    assert any(
        "will return at rest to 0805, where it left, after 2 turns" in e.text for e in events
    )
    state = to_next_move(state)  # round 2 begins: one turn served
    assert state.ship("s").status is ShipStatus.OFF_MAP
    state = to_next_move(state)  # round 3: back
    back = state.ship("s")
    assert back.status is ShipStatus.ACTIVE and back.motion.velocity == ZERO
    assert m.bounds.contains(back.motion.position)


@pytest.mark.parametrize(
    ("at", "v"),
    [
        ((7, 4), Vector(1, 0)),
        ((0, 0), Vector(-1, 0)),
        ((5, 0), Vector(1, -3)),
        ((7, 7), Vector(2, 1)),
        ((2, 6), Vector(-2, 3)),
        ((4, 1), Vector(0, -3)),
    ],
)
def test_leaving_the_map_returns_the_ship_at_rest_where_its_course_left_the_map(at, v) -> None:
    m = StarMap("Small", Bounds(8, 8))
    start_hex = m.bounds.labels.from_offset(*at)
    course = list(trace(start_hex, start_hex + v).entered)
    exit_hex = [start_hex, *course][
        next(i for i, h in enumerate(course) if not m.bounds.contains(h))
    ]
    ship = Ship("s", "Swift", "a", "red", "ship", Motion(start_hex, v), Fraction(3))
    state = start(ship, m, leaving=Leaving(LeavingRule.RETURNS, 1))
    state, _ = apply(state, EndPhase("a"))
    assert state.ship("s").status is ShipStatus.OFF_MAP
    state = to_next_move(state)
    back = state.ship("s")
    assert back.status is ShipStatus.ACTIVE
    assert back.motion == Motion(exit_hex, ZERO)


def test_bouncing_off_the_map_edge_keeps_the_ship_in_play_moving_back() -> None:
    m = StarMap("Small", Bounds(8, 8))
    edge = m.bounds.labels.from_offset(7, 4)
    ship = Ship("s", "Swift", "a", "red", "ship", Motion(edge, Vector(1, 0)), Fraction(3))
    state = start(ship, m, leaving=Leaving(LeavingRule.BOUNCES))
    state, events = apply(state, EndPhase("a"))
    bounced = state.ship("s")
    assert bounced.status is ShipStatus.ACTIVE
    assert m.bounds.contains(bounced.motion.position)
    x_before = m.layout.to_pixel(Hex(*Vector(1, 0)))[0]
    x_after = m.layout.to_pixel(Hex(*bounced.motion.velocity))[0]
    assert x_before > 0 > x_after  # heading back into the map
    assert any("bounces off the edge" in e.text for e in events)


OPEN = StarMap("Open", Bounds(30, 30))
SOUTH = OPEN.bounds.labels.from_offset(15, 27)  # room to fly north for a few turns


def void_ship(unit: str, fuel: int = 10) -> Ship:
    return Ship("s", "Rocinante", "a", "red", unit, Motion(SOUTH, ZERO), Fraction(fuel))


def test_system3void_high_acceleration_forbids_another_the_next_turn() -> None:
    state = start(void_ship("transport"), OPEN, "system3void-strategic")
    state, _ = apply(state, Plot("a", "s", Order((Direction.N, Direction.N))))
    state, _ = carry_out(state)
    ship = state.ship("s")
    assert ship.fuel == 9 and ship.juiced and ship.cooldown == 1
    state = to_next_move(state)
    with pytest.raises(IllegalCommand, match="no high-acceleration burn for 1 more turn"):
        apply(state, Plot("a", "s", Order((Direction.S, Direction.S))))
    state, _ = apply(state, Plot("a", "s", Order((Direction.S,))))  # half a fuel
    state, _ = carry_out(state)
    assert state.ship("s").fuel == Fraction(17, 2)
    assert state.ship("s").cooldown == 0


def test_system3void_very_high_acceleration_is_for_6g_ships_and_rests_the_crew_3_turns() -> None:
    with pytest.raises(IllegalCommand):
        state = start(void_ship("transport"), OPEN, "system3void-strategic")
        apply(state, Plot("a", "s", Order((Direction.N,) * 3)))
    state = start(void_ship("frigate-bastet"), OPEN, "system3void-strategic")
    state, _ = apply(state, Plot("a", "s", Order((Direction.N,) * 3)))
    state, _ = carry_out(state)
    assert state.ship("s").fuel == Fraction(17, 2) and state.ship("s").cooldown == 3
    for remaining in (2, 1):
        state = to_next_move(state)
        with pytest.raises(IllegalCommand, match="high-acceleration"):
            apply(state, Plot("a", "s", Order((Direction.S, Direction.S))))
        state, _ = carry_out(state)
        assert state.ship("s").cooldown == remaining
    state = to_next_move(state)
    state, _ = carry_out(state)
    state = to_next_move(state)
    apply(state, Plot("a", "s", Order((Direction.S, Direction.S))))  # allowed again


def test_tactical_burns_are_free_and_the_engagement_costs_one_fuel_at_the_end() -> None:
    state = start(void_ship("frigate-bastet"), OPEN, "system3void-tactical")
    state, _ = apply(state, Plot("a", "s", Order((Direction.N, Direction.N))))
    state, _ = carry_out(state)
    assert state.ship("s").fuel == 10
    state, events = end_engagement(state)
    assert state.ship("s").fuel == 9
    assert [e.text for e in events] == ["Rocinante pays 1 fuel for the engagement"]


def test_plot_command_lists_every_option_and_refuses_bad_files(tmp_path: Path) -> None:
    example = Path(__file__).parents[3] / "docs" / "examples" / "plot-earth-orbit.toml"
    good = subprocess.run(
        [sys.executable, "-m", "core", "plot", str(example)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0, good.stderr
    rows = [line for line in good.stdout.splitlines() if line[:3].strip().isdigit()]
    assert len(rows) == 7
    assert "CRASH into Earth" in good.stdout and "Coasting 4 turns" in good.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(example.read_text().replace('at = "0620"', 'at = "99x"'))
    result = subprocess.run(
        [sys.executable, "-m", "core", "plot", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "should be 4 digits" in result.stderr


def test_an_unplotted_ship_coasts_taking_default_gravity_choices() -> None:
    """Earth's and Luna's rings overlap at 0418: a ship there must pick an arrow, and
    one that nobody plotted still moves, taking the first arrow and every weak pull."""
    labels = SOLAR.bounds.labels
    came_from, at = labels.parse("0419"), labels.parse("0418")
    arrived = start(
        Ship("s", "Swift", "a", "red", "ship", Motion(came_from, came_from.to(at)), Fraction(5))
    )
    state, _ = carry_out(arrived)  # moves into 0418 and collects its two-directed pull
    pulls = state.ship("s").motion.pulls
    assert pulls and pulls[-1].two_directed
    state = to_next_move(state)
    with pytest.raises(IllegalCommand, match="choose one of the two arrows"):
        apply(state, Plot("a", "s", Order()))
    assert state.ship("s").orbit == "Earth"
    state, events = carry_out(state)  # nobody plots: it coasts with the default choice
    assert state.ship("s").status is ShipStatus.ACTIVE
    # In orbit round Earth, the default keeps to Earth's arrow rather than Luna's.
    assert any("Earth gravity at 0418" in e.text and "1 hex SE" in e.text for e in events)


def test_landing_needs_one_fuel() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    with pytest.raises(IllegalCommand, match="needs 1 fuel to land and has 0"):
        apply(start(orbiting("Mars", port.approach, fuel=0)), Plot("a", "s", land="Mars Port"))


def test_a_launch_is_the_turn_s_move_and_needs_a_base_that_launches() -> None:
    from core.vector.orders import Launch

    port = SOLAR.base("Mars Port")
    assert port is not None
    landed = landed_ship(port, "s", "Swift")
    state, _ = apply(start(landed), Launch("a", "s"))
    with pytest.raises(IllegalCommand, match="the launch is this turn's move"):
        apply(state, Plot("a", "s", Order((Direction.N,))))
    station = SOLAR.base("Mars Station")  # an orbital base: no boosters to launch with
    assert station is not None
    stuck = landed_ship(station, "t", "Stuck")
    with pytest.raises(IllegalCommand, match="not landed at a base it can launch from"):
        apply(start(stuck), Launch("a", "t"))


def test_games_without_an_asteroid_hazard_roll_nothing() -> None:
    rocks = frozenset(Hex(q, 5) for q in range(6, 12))
    m = StarMap("Belt", Bounds(20, 20), asteroids=rocks)
    fast = Ship("s", "Swift", "a", "red", "frigate", Motion(Hex(4, 5), Vector(3, 0)), Fraction(15))
    state, events = carry_out(start(fast, m, "nplanetary"))
    assert state.ship("s").motion.position == Hex(7, 5)
    assert not any(isinstance(e, Rolled) for e in events)
    state, events = carry_out(start(replace(fast, unit="ship"), m, "interplanetary"))
    assert any(isinstance(e, Rolled) for e in events)


def on_earth(fuel: int = 10) -> Ship:
    """A ship a scenario put on Earth itself, where no base is (Training's start)."""
    earth, port = SOLAR.body("Earth"), SOLAR.base("Earth Port")
    assert earth is not None and port is not None
    return replace(
        landed_ship(port, fuel=fuel), motion=Motion(earth.centre, ZERO), landed_at="Earth"
    )


def test_a_ship_on_a_planet_without_a_base_launches_to_any_hex_of_its_gravity_ring() -> None:
    earth = SOLAR.body("Earth")
    assert earth is not None
    state = start(on_earth())
    hexes = launch_hexes(state, state.ship("s"))
    assert set(hexes) == set(ring(SOLAR, earth)) and len(hexes) == 6
    labels = SOLAR.bounds.labels
    with pytest.raises(IllegalCommand, match="choose the hex Swift launches to: one of"):
        apply(state, Launch("a", "s"))
    with pytest.raises(IllegalCommand, match="cannot launch to 0821: from Earth it can reach"):
        apply(state, Launch("a", "s", labels.parse("0821")))
    state, events = apply(state, Launch("a", "s", labels.parse("0418")))
    assert events[0].text == "Swift will launch to 0418"
    state, events = carry_out(state)
    ship = state.ship("s")
    assert ship.status is ShipStatus.ACTIVE and ship.landed_at is None and ship.fuel == 10
    assert ship.motion.position == labels.parse("0418") and ship.motion.velocity == ZERO
    # At rest there, it feels both of the hex's arrows (Earth's and Luna's) next turn.
    assert [a.body for p in ship.motion.pulls for a in p.arrows] == ["Earth", "Luna"]
    assert any("launches from Earth with ground boosters" in e.text for e in events)
    assert ship.wells == ("Earth", "Luna")


def test_a_ship_landed_at_a_planetary_base_launches_only_above_the_base() -> None:
    port = SOLAR.base("Earth Port")
    assert port is not None
    state = start(landed_ship(port))
    assert launch_hexes(state, state.ship("s")) == (port.approach,)
    assert launch_hexes(state, replace(state.ship("s"), status=ShipStatus.ACTIVE)) == ()


def test_entering_a_weak_gravity_hex_counts_as_a_visit_even_if_its_arrow_is_ignored() -> None:
    labels = SOLAR.bounds.labels
    here, there = labels.parse("0218"), labels.parse("0316")
    passing = Ship("s", "Swift", "a", "red", "ship", Motion(here, here.to(there)), Fraction(5))
    state, _ = carry_out(start(passing))  # through 0317, Luna's weak gravity
    assert state.ship("s").wells == ("Luna",)
    state = to_next_move(state)
    state, _ = apply(state, Plot("a", "s", Order(ignore=frozenset({0}))))
    state, events = carry_out(state)
    assert any(isinstance(e, GravityIgnored) for e in events)
    assert state.ship("s").motion.pulls == () and state.ship("s").wells == ("Luna",)


def test_the_wells_a_ship_enters_are_listed_in_order_without_repeats() -> None:
    def pull(*bodies: str | None) -> GravityPull:
        return GravityPull(
            Hex(0, 0), tuple(Arrow(Direction.N, GravityKind.NORMAL, b) for b in bodies)
        )

    pulls = (pull("Earth"), pull("Earth", "Luna"), pull(None), pull("Luna"), pull("Earth"))
    assert entered_wells(("Venus",), pulls) == ("Venus", "Earth", "Luna", "Earth")
    # nothing new entered: the very same tuple, so its cached canonical text is reused
    wells = ("Venus", "Earth")
    assert entered_wells(wells, (pull(None), pull("Earth"))) is wells


def test_any_number_of_ships_may_share_a_hex() -> None:
    m = StarMap("Open", Bounds(20, 20))
    here = Hex(5, 5)
    ships = tuple(
        Ship(f"s{i}", f"Swift {i}", "a", "red", "ship", Motion(here, Vector(1, 0)), Fraction(5))
        for i in range(4)
    )
    state, _ = new_game("interplanetary", m, SOLO, ships, seed=9)
    state, _ = carry_out(state)
    assert {s.motion.position for s in state.ships} == {Hex(6, 5)}
    assert all(s.status is ShipStatus.ACTIVE for s in state.ships)


def test_a_ship_docked_at_an_orbital_base_stays_docked_as_it_circles_on() -> None:
    station = SOLAR.base("Mars Station")
    assert station is not None
    state = start(orbiting("Mars", station.hex))
    state, _ = apply(state, Plot("a", "s", dock="Mars Station"))
    state, _ = apply(state, EndPhase("a"))
    for _ in range(3):  # coasting round Mars, turn after turn
        state, _ = carry_out(to_next_move(state))
        ship = state.ship("s")
        assert ship.orbit == "Mars" and ship.docked_at == "Mars Station"
    state = to_next_move(state)
    state, _ = apply(state, Plot("a", "s", Order((Direction.N,))))
    state, _ = carry_out(state)  # a burn out of orbit undocks it
    assert state.ship("s").docked_at is None


def test_a_planetary_base_without_planetside_launch_cannot_launch_a_ship() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    bare = replace(port, services=port.services - {Service.PLANETSIDE_LAUNCH})
    starmap = replace(SOLAR, bases=tuple(bare if b is port else b for b in SOLAR.bases))
    state = start(landed_ship(bare), starmap)
    assert launch_hexes(state, state.ship("s")) == ()
    with pytest.raises(IllegalCommand, match="not landed at a base it can launch from"):
        apply(state, Launch("a", "s"))
