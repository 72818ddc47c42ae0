"""The scenario file's structure: pydantic models, checked before :mod:`core.scenario.document`
checks the meaning against the map and the ruleset (``docs/formats/scenario.md``).

Kept apart so the models are built only when a scenario file is read. Version 2 of the
format added the purchase budget, outfits, the market, bases' sides, no-fire zones, mine
fields and the scenario's special rules; a version 1 file using them is told to say
``version = 2``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from core.files.tomlio import only_strings

FORMAT = "ecliptic-scenario"
VERSION = 2
#: the most players a scenario may seat
MOST_PLAYERS = 20

#: the most ship points, and the most of one module a ship carries or a base stocks
MOST_POINTS = 1_000_000
MOST_MODULES = 1_000
#: the most ships, bases, conditions and other entries of one list in a scenario
MOST_ENTRIES = 1_000
#: the longest list of hexes a scenario gives (a mine field's)
MOST_HEXES = 250_000
#: the widest ring of starts, and the most rounds or turns a number may count
WIDEST_CIRCLE = 100
MOST_ROUNDS = 10_000

Number = Annotated[float, Field(allow_inf_nan=False, ge=-1e9, le=1e9)]
Count = Annotated[int, Field(ge=0, le=MOST_MODULES)]
Points = Annotated[int, Field(ge=0, le=MOST_POINTS)]
Rounds = Annotated[int, Field(ge=1, le=MOST_ROUNDS)]
Names = Annotated[list[str], Field(max_length=MOST_ENTRIES)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Players(Model):
    min: int = Field(ge=1, le=MOST_PLAYERS)
    max: int = Field(ge=1, le=MOST_PLAYERS)


class Budget(Model):
    """Ship points each player spends on outfits, and how many ships they may buy."""

    points: Points
    ships: int | None = Field(default=None, ge=1, le=MOST_ENTRIES)


class Side(Model):
    name: str = Field(min_length=1)
    #: this side's own budget, in place of the scenario's [budget]
    points: Points | None = None
    ships: int | None = Field(default=None, ge=1, le=MOST_ENTRIES)


class Circle(Model):
    centre: str
    radius: int = Field(ge=1, le=WIDEST_CIRCLE)


class Ship(Model):
    id: str
    name: str = Field(min_length=1)
    unit: str
    side: str | None = None
    hex: str | None = None
    came_from: str | None = None
    landed: str | None = None
    fuel: Number | None = None
    outfit: dict[str, Count] = Field(default={}, max_length=MOST_ENTRIES)
    #: a design of the library by name, or a design file relative to the scenario
    design: str | None = None
    #: ship points aboard, unspent, for buying at bases
    points: Points = 0
    #: ships every player gets, spread evenly round a ring of hexes
    circle: Circle | None = None
    #: with ``side``: every player of that side gets one
    each: bool = False


VictoryKind = Literal[
    "race", "last-standing", "destroy", "turn-limit", "kills", "heist", "headquarters"
]
#: the fields each kind of condition takes, beyond ``kind``
VICTORY_FIELDS: dict[str, frozenset[str]] = {
    "race": frozenset({"visit", "in_order", "orbit", "dock", "ship"}),
    "last-standing": frozenset(),
    "destroy": frozenset({"ship", "side"}),
    "turn-limit": frozenset({"rounds", "side"}),
    "kills": frozenset({"count"}),
    "heist": frozenset({"ship", "visit", "dock", "guards", "raiders", "escape"}),
    "headquarters": frozenset({"bases", "within"}),
}


class Victory(Model):
    kind: VictoryKind
    visit: Names = []
    in_order: bool = True
    orbit: str | None = None
    dock: str | None = None
    ship: str | None = None
    side: str | None = None
    rounds: Rounds | None = None
    count: Rounds | None = None
    guards: str | None = None
    raiders: str | None = None
    escape: str | None = None
    bases: dict[str, str] = Field(default={}, max_length=MOST_ENTRIES)
    within: int = Field(default=2, ge=0, le=WIDEST_CIRCLE)


class Market(Model):
    """What bases sell: at play-aid prices, free, or nothing; bases left out of
    ``[[bases]]`` open to all or closed."""

    terms: Literal["sell", "free", "closed"] = "sell"
    other_bases: Literal["open", "closed"] = "open"


class BaseEntry(Model):
    name: str
    side: str | None = None
    closed: bool = False
    stock: dict[str, Count] = Field(default={}, max_length=MOST_ENTRIES)
    produce: dict[str, Annotated[int, Field(ge=1, le=MOST_MODULES)]] = Field(
        default={}, max_length=MOST_ENTRIES
    )
    missile_every: Rounds | None = None
    guns: Names = []


class NoFireEntry(Model):
    zones: list[str] = Field(min_length=1, max_length=MOST_ENTRIES)
    until_left: bool = False


class MineField(Model):
    side: str
    hexes: Annotated[list[str], BeforeValidator(only_strings)] = Field(
        min_length=1, max_length=MOST_HEXES
    )
    weapon: str = "mine"


class Control(Model):
    ship: str
    side: str
    every: int = Field(ge=2, le=MOST_ROUNDS)
    #: while the other side flies it, a course that destroys it at once is refused
    safe: bool = True


class Special(Model):
    """Rules of the scenario's own: destroyed ships come back (``respawn``); ships that
    move after every other ship (``moves_last``, by ship id)."""

    respawn: bool = False
    moves_last: Names = []


class LeavingEntry(Model):
    """What leaving the map means in this scenario, in place of the map's rule: for
    every ship, or (``ships``, by ship id) for those ships only."""

    rule: Literal["eliminated", "returns", "bounces"]
    penalty_turns: int = Field(default=0, ge=0, le=MOST_ROUNDS)
    ships: Names = []


class Scenario(Model):
    format: Literal["ecliptic-scenario"]
    version: int
    id: str
    name: str = Field(min_length=1)
    description: str = ""
    #: None: the rule system generates the map its ``[opening]`` names (Void's battles)
    map: str | None = Field(default=None, min_length=1)
    ruleset: str = Field(min_length=1)
    switches: dict[str, bool] = Field(default={}, max_length=MOST_ENTRIES)
    players: Players
    budget: Budget | None = None
    sides: list[Side] = Field(default=[], max_length=MOST_PLAYERS)
    ships: list[Ship] = Field(min_length=1, max_length=MOST_ENTRIES)
    victory: list[Victory] = Field(default=[], max_length=MOST_ENTRIES)
    market: Market | None = None
    bases: list[BaseEntry] = Field(default=[], max_length=MOST_ENTRIES)
    no_fire: list[NoFireEntry] = Field(default=[], max_length=MOST_ENTRIES)
    mine_fields: list[MineField] = Field(default=[], max_length=MOST_ENTRIES)
    control: list[Control] = Field(default=[], max_length=MOST_ENTRIES)
    special: Special | None = None
    leaving: LeavingEntry | None = None
    #: the rule system's own opening (NPlanetary: bases and holds), read by the system
    opening: dict[str, Any] = Field(default={}, max_length=MOST_ENTRIES)


def version_problems(m: Scenario) -> list[tuple[str, str]]:
    """Fields of version 2 in a file that says it is version 1: (field, message)."""
    if m.version >= 2:
        return []
    tables = (
        "budget",
        "market",
        "bases",
        "no_fire",
        "mine_fields",
        "control",
        "special",
        "leaving",
        "opening",
    )
    found = [(t, t) for t in tables if t in m.model_fields_set]
    for i, ship in enumerate(m.ships):
        new = ("design", "points", "circle", "each")
        found += [(f"ships[{i}].{f}", f) for f in new if f in ship.model_fields_set]
    for i, v in enumerate(m.victory):
        if v.kind in ("kills", "heist", "headquarters"):
            found.append((f"victory[{i}].kind", f"kind {v.kind!r}"))
    for i, side in enumerate(m.sides):
        found += [(f"sides[{i}].{f}", f) for f in ("points", "ships") if f in side.model_fields_set]
    return [(field, f"{name} is new in version 2: write version = 2") for field, name in found]


def no_side(name: str, sides: tuple[str, ...], hint: str = "") -> str:
    """The problem of a side the scenario does not have, in the author's words."""
    if not sides:
        return (
            f"there is no side {name!r}: this scenario has no [[sides]], so every player "
            f"is a side of their own{hint}"
        )
    return f"there is no side {name!r} (sides: {', '.join(sides)})"
