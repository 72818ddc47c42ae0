"""Seed "Advanced combat system": basic or advanced (hit-location) gun combat is a switch
stored with the strategic game, carried by every battle it opens to the tactical battle;
a battle saved before the switch existed plays basic combat."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, new_game
from core.engine.serial import from_data, to_data
from core.files.rulesets import load_ruleset
from core.rules.void.battle import BattleSetup
from core.rules.void.engage import Engage
from core.rules.void.system import SYSTEM
from core.rules.void.tactical.terms import tactical_terms
from core.rules.void.terms import terms_of
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship

OPEN = StarMap("Open", Bounds(30, 30))
PLAYERS = (Player("mars", "Mars", "Mars"), Player("opa", "OPA", "OPA"))
CENTRE = OPEN.bounds.labels.from_offset(15, 15)


def _ship(ship_id: str, owner: str, unit: str, at: Hex) -> Ship:
    side = "Mars" if owner == "mars" else "OPA"
    return Ship(ship_id, ship_id.title(), owner, side, unit, Motion(at, ZERO), Fraction(20))


def _battle(switches: tuple[tuple[str, bool], ...]) -> BattleSetup:
    """A Bastet engages the Big Danger at tactical scale in a game with ``switches``."""
    ships = (
        _ship("bd", "mars", "battleship-big-danger", CENTRE),
        _ship("b1", "opa", "frigate-bastet", CENTRE + Vector(-1, 0)),
    )
    state: GameState
    state, _ = new_game(
        "system3void-strategic", OPEN, PLAYERS, ships, seed=3, first=1, switches=switches
    )
    state, _ = apply(state, Plot("opa", "b1", Order((Direction(0),))))
    while current_phase(state) != "combat":
        (who,) = {p.id for p in SYSTEM.waiting_for(state)}
        state, _ = apply(state, EndPhase(who))
    state, _ = apply(state, Engage("opa", ("b1",), CENTRE, "tactical"))
    battle = terms_of(state).battle
    assert battle is not None
    return battle


def _plays_advanced(battle: BattleSetup) -> bool:
    state, _ = SYSTEM.start(load_ruleset("system3void-tactical"), PLAYERS[::-1], 5, battle)
    terms = tactical_terms(state)
    assert terms is not None
    return terms.advanced


def test_advanced_gun_combat_is_a_switch_the_campaign_carries_into_its_battles() -> None:
    battle = _battle((("advanced_gun_combat", True),))
    assert battle.advanced
    assert _plays_advanced(battle)


def test_basic_gun_combat_is_the_default_of_a_campaign() -> None:
    assert not load_ruleset("system3void-strategic").switch("advanced_gun_combat")
    battle = _battle(())
    assert not battle.advanced
    assert not _plays_advanced(battle)


def test_a_battle_saved_before_the_switch_existed_plays_basic_combat() -> None:
    battle = _battle(())
    data = to_data(battle)
    assert "advanced" not in str(data)  # the saved form (and its hash) is unchanged
    assert from_data(data) == battle
    advanced = replace(battle, advanced=True)
    assert from_data(to_data(advanced)).advanced


def test_only_void_rulesets_have_the_advanced_gun_combat_switch() -> None:
    for name in ("interplanetary", "nplanetary"):
        assert "advanced_gun_combat" not in load_ruleset(name).switch_values()
    assert "advanced_gun_combat" in load_ruleset("system3void-tactical").switch_values()
