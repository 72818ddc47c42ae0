"""Seed "Optional rules: Space rendezvous": matched vectors, both accept, fuel and launched
weapons change hands, both ships sit out a turn."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import Direction, Vector
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.combat.guns import Fire
from core.rules.interplanetary.optional.rendezvous import (
    AcceptRendezvous,
    PendingRendezvous,
    Rendezvous,
    partners,
)
from core.vector.motion import Order
from core.vector.orders import Plot
from tests.core.optional_games import ALLIES, armed, game, to_phase


def tanker_and_escort(**switches: bool):
    tanker = armed("tanker", "a", "red", fuel=15, launched=("missile", "mine"))
    escort = armed("escort", "a", "red", fuel=3, launched=())
    return to_phase(game(tanker, escort, rendezvous=True, **switches), "resupply")


def test_space_rendezvous_passes_fuel_and_launched_weapons_between_matched_ships():
    state = tanker_and_escort()
    state, events = apply(state, Rendezvous("a", "tanker", "escort", Fraction(6), give=(0, 1)))
    tanker, escort = state.ship("tanker"), state.ship("escort")
    assert (tanker.fuel, escort.fuel) == (9, 9)
    assert tanker.manifest is not None and escort.manifest is not None
    assert set(tanker.manifest.launchers) == {None}
    assert sorted(w for w in escort.manifest.launchers if w) == ["mine", "missile"]
    assert "sit out their next turn" in events[-1].text


def test_space_rendezvous_needs_matched_vectors():
    tanker = armed("tanker", "a", "red", fuel=15)
    passing = armed("escort", "a", "red", v=Vector.of(Direction(0)), fuel=3)
    state = to_phase(game(tanker, passing, rendezvous=True), "resupply")
    assert partners(state, state.ship("tanker")) == []
    with pytest.raises(IllegalCommand, match="same hex with the same vector"):
        apply(state, Rendezvous("a", "tanker", "escort", Fraction(1)))


def test_space_rendezvous_is_an_optional_rule():
    tanker = armed("tanker", "a", "red", fuel=15)
    escort = armed("escort", "a", "red", fuel=3)
    state = to_phase(game(tanker, escort), "resupply")
    with pytest.raises(IllegalCommand, match="does not use the Space rendezvous rule"):
        apply(state, Rendezvous("a", "tanker", "escort", Fraction(1)))


def test_space_rendezvous_with_another_players_ship_waits_for_its_acceptance():
    tanker = armed("tanker", "a", "red", fuel=15)
    ally = armed("ally", "b", "red", fuel=3)
    state = to_phase(game(tanker, ally, players=ALLIES, rendezvous=True), "resupply")
    asked, _ = apply(state, Rendezvous("a", "tanker", "ally", Fraction(5)))
    assert isinstance(asked.pending[0], PendingRendezvous) and asked.pending[0].player == "b"
    assert asked.ship("ally").fuel == 3  # nothing passes before Bob agrees
    done, _ = apply(asked, AcceptRendezvous("b", "ally"))
    assert (done.ship("tanker").fuel, done.ship("ally").fuel) == (10, 8)
    refused, events = apply(asked, AcceptRendezvous("b", "ally", accept=False))
    assert refused.ship("ally").fuel == 3 and not refused.pending
    assert "turns down" in events[-1].text


def test_space_rendezvous_between_enemies_is_refused():
    a = armed("alpha", "a", "red", fuel=15)
    b = armed("beta", "b", "blue", fuel=3)
    state = to_phase(game(a, b, rendezvous=True), "resupply")
    with pytest.raises(IllegalCommand, match="enemies meet only after a surrender"):
        apply(state, Rendezvous("a", "alpha", "beta", Fraction(1)))


def test_space_rendezvous_only_what_the_tank_and_launchers_can_take():
    state = tanker_and_escort()
    with pytest.raises(IllegalCommand, match="room for 12 fuel, not 13"):
        apply(state, Rendezvous("a", "tanker", "escort", Fraction(13)))
    with pytest.raises(IllegalCommand, match="no weapon in launcher slot 3"):
        apply(state, Rendezvous("a", "tanker", "escort", give=(2,)))
    with pytest.raises(IllegalCommand, match="must pass fuel or weapons"):
        apply(state, Rendezvous("a", "tanker", "escort"))


def test_space_rendezvous_both_ships_sit_out_their_next_turn():
    state = tanker_and_escort()
    state, _ = apply(state, Rendezvous("a", "tanker", "escort", Fraction(2)))
    state = to_phase(state, "astrogation", "a")  # Ann's next turn
    assert state.ship("tanker").skips == 1
    with pytest.raises(IllegalCommand, match="sits out this turn"):
        apply(state, Plot("a", "tanker", Order()))
    state = to_phase(state, "guns", "a")
    with pytest.raises(IllegalCommand, match="sits out this turn"):
        apply(state, Fire("a", "tanker", 0, "escort"))
    state = to_phase(state, "launch", "a")  # the turn after: free again
    assert state.ship("tanker").skips == 0 and state.ship("escort").skips == 0
    state = to_phase(state, "astrogation", "a")
    apply(state, Plot("a", "tanker", Order()))


def test_space_rendezvous_proposal_is_checked_before_it_is_put_to_the_other_player():
    tanker = armed("tanker", "a", "red", fuel=15)
    ally = replace(armed("ally", "b", "red", fuel=15), fuel=Fraction(15))
    state = to_phase(game(tanker, ally, players=ALLIES, rendezvous=True), "resupply")
    with pytest.raises(IllegalCommand, match="room for 0 fuel"):
        apply(state, Rendezvous("a", "tanker", "ally", Fraction(1)))
