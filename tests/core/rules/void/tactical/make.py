"""Battles for the tactical tests: a setup of two ships (or more) and its start."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache

from core.board.hexgrid import ZERO, Hex, Vector
from core.engine.events import Event
from core.files.ruleset import Ruleset
from core.files.rulesets import load_ruleset
from core.rules.void.battle import Approach, BattleSetup, BattleShip, Cost, Role
from core.rules.void.crew import Kit
from core.rules.void.system import HOOKS
from core.rules.void.tactical import entry
from core.rules.void.tactical.terms import terms, with_terms
from core.vector.motion import Motion
from core.vector.state import GameState, Player

HERE = Hex(0, 0)
EAST = Vector(1, 0)
PLAYERS = (Player("red", "Red", "Red"), Player("blue", "Blue", "Blue"))


@cache
def rules() -> Ruleset:
    return load_ruleset("system3void-tactical")


def ship(id: str, unit: str, role: Role, velocity: Vector = EAST, **kit: int) -> BattleShip:
    owner, side = ("red", "Red") if role == "attacker" else ("blue", "Blue")
    return BattleShip(
        id, id.title(), owner, side, unit, role, HERE, velocity, Fraction(20), Kit(**kit)
    )


def setup(
    *ships: BattleShip,
    difference: int = 0,
    cost: Cost = "free",
    body: str | None = None,
    body_kind: str | None = None,
) -> BattleSetup:
    approach = Approach(Hex(-1, 0), HERE, HERE, 0, difference, cost)
    return BattleSetup(
        "red", ("blue",), ships, approach, "tactical", HERE, "near here", 3, body, body_kind
    )


def begin(s: BattleSetup, *, advanced: bool = False, seed: int = 1) -> GameState:
    state, _ = entry.start(rules(), PLAYERS, seed, s, advanced=advanced, hooks=HOOKS)
    return state


def duel(*, advanced: bool = False, loaded: tuple[int, ...] = ()) -> GameState:
    """A Doctrine destroyer (red) and a Bastet frigate (blue) at rest a few hexes apart."""
    state = begin(
        setup(
            ship("doctrine", "destroyer-doctrine", "attacker", torpedoes=30),
            ship("bastet", "frigate-bastet", "defender", torpedoes=10),
        ),
        advanced=advanced,
    )
    state = place(state, "doctrine", Hex(10, 10))
    state = place(state, "bastet", Hex(13, 10))
    return replace(state, dice=replace(state.dice, loaded=loaded))


def place(state: GameState, ship_id: str, at: Hex, velocity: Vector = ZERO) -> GameState:
    ship = state.ship(ship_id)
    state = state.with_ship(replace(ship, motion=Motion(at, velocity)))
    now = terms(state)
    return with_terms(state, now.with_log(replace(now.log(ship_id), velocity=velocity)))


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
