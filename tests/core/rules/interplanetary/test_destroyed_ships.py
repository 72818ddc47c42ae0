"""A destroyed ship is out of the game: it does not recover from being disabled, no
shipyard mends it, and no later event names it (until a scenario brings it back)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import DEFAULT_SERVICES, Base, BaseKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.events import Event
from core.engine.play import active_player, apply, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.scenario.special_rules import ShipComesBack
from core.vector.astrogation import ShipDestroyed
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship, ShipStatus
from tests.core.scenario.test_scenario_full_games import training_variation

DOCK = Hex(5, 5)
YARD = StarMap(
    "Yard",
    Bounds(12, 12),
    asteroids=frozenset({DOCK}),
    bases=(Base("Yard", BaseKind.ASTEROID, DOCK, services=DEFAULT_SERVICES[BaseKind.ASTEROID]),),
)
PLAYERS = (Player("a", "Ann", "a"), Player("b", "Bob", "b"))


def ship(sid: str, owner: str, at: Hex, **kw: object) -> Ship:
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    manifest = fit(aid, Outfit(guns=("artillery",)))
    made = Ship(
        sid, sid.title(), owner, owner, "ship", Motion(at, ZERO), Fraction(15), manifest=manifest
    )
    return replace(made, **kw)  # type: ignore[arg-type]


def rounds(state: GameState, n: int) -> tuple[GameState, list[Event]]:
    """Every player ends every phase for ``n`` rounds; the events of them all."""
    said: list[Event] = []
    start = state.round
    while state.round < start + n and not state.over:
        player = active_player(state)
        assert player is not None
        state, events = apply(state, EndPhase(player.id))
        said.extend(events)
    return state, said


def naming(events: list[Event], ship_id: str) -> list[str]:
    return [e.text for e in events if getattr(e, "ship", None) == ship_id]


def test_a_destroyed_ship_does_not_recover_from_being_disabled() -> None:
    alive = ship("alpha", "a", Hex(2, 2))
    wreck = ship("beta", "b", Hex(8, 8))
    wreck = replace(wreck, status=ShipStatus.DESTROYED, disabled=True, disabled_for=1)
    keeper = ship("gamma", "b", Hex(9, 2))
    state, _ = new_game("interplanetary", YARD, PLAYERS, (alive, wreck, keeper), seed=1)
    state, events = rounds(state, 3)
    assert not naming(events, "beta")
    assert not any("Beta" in e.text for e in events)


def test_a_destroyed_ship_at_a_shipyard_is_not_mended() -> None:
    wreck = ship("beta", "b", DOCK, docked_at="Yard")
    assert wreck.manifest is not None
    damaged = wreck.manifest.with_damage("structure", 0, 3)
    wreck = replace(wreck, status=ShipStatus.DESTROYED, manifest=damaged)
    others = (ship("alpha", "a", Hex(2, 2)), ship("gamma", "b", Hex(9, 2)))
    state, _ = new_game("interplanetary", YARD, PLAYERS, (wreck, *others), seed=1)
    state, events = rounds(state, 2)
    assert not naming(events, "beta")
    assert state.ship("beta").manifest == damaged


def test_no_event_names_a_ship_after_it_is_destroyed_in_a_full_game() -> None:
    """Training's armed variation, played to its end, destroys a disabled ship."""
    game = training_variation()
    gone: set[str] = set()
    late: list[str] = []
    for e in game.events:
        subject = getattr(e, "ship", None)
        if isinstance(e, ShipComesBack):
            gone.discard(e.ship)
        elif subject in gone:
            late.append(e.text)
        if isinstance(e, ShipDestroyed):
            gone.add(e.ship)
    assert gone, "the game destroys a ship"
    assert not late, late
