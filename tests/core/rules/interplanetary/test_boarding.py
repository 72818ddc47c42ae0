"""Seed "Optional rules: Boarding": matched vectors with a disabled enemy, opposed d6 won
only on the higher roll, one attempt a round and no other attack."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Vector
from core.engine.dice import Rolled
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.combat.attack import AllocateDamage
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.optional.boarding import Board, BoardingAttempt, boardable
from tests.core.optional_games import armed, game, to_phase


def boarding_game(seed: int = 1, target_v: Vector | None = None, **switches: bool):
    raider = armed("raider", "a", "red")
    prize = replace(armed("prize", "b", "blue"), disabled=True, disabled_for=3)
    if target_v is not None:
        prize = replace(prize, motion=replace(prize.motion, velocity=target_v))
    on = {"boarding": True, **switches}
    return to_phase(game(raider, prize, seed=seed, **on), "guns", "a")


def attempt(seed: int, **switches: bool):
    state = boarding_game(seed, **switches)
    after, events = apply(state, Board("a", "raider", "prize"))
    rolls = [e.total for e in events if isinstance(e, Rolled)]
    result = next(e for e in events if isinstance(e, BoardingAttempt))
    return after, rolls, result


def test_boarding_opposed_d6_the_boarder_wins_only_on_the_higher_roll():
    seen = set()
    for seed in range(1, 40):
        after, (attack, defence), result = attempt(seed)
        assert result.success == (attack > defence)
        prize = after.ship("prize")
        if result.success:
            assert prize.surrendered == "a" and prize.captured_by == "raider"
            assert after.terms is not None
            assert [(b.target, b.boarder) for b in after.terms.boarded] == [("prize", "raider")]
        else:
            assert prize.surrendered is None and prize.captured_by is None
        seen.add(result.success)
    assert seen == {True, False}


def test_boarding_needs_a_disabled_enemy_with_a_matched_vector():
    state = boarding_game()
    assert [s.id for s in boardable(state, state.ship("raider"))] == ["prize"]
    working = state.with_ship(replace(state.ship("prize"), disabled=False))
    with pytest.raises(IllegalCommand, match="only a disabled ship can be boarded"):
        apply(working, Board("a", "raider", "prize"))
    moving = boarding_game(target_v=Vector.of(Direction(1)))
    with pytest.raises(IllegalCommand, match="must match Prize's vector"):
        apply(moving, Board("a", "raider", "prize"))
    with pytest.raises(IllegalCommand, match="does not use the Boarding rule"):
        apply(boarding_game(boarding=False), Board("a", "raider", "prize"))


def test_boarding_one_attempt_a_round_and_no_other_attack():
    state = boarding_game()
    after, _ = apply(state, Board("a", "raider", "prize"))
    with pytest.raises(IllegalCommand, match="crew is away boarding"):
        apply(after, Board("a", "raider", "prize"))
    with pytest.raises(IllegalCommand, match="crew is away boarding"):
        apply(after, Fire("a", "raider", 0, "prize"))
    fired, _ = apply(state, Fire("a", "raider", 0, "prize"))
    while fired.pending:  # the defender places any hit; the disabled prize cannot answer
        fired, _ = apply(fired, AllocateDamage(fired.pending[0].player, fired.pending[0].ship))
    with pytest.raises(IllegalCommand, match="has attacked this turn"):
        apply(fired, Board("a", "raider", "prize"))


def test_boarding_takes_ship_switch_hands_the_prize_to_the_boarder():
    for seed in range(1, 40):
        after, _rolls, result = attempt(seed, boarding_takes_ship=True)
        if result.success:
            prize = after.ship("prize")
            assert (prize.owner, prize.side, prize.surrendered) == ("a", "red", None)
            assert prize.captured_by == "raider"
            return
    raise AssertionError("no seed gave a successful boarding")
