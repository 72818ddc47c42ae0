"""The scenario file's structure: pydantic models, checked before :mod:`core.scenario`
checks the meaning against the map and the ruleset (``docs/formats/scenario.md``).

Kept apart so the models are built only when a scenario file is read. Version 2 of the
format added the purchase budget, outfits, the market, bases' sides, no-fire zones, mine
fields and the scenario's special rules; a version 1 file using them is told to say
``version = 2``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

FORMAT = "ecliptic-scenario"
VERSION = 2
#: the most players a scenario may seat
MOST_PLAYERS = 20

Number = Annotated[float, Field(allow_inf_nan=False)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Players(Model):
    min: int = Field(ge=1, le=MOST_PLAYERS)
    max: int = Field(ge=1, le=MOST_PLAYERS)


class Budget(Model):
    """Ship points each player spends on outfits, and how many ships they may buy."""

    points: int = Field(ge=0)
    ships: int | None = Field(default=None, ge=1)


class Side(Model):
    name: str = Field(min_length=1)
    #: this side's own budget, in place of the scenario's [budget]
    points: int | None = Field(default=None, ge=0)
    ships: int | None = Field(default=None, ge=1)


class Ship(Model):
    id: str
    name: str = Field(min_length=1)
    unit: str
    side: str | None = None
    hex: str | None = None
    came_from: str | None = None
    landed: str | None = None
    fuel: Number | None = None
    outfit: dict[str, Annotated[int, Field(ge=0)]] = {}


VictoryKind = Literal["race", "last-standing", "destroy", "turn-limit"]
#: the fields each kind of condition takes, beyond ``kind``
VICTORY_FIELDS: dict[str, frozenset[str]] = {
    "race": frozenset({"visit", "in_order", "orbit", "dock", "ship"}),
    "last-standing": frozenset(),
    "destroy": frozenset({"ship", "side"}),
    "turn-limit": frozenset({"rounds", "side"}),
}


class Victory(Model):
    kind: VictoryKind
    visit: list[str] = []
    in_order: bool = True
    orbit: str | None = None
    dock: str | None = None
    ship: str | None = None
    side: str | None = None
    rounds: int | None = Field(default=None, ge=1)


class Scenario(Model):
    format: Literal["ecliptic-scenario"]
    version: int
    id: str
    name: str = Field(min_length=1)
    description: str = ""
    map: str = Field(min_length=1)
    ruleset: str = Field(min_length=1)
    switches: dict[str, bool] = {}
    players: Players
    budget: Budget | None = None
    sides: list[Side] = []
    ships: list[Ship] = Field(min_length=1)
    victory: list[Victory] = []


def version_problems(m: Scenario) -> list[tuple[str, str]]:
    """Fields of version 2 in a file that says it is version 1: (field, message)."""
    if m.version >= 2:
        return []
    found = [("budget", "budget")] if m.budget is not None else []
    for i, side in enumerate(m.sides):
        found += [(f"sides[{i}].{f}", f) for f in ("points", "ships") if f in side.model_fields_set]
    return [(field, f"{name!r} is new in version 2: write version = 2") for field, name in found]
