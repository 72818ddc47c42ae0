"""The values that cross between System III Void's scales (a ship's kit, a battle's setup
and result, the strategic game's terms) are saved and read back whole."""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import Hex, Vector
from core.engine import serial
from core.rules.void.battle import Approach, BattleResult, BattleSetup, BattleShip, ShipAfter
from core.rules.void.crew import Juice, Kit
from core.rules.void.terms import Fought, VoidTerms


def setup() -> BattleSetup:
    kit = Kit(torpedoes=10, juice=Juice.JUICED, juice_turns=1)
    ships = (
        BattleShip(
            "b",
            "Big Danger",
            "mars",
            "Mars",
            "battleship-big-danger",
            "defender",
            Hex(3, 4),
            Vector(1, 0),
            Fraction(15),
            kit,
        ),
        BattleShip(
            "s1",
            "Bastet 1",
            "opa",
            "OPA",
            "frigate-bastet",
            "attacker",
            Hex(3, 4),
            Vector(-1, 1),
            Fraction(19, 2),
            juiced=True,
            very_high=True,
        ),
    )
    approach = Approach(Hex(5, 2), Hex(3, 4), Hex(3, 4), 0, 2, "free")
    return BattleSetup(
        "opa",
        ("mars",),
        ships,
        approach,
        "tactical",
        Hex(3, 4),
        "near Ceres",
        7,
        body="Ceres",
        body_kind="asteroid",
        narrative_per="ship",
        narrative=(("b", 1),),
    )


def test_a_battle_setup_and_result_read_back_equal() -> None:
    value = setup()
    assert serial.from_data(serial.to_data(value)) == value
    assert value.seats == ("opa", "mars")
    assert [s.id for s in value.side("attacker")] == ["s1"]
    result = BattleResult(
        (
            ShipAfter("b", True, 0, Fraction(14), Kit()),
            ShipAfter("s1", False, 2, Fraction(17, 2), Kit()),
        ),
        "strategic",
        (("b", 1),),
    )
    assert serial.from_data(serial.to_data(result)) == result
    assert result.ship("s1").disabled_for == 2


def test_the_strategic_terms_read_back_equal_and_spend_narrative_points() -> None:
    terms = VoidTerms(
        True, "player", (("mars", 2), ("opa", 1)), setup(), (Fought(Hex(3, 4), "opa", ("b",)),), 1
    )
    assert serial.from_data(serial.to_data(terms)) == terms
    assert terms.spend((("mars", 1),)).points("mars") == 1
    assert terms.spend((("opa", 3),)).points("opa") == 0
