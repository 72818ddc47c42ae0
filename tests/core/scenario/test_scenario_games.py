"""Interplanetary's scenarios played through the engine from their files: scripted games
with fixed seeds to a recorded outcome, and each scenario rule by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import ZERO, Direction, Vector
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import apply, current_phase
from core.files.resources import SCENARIOS
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.scenario.special_rules import record_boarding
from core.rules.interplanetary.scenario.terms import Boarded
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.motion import Motion, Order
from core.vector.orders import Launch, Plot
from core.vector.state import GameState, ShipStatus
from core.vector.victory import GameDrawn, GameWon
from tests.core.vector.test_victory import ROUTE

SEATS = [Seat(n, "#e69f00") for n in ("Ann", "Bob", "Cy", "Dee")]


def scenario(name: str):  # type: ignore[no-untyped-def]
    return load_scenario(SCENARIOS / f"{name}.toml")


def to_phase(state: GameState, phase: str) -> GameState:
    while current_phase(state) != phase:
        player = state.players[(state.first + state.turn) % len(state.players)].id
        state, _ = apply(state, EndPhase(player))
    return state


def test_training_variation_armed_ships_on_earth_race_to_a_win_with_free_restock() -> None:
    game = scenario("training-variation")
    state, _ = game.start(SEATS[:1], seed=7, first=0)
    ship = state.ship("trainee-p1")
    aid = state.rules.play_aid
    assert aid is not None and ship.manifest is not None
    assert ship.manifest.outfit(aid) == Outfit(("artillery",), ("missile", "mine"))
    assert state.market == "free"
    labels = state.starmap.bounds.labels
    state = to_phase(state, "astrogation")
    state, _ = apply(state, Launch("p1", "trainee-p1", labels.parse("0418")))
    state, _ = apply(state, EndPhase("p1"))
    events: list[Event] = []
    for burn, pick in ROUTE:
        assert not state.over
        state = to_phase(state, "astrogation")
        burns = () if burn == "-" else (Direction[burn],)
        picks = () if pick is None else ((0, Direction[pick]),)
        state, _ = apply(state, Plot("p1", "trainee-p1", Order(burns, picks=picks)))
        state, events = apply(state, EndPhase("p1"))
    assert state.over and state.winners == ("p1",)
    assert [e.text for e in events if isinstance(e, GameWon)] == [
        "Ann wins: Ann's ship reached orbit around Earth after Venus, Mercury and Luna"
    ]


def test_no_fire_zone_refuses_a_launch_from_inside_it() -> None:
    game = scenario("training-variation")
    state, _ = game.start(SEATS[:2], seed=3, first=0)
    earth_orbit = state.starmap.bounds.labels.parse("0618")
    ship = state.ship("trainee-p1")
    from core.vector.motion import Motion

    ship = replace(
        ship, status=ShipStatus.ACTIVE, landed_at=None, motion=Motion(earth_orbit, Vector(1, 0))
    )
    state = state.with_ship(ship)
    with pytest.raises(IllegalCommand, match="no weapon may be launched from Earth control zone"):
        apply(state, LaunchWeapon("p1", "trainee-p1", 1))


def test_no_fire_zone_refuses_a_gun_firing_into_it() -> None:
    game = scenario("training-variation")
    state, _ = game.start(SEATS[:2], seed=3, first=0)
    labels = state.starmap.bounds.labels
    a = replace(
        state.ship("trainee-p1"),
        status=ShipStatus.ACTIVE,
        landed_at=None,
        motion=Motion(labels.parse("0813"), ZERO),
    )
    b = replace(
        state.ship("trainee-p2"),
        status=ShipStatus.ACTIVE,
        landed_at=None,
        motion=Motion(labels.parse("0618"), ZERO),
    )
    state = to_phase(state.with_ship(a).with_ship(b), "guns")
    with pytest.raises(IllegalCommand, match="no gun may fire into Earth control zone"):
        apply(state, Fire("p1", "trainee-p1", 0, "trainee-p2"))


def test_great_planet_race_earth_no_fire_zone_lifts_once_every_ship_has_left() -> None:
    game = scenario("great-planet-race")
    assert (game.budget, game.max_ships) == (6, 1)
    aid = game.rules.play_aid
    assert aid is not None
    racer = fit(
        aid, Outfit(("artillery",), (), ("fuel_scoop",), ("chemical_booster", "orion_booster"))
    )
    state, _ = game.start(SEATS[:2], seed=11, first=0, outfits={"racer-p1": racer})
    assert state.ship("racer-p1").manifest == racer and state.ship("racer-p1").points == 0
    assert state.ship("racer-p2").points == 6  # bought nothing: the points stay aboard
    assert state.terms is not None and state.terms.no_fire
    labels = state.starmap.bounds.labels
    lifted: list[str] = []
    state = to_phase(state, "astrogation")
    state, events = apply(state, Launch("p1", "racer-p1", labels.parse("0618")))
    state, events = apply(state, EndPhase("p1"))
    assert not [e for e in events if "no longer a no-fire zone" in e.text]  # Bob is on Earth
    for ship in ("racer-p1", "racer-p2"):  # both out in deep space
        moved = replace(state.ship(ship), status=ShipStatus.ACTIVE, landed_at=None)
        state = state.with_ship(replace(moved, motion=Motion(labels.parse("1010"), ZERO)))
    state = to_phase(state, "astrogation")
    state, events = apply(state, EndPhase(state.players[(state.first + state.turn) % 2].id))
    lifted = [e.text for e in events if "no longer a no-fire zone" in e.text]
    assert lifted == ["Every ship has left Earth control zone: it is no longer a no-fire zone"]
    assert state.terms is not None and not state.terms.no_fire


def test_a_purchase_over_the_budget_is_refused() -> None:
    game = scenario("last-man-standing")
    aid = game.rules.play_aid
    assert aid is not None
    rich = fit(aid, Outfit(("mass_driver",), ("missile", "missile", "missile")))
    with pytest.raises(IllegalCommand, match="Ann's ships cost 7 ship points"):
        game.start(SEATS[:2], seed=1, outfits={"fighter-p1": rich})


def test_last_man_standing_ships_start_at_rest_evenly_round_the_sun() -> None:
    game = scenario("last-man-standing")
    state, _ = game.start(SEATS[:3], seed=2, first=0)
    sun = state.starmap.body("Sun")
    assert sun is not None
    spots = [s.motion.position for s in state.ships]
    assert len(set(spots)) == 3 and all(sun.centre.distance(h) == 10 for h in spots)
    assert all(s.motion.velocity.speed == 0 for s in state.ships)
    gaps = sorted(a.distance(b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    assert gaps[-1] - gaps[0] <= 2


def _destroyed(state: GameState, ship_id: str, by: str | None = None) -> GameState:
    state = state.with_ship(replace(state.ship(ship_id), status=ShipStatus.DESTROYED))
    if by is not None:
        killer = state.ship(by)
        state = state.with_ship(replace(killer, kills=killer.kills + 1))
    return state


def test_last_man_standing_the_last_player_with_a_ship_wins() -> None:
    state, _ = scenario("last-man-standing").start(SEATS[:2], seed=5, first=0)
    state = _destroyed(state, "fighter-p2", by="fighter-p1")
    state, events = apply(state, EndPhase("p1"))
    assert state.over and state.winners == ("p1",)
    assert "Ann wins: the last side with ships in play" in [e.text for e in events]


def test_last_man_standing_respawn_ship_comes_back_and_three_kills_win() -> None:
    state, _ = scenario("last-man-standing-respawn").start(SEATS[:2], seed=5, first=0)
    start = state.ship("fighter-p2").motion
    state = _destroyed(state, "fighter-p2", by="fighter-p1")
    state, events = apply(to_phase(state, "resupply"), EndPhase("p1"))
    back = state.ship("fighter-p2")
    assert back.status is ShipStatus.OFF_MAP and back.returns_in is not None
    assert not state.over
    assert any("will come back where it started" in e.text for e in events)
    for _ in range(7 * 8):
        if state.ship("fighter-p2").status is ShipStatus.ACTIVE:
            break
        player = state.players[(state.first + state.turn) % 2].id
        state, _ = apply(state, EndPhase(player))
    assert state.ship("fighter-p2").motion == start
    killer = state.ship("fighter-p1")
    state = state.with_ship(replace(killer, kills=3))
    player = state.players[(state.first + state.turn) % 2].id
    state, events = apply(state, EndPhase(player))
    assert state.over and state.winners == ("p1",)
    assert [e.text for e in events if isinstance(e, GameWon)] == [
        "Ann wins: 3 enemy ships destroyed"
    ]


def _sabotage() -> GameState:
    state, _ = scenario("industrial-sabotage").start(SEATS[:3], seed=9, first=0)
    return state


def _end_turn(state: GameState) -> tuple[GameState, list[Event]]:
    player = state.players[(state.first + state.turn) % len(state.players)].id
    return apply(state, EndPhase(player))


def test_industrial_sabotage_seats_more_mercenaries_and_their_budgets() -> None:
    game = scenario("industrial-sabotage")
    state = _sabotage()
    assert [p.side for p in state.players] == ["Mercenaries", "Guards", "Mercenaries"]
    assert (game.budget_for("Guards"), game.budget_for("Mercenaries")) == (5, 4)
    assert sorted(s.id for s in state.ships) == ["guard-p2", "merc-p1", "merc-p3", "science"]
    assert state.ship("science").owner == "p2" and state.ship("science").orbit is None


def test_industrial_sabotage_mercenaries_fly_the_science_ship_every_fifth_round() -> None:
    state = _sabotage()
    seen = {}
    while state.round < 6:
        state, _ = _end_turn(state)
        seen[state.round] = state.ship("science").owner
    assert seen[5] == "p1" and seen[4] == "p2" and seen[6] == "p2"


def test_industrial_sabotage_guards_clear_victory_when_delivered_never_boarded() -> None:
    state = _sabotage()
    science = replace(state.ship("science"), wells=("Earth", "Venus", "Mars"))
    state = state.with_ship(replace(science, docked_at="Io Research Station"))
    state, events = _end_turn(state)
    assert state.winners == ("p2",) and state.outcome == "clear victory"
    assert [e.text for e in events if isinstance(e, GameWon)] == [
        "Bob wins a clear victory: Science vessel docked at Io Research Station after Venus "
        "and Mars, never boarded"
    ]


def test_industrial_sabotage_mercenaries_clear_victory_carrying_the_data_to_mercury() -> None:
    state = _sabotage()
    state = record_boarding(state, "science", "merc-p3")
    assert state.terms is not None and state.terms.boarded == (Boarded("science", "merc-p3", 0),)
    state, _ = _end_turn(state)
    assert not state.over
    thief = state.ship("merc-p3")
    state = state.with_ship(replace(thief, wells=(*thief.wells, "Mercury")))
    state, _ = _end_turn(state)
    assert state.winners == ("p1", "p3") and state.outcome == "clear victory"


def test_industrial_sabotage_weak_victories_and_the_draw() -> None:
    state = _destroyed(_sabotage(), "science")
    state, _ = _end_turn(state)
    assert state.winners == ("p1", "p3") and state.outcome == "weak victory"

    state = record_boarding(_sabotage(), "science", "merc-p1")
    state = _destroyed(state, "merc-p1")
    science = replace(state.ship("science"), wells=("Venus", "Mars"))
    state = state.with_ship(replace(science, docked_at="Io Research Station"))
    state, _ = _end_turn(state)
    assert state.winners == ("p2",) and state.outcome == "weak victory"

    state = record_boarding(_sabotage(), "science", "merc-p1")
    state = _destroyed(_destroyed(state, "merc-p1"), "science")
    state, events = _end_turn(state)
    assert state.over and state.winners == () and state.outcome == "draw"
    assert [e.text for e in events if isinstance(e, GameDrawn)] == [
        "The game is drawn: Science vessel was destroyed and the secrets stolen from it were lost"
    ]


def _takeover() -> GameState:
    state, _ = scenario("hostile-takeover").start(SEATS[:2], seed=4, first=0)
    return state


def test_hostile_takeover_headquarters_stock_a_buster_and_lay_a_mine() -> None:
    game = scenario("hostile-takeover")
    assert (game.budget, game.max_ships) == (10, 2)
    state = _takeover()
    assert state.terms is not None
    io = state.terms.base("Io Research Station")
    assert io is not None and io.in_stock("kinetic_buster") == 1
    assert len([o for o in state.ordnance if o.permanent]) == 2
    assert state.terms.closed("Venus Station") and not state.terms.closed("Mars Port")
    assert len(state.ships) == 4


def test_hostile_takeover_factions_hold_io_and_mercury_earthside_mars_neutral_rest_closed() -> None:
    from core.rules.interplanetary.allegiance import base_side

    state = _takeover()
    assert base_side(state, "Io Research Station") == "Jovian Combine"
    assert base_side(state, "Mercury Earthside") == "Mercurian Syndicate"
    assert base_side(state, "Mars Port") is None and base_side(state, "Mars Station") is None
    assert state.terms is not None
    open_bases = {b.name for b in state.starmap.bases if not state.terms.closed(b.name)}
    assert open_bases == {"Io Research Station", "Mercury Earthside", "Mars Port", "Mars Station"}


def test_hostile_takeover_each_home_base_lays_one_mine_at_rest_within_two_hexes() -> None:
    state = _takeover()
    homes = {"Jovian Combine": "Io Research Station", "Mercurian Syndicate": "Mercury Earthside"}
    mines = [o for o in state.ordnance if o.permanent]
    assert sorted(state.player(o.owner).side for o in mines) == sorted(homes)
    for mine in mines:
        base = state.starmap.base(homes[state.player(mine.owner).side])
        assert base is not None
        assert mine.weapon == "mine" and mine.motion.velocity == ZERO
        assert base.hex.distance(mine.motion.position) <= 2


def test_hostile_takeover_bases_make_a_buster_every_ten_rounds() -> None:
    state = _takeover()
    while state.round < 11:
        state, _ = _end_turn(state)
    assert state.terms is not None
    io = state.terms.base("Io Research Station")
    assert io is not None and io.in_stock("kinetic_buster") == 2


def test_hostile_takeover_a_headquarters_destroyed_alone_is_a_decisive_victory() -> None:
    state = replace(_takeover(), bases_lost=frozenset({"Mercury Earthside"}))
    for _ in range(4 * 4):  # phases: the loss, then more than two players' turns
        state, _ = _end_turn(state)
        if state.over:
            break
    assert state.over and state.outcome == "decisive victory"
    assert [p.side for p in state.players if p.id in state.winners] == ["Jovian Combine"]


def test_hostile_takeover_both_headquarters_within_two_turns_is_a_draw() -> None:
    state = replace(_takeover(), bases_lost=frozenset({"Mercury Earthside"}))
    state, _ = _end_turn(state)
    state = replace(state, bases_lost=state.bases_lost | {"Io Research Station"})
    state, events = _end_turn(state)
    assert state.over and state.winners == () and state.outcome == "draw"
    assert any(isinstance(e, GameDrawn) for e in events)
