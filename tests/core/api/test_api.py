"""The public Python API (core.api): each builder makes the position it is asked for,
the moves play through the engine, the readers report the engine's state, and a
scenario's first round can be played with core.api's names alone."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import grimp
import pytest

import core.api as api
from core.api import (
    BaseKind,
    Direction,
    EndPhase,
    FileProblems,
    GameState,
    Hex,
    IllegalCommand,
    Order,
    Plot,
    Service,
    SetupError,
    ShipStatus,
    Vector,
    advance_to,
    base,
    body,
    build_map,
    end_phase,
    events_text,
    fire,
    hex_at,
    label,
    loaded,
    missile,
    new_game,
    odds,
    play,
    plot,
    position,
    ship,
    where,
)
from core.engine.serial import to_data
from core.files.mapfile import load_map
from core.vector.state import state_hash

TERRA = build_map(
    20,
    20,
    name="Terra",
    bodies=[body("Terra", "1010")],
    bases=[
        base("Terra Port", "1010", "planetary", side="N"),
        base("High Terra", "1110", "orbital"),
        base("Rock", "1505", "asteroid"),
    ],
    asteroids=["1504", "1505", "1604"],
)
SPACE = api.open_space(20, 20)

TERRA_TOML = """\
format = "ecliptic-map"
version = 1
name = "Terra"

[grid]
width = 20
height = 20

[[bodies]]
name = "Terra"
kind = "planet"
hex = "1010"

[asteroids]
hexes = ["1504", "1505", "1604"]

[[bases]]
name = "Terra Port"
kind = "planetary"
hex = "1010"
side = "N"

[[bases]]
name = "High Terra"
kind = "orbital"
hex = "1110"

[[bases]]
name = "Rock"
kind = "asteroid"
hex = "1505"
"""


def duel() -> GameState:
    """Ann's armed Alpha and Bob's armed Beta two hexes apart in open space."""
    state, _ = new_game(
        map=SPACE,
        players=["Ann", "Bob"],
        ships=[
            ship("alpha", "0505", owner="Ann", guns=["artillery"], launchers=["missile"]),
            ship("beta", "0705", owner="Bob", guns=["artillery"]),
        ],
    )
    return state


# ---- maps ----


def test_build_map_reads_labels_for_bodies_bases_and_asteroids() -> None:
    labels = TERRA.bounds.labels
    terra = TERRA.body("Terra")
    assert terra is not None and terra.centre == labels.parse("1010")
    assert {label(TERRA, h) for h in TERRA.gravity} == {
        "0910",
        "0911",
        "1009",
        "1011",
        "1110",
        "1111",
    }
    assert label(TERRA, TERRA.base("Terra Port").approach) == "1009"  # type: ignore[union-attr]
    assert TERRA.asteroids == frozenset(labels.parse(h) for h in ("1504", "1505", "1604"))


def test_a_map_built_through_the_api_equals_the_same_map_read_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "terra.toml"
    path.write_text(TERRA_TOML, encoding="utf-8")
    read = load_map(path)
    assert read == TERRA
    for name in ("Terra Port", "High Terra", "Rock"):
        assert TERRA.base(name) == read.base(name)
    assert api.load_map(path) == read


def test_a_base_built_in_code_offers_its_kinds_default_services() -> None:
    high = TERRA.base("High Terra")
    assert high is not None
    assert high.services == {Service.REFUEL, Service.REFIT, Service.ORBITAL_REPAIR}
    assert high.services == api.DEFAULT_SERVICES[BaseKind.ORBITAL]
    listed = build_map(
        20, 20, bodies=[body("Terra", "1010")], bases=[base("Dry", "1110", services=["refit"])]
    )
    assert listed.bases[0].services == {Service.REFIT}


def test_build_map_checks_the_map_as_a_map_file_is_checked() -> None:
    with pytest.raises(FileProblems, match="'Lost' must sit on a gravity hex; 0303"):
        build_map(20, 20, bases=[base("Lost", "0303")])
    odd = build_map(20, 20, bases=[base("Lost", "0303")], check=False)
    assert odd.base("Lost") is not None


def test_build_map_reads_directions_in_the_maps_orientation() -> None:
    pointy = build_map(
        12,
        12,
        orientation="pointy",
        bodies=[body("Terra", "0606")],
        bases=[base("Port", "0606", "planetary", side="E")],
    )
    port = pointy.base("Port")
    assert port is not None and port.side is Direction.SE  # "E" on a pointy map


def test_builtin_map_is_the_solar_system_map() -> None:
    m = api.builtin_map()
    assert m.body("Earth") is not None and m.base("Earth Port") is not None
    assert api.builtin_map() is m


# ---- ships and games ----


def test_new_game_seats_the_ships_owners_and_gives_each_ship_its_full_fuel() -> None:
    state, events = new_game(map=SPACE, ships=[ship("a1", "0505", owner="Ann")])
    assert [p.id for p in state.players] == ["Ann"]
    assert state.ship("a1").fuel == state.rules.unit("ship").fuel
    assert state.ship("a1").name == "A1"
    assert events_text(events) == ["Round 1 begins: Ann is first player", "Ann's launch phase"]


def test_new_game_takes_the_first_player_by_name_and_switches_by_name() -> None:
    state, _ = new_game(
        map=SPACE,
        players=["Ann", "Bob"],
        ships=[ship("a1", "0505", owner="Ann")],
        first="Bob",
        switches={"kinetic_buster": True},
    )
    assert api.turn(state) == "Bob"
    assert state.uses("kinetic_buster")


def test_a_ships_vector_may_be_given_as_velocity_came_from_or_next_end() -> None:
    at = hex_at(SPACE, "0808")
    tail, tip = label(SPACE, Hex(at.q - 1, at.r)), label(SPACE, Hex(at.q + 1, at.r))
    specs = [
        ship("v", "0808", velocity=(1, 0)),
        ship("c", "0808", came_from=tail),
        ship("n", "0808", next_end=tip),
    ]
    state, _ = new_game(map=SPACE, players=["Ann"], ships=specs)
    assert {api.velocity(state, s) for s in "vcn"} == {Vector(1, 0)}
    assert {api.next_end(state, s) for s in "vcn"} == {tip}
    with pytest.raises(SetupError, match="one of velocity, came_from and next_end"):
        new_game(map=SPACE, players=["Ann"], ships=[ship("x", at, velocity=(1, 0), came_from=tail)])


def test_a_ship_placed_by_its_vector_feels_the_gravity_it_passed() -> None:
    state, _ = new_game(
        map=TERRA,
        players=["Ann"],
        ships=[ship("felt", "1009"), ship("unfelt", "1009", pulls=())],
    )
    assert [p.hex for p in state.ship("felt").motion.pulls] == [hex_at(TERRA, "1009")]
    assert state.ship("unfelt").motion.pulls == ()
    state, _ = advance_to(state, "astrogation")
    state, events = end_phase(state)
    assert api.status(state, "felt") == "destroyed"
    assert "Felt crashes into Terra at 1010" in events_text(events)
    assert (api.status(state, "unfelt"), where(state, "unfelt")) == ("active", "1009")


def test_a_ship_cannot_be_placed_by_a_vector_through_a_planet() -> None:
    with pytest.raises(SetupError, match="no course by that vector arrives at 1011"):
        new_game(map=TERRA, players=["Ann"], ships=[ship("x", "1011", came_from="1009")])


def test_a_ship_landed_at_a_planetary_base_rests_above_it() -> None:
    state, _ = new_game(map=TERRA, players=["Ann"], ships=[ship("s", landed_at="Terra Port")])
    s = state.ship("s")
    assert s.status is ShipStatus.LANDED and s.landed_at == "Terra Port"
    assert where(state, "s") == "1009" and s.motion.velocity == Vector(0, 0)
    with pytest.raises(SetupError, match="no base or body called 'Mars'"):
        new_game(map=TERRA, players=["Ann"], ships=[ship("s", landed_at="Mars")])
    with pytest.raises(SetupError, match="ships land only on planetary bases"):
        new_game(map=TERRA, players=["Ann"], ships=[ship("s", landed_at="High Terra")])


def test_a_ship_may_be_docked_in_orbit_with_a_base() -> None:
    state, _ = new_game(
        map=TERRA,
        players=["Ann"],
        ships=[ship("s", "1110", next_end="1111", orbit="Terra", docked_at="High Terra")],
    )
    s = state.ship("s")
    assert (s.orbit, s.docked_at, s.status) == ("Terra", "High Terra", ShipStatus.ACTIVE)


def test_a_ship_may_start_damaged_disabled_and_outfitted() -> None:
    state, _ = new_game(
        map=SPACE,
        players=["Ann"],
        ships=[
            ship(
                "s",
                "0505",
                fuel=4,
                guns=["artillery"],
                damage={"structure": 2, "gun_mounts": [1]},
                disabled=2,
            )
        ],
    )
    s = state.ship("s")
    assert s.fuel == Fraction(4)
    assert s.disabled and s.disabled_for == 2
    assert api.status(state, "s") == "disabled"
    assert api.damage(state, "s") == {"gun_mounts": (1,), "structure": (2,)}
    assert s.manifest is not None and s.manifest.guns[0] == "artillery"
    assert s.fitted is not None and s.fitted.damage == ()


def test_a_missile_in_flight_gets_the_next_id_its_lifetime_and_its_path() -> None:
    state = position(duel(), ordnance=[missile("0707", came_from="0705", ship="alpha")])
    piece = state.piece("missile-1")
    aid = state.rules.play_aid
    assert aid is not None
    assert piece.owner == "Ann" and piece.ship == "alpha"
    assert piece.turns_left == aid.launched_weapon("missile").lifetime
    assert [label(state, h) for h in piece.path] == ["0705", "0706", "0707"]
    assert api.in_flight(state) == {"missile-1": "0707"}
    state = position(state, ordnance=[missile("0709", owner="Bob")])
    assert sorted(api.in_flight(state)) == ["missile-1", "missile-2"]
    state = position(state, ordnance=[missile("0710", owner="Bob", id="missile-9")])
    state = position(state, ordnance=[missile("0711", owner="Bob")])
    assert set(api.in_flight(state)) == {"missile-1", "missile-2", "missile-9", "missile-10"}


# ---- positions ----


def test_position_changes_only_what_a_ship_spec_names() -> None:
    state = duel()
    before = state.ship("beta")
    state = position(state, ships=[ship("beta", fuel=2)])
    after = state.ship("beta")
    assert after.fuel == 2
    assert replace(after, fuel=before.fuel) == before
    state = position(state, ships=[ship("beta", "1010", velocity=(0, 1))])
    assert where(state, "beta") == "1010" and state.ship("beta").fuel == 2


def test_position_adds_new_ships_and_removes_pieces() -> None:
    state = position(duel(), ships=[ship("gamma", "0909", owner="Bob")], remove=["alpha"])
    assert [s.id for s in state.ships] == ["beta", "gamma"]
    assert state.ship("gamma").side == "Bob"
    with pytest.raises(SetupError, match="say whose"):
        position(state, ships=[ship("delta", "0909")])


def test_position_sets_the_round_the_phase_and_whose_turn() -> None:
    state = position(duel(), round=4, phase="guns", player="Bob")
    assert (state.round, api.phase(state), api.turn(state)) == (4, "guns", "Bob")
    assert api.waiting(state) == ["Bob"]
    with pytest.raises(SetupError, match="no movement phase"):
        position(state, phase="movement")
    with pytest.raises(SetupError, match="'Cy' is not playing"):
        position(state, player="Cy")


# ---- moves and readers ----


def test_play_carries_out_commands_in_order_and_returns_every_event() -> None:
    state, _ = new_game(map=SPACE, players=["Ann"], ships=[ship("alpha", "0505")])
    state, events = play(
        state, EndPhase("Ann"), Plot("Ann", "alpha", Order((Direction.N,))), EndPhase("Ann")
    )
    assert where(state, "alpha") == "0504"
    assert events_text(events)[:2] == ["Ann's astrogation phase", "Alpha plots a course to 0504"]


def test_plot_refuses_a_burn_beyond_the_ship_saying_why() -> None:
    state, _ = advance_to(duel(), "astrogation")
    with pytest.raises(IllegalCommand, match="a burn of 2 hexes is beyond this ship"):
        plot(state, "alpha", "N N")
    state, events = plot(state, "alpha", ["NE"])
    assert events_text(events) == ["Alpha plots a course to 0604"]


def test_odds_show_range_velocity_and_the_chance_of_each_result() -> None:
    state, _ = advance_to(duel(), "guns")
    shot = odds(state, "alpha", "beta")
    assert (shot.range, shot.velocity, shot.modifiers) == (2, 0, ())
    assert sum(chance for _, chance in shot.chances) == 1
    with pytest.raises(IllegalCommand, match="no working gun on mount point 3"):
        odds(state, "alpha", "beta", gun=3)


def test_loaded_dice_come_up_first_and_then_the_seeded_dice_go_on() -> None:
    state, _ = advance_to(duel(), "guns")
    _, rigged = fire(loaded(state, 6), "alpha", "beta")
    assert next(e for e in rigged if isinstance(e, api.Rolled)).dice == (6,)
    assert "a hit, and disabled" in events_text(rigged)[1]
    dice, faces = loaded(state, 6, 2).dice, []
    for _ in range(4):
        dice, face = dice.die()
        faces.append(face)
    seeded = state.dice
    for _ in range(3):
        seeded, third = seeded.die()
    _, fourth = seeded.die()
    assert faces == [6, 2, third, fourth]


def test_dice_with_nothing_loaded_save_and_hash_as_before() -> None:
    state = duel()
    assert "loaded" not in to_data(state.dice)
    assert state_hash(loaded(state)) == state_hash(state)
    with pytest.raises(ValueError, match="a loaded 7 cannot come up"):
        replace(state.dice, loaded=(7,)).die(6)


def test_advance_to_stops_when_the_phase_of_the_named_player_comes() -> None:
    state, events = advance_to(duel(), "launch", "Bob")
    assert (api.phase(state), api.turn(state)) == ("launch", "Bob")
    assert "Bob's launch phase" in events_text(events)


# ---- a scenario through core.api alone ----


def test_first_round_of_a_scenario_played_with_core_api_names_only() -> None:
    state, events = api.start_scenario("hostile-takeover", ["Ann", "Bob"], seed=3)
    assert api.turn(state) == "p1"
    landed = {s.id for s in state.ships if api.status(state, s.id) == "landed"}
    moved: list[str] = []
    while state.round == 1:
        if api.phase(state) == "astrogation":
            for s in state.ships:
                if s.owner == api.turn(state) and s.id in landed:
                    state, _ = api.launch(state, s.id)
        state, more = api.end_phase(state)
        events.extend(more)
        moved.extend(api.events_text(more))
    assert state.round == 2 and api.turn(state) == "p2"
    assert "Round 2 begins: Bob is first player" in moved
    for sid in landed:
        assert api.status(state, sid) == "active"
    assert all(api.where(state, s.id) for s in state.ships)
    assert all(isinstance(e, api.Event) for e in events)


# ---- the facade's place ----


def test_nothing_inside_core_imports_the_api() -> None:
    graph = grimp.build_graph("core")
    importers = graph.find_modules_that_directly_import("core.api")
    for module in graph.find_children("core.api"):
        importers |= graph.find_modules_that_directly_import(module)
    assert {m for m in importers if not m.startswith("core.api")} == set()


def test_hexes_may_be_given_as_labels_or_hex_values() -> None:
    at = hex_at(SPACE, "0505")
    state, _ = new_game(map=SPACE, players=["Ann"], ships=[ship("a", at), ship("b", "0505")])
    assert state.ship("a").motion == state.ship("b").motion
    assert hex_at(SPACE, at) == at == Hex(*at)


def test_a_scenario_started_from_a_script_gets_the_new_game_defaults_as_new_game_gives() -> None:
    """``start_scenario`` starts a game now, as the New Game dialog does: the switches
    new games get (``NEW_GAME_DEFAULTS``: a ship at rest ignores weak gravity) are on,
    unless the scenario sets them itself."""
    state, _ = api.start_scenario("hostile-takeover", ["Ann", "Bob"], seed=3)
    assert state.uses("rest_ignores_weak_gravity")
    own = replace(
        api.scenario("hostile-takeover"), switches=(("rest_ignores_weak_gravity", False),)
    )
    state, _ = api.start_scenario(own, ["Ann", "Bob"], seed=3)
    assert not state.uses("rest_ignores_weak_gravity")
    # the scenario's own switches stay as they are
    plain = api.scenario("hostile-takeover")
    state, _ = api.start_scenario(plain, ["Ann", "Bob"], seed=3)
    assert set(plain.switches) <= set(state.switches)
