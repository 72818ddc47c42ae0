"""A scripted full game of every Interplanetary scenario (issue 6, req 9): each played
through the engine from the scenario's own start state, with a fixed seed and the
players' purchases, by the deterministic autopilot of :mod:`tests.core.autopilot`, to
the outcome the engine announces.

Each game's rounds, number of commands and final state hash are recorded: a change in
the rules that changes how a game goes fails here. If the change is meant, play the game
again and write the new figures down (``python -m tests.core.scenario.test_scenario_full_games``
prints them), after reading the announced outcome to check it still makes sense.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.engine.commands import Command
from core.files.resources import SCENARIOS
from core.rules.interplanetary.aid.manifest import Manifest, fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.bases import Load, Refuel
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.movement import MoveResult
from core.vector.state import GameState, Ship, ShipStatus, state_hash
from core.vector.victory import GameDrawn, GameWon
from tests.core.autopilot import (
    Close,
    Dock,
    Game,
    Goal,
    Meet,
    Orbit,
    Pilot,
    Well,
    enemies,
    play,
)
from tests.core.route import Docking, Leg, Routed, hits, throws_at

SEATS = [Seat(n, c) for n, c in (("Ann", "#e69f00"), ("Bob", "#56b4e9"), ("Cy", "#009e73"))]


@dataclass(frozen=True)
class Record:
    """What a game came to: rounds, commands given, the final hash, the announcement."""

    rounds: int
    commands: int
    hash: str
    outcome: str


def record(game: Game) -> Record:
    said = [e.text for e in game.events if isinstance(e, GameWon | GameDrawn)]
    return Record(game.state.round, len(game.commands), state_hash(game.state), " | ".join(said))


# ---- pilots ----


def race(stops: tuple[str, ...], home: str) -> Pilot:
    """Through the gravity of ``stops`` in order, then into orbit round ``home``."""

    def plan(state: GameState, ship: Ship) -> Goal:
        done = 0
        for well in ship.wells[1:]:
            if done < len(stops) and well == stops[done]:
                done += 1
        return Well(stops[done]) if done < len(stops) else Orbit(home)

    return Pilot(plan, fight=False)


def hunter() -> Pilot:
    """Close with the nearest enemy and fight."""

    def plan(state: GameState, ship: Ship) -> Goal | None:
        foes = enemies(state, ship)
        if not foes:
            return None
        at = ship.motion.position
        foe = min(foes, key=lambda f: (f.motion.position.distance(at), f.id))
        return Close(foe.motion.position, foe.motion.velocity)

    return Pilot(plan)


def hunters(state: GameState) -> dict[str, Pilot]:
    return {p.id: hunter() for p in state.players}


def outfit(*guns: str, launched: tuple[str, ...] = ()) -> Manifest:
    aid = load_scenario(SCENARIOS / "training.toml").rules.play_aid
    assert aid is not None
    return fit(aid, Outfit(guns, launched))


# ---- the games ----


def training() -> Game:
    state, _ = load_scenario(SCENARIOS / "training.toml").start(SEATS[:1], seed=1, first=0)
    return play(state, {"p1": race(("Venus", "Mercury", "Luna"), "Earth")}, 60)


def training_variation() -> Game:
    game = load_scenario(SCENARIOS / "training-variation.toml")
    state, _ = game.start(SEATS[:2], seed=2, first=0)
    pilot = race(("Venus", "Mercury", "Luna"), "Earth")
    pilot.fight = True
    return play(state, {"p1": pilot, "p2": pilot}, 60)


def last_man_standing() -> Game:
    hunter_kit = outfit("heavy_rail", launched=("missile", "missile", "mine"))
    state, _ = load_scenario(SCENARIOS / "last-man-standing.toml").start(
        SEATS[:2], seed=1, first=0, outfits={"fighter-p1": hunter_kit, "fighter-p2": hunter_kit}
    )
    return play(state, hunters(state), 80)


def last_man_standing_kills() -> Game:
    hunter_kit = outfit("heavy_rail", launched=("missile", "missile", "mine"))
    state, _ = load_scenario(SCENARIOS / "last-man-standing-respawn.toml").start(
        SEATS[:2], seed=4, first=0, outfits={"fighter-p1": hunter_kit, "fighter-p2": hunter_kit}
    )
    return play(state, hunters(state), 80)


def test_training_full_game_the_first_ship_back_in_earth_orbit_wins() -> None:
    game = training()
    assert game.state.over and game.state.winners == ("p1",)
    assert record(game) == Record(
        31,
        153,
        "04c15d8727ce181f",
        "Ann wins: Ann's ship reached orbit around Earth after Venus, Mercury and Luna",
    )


def test_training_variation_full_game_armed_race_with_no_fire_zones() -> None:
    game = training_variation()
    assert game.state.winners == ("p1",)
    assert record(game) == Record(
        31,
        292,
        "8cae45dc9151820a",
        "Ann wins: Ann's ship reached orbit around Earth after Venus, Mercury and Luna",
    )


def test_last_man_standing_full_game_the_last_ship_in_play_wins() -> None:
    game = last_man_standing()
    assert game.state.winners == ("p2",)
    assert record(game) == Record(
        10, 103, "a9fc304665529c5b", "Bob wins: the last side with ships in play"
    )


def test_last_man_standing_kill_count_full_game_ships_come_back_until_three_kills() -> None:
    game = last_man_standing_kills()
    assert game.state.winners == ("p2",) and game.state.ship("fighter-p2").kills == 3
    assert any("comes back" in e.text or "come back" in e.text for e in game.events)
    assert record(game) == Record(60, 632, "d94e876844aec184", "Bob wins: 3 enemy ships destroyed")


def industrial_sabotage() -> Game:
    """Ann's mercenary hunts the science ship (boarding it if it is disabled and matched,
    then running for Mercury); Bob flies the science ship through Venus and Mars to Io
    and his guard hunts the mercenary."""
    game = load_scenario(SCENARIOS / "industrial-sabotage.toml")
    kit = outfit("artillery", launched=("missile", "mine"))
    guard = outfit("artillery", "flak", launched=("missile", "mine"))
    state, _ = game.start(SEATS[:2], seed=1, first=0, outfits={"merc-p1": kit, "guard-p2": guard})

    def mercenary(state: GameState, ship: Ship) -> Goal | None:
        if ship.id == "science":
            return None  # every 5th round: the mercenaries let it coast
        terms = state.terms
        if terms is not None and any(b.boarder == ship.id for b in terms.boarded):
            return Well("Mercury")
        science = state.ship("science")
        motion = science.motion
        if science.disabled:
            return Meet(motion.position, motion.velocity)
        return Close(motion.position, motion.velocity)

    def guards(state: GameState, ship: Ship) -> Goal | None:
        if ship.id == "science":
            for body in ("Venus", "Mars"):
                if body not in ship.wells:
                    return Well(body)
            return Dock("Io", "Io Research Station")
        return hunter().plan(state, ship)

    return play(state, {"p1": Pilot(mercenary), "p2": Pilot(guards)}, 80)


def test_industrial_sabotage_full_game_ends_in_a_graded_outcome() -> None:
    game = industrial_sabotage()
    assert game.state.winners == ("p1",) and game.state.outcome == "weak victory"
    science = game.state.ship("science")
    assert {"Venus", "Mars"} <= set(science.wells)  # it flew last, and flew far
    assert any(e.text == "Science vessel moves last of all ships" for e in game.events)
    assert record(game) == Record(
        25,
        270,
        "c84c92bb6bf32bef",
        "Ann wins a weak victory: Science vessel was destroyed before reaching Io Research Station",
    )


def enters(body: str) -> Callable[[MoveResult], bool]:
    return lambda result: any(a.body == body for p in result.next.pulls for a in p.arrows)


def orbits(body: str) -> Callable[[MoveResult], bool]:
    return lambda result: result.orbit == body


#: the Great Planet Race flown leg by leg: the bodies to touch, with a refuelling stop
#: (docking at an orbital base) after Mars and after Jupiter; then home into Earth orbit
GRAND_TOUR = (
    ("Venus", None, 2),
    ("Sun", None, 2),
    ("Mercury", None, 2),
    ("Mars", "Mars Station", 3),
    ("Jupiter", "Io Research Station", 3),
    ("Saturn", None, 3),
)


#: how near Earth the last leg but one brings a racer (then into orbit)
NEAR = 4


def grand_tour(state: GameState) -> Pilot:
    """Each leg a searched route (:mod:`tests.core.route`); at a stop, into orbit round
    the base's body, dock as the course passes the base, refuel in the resupply phase."""
    legs: dict[str, Routed] = {}
    refuelled: set[tuple[str, str]] = set()

    def leg(name: str, done: Callable[[MoveResult], bool], top: int) -> Routed:
        if name not in legs:
            body = state.starmap.body(name.removeprefix("orbit "))
            assert body is not None
            legs[name] = Routed(Leg(done, body.centre, 1, top=top))
        return legs[name]

    def plan(state: GameState, ship: Ship) -> Goal | None:
        for body, stop, top in GRAND_TOUR:
            if body not in ship.wells:
                return leg(body, enters(body), top)
            if stop is None or (ship.id, stop) in refuelled:
                continue
            base = state.starmap.base(stop)
            assert base is not None
            around = next(a.body for a in (state.starmap.gravity_at(base.hex) or ()).arrows)
            if ship.orbit == around:
                return Docking(around, stop)
            return leg(f"orbit {around}", orbits(around), 2)
        earth = state.starmap.body("Earth")
        assert earth is not None
        if ship.motion.position.distance(earth.centre) > NEAR:
            return leg("Earth", lambda r: r.end.distance(earth.centre) <= NEAR, 3)
        return leg("orbit Earth", orbits("Earth"), 2)

    def extra(state: GameState, ship: Ship, phase: str) -> list[Command]:
        if phase == "resupply" and ship.docked_at is not None:
            refuelled.add((ship.id, ship.docked_at))
            return [Refuel(ship.owner, ship.id)]
        return []

    return Pilot(plan, fight=False, extra=extra)


def with_loadout(scenario: str, loadout: str, ships: tuple[str, ...]) -> GameState:
    """Ann and Bob at the scenario's start (seed 1, Ann first), ``ships`` bought with the
    play aid's example outfit ``loadout``."""
    game = load_scenario(SCENARIOS / scenario)
    aid = game.rules.play_aid
    assert aid is not None
    kit = fit(aid, aid.loadout(loadout).outfit)
    state, _ = game.start(SEATS[:2], seed=1, first=0, outfits=dict.fromkeys(ships, kit))
    return state


def great_planet_race() -> Game:
    """Ann and Bob fly the play aid's racer round the whole system on the same plan."""
    state = with_loadout("great-planet-race.toml", "racer", ("racer-p1", "racer-p2"))
    pilot = grand_tour(state)
    return play(state, {"p1": pilot, "p2": pilot}, 120)


def test_great_planet_race_full_game_round_the_system_refuelling_at_mars_and_io() -> None:
    game = great_planet_race()
    assert game.state.winners == ("p2",)
    race = {"Sun", "Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn"}
    texts = [e.text for e in game.events]
    assert "Every ship has left Earth control zone: it is no longer a no-fire zone" in texts
    for racer in ("Ann's racer", "Bob's racer"):
        for base in ("Mars Station", "Io Research Station"):
            assert any(t.startswith(f"{racer} refuels at {base}") for t in texts)
    assert race <= set(game.state.ship("racer-p2").wells)
    assert record(game) == Record(
        70,
        689,
        "5c6bb7d05b181c5d",
        "Bob wins: Bob's racer reached orbit around Earth after Sun, Mercury, Venus, Earth, "
        "Mars, Jupiter and Saturn",
    )


BUSTER = "kinetic_buster"


def carries(ship: Ship, weapon: str = BUSTER) -> int | None:
    """The launcher slot holding ``weapon`` (None: it carries none)."""
    launchers = ship.manifest.launchers if ship.manifest is not None else ()
    return next((i for i, w in enumerate(launchers) if w == weapon), None)


def buster_runner(home: str, body: str, target: str, runner: str) -> Pilot:
    """Hostile takeover's raid: ``runner`` loads its headquarters' kinetic buster (docked
    with an orbital one, landed at a planetary one), flies a searched route to where the
    buster, launched with the ship's vector, ends its flight on the enemy headquarters'
    hex, launches it there and flies on safely; the other ship stays home."""
    legs: dict[str, Routed] = {}

    def leg(state: GameState, name: str, ship: Ship) -> Routed:
        if name not in legs:
            mines = frozenset(o.motion.position for o in state.ordnance if o.permanent)
            base = state.starmap.base(target)
            assert base is not None
            done = throws_at(state, base.approach) if name == "raid" else lambda r: True
            legs[name] = Routed(Leg(done, base.approach, top=5, avoid=mines))
        return legs[name]

    def plan(state: GameState, ship: Ship) -> Goal | None:
        if ship.id != runner or target in state.bases_lost:
            return None
        if carries(ship) is not None:
            return leg(state, "raid", ship)
        if ship.status is ShipStatus.LANDED or ship.docked_at == home:
            return None  # loads in the resupply phase
        if state.launched or any(o.ship == ship.id for o in state.ordnance):
            return leg(state, "away", ship)
        return Docking(body, home)

    def extra(state: GameState, ship: Ship, phase: str) -> list[Command]:
        slot = carries(ship)
        base = state.starmap.base(target)
        assert base is not None
        if phase == "launch" and slot is not None and hits(state, ship.motion, base.approach):
            return [LaunchWeapon(ship.owner, ship.id, slot, ())]
        if phase == "resupply" and ship.id == runner and slot is None:
            return [Load(ship.owner, ship.id, 0, BUSTER)]
        return []

    return Pilot(plan, fight=False, extra=extra)


def hostile_takeover() -> Game:
    """Both sides raid: Ann's Jovian runner docks at Io Research Station for its buster
    and flies for Mercury Earthside; Bob's Mercurian runner loads on the ground at
    Mercury Earthside and flies for Io. Both fly the play aid's unarmed runner."""
    state = with_loadout("hostile-takeover.toml", "runner", ("jovian-a-p1", "mercurian-a-p2"))
    pilots = {
        "p1": buster_runner("Io Research Station", "Io", "Mercury Earthside", "jovian-a-p1"),
        "p2": buster_runner(
            "Mercury Earthside", "Mercury", "Io Research Station", "mercurian-a-p2"
        ),
    }
    return play(state, pilots, 60)


def test_hostile_takeover_full_game_a_kinetic_buster_on_the_enemy_headquarters_wins() -> None:
    game = hostile_takeover()
    assert game.state.winners == ("p2",) and game.state.outcome == "decisive victory"
    assert game.state.bases_lost == frozenset({"Io Research Station"})
    texts = [e.text for e in game.events]
    assert "Ann's first ship docks with Io Research Station as it passes in orbit" in texts
    assert "Ann's first ship loads a Kinetic buster from Io Research Station's stock, free" in texts
    assert "Bob's first ship loads a Kinetic buster from Mercury Earthside's stock, free" in texts
    assert record(game) == Record(
        11,
        104,
        "d082d0448ff11d80",
        "Bob wins a decisive victory: Io Research Station fell and Mercury Earthside stood",
    )


GAMES = {
    "training": training,
    "training_variation": training_variation,
    "last_man_standing": last_man_standing,
    "last_man_standing_kills": last_man_standing_kills,
    "industrial_sabotage": industrial_sabotage,
    "hostile_takeover": hostile_takeover,
    "great_planet_race": great_planet_race,
}

if __name__ == "__main__":
    import sys

    for name in sys.argv[1:] or GAMES:
        print(name, record(GAMES[name]()))
