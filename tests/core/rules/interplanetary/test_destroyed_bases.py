"""Seed "Optional rules: Kinetic Buster": a base the buster destroyed gives no service any
more (our reading: no docking, landing, refuelling, refit, loading, repair or launch)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply
from core.rules.interplanetary.bases import Load, Refit, Refuel, can_resupply
from core.vector.orders import Launch, Plot
from core.vector.state import GameState, ShipStatus
from tests.core.rules.interplanetary.test_bases import at_outpost
from tests.core.vector.test_astrogation import SOLAR, orbiting, start

LOST = "was destroyed by a kinetic buster"


def _lost(state: GameState, *names: str) -> GameState:
    return replace(state, bases_lost=frozenset(names))


def test_destroyed_base_refuses_docking() -> None:
    station = SOLAR.base("Mars Station")
    assert station is not None
    state = _lost(start(orbiting("Mars", station.hex)), "Mars Station")
    with pytest.raises(IllegalCommand, match=f"Mars Station {LOST}"):
        apply(state, Plot("a", "s", dock="Mars Station"))


def test_destroyed_base_refuses_landing() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    state = _lost(start(orbiting("Mars", port.approach)), "Mars Port")
    with pytest.raises(IllegalCommand, match=f"Mars Port {LOST}"):
        apply(state, Plot("a", "s", land="Mars Port"))


def test_destroyed_base_refuses_refuel_refit_and_load() -> None:
    state = _lost(at_outpost(points=20), "Outpost")
    assert not can_resupply(state, state.ship("s"))
    for command in (
        Refuel("a", "s"),
        Refit("a", "s", "guns", 0, "mass_driver"),
        Load("a", "s", 1, "missile"),
    ):
        with pytest.raises(IllegalCommand, match=f"Outpost {LOST}"):
            apply(state, command)


def test_destroyed_base_mends_nothing() -> None:
    state = at_outpost()
    ship = state.ship("s")
    assert ship.manifest is not None
    damaged = replace(ship, manifest=ship.manifest.with_damage("structure", 0, 3))
    state = _lost(state.with_ship(damaged), "Outpost")
    state, events = apply(state, EndPhase("a"))
    assert state.ship("s").manifest.checked("structure") == 3
    assert not any("shipyard mends" in e.text for e in events)


def test_destroyed_base_launches_no_ship() -> None:
    port = SOLAR.base("Mars Port")
    assert port is not None
    ship = replace(
        orbiting("Mars", port.approach),
        status=ShipStatus.LANDED,
        landed_at="Mars Port",
        orbit=None,
    )
    state = _lost(start(ship), "Mars Port")
    with pytest.raises(IllegalCommand, match=f"Mars Port {LOST}"):
        apply(state, Launch("a", "s"))
