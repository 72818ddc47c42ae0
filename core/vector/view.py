"""What one player may see of a vector game, as a whitelist (:mod:`core.engine.whitelist`).

Public in every vector game: the map and ruleset, the players, every ship's counter and
motion, launched weapons, whose turn and phase it is, who has ended it, the victory terms
and the decisions pending. Hidden: the dice (seed and how far they have rolled, from
which every future roll could be worked out), the other players' sealed orders and the
plans of ships not the player's own. A system adds its own secrets by giving a ship's
(or any other value's) entry of its own: Interplanetary's fog of war shows a hidden
enemy ship without its manifest, fuel and module records.

Events: every vector event is public except a plan (seen by the ship's owner) and a
burn's fuel (seen by whoever sees the ship's manifest, by the system's ``sighted``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from core.engine.dice import Dice, Rolled
from core.engine.events import PhasePassed
from core.engine.play import OrderSealed
from core.engine.whitelist import EventRules, Shown, Whitelist
from core.vector.astrogation import (
    AsteroidOutcome,
    BaseVisit,
    MovesLast,
    OrbitReport,
    ShipDestroyed,
)
from core.vector.course import AsteroidsCrossed, CrashedInto, ForbiddenEntered, LeftTheMap
from core.vector.gravity import GravityIgnored, GravityShifted
from core.vector.map_edge import ShipLeftMap, ShipReturned
from core.vector.movement import FuelBurned, Moved
from core.vector.plotting import PlanMade
from core.vector.pulls import CornerTouched, GravityFelt, HexsideGrazed
from core.vector.state import GameState, Ordnance, Plan, Player, Ship
from core.vector.turns import FirstPlayer, PhaseBegan, RoundBegan
from core.vector.victory import GameDrawn, GameWon

#: a ship's fields anyone may see, whatever the system hides
SHIP_PUBLIC = frozenset(
    {
        "id", "name", "owner", "side", "unit", "motion", "status", "disabled",
        "landed_at", "docked_at", "orbit", "cooldown", "juiced", "returns_in", "wells",
        "disabled_for", "kills", "surrendered", "captured_by", "skips",
    }
)  # fmt: skip

#: the state's fields walked by the whitelist (their values are listed in turn)
_WALKED = frozenset({"players", "ships", "plans", "ordnance", "terms"})
#: the state's fields no player is shown
_HIDDEN = frozenset({"dice"})


def _all(cls: type) -> Shown:
    return Shown(whole=frozenset(f.name for f in dataclasses.fields(cls)))


def _state_shown(state: GameState, player: str) -> Shown:
    mine = {s.id for s in state.ships if s.owner == player}
    names = {f.name for f in dataclasses.fields(GameState)}
    return Shown(
        fields=_WALKED & names,
        whole=frozenset(names - _WALKED - _HIDDEN),
        blanks={"dice": Dice(0)},
        members={
            "sealed": lambda order: getattr(order, "player", None) == player,
            "plans": lambda item: item[0] in mine,
        },
    )


def whitelist(state: GameState, player: str, own: Whitelist | None = None) -> Whitelist:
    """The vector games' whitelist for ``player``, with a system's ``own`` entries
    (taking precedence) for its values and secrets."""
    base: dict[type, Shown | Callable[[Any], Shown]] = {
        GameState: _state_shown(state, player),
        Player: _all(Player),
        Ship: _all(Ship),
        Ordnance: _all(Ordnance),
        Plan: _all(Plan),
    }
    base.update(own or {})
    return base


def public(state: Any, player: str, event: Any) -> bool:
    return True


def ships_of(state: Any, event: Any) -> list[Any]:
    """The ships an event is about: its ``ship`` is an id, or (movement's events, which
    know a ship only by what they say of it) a name; every ship of that name."""
    key = getattr(event, "ship", None)
    try:
        return [state.ship(key)]
    except KeyError:
        return [s for s in state.ships if s.name == key]


def own_ship(state: Any, player: str, event: Any) -> bool:
    """Whether the ship the event is about is ``player``'s."""
    ships = ships_of(state, event)
    return bool(ships) and all(s.owner == player for s in ships)


def event_rules(
    sighted: Callable[[Any, str, Any], bool] | None = None,
    own: Mapping[type, bool | Callable[[Any, str, Any], bool]] | None = None,
) -> EventRules:
    """The vector events' rules, with a system's ``own`` ones; ``sighted`` decides the
    events that tell of a ship's manifest (None: everyone sees them)."""
    rules: dict[type, bool | Callable[[Any, str, Any], bool]] = {
        kind: True
        for kind in (
            Rolled, PhasePassed, OrderSealed, ShipDestroyed, AsteroidOutcome, OrbitReport,
            MovesLast, BaseVisit, CrashedInto, LeftTheMap, AsteroidsCrossed,
            ForbiddenEntered, GravityShifted, GravityIgnored, ShipLeftMap, ShipReturned,
            Moved, GravityFelt, HexsideGrazed, CornerTouched, RoundBegan, PhaseBegan,
            FirstPlayer, GameWon, GameDrawn,
        )
    }  # fmt: skip
    rules[PlanMade] = own_ship
    rules[FuelBurned] = sighted or True
    rules.update(own or {})
    return rules
