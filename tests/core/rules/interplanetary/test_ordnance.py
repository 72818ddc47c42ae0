"""Seed "Launching phase", "Missile movement and attack", "Mine and buckyball movement and
attack", "Optional rules: Kinetic Buster, Mine fields": launching, flight, lifetime, and
what each launched weapon does when it meets something."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand, NotYourTurn, UnknownShip, WrongPhase
from core.engine.events import Event
from core.engine.play import active_player, apply, current_phase, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.rules.interplanetary.combat.attack import (
    AllocateDamage,
    AttackResolved,
    PendingHit,
)
from core.rules.interplanetary.combat.ordnance import (
    LaunchWeapon,
    OrdnanceExpired,
    OrdnanceLost,
    WeaponLaunched,
)
from core.vector.gravity import GravityPull
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ordnance, Player, Ship

OPEN = StarMap("Open space", Bounds(40, 40))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
C = OPEN.bounds.labels.from_offset(20, 20)
E = Direction(0)  # the direction of Vector(1, 0)
W = Direction(3)
SIDEWAYS = Direction(5)  # Vector(0, 1)
VEER = Direction(2)  # Vector(0, -1): off a course (1, 0) to a hex next to its end


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def armed(
    sid: str,
    owner: str,
    at: Hex,
    v: Vector = ZERO,
    launched: tuple[str, ...] = ("missile", "mine", "buckyball"),
    guns: tuple[str, ...] = ("artillery",),
    unit: str = "ship",
) -> Ship:
    manifest = fit(aid(), Outfit(guns=guns, launched=launched))
    side = {"a": "red", "b": "blue"}[owner]
    return Ship(sid, sid.title(), owner, side, unit, Motion(at, v), Fraction(15), manifest=manifest)


def game(*ships: Ship, seed: int = 1, starmap: StarMap = OPEN, buster: bool = False) -> GameState:
    switches = (("kinetic_buster", True),) if buster else ()
    state, _ = new_game("interplanetary", starmap, PLAYERS, ships, seed=seed, switches=switches)
    return state


def end(state: GameState, events: list[Event] | None = None) -> GameState:
    player = active_player(state)
    assert player is not None
    state, more = apply(state, EndPhase(player.id))
    if events is not None:
        events.extend(more)
    return state


def until(
    state: GameState, player: str, phase: str, events: list[Event] | None = None
) -> GameState:
    while not (current_phase(state) == phase and active_player(state).id == player):  # type: ignore[union-attr]
        state = end(state, events)
    return state


def run(state: GameState, *commands: Command) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for command in commands:
        state, more = apply(state, command)
        events.extend(more)
    return state, events


def move_a(state: GameState) -> tuple[GameState, list[Event]]:
    """End Ann's launch and astrogation phases: her ships and pieces move."""
    events: list[Event] = []
    state = until(state, "a", "astrogation", events)
    state = end(state, events)
    return state, events


def seeded(
    result: Callable[[GameState, list[Event]], bool],
    play: Callable[[int], tuple[GameState, list[Event]]],
) -> tuple[GameState, list[Event]]:
    """The first seed whose game, played by ``play``, gives the wanted result."""
    for seed in range(1, 300):
        state, events = play(seed)
        if result(state, events):
            return state, events
    raise AssertionError("no seed gives that result")


def results(events: list[Event], target: str) -> list[str]:
    return [e.result for e in events if isinstance(e, AttackResolved) and e.target == target]


def piece(state: GameState, weapon: str) -> Ordnance:
    return next(o for o in state.ordnance if o.weapon == weapon)


def place_all_hits(state: GameState) -> GameState:
    while state.pending and isinstance(state.pending[0], PendingHit):
        first = state.pending[0]
        state, _ = apply(state, AllocateDamage(first.player, first.ship))
    return state


# ---- the launch phase ----


def test_weapon_inherits_the_ships_old_vector_plus_its_own_thrust():
    state = game(armed("alpha", "a", C, Vector(2, 0)), armed("beta", "b", C + Vector(-9, 9)))
    state, events = run(state, LaunchWeapon("a", "alpha", 0, (SIDEWAYS, SIDEWAYS)))
    missile = piece(state, "missile")
    assert missile.motion.position == C
    assert missile.motion.velocity == Vector(2, 2)
    assert missile.turns_left == 5 and missile.ship == "alpha" and missile.side == "red"
    assert any(isinstance(e, WeaponLaunched) and "is launched" in e.text for e in events)


def test_launching_empties_the_launcher_slot():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    manifest = state.ship("alpha").manifest
    assert manifest is not None and manifest.launchers[:3] == ("missile", None, "buckyball")


def test_weapons_are_launched_only_in_the_launch_phase():
    state = end(game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9))))
    with pytest.raises(WrongPhase, match="launch phase"):
        apply(state, LaunchWeapon("a", "alpha", 0))


def test_one_launched_weapon_per_ship_per_turn():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))
    with pytest.raises(IllegalCommand, match="already launched"):
        apply(state, LaunchWeapon("a", "alpha", 1))
    # next turn it may launch again
    state = until(state, "b", "launch")
    state = until(state, "a", "launch")
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    assert len(state.ordnance) == 2


def test_only_the_active_player_launches_and_only_their_own_ships():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    with pytest.raises(NotYourTurn):
        apply(state, LaunchWeapon("b", "beta", 0))
    with pytest.raises(UnknownShip, match="not yours"):
        apply(state, LaunchWeapon("a", "beta", 0))


def test_launch_thrust_is_limited_to_the_weapons_thrust():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    with pytest.raises(IllegalCommand, match="no thrust"):
        apply(state, LaunchWeapon("a", "alpha", 1, (E,)))  # the mine
    with pytest.raises(IllegalCommand, match="at most 2 hexes"):
        apply(state, LaunchWeapon("a", "alpha", 0, (E, E, E)))


def test_the_slot_must_hold_a_weapon():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    with pytest.raises(IllegalCommand, match="no weapon in launcher slot 4"):
        apply(state, LaunchWeapon("a", "alpha", 3))


def test_civilian_ships_cannot_launch():
    state = game(armed("alpha", "a", C, unit="civilian"), armed("beta", "b", C + Vector(-9, 9)))
    with pytest.raises(IllegalCommand, match="civilian"):
        apply(state, LaunchWeapon("a", "alpha", 0))


def test_a_disabled_ship_can_launch():
    alpha = replace(armed("alpha", "a", C), disabled=True, disabled_for=2)
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))
    assert len(state.ordnance) == 1


def test_launchers_work_without_the_reactor():
    alpha = armed("alpha", "a", C)
    assert alpha.manifest is not None
    alpha = replace(alpha, manifest=alpha.manifest.with_damage("reactor", 0, 6))
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))
    assert [o.weapon for o in state.ordnance] == ["missile"]


def test_kinetic_buster_needs_its_rule_and_a_launch_speed_of_three():
    alpha = armed("alpha", "a", C, Vector(2, 0), launched=("kinetic_buster",))
    beta = armed("beta", "b", C + Vector(-9, 9))
    with pytest.raises(IllegalCommand, match="Kinetic buster rule"):
        apply(game(alpha, beta), LaunchWeapon("a", "alpha", 0))
    with pytest.raises(IllegalCommand, match="speed 3 or more"):
        apply(game(alpha, beta, buster=True), LaunchWeapon("a", "alpha", 0))
    fast = replace(alpha, motion=Motion(C, Vector(3, 0)))
    state, _ = run(game(fast, beta, buster=True), LaunchWeapon("a", "alpha", 0))
    assert piece(state, "kinetic_buster").motion.velocity.speed == 3


# ---- flight ----


def test_ordnance_moves_with_its_owners_ships_and_keeps_the_hexes_of_its_vector():
    alpha = armed("alpha", "a", C, Vector(0, 1))
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))  # velocity (2, 1)
    assert piece(state, "missile").motion.position == C  # not before the ship moves
    state, _ = move_a(state)
    missile = piece(state, "missile")
    assert missile.motion.position == C + Vector(2, 1)
    assert missile.path[0] == C and missile.path[-1] == C + Vector(2, 1)
    assert len(missile.path) >= 4
    # it does not move in Bob's turn
    state = until(state, "a", "launch")
    assert piece(state, "missile").motion.position == C + Vector(2, 1)


def test_ordnance_falls_under_gravity_like_a_ship():
    rock = Body("Rock", BodyKind.PLANET, C + Vector(3, 0))
    m = StarMap("One planet", Bounds(40, 40), bodies=(rock,))
    above = C + Vector(2, 0)  # in Rock's ring, its arrow pointing E at Rock
    gravity = m.gravity_at(above)
    assert gravity is not None
    pulls = (GravityPull(above, gravity.arrows, "at rest"),)
    alpha = replace(armed("alpha", "a", above), motion=Motion(above, ZERO, pulls))
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)), starmap=m)
    # the missile's thrust W cancels the pull: it stays; the mine falls into Rock
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (W,)))
    state = until(state, "a", "astrogation")
    state, events = run(state, Plot("a", "alpha", Order((W,))))
    state = end(state, events)
    assert piece(state, "missile").motion.position == above
    assert state.ship("alpha").motion.position == above


def test_ordnance_crashing_into_a_body_is_gone():
    rock = Body("Rock", BodyKind.PLANET, C + Vector(3, 0))
    m = StarMap("One planet", Bounds(40, 40), bodies=(rock,))
    alpha = armed("alpha", "a", C, Vector(0, 0))
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)), starmap=m)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state = until(state, "b", "launch")  # first move: to Rock's ring
    assert piece(state, "missile").motion.position == C + Vector(2, 0)
    events: list[Event] = []
    state = until(state, "a", "guns", events)  # Ann's next move: into Rock
    assert not state.ordnance
    assert any(isinstance(e, OrdnanceLost) and "crashes into Rock" in e.text for e in events)


def test_ordnance_leaving_the_map_is_gone():
    edge = OPEN.bounds.labels.from_offset(38, 20)
    state = game(armed("alpha", "a", edge, Vector(0, 0)), armed("beta", "b", C))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state, events = move_a(state)
    assert not state.ordnance
    assert any(isinstance(e, OrdnanceLost) and "leaves the map" in e.text for e in events)


def test_ordnance_lasts_its_lifetime_in_its_owners_turns():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))  # a missile at rest: 5 turns
    life: list[tuple[str, int]] = []
    events: list[Event] = []
    for _ in range(10):
        who = active_player(state)
        assert who is not None
        for _ in range(4):
            state = end(state, events)
        left = state.ordnance[0].turns_left if state.ordnance else 0
        life.append((who.id, left or 0))
    ann = [left for who, left in life if who == "a"]
    assert ann[:5] == [4, 3, 2, 1, 0]
    # Bob's turns do not count
    for (who, left), (_, before) in zip(life[1:], life, strict=False):
        if who == "b":
            assert left == before
    assert any(isinstance(e, OrdnanceExpired) and "after 5 turns" in e.text for e in events)


def test_buckyballs_fly_until_spent():
    state = game(armed("alpha", "a", C), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 2))
    assert piece(state, "buckyball").turns_left is None
    for _ in range(8):
        state = until(state, "b", "launch")
        state = until(state, "a", "launch")
    assert piece(state, "buckyball").turns_left is None
