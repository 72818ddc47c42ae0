"""Requirement 7 of issue 20: strategic combat. The seed's worked example (the Big Danger
against six Bastets) reproduced number by number, then each part of the rule: the
aggression factor and its defensive bonus, narrative points, fuel, relative velocity,
juiced crews."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.board.hexgrid import Hex, Vector
from core.engine.commands import EndPhase
from core.engine.dice import Dice
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import apply
from core.engine.system import Seat
from core.rules.void.battle import Approach, BattleSetup, BattleShip
from core.rules.void.crew import Kit
from core.rules.void.fight import ChooseAggression, Fight, Spare, Totals
from core.rules.void.strategic_combat import Strike
from core.rules.void.system import SYSTEM

HEX = Hex(0, 0)
SEATS = [Seat("mars", "Mars", "Mars"), Seat("opa", "OPA", "OPA")]


def ship(ship_id: str, name: str, owner: str, unit: str, role: str, **more: object) -> BattleShip:
    fields = dict(kit=Kit(torpedoes=10))
    fields.update(more)
    return BattleShip(
        ship_id,
        name,
        owner,
        owner.upper(),
        unit,
        role,
        HEX,
        Vector(1, 0),
        Fraction(15),
        **fields,  # type: ignore[arg-type]
    )


def big_danger_setup(**more: object) -> BattleSetup:
    bastets = tuple(
        ship(f"s{i}", f"Bastet {i}", "opa", "frigate-bastet", "attacker") for i in range(1, 7)
    )
    big = ship("bd", "Big Danger", "mars", "battleship-big-danger", "defender")
    approach = Approach(Hex(2, 0), HEX, HEX, 0, 1, "free")
    setup = BattleSetup("opa", ("mars",), (*bastets, big), approach, "strategic", HEX, "at 0101", 3)
    return replace(setup, **more)  # type: ignore[arg-type]


def fight(setup: BattleSetup, loaded: tuple[int, ...]) -> Fight:
    state, _ = SYSTEM.start("system3void-strategic", [SEATS[1], SEATS[0]], 7, setup)
    assert isinstance(state, Fight)
    return replace(state, dice=Dice(7, loaded=loaded))


def both_choose(
    state: Fight, opa: ChooseAggression, mars: ChooseAggression
) -> tuple[Fight, list[Event]]:
    events: list[Event] = []
    for order in (opa, mars):
        state, _ = apply(state, order)
    for player in ("opa", "mars"):
        state, more = apply(state, EndPhase(player))
        events += more
    return state, events


def test_the_big_danger_against_six_bastets_reproduces_every_number_of_the_seed() -> None:
    state = fight(big_danger_setup(), (3, 6, 6, 5, 5, 2, 1))
    state, events = both_choose(state, ChooseAggression("opa", 3), ChooseAggression("mars", 3))
    totals = next(e for e in events if isinstance(e, Totals))
    assert totals.factor == 3
    # each Bastet: attack 6 (4 + 1 railgun + 1 for its tube pair), defence 5 (4 + stealth)
    # the Big Danger: attack 24 (15 + 4 + 5), defence 15
    assert "attack 36 against 15" in totals.text and "counterattack 24 against 30" in totals.text
    strikes = [e for e in events if isinstance(e, Strike)]
    assert [s.ship for s in strikes] == ["bd", "s1", "s2", "s3", "s4", "s5", "s6"]
    rolls = [e for e in events if type(e).__name__ == "Rolled"]
    assert rolls[0].why == "2:1 against Big Danger"  # 36 vs 15
    assert all(r.why.startswith("1:2 against Bastet") for r in rolls[1:])  # 24 vs 30
    assert [(s.roll, s.result, s.multiplied) for s in strikes] == [
        (3, "D2", "E"),  # D2 x 3 = D6: E
        (6, "D3", "E"),  # D3 x 3 = D9 (the seed writes D8; either counts as E)
        (6, "D3", "E"),
        (5, "D2", "E"),  # D2 x 3 = D6
        (5, "D2", "E"),
        (2, "-", "-"),
        (1, "-", "-"),
    ]
    assert strikes[0].text == "Big Danger: D2 x3 = D6 (counts as E)"
    assert state.over and state.result is not None
    destroyed = [s.id for s in state.result.ships if s.destroyed]
    assert destroyed == ["s1", "s2", "s3", "s4", "bd"]
    assert state.winners == ("opa",)


def test_combat_costs_each_surviving_ship_one_fuel_at_the_end() -> None:
    state = fight(big_danger_setup(), (3, 6, 6, 5, 5, 2, 1))
    state, _ = both_choose(state, ChooseAggression("opa", 3), ChooseAggression("mars", 3))
    assert state.result is not None
    assert state.result.ship("s5").fuel == 14 and state.result.ship("s1").fuel == 15


def test_a_lower_aggression_level_adds_the_difference_to_defence() -> None:
    state = fight(big_danger_setup(), (1,) * 7)
    state, events = both_choose(state, ChooseAggression("opa", 3), ChooseAggression("mars", 1))
    totals = next(e for e in events if isinstance(e, Totals))
    assert totals.factor == 2  # defender 1, attacker 3
    assert "attack 36 against 17" in totals.text  # 15 + 2 for aggression two lower


FACTORS = [(1, 1, 1), (2, 1, 1), (3, 1, 2), (1, 2, 1), (2, 2, 2), (3, 2, 2)]
FACTORS += [(1, 3, 2), (2, 3, 3), (3, 3, 3)]


@pytest.mark.parametrize(("attacker", "defender", "factor"), FACTORS)
def test_the_aggression_factor_multiplies_d_results(
    attacker: int, defender: int, factor: int
) -> None:
    state = fight(big_danger_setup(), (3,) + (1,) * 6)
    opa, mars = ChooseAggression("opa", attacker), ChooseAggression("mars", defender)
    state, events = both_choose(state, opa, mars)
    assert next(e for e in events if isinstance(e, Totals)).factor == factor
    strike = next(e for e in events if isinstance(e, Strike))
    assert strike.result == "D2"  # 2:1 however low the defender's level
    assert strike.multiplied == ("E" if 2 * factor >= 6 else f"D{2 * factor}")


def test_narrative_points_add_a_die_and_save_a_destroyed_ship_as_d5() -> None:
    setup = big_danger_setup(narrative_per="player", narrative=(("mars", 2),))
    # the narrative die (4), the frigates' roll (6), the Big Danger's six rolls
    state = fight(setup, (4, 6, 1, 1, 1, 1, 1, 1))
    mars = ChooseAggression("mars", 3, "defence", "mars")
    state, events = both_choose(state, ChooseAggression("opa", 3), mars)
    totals = next(e for e in events if isinstance(e, Totals))
    assert "attack 36 against 19" in totals.text  # 15 + the die's 4: 1:1
    strike = next(e for e in events if isinstance(e, Strike))
    assert (strike.result, strike.multiplied) == ("D4", "E")
    assert not state.over  # Mars has a narrative point left for its destroyed ship
    with pytest.raises(IllegalCommand, match="not waiting for you"):
        apply(state, Spare("opa", "bd", "opa"))  # OPA has nothing to save
    state, _ = apply(state, Spare("mars", "bd", "mars"))
    state, _ = apply(state, EndPhase("mars"))
    assert state.over and state.result is not None
    big = state.result.ship("bd")
    assert (big.destroyed, big.disabled_for) == (False, 5)
    assert state.result.narrative_spent == (("mars", 2),)


def test_narrative_points_per_ship_are_spent_only_by_that_ship() -> None:
    setup = big_danger_setup(narrative_per="ship", narrative=(("s1", 1),))
    state = fight(setup, (1,) * 8)
    with pytest.raises(IllegalCommand, match="not yours"):
        apply(state, ChooseAggression("mars", 2, "attack", "s1"))
    apply(state, ChooseAggression("opa", 2, "attack", "s1"))


def test_relative_velocity_above_2_takes_one_off_the_die_per_hex() -> None:
    setup = big_danger_setup()
    setup = replace(setup, approach=replace(setup.approach, velocity_difference=4, cost="high"))
    state = fight(setup, (3,) + (6,) * 6)
    state, events = both_choose(state, ChooseAggression("opa", 1), ChooseAggression("mars", 1))
    strike = next(e for e in events if isinstance(e, Strike))
    assert (strike.roll, strike.result) == (1, "-")  # 3 - 2: no effect at 2:1


def test_a_juiced_crew_fights_at_minus_2_and_a_crew_out_does_not_attack() -> None:
    setup = big_danger_setup()
    big = replace(setup.ships[-1], juiced=True)
    bastets = tuple(replace(s, kit=replace(s.kit, crew_out=2)) for s in setup.ships[:-1])
    state = fight(replace(setup, ships=(*bastets, big)), (1,) * 7)
    state, events = both_choose(state, ChooseAggression("opa", 1), ChooseAggression("mars", 1))
    totals = next(e for e in events if isinstance(e, Totals))
    assert "attack 0 against 13" in totals.text and "counterattack 22 against 30" in totals.text


def test_an_aggression_level_is_1_to_3_and_stays_sealed() -> None:
    state = fight(big_danger_setup(), (1,) * 7)
    with pytest.raises(IllegalCommand, match="1, 2 or 3"):
        apply(state, ChooseAggression("opa", 4))
    state, _ = apply(state, ChooseAggression("opa", 3))
    assert SYSTEM.view(state, "mars").sealed == ()
    assert len(SYSTEM.view(state, "opa").sealed) == 1
