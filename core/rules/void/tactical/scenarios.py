"""The tactical-only scenarios of System III Void, as battle setups started by the same
entry point as a battle the strategic game opens (players start them from the scenario
files ``scenarios/void-big-danger.toml`` and ``void-into-the-clouds.toml``, whose
``[opening]`` makes these same setups; a test holds them equal; ``SCENARIOS`` lists them):

* **Big Danger and the Bastets**: the seed's example fought at tactical scale, the Mars
  battleship Big Danger against six Bastet stealth frigates, meeting head on (baseline).
* **Into the clouds**: a Bastet frigate chased towards Venus by a Doctrine destroyer,
  fighting over (and in) the planet's twelve atmosphere zones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from core.board.hexgrid import Hex, Vector
from core.engine.errors import UnknownName
from core.files.ruleset import Ruleset
from core.rules.void.battle import Approach, BattleSetup, BattleShip, Role
from core.rules.void.crew import Kit
from core.rules.void.tables import tables_of

HERE = Hex(0, 0)


def _ship(
    rules: Ruleset, id: str, name: str, owner: str, side: str, unit: str, role: Role, v: Vector
) -> BattleShip:
    row = tables_of(rules).row(unit)
    fuel = Fraction(rules.unit(unit).fuel or 0)
    return BattleShip(id, name, owner, side, unit, role, HERE, v, fuel, Kit(row.missile_load))


def big_danger(rules: Ruleset) -> BattleSetup:
    """The Big Danger (Mars) against six Bastets (stealth raiders), head on."""
    bastets = tuple(
        _ship(
            rules,
            f"bastet{i}",
            f"Bastet {i}",
            "raiders",
            "Raiders",
            "frigate-bastet",
            "attacker",
            Vector(1, 0),
        )
        for i in range(1, 7)
    )
    big = _ship(
        rules,
        "big-danger",
        "Big Danger",
        "mars",
        "Mars",
        "battleship-big-danger",
        "defender",
        Vector(0, 0),
    )
    approach = Approach(Hex(-1, 0), HERE, HERE, 0, 1, "free")
    return BattleSetup(
        "raiders", ("mars",), (*bastets, big), approach, "tactical", HERE, "in deep space", 1
    )


def into_the_clouds(rules: Ruleset) -> BattleSetup:
    """A Doctrine destroyer chases a Bastet frigate towards Venus's atmosphere."""
    doctrine = _ship(
        rules,
        "doctrine",
        "Doctrine",
        "navy",
        "UN Navy",
        "destroyer-doctrine",
        "attacker",
        Vector(0, 1),
    )
    bastet = _ship(
        rules, "bastet", "Bastet", "raiders", "Raiders", "frigate-bastet", "defender", Vector(0, 1)
    )
    approach = Approach(Hex(0, -1), HERE, HERE, 0, 0, "free")
    return BattleSetup(
        "navy",
        ("raiders",),
        (doctrine, bastet),
        approach,
        "tactical",
        HERE,
        "over Venus",
        1,
        body="Venus",
        body_kind="planet",
    )


@dataclass(frozen=True)
class TacticalScenario:
    """A tactical-only scenario as a list offers it: its id, title, description, and the
    battle setup it starts from (given the tactical ruleset)."""

    id: str
    title: str
    description: str
    make: Callable[[Ruleset], BattleSetup]


SCENARIOS: tuple[TacticalScenario, ...] = (
    TacticalScenario(
        "void-big-danger",
        "Big Danger and the Bastets",
        "The Mars battleship Big Danger meets six Bastet stealth frigates head on.",
        big_danger,
    ),
    TacticalScenario(
        "void-into-the-clouds",
        "Into the clouds",
        "A Doctrine destroyer chases a Bastet frigate down into Venus's atmosphere.",
        into_the_clouds,
    ),
)


def scenario(scenario_id: str) -> TacticalScenario:
    for found in SCENARIOS:
        if found.id == scenario_id:
            return found
    raise UnknownName(f"there is no tactical scenario {scenario_id!r}")
