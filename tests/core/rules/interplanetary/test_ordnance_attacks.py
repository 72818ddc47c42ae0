"""What launched weapons do when they meet something (seed: missile, mine and buckyball
movement and attack; the kinetic buster; mine fields), and their decisions surviving a
save."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import ZERO, Vector
from core.board.starmap import Base, BaseKind, Bounds, StarMap
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.engine.play import apply, waiting_for
from core.rules.interplanetary.combat.attack import (
    HitRolled,
)
from core.rules.interplanetary.combat.ordnance import (
    LaunchWeapon,
    mine_field,
)
from core.rules.interplanetary.combat.ordnance_attacks import (
    BusterStrike,
    MineAttack,
    PendingStrike,
    Strike,
    StrikeOffered,
    WeaponStruck,
)
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ordnance, Ship, ShipStatus, state_hash
from tests.core.rules.interplanetary.test_ordnance import (
    SIDEWAYS,
    VEER,
    C,
    E,
    W,
    armed,
    end,
    game,
    move_a,
    piece,
    place_all_hits,
    results,
    run,
    seeded,
    until,
)

# ---- missiles ----


def _missile_at_beta(seed: int = 1, *others: Ship) -> GameState:
    """Ann's missile reaches Beta's hex two hexes east: her decision waits."""
    alpha = armed("alpha", "a", C)
    beta = armed("beta", "b", C + Vector(2, 0), guns=("artillery", "flak"))
    state = game(alpha, beta, *others, seed=seed)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state, _ = move_a(state)
    return state


def test_missile_may_attack_when_the_tip_of_its_vector_enters_the_target_hex():
    state = _missile_at_beta()
    first = state.pending[0]
    assert isinstance(first, PendingStrike) and first.targets == ("beta",)
    assert [p.id for p in waiting_for(state)] == ["a"]
    assert "Beta" in first.prompt()
    with pytest.raises(WrongPhase):
        apply(state, EndPhase("a"))
    state, events = run(state, Strike("a", first.missile, "beta"))
    assert results(events, "beta")


def test_missile_passing_through_a_hex_without_its_tip_there_cannot_attack():
    alpha = armed("alpha", "a", C)
    beta = armed("beta", "b", C + Vector(1, 0))
    state = game(alpha, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state, events = move_a(state)
    assert not state.pending
    assert not any(isinstance(e, StrikeOffered) for e in events)


def test_missile_attack_is_optional_and_a_held_missile_flies_on():
    state = _missile_at_beta()
    missile = state.pending[0]
    assert isinstance(missile, PendingStrike)
    state, events = run(state, Strike("a", missile.missile, None))
    assert not state.pending and not results(events, "beta")
    assert piece(state, "missile").motion.position == C + Vector(2, 0)
    assert "holds back" in events[0].text


def test_missile_is_always_consumed_when_it_attacks():
    def play(seed: int) -> tuple[GameState, list[Event]]:
        state = _missile_at_beta(seed)
        return run(state, Strike("a", state.pending[0].missile, "beta"))  # type: ignore[attr-defined]

    state, _ = seeded(lambda s, ev: results(ev, "beta") == ["-"], play)
    assert not state.ordnance
    state, _ = seeded(lambda s, ev: results(ev, "beta") not in ([], ["-"]), play)
    assert not state.ordnance


def test_firing_player_picks_the_target_among_several():
    gamma = armed("gamma", "b", C + Vector(2, 0))
    state = _missile_at_beta(1, gamma)
    first = state.pending[0]
    assert isinstance(first, PendingStrike) and set(first.targets) == {"beta", "gamma"}
    with pytest.raises(IllegalCommand, match="can strike only"):
        apply(state, Strike("a", first.missile, "alpha"))
    state, events = run(state, Strike("a", first.missile, "gamma"))
    assert results(events, "gamma") and not results(events, "beta")


def test_missile_attacks_a_ship_that_stops_in_its_hex_on_its_own_move():
    alpha = armed("alpha", "a", C + Vector(0, -3))
    beta = armed("beta", "b", C + Vector(2, 0), Vector(-2, 0))  # coasts to C
    state = game(alpha, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (SIDEWAYS, SIDEWAYS)))
    state, _ = move_a(state)
    assert piece(state, "missile").motion.position == C + Vector(0, -1)
    # a second missile at rest: use the state with the missile placed where Beta stops
    state = replace(state, ordnance=(replace(piece(state, "missile"), motion=Motion(C, ZERO)),))
    state = until(state, "b", "astrogation")
    state, events = run(state, EndPhase("b"))
    first = state.pending[0]
    assert isinstance(first, PendingStrike) and first.player == "a"
    assert first.targets == ("beta",)
    assert any("stopped in its hex" in e.text for e in events)
    state, events = run(state, Strike("a", first.missile, "beta"))
    assert results(events, "beta")


def test_missile_can_attack_an_enemy_missile_which_anything_but_a_miss_destroys():
    def play(seed: int) -> tuple[GameState, list[Event]]:
        alpha = armed("alpha", "a", C)
        beta = armed("beta", "b", C + Vector(-9, 9))
        state = game(alpha, beta, seed=seed)
        enemy = Ordnance("missile-99", "missile", "b", "blue", Motion(C + Vector(2, 0), ZERO))
        state = replace(state, ordnance=(enemy,))
        state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
        state, _ = move_a(state)
        first = state.pending[0]
        assert isinstance(first, PendingStrike) and first.targets == ("missile-99",)
        return run(state, Strike("a", first.missile, "missile-99"))

    state, _ = seeded(
        lambda s, ev: any(isinstance(e, WeaponStruck) and e.destroyed for e in ev), play
    )
    assert not state.ordnance  # both gone
    state, _ = seeded(
        lambda s, ev: any(isinstance(e, WeaponStruck) and not e.destroyed for e in ev), play
    )
    assert [o.id for o in state.ordnance] == ["missile-99"]


def _mine_ahead(seed: int) -> GameState:
    """Bob's mine sits at rest one hex east of Alpha, who coasts two hexes east through it;
    Alpha's missile, slowed to speed 1, reaches the mine's hex."""
    alpha = armed("alpha", "a", C, Vector(2, 0))
    beta = armed("beta", "b", C + Vector(-9, 9))
    state = game(alpha, beta, seed=seed)
    mine = Ordnance(
        "mine-99", "mine", "b", "blue", Motion(C + Vector(1, 0), ZERO), path=(C + Vector(1, 0),)
    )
    state = replace(state, ordnance=(mine,))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (W,)))
    state, _ = move_a(state)
    return state


def test_missile_attacks_on_a_mine_are_resolved_before_the_mine_attacks():
    def play(seed: int) -> tuple[GameState, list[Event]]:
        state = _mine_ahead(seed)
        first = state.pending[0]
        assert isinstance(first, PendingStrike) and "mine-99" in first.targets
        return run(state, Strike("a", first.missile, "mine-99"))

    state, events = seeded(
        lambda s, ev: any(isinstance(e, WeaponStruck) and e.destroyed for e in ev), play
    )
    assert not any(isinstance(e, MineAttack) for e in events)
    # a held missile leaves the mine to attack Alpha as it passes
    state = _mine_ahead(1)
    state, events = run(state, Strike("a", state.pending[0].missile, None))  # type: ignore[attr-defined]
    assert any(isinstance(e, MineAttack) and e.ship == "alpha" for e in events)


def test_flak_takes_one_off_a_launched_weapons_attack_for_each_working_flak_gun():
    state = _missile_at_beta()
    state, events = run(state, Strike("a", state.pending[0].missile, "beta"))  # type: ignore[attr-defined]
    attack_roll = next(e for e in events if isinstance(e, Rolled) and "Missile table" in e.text)
    assert attack_roll.modifiers == (("flak on Beta", -1),)


def test_flak_does_not_work_while_its_ship_is_disabled():
    alpha = armed("alpha", "a", C)
    beta = replace(
        armed("beta", "b", C + Vector(2, 0), guns=("artillery", "flak")),
        disabled=True,
        disabled_for=2,
    )
    state = game(alpha, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state, _ = move_a(state)
    state, events = run(state, Strike("a", state.pending[0].missile, "beta"))  # type: ignore[attr-defined]
    attack_roll = next(e for e in events if isinstance(e, Rolled) and "Missile table" in e.text)
    assert attack_roll.modifiers == ()


# ---- mines ----


def test_mine_attacks_its_own_ship():
    # Alpha drops a mine and coasts on with it: it runs into its own mine
    state = game(armed("alpha", "a", C, Vector(2, 0)), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    state, events = move_a(state)
    assert any(isinstance(e, MineAttack) and e.ship == "alpha" for e in events)
    assert results(events, "alpha")


def test_a_ship_veering_off_after_dropping_a_mine_is_not_attacked():
    state = game(armed("alpha", "a", C, Vector(1, 0)), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((VEER,))))
    events: list[Event] = []
    state = end(state, events)
    assert not any(isinstance(e, MineAttack) for e in events)


def test_mine_attacks_every_ship_in_the_hexes_its_vector_enters():
    alpha = armed("alpha", "a", C, Vector(1, 0))
    ally = armed("ally", "a", C + Vector(1, 0))  # at rest on the mine's way
    beta = armed("beta", "b", C + Vector(1, 0))  # an enemy there too
    state = game(alpha, ally, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((VEER,))))
    events: list[Event] = []
    state = end(state, events)
    attacked = [e.ship for e in events if isinstance(e, MineAttack)]
    assert attacked == ["ally", "beta"]  # Alpha veered off; Ally, at rest, never moved


def test_mine_attacks_a_ship_passing_through_its_vector_on_its_own_turn():
    alpha = armed("alpha", "a", C, Vector(1, 0))
    beta = armed("beta", "b", C + Vector(1, 2), Vector(0, -4))  # will cross it northwards
    state = game(alpha, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((VEER,))))
    events: list[Event] = []
    state = end(state, events)
    assert piece(state, "mine").path == (C, C + Vector(1, 0))
    assert not any(isinstance(e, MineAttack) for e in events)
    state = until(state, "b", "guns", events)
    attack = next(e for e in events if isinstance(e, MineAttack))
    assert attack.ship == "beta" and "course crossed its vector" in attack.text
    assert results(events, "beta")


def test_mine_is_not_consumed_by_attacking():
    def play(seed: int) -> tuple[GameState, list[Event]]:
        state = game(
            armed("alpha", "a", C, Vector(2, 0)), armed("beta", "b", C + Vector(-9, 9)), seed=seed
        )
        state, _ = run(state, LaunchWeapon("a", "alpha", 1))
        return move_a(state)

    state, _ = seeded(lambda s, ev: results(ev, "alpha") not in ([], ["-"]), play)
    assert piece(state, "mine").turns_left == 5


# ---- buckyballs ----


def _buckyball_run(seed: int) -> tuple[GameState, list[Event]]:
    """Ann's buckyball flies 3 hexes east through Beta's hex, then Gamma's."""
    alpha = armed("alpha", "a", C + Vector(-9, 9))
    beta = armed("beta", "b", C + Vector(1, 0), Vector(0, 0))
    gamma = armed("gamma", "b", C + Vector(3, 0), Vector(-1, 0))
    state = game(alpha, beta, gamma, seed=seed)
    ball = Ordnance("buckyball-9", "buckyball", "a", "red", Motion(C, Vector(3, 0)), "alpha")
    state = replace(state, ordnance=(ball,))
    return move_a(state)


def test_buckyball_is_consumed_only_by_a_successful_attack():
    state, events = seeded(lambda s, ev: results(ev, "beta") not in ([], ["-"]), _buckyball_run)
    assert not state.ordnance and not results(events, "gamma")
    state, events = seeded(lambda s, ev: results(ev, "beta") == ["-"], _buckyball_run)
    assert results(events, "gamma")  # it carried on to the next target
    if results(events, "gamma") == ["-"]:
        assert piece(state, "buckyball")


def test_buckyball_damage_is_the_relative_velocity():
    _state, events = seeded(
        lambda s, ev: any(isinstance(e, HitRolled) and e.ship == "beta" for e in ev),
        _buckyball_run,
    )
    hit = next(e for e in events if isinstance(e, HitRolled) and e.ship == "beta")
    assert hit.amount == 3  # buckyball (3, 0) against Beta at rest
    assert "relative velocity" in hit.text


# ---- kinetic buster ----


def _buster_at_base(seed: int) -> tuple[GameState, list[Event]]:
    base = Base("Outpost", BaseKind.ORBITAL, C + Vector(4, 0))
    m = StarMap("Open space", Bounds(40, 40), bases=(base,))
    alpha = armed("alpha", "a", C, Vector(4, 0), launched=("kinetic_buster",))
    docked = replace(armed("beta", "b", C + Vector(4, 0)), docked_at="Outpost")
    passing = armed("gamma", "b", C + Vector(4, 0))
    state = game(alpha, docked, passing, seed=seed, starmap=m, buster=True)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0))
    state = until(state, "a", "astrogation")
    state, _ = run(state, Plot("a", "alpha", Order((SIDEWAYS,))))
    events: list[Event] = []
    state = end(state, events)
    return state, events


def test_kinetic_buster_destroys_a_base_when_a_d6_rolls_below_the_relative_velocity():
    state, events = seeded(
        lambda s, ev: any(isinstance(e, BusterStrike) and e.destroyed for e in ev),
        _buster_at_base,
    )
    roll = next(e for e in events if isinstance(e, Rolled) and "Outpost" in e.text)
    assert roll.total < 4
    assert state.bases_lost == frozenset({"Outpost"})
    assert state.ship("beta").status is ShipStatus.DESTROYED  # docked there
    assert state.ship("gamma").status is ShipStatus.ACTIVE  # only passing by
    assert not state.ordnance


def test_kinetic_buster_fails_when_the_d6_is_not_below_the_relative_velocity():
    state, events = seeded(
        lambda s, ev: any(isinstance(e, BusterStrike) and not e.destroyed for e in ev),
        _buster_at_base,
    )
    assert not state.bases_lost and state.ship("beta").status is ShipStatus.ACTIVE
    assert not state.ordnance  # spent either way
    assert not results(events, "gamma")  # it never harms ships


# ---- mine fields ----


def test_mine_field_is_permanent_stationary_and_attacks_ships_entering_its_hex():
    alpha = armed("alpha", "a", C + Vector(-2, 0), Vector(2, 0))  # coasts to C
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)))
    state, laid = mine_field(state, "b", (C,))
    field = piece(state, "mine")
    assert field.permanent and field.turns_left is None and field.motion.velocity == ZERO
    assert "whole game" in laid[0].text
    state, events = move_a(state)
    assert any(isinstance(e, MineAttack) and e.ship == "alpha" for e in events)
    for _ in range(7):
        state = place_all_hits(state)
        state = until(state, "b", "launch")
        state = place_all_hits(state)
        state = until(state, "a", "launch")
    assert piece(state, "mine").motion.position == C  # never moved, never expired


def test_mine_field_pieces_cannot_be_struck_by_missiles():
    alpha = armed("alpha", "a", C)
    state = game(alpha, armed("beta", "b", C + Vector(-9, 9)))
    state, _ = mine_field(state, "b", (C + Vector(2, 0),))
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (E, E)))
    state, _ = move_a(state)
    assert not state.pending


# ---- saving ----


def test_ordnance_and_strike_decisions_survive_serialisation():
    state = _missile_at_beta()
    assert state.ordnance and state.pending
    back = serial.from_data(serial.to_data(state))
    assert back == state and state_hash(back) == state_hash(state)
    state, _ = run(state, Strike("a", state.pending[0].missile, "beta"))  # type: ignore[attr-defined]
    assert serial.from_data(serial.to_data(Strike("a", "missile-1", None))) == Strike(
        "a", "missile-1", None
    )
