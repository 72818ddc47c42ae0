"""Requirements 2, 3 and 8 of issue 20: which encounters a strategic course offers and
what each costs, the very-high-acceleration rules, the Engage command, and a battle's
result fed back into the strategic game."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.dice import Dice
from core.engine.encounter import Outcome
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, new_game
from core.rules.void.battle import BattleResult, BattleSetup, ShipAfter
from core.rules.void.crew import Kit, kit_of
from core.rules.void.engage import Engage, encounter, resume
from core.rules.void.fight import EnterResult, Reported
from core.rules.void.offers import after_move, engagement_cost, for_course, offers
from core.rules.void.system import SYSTEM
from core.rules.void.tactical.situation import foreseen
from core.rules.void.tactical.terms import terms as tactical_terms_of
from core.rules.void.terms import terms_of
from core.vector.course_check import movement_params
from core.vector.motion import Motion, Order
from core.vector.movement import move
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship, ShipStatus
from tests.core.rules.void.tactical.make import begin

OPEN = StarMap("Open", Bounds(30, 30))
PLAYERS = (Player("mars", "Mars", "Mars"), Player("opa", "OPA", "OPA"))
CENTRE = OPEN.bounds.labels.from_offset(15, 15)


def at(h: Hex, v: Vector = ZERO) -> Motion:
    return Motion(h, v)


def game(*ships: Ship, switches: tuple[tuple[str, bool], ...] = ()) -> GameState:
    state, _ = new_game("system3void-strategic", OPEN, PLAYERS, ships, seed=3, switches=switches)
    return state


def ship(ship_id: str, owner: str, unit: str, motion: Motion, fuel: int = 20) -> Ship:
    side = "Mars" if owner == "mars" else "OPA"
    return Ship(ship_id, ship_id.title(), owner, side, unit, motion, Fraction(fuel))


@pytest.mark.parametrize(
    ("distance", "difference", "cost"),
    [
        (0, 0, "free"),
        (0, 2, "free"),
        (0, 3, "fuel"),
        (0, 4, "high"),
        (0, 5, None),
        (1, 0, "fuel"),
        (1, 2, "fuel"),
        (1, 3, "high"),
        (1, 4, None),
        (2, 0, "high"),
        (2, 2, "high"),
        (2, 3, None),
        (3, 0, None),
    ],
)
def test_entering_tactical_scale_costs_by_distance_and_velocity_difference(
    distance: int, difference: int, cost: str | None
) -> None:
    assert engagement_cost(distance, difference) == cost


def test_a_course_through_an_enemy_hex_offers_a_free_engagement() -> None:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-2, 0)))
    state = game(target, bastet)
    (offer,) = offers(state, bastet, bastet.motion.position, CENTRE, Vector(2, 0))
    assert (offer.target, offer.targets, offer.distance) == (CENTRE, ("bd",), 0)
    assert (offer.velocity_difference, offer.cost) == (2, "free")
    assert offer.why == "through its hex, velocity difference 2: free"
    far = offers(state, bastet, CENTRE + Vector(-5, 0), CENTRE + Vector(-8, 0), Vector(-3, 0))
    assert far == ()  # never within two hexes


def test_passing_one_hex_away_costs_a_fuel_point_and_two_hexes_high_acceleration() -> None:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-3, 1)))
    state = game(target, bastet)
    (offer,) = offers(state, bastet, bastet.motion.position, CENTRE + Vector(1, 1), Vector(4, 0))
    assert (offer.distance, offer.velocity_difference, offer.cost) == (1, 4, None)
    (offer,) = offers(state, bastet, bastet.motion.position, CENTRE + Vector(0, 1), Vector(3, 0))
    assert (offer.distance, offer.velocity_difference, offer.cost) == (1, 3, "high")
    start = CENTRE + Vector(-2, 2)
    (offer,) = offers(state, bastet, start, CENTRE + Vector(0, 2), Vector(2, 0))
    assert (offer.distance, offer.cost) == (2, "high")
    tired = replace(bastet, cooldown=1)
    (offer,) = offers(state, tired, start, CENTRE + Vector(0, 2), Vector(2, 0))
    assert offer.cost is None and "may not for 1 more turn" in offer.why


def test_very_high_acceleration_may_not_engage_but_may_be_attacked() -> None:
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-3, 0)))
    korf = ship("k", "mars", "korf", at(CENTRE))
    state = game(korf, bastet)
    state, _ = apply(state, Plot("mars", "k", Order((Direction(0),) * 3)))
    state = _to_phase(state, "combat")
    sprinter = state.ship("k")
    assert sprinter.cooldown == 3 and sprinter.juiced  # the very-high burn was made
    assert all(o.cost is None and "very-high" in o.why for o in after_move(state, sprinter))


def _to_phase(state: GameState, phase: str, player: str | None = None) -> GameState:
    while current_phase(state) != phase or (
        player is not None and player not in {p.id for p in SYSTEM.waiting_for(state)}
    ):
        (who,) = {p.id for p in SYSTEM.waiting_for(state)}
        state, _ = apply(state, EndPhase(who))
    return state


def test_the_course_preview_shows_what_a_plotted_course_would_offer() -> None:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE + Vector(2, 0)))
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE))
    state = game(target, bastet)
    params = movement_params(state.rules, "frigate-bastet", state.switches)
    for burn, cost in (((Direction(0),) * 2, "free"), ((Direction(0),) * 3, None)):
        result = move(OPEN, bastet.motion, Order(burn), params)
        (offer,) = for_course(state, bastet, result, len(burn))
        assert offer.cost == cost, burn


def engaged(resolution: str = "strategic") -> GameState:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    bastets = [ship(f"b{i}", "opa", "frigate-bastet", at(CENTRE + Vector(-2, 0))) for i in (1, 2)]
    state, _ = new_game("system3void-strategic", OPEN, PLAYERS, (target, *bastets), seed=3, first=1)
    for b in bastets:
        state, _ = apply(state, Plot("opa", b.id, Order((Direction(0),) * 2)))
    state = _to_phase(state, "combat")
    state, _ = apply(state, Engage("opa", ("b1", "b2"), CENTRE, resolution))  # type: ignore[arg-type]
    return state


def test_engaging_pays_the_cost_and_opens_the_battle_with_the_ships_as_they_stand() -> None:
    state = engaged()
    battle = terms_of(state).battle
    assert battle is not None
    assert [s.id for s in battle.side("attacker")] == ["b1", "b2"]
    assert [s.id for s in battle.side("defender")] == ["bd"]
    assert battle.approach.cost == "free" and battle.approach.velocity_difference == 2
    assert battle.ship("b1").juiced  # the two-hex burn this turn was high acceleration
    assert battle.ship("bd").kit == Kit(torpedoes=100)  # a full missile load
    opened = encounter(state)
    assert opened is not None
    assert (opened.system, opened.ruleset, opened.scale) == (
        "void",
        "system3void-strategic",
        "strategic",
    )
    assert opened.seats == ("opa", "mars") and opened.setup == battle
    with pytest.raises(IllegalCommand, match="fought first"):
        apply(state, EndPhase("opa"))
    with pytest.raises(IllegalCommand, match="already open"):
        apply(state, Engage("opa", ("b1",), CENTRE, "strategic"))


def test_engage_refuses_ships_whose_course_offers_no_such_target() -> None:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    far = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-8, 0)))
    state, _ = new_game("system3void-strategic", OPEN, PLAYERS, (target, far), seed=3, first=1)
    with pytest.raises(IllegalCommand, match="combat phase"):
        apply(state, Engage("opa", ("b1",), CENTRE))
    state = _to_phase(state, "combat")
    with pytest.raises(IllegalCommand, match="passes no enemy ship"):
        apply(state, Engage("opa", ("b1",), CENTRE))
    with pytest.raises(IllegalCommand, match="not yours"):
        apply(state, Engage("opa", ("bd",), CENTRE))


def test_without_tactical_scale_a_battle_is_resolved_by_strategic_combat_or_by_hand() -> None:
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-1, 0)))
    state, _ = new_game(
        "system3void-strategic",
        OPEN,
        PLAYERS,
        (target, bastet),
        seed=3,
        first=1,
        switches=(("tactical_scale", False),),
    )
    state, _ = apply(state, Plot("opa", "b1", Order((Direction(0),))))
    state = _to_phase(state, "combat")
    with pytest.raises(IllegalCommand, match="does not use tactical scale"):
        apply(state, Engage("opa", ("b1",), CENTRE, "tactical"))
    apply(state, Engage("opa", ("b1",), CENTRE, "hand"))


def test_a_battles_result_flows_back_damage_fuel_torpedoes_and_losses() -> None:
    state = engaged("hand")
    battle = terms_of(state).battle
    assert battle is not None
    child, _ = SYSTEM.start("system3void-strategic", [PLAYERS[1], PLAYERS[0]], 1, battle)
    with pytest.raises(IllegalCommand, match="took 10 torpedoes in"):
        apply(child, EnterResult("opa", (Reported("b1", torpedoes=11),)))
    with pytest.raises(IllegalCommand, match="disabled 0 to 5 turns"):
        apply(child, EnterResult("opa", (Reported("b1", disabled_for=6),)))
    with pytest.raises(IllegalCommand, match="no ship 'zz'"):
        apply(child, EnterResult("opa", (Reported("zz"),)))
    child, _ = apply(
        child,
        EnterResult(
            "opa", (Reported("bd", destroyed=True), Reported("b2", disabled_for=3, torpedoes=4))
        ),
    )
    assert child.over and child.winners == ("opa",)
    result = SYSTEM.outcome_details(child)
    assert isinstance(result, BattleResult)
    state, events = resume(state, Outcome(child.winners, "the Big Danger is lost", result))
    assert state.ship("bd").status is ShipStatus.DESTROYED
    b2 = state.ship("b2")
    assert (b2.disabled_for, b2.disabled, kit_of(b2).torpedoes) == (3, True, 4)
    assert b2.fuel == battle.ship("b2").fuel - 1  # the battle's fuel point
    assert state.ship("b1").fuel == battle.ship("b1").fuel - 1
    terms = terms_of(state)
    assert terms.battle is None and terms.battles == 1 and terms.fought[0].where == CENTRE
    assert encounter(state) is None
    assert events[0].text == "the Big Danger is lost"


def b1_disabled_2(battle: BattleSetup) -> BattleResult:
    """A battle's result: B1 disabled 2 turns, every other ship as it went in."""
    ships = (ShipAfter(s.id, False, 2 * (s.id == "b1"), s.fuel, s.kit) for s in battle.ships)
    return BattleResult(tuple(ships), "hand")


def test_a_disabled_ship_counts_down_at_the_end_of_its_owners_turns() -> None:
    state = engaged("hand")
    battle = terms_of(state).battle
    assert battle is not None
    state, _ = resume(state, Outcome((), "", b1_disabled_2(battle)))
    state, _ = apply(state, EndPhase("opa"))  # combat
    state, _ = apply(state, EndPhase("opa"))  # resupply: the turn ends
    assert state.ship("b1").disabled_for == 1
    assert terms_of(state).fought  # still this round: Mars may attack there too


def test_very_high_acceleration_ships_drawn_into_battle_roll_on_the_torpedo_column() -> None:
    korf = ship("k", "mars", "korf", at(CENTRE + Vector(-3, 0)))
    bastet = ship("b1", "opa", "frigate-bastet", at(CENTRE + Vector(-2, 2)))
    state = game(korf, bastet)
    state, _ = apply(state, Plot("mars", "k", Order((Direction(0),) * 3)))
    state = _to_phase(state, "astrogation", "opa")
    state, _ = apply(state, Plot("opa", "b1", Order((Direction(1),) * 2)))
    state = _to_phase(state, "combat")
    assert state.ship("b1").motion.position == state.ship("k").motion.position
    state = replace(state, dice=Dice(1, loaded=(6,)))
    state, events = apply(state, Engage("opa", ("b1",), state.ship("k").motion.position))
    battle = terms_of(state).battle
    assert battle is not None and battle.ship("k").very_high
    assert battle.ship("k").kit.crew_out == 3  # a 6 on the Torpedo column: D3
    assert any(e.text == "K's crew is out for 3 turns" for e in events)


def test_a_following_player_may_attack_the_same_hex_in_the_same_turn_damage_kept() -> None:
    state = engaged("hand")
    battle = terms_of(state).battle
    assert battle is not None
    state, _ = resume(state, Outcome((), "", b1_disabled_2(battle)))
    state = _to_phase(state, "combat", "mars")  # Mars's turn, same round: the Big Danger coasts
    assert state.round == battle.round
    state, _ = apply(state, Engage("mars", ("bd",), CENTRE, "strategic"))
    again = terms_of(state).battle
    # no repairs between; only its owner's turn ending took one off the count
    assert again is not None and again.ship("b1").disabled_for == 1
    assert [s.id for s in again.side("defender")] == ["b1", "b2"]


def test_the_encounter_shows_the_initial_tactical_situation_the_battle_then_starts_with() -> None:
    """Requirement 9: the initial tactical situation named before the players choose how
    to resolve; foreseeing it leaves the strategic game as it was."""
    target = ship("bd", "mars", "battleship-big-danger", at(CENTRE))
    bastets = [ship(f"b{i}", "opa", "frigate-bastet", at(CENTRE + Vector(-2, 0))) for i in (1, 2)]
    state, _ = new_game("system3void-strategic", OPEN, PLAYERS, (target, *bastets), seed=3, first=1)
    for b in bastets:
        state, _ = apply(state, Plot("opa", b.id, Order((Direction(0),) * 2)))
    state = _to_phase(state, "combat")
    command = Engage("opa", ("b1", "b2"), CENTRE, "tactical")
    before = state
    seen = foreseen(state, command)
    assert state == before and terms_of(state).battle is None
    assert "fast" in seen.kinds and seen.text.startswith(" and ".join(seen.kinds).capitalize())
    after, _ = apply(state, command)
    battle = terms_of(after).battle
    assert battle is not None
    assert tactical_terms_of(begin(battle)).situation == seen


def test_a_ship_attacks_once_a_turn_but_may_still_be_attacked() -> None:
    """Ruling: a ship attacks once a turn (standard Triplanetary): once its battle is
    over its owner may not engage again with it that turn (the window offered it again);
    a following player may still attack it."""
    state = engaged("hand")
    battle = terms_of(state).battle
    assert battle is not None
    unharmed = BattleResult(
        tuple(ShipAfter(s.id, False, 0, s.fuel, s.kit) for s in battle.ships), "hand"
    )
    state, _ = resume(state, Outcome((), "", unharmed))
    b1 = state.ship("b1")
    (offer,) = [o for o in after_move(state, b1) if o.target == CENTRE]
    assert not offer.open and offer.why.endswith("B1 has attacked this turn already")
    with pytest.raises(IllegalCommand, match="attacked this turn already"):
        apply(state, Engage("opa", ("b1", "b2"), CENTRE, "strategic"))
    state = _to_phase(state, "combat", "mars")  # Mars's turn, same round
    apply(state, Engage("mars", ("bd",), CENTRE, "strategic"))
