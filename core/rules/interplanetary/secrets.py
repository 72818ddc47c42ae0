"""Which of Interplanetary's events each player may read (the log of a player file, the
event log of a hot-seat game with fog of war).

Everything said at the table is public: attacks and their results, hits rolled, launched
weapons, boarding, rendezvous, surrender, the scenario's special rules. What tells of a
ship's manifest is read only by those who see that manifest now (:func:`fog.detected`):
where its damage was placed, the modules it used or that acted, what a base serviced,
the fuel it burned; and a roll made for something of a hidden ship ("Vega's Repair AI")
is left out for the players it is hidden from.

Ruling: what a player may read is decided by what they see when the log is shown, not
when the event happened (the program does not keep what each player saw when); an
event about a ship out of sight now is left out, one about a ship in sight now shown.
"""

from __future__ import annotations

from typing import Any

from core.engine.dice import Rolled
from core.engine.whitelist import EventRules
from core.rules.interplanetary import fog
from core.rules.interplanetary.bases import Serviced
from core.rules.interplanetary.combat.attack import (
    AttackResolved,
    DamagePlaced,
    HitRolled,
    NoAnswer,
    ShipDisabled,
    ShipRecovered,
)
from core.rules.interplanetary.combat.base_defence import BaseFires
from core.rules.interplanetary.combat.guns import FireHeld
from core.rules.interplanetary.combat.ordnance import (
    OrdnanceExpired,
    OrdnanceLost,
    OrdnanceMoved,
    WeaponLaunched,
)
from core.rules.interplanetary.combat.ordnance_attacks import (
    BusterStrike,
    MineAttack,
    OrdnanceSpent,
    StrikeHeld,
    StrikeOffered,
    WeaponStruck,
)
from core.rules.interplanetary.combat.single_use import ModuleUsed
from core.rules.interplanetary.combat.systems import SystemAction
from core.rules.interplanetary.optional.boarding import BoardingAttempt
from core.rules.interplanetary.optional.rendezvous import (
    RendezvousMade,
    RendezvousProposed,
    RendezvousRefused,
)
from core.rules.interplanetary.optional.surrender import Surrendered
from core.rules.interplanetary.scenario.special_rules import (
    HelmChanged,
    ShipComesBack,
    WeaponMade,
    ZoneLifted,
)
from core.vector import view

PUBLIC = (
    AttackResolved, HitRolled, NoAnswer, ShipDisabled, ShipRecovered, BaseFires, FireHeld,
    OrdnanceExpired, OrdnanceLost, OrdnanceMoved, WeaponLaunched, BusterStrike, MineAttack,
    OrdnanceSpent, StrikeHeld, StrikeOffered, WeaponStruck, BoardingAttempt, RendezvousMade,
    RendezvousProposed, RendezvousRefused, Surrendered, HelmChanged, ShipComesBack,
    WeaponMade, ZoneLifted,
)  # fmt: skip
#: events that tell of a ship's manifest
MANIFEST = (DamagePlaced, ModuleUsed, SystemAction, Serviced)


def sighted(state: Any, player: str, event: Any) -> bool:
    """Whether ``player`` sees the manifest of the ship ``event`` is about (by id, or by
    name for movement's events; with two ships of one name, only if both are seen)."""
    ships = view.ships_of(state, event)
    return bool(ships) and all(fog.detected(state, player, s) for s in ships)


#: the last state and player asked about, and the names of the ships hidden from them:
#: a log is redacted against one state, event after event
_last: list[tuple[Any, str, tuple[str, ...]]] = []


def _hidden_names(state: Any, player: str) -> tuple[str, ...]:
    if _last and _last[0][0] is state and _last[0][1] == player:
        return _last[0][2]
    names = tuple(state.ship(s).name for s in sorted(fog.sight(state, player).hidden))
    _last[:] = [(state, player, names)]
    return names


def roll_seen(state: Any, player: str, event: Any) -> bool:
    """A roll is read unless it is made for something of a ship hidden from ``player``."""
    return not any(f"{name}'s " in event.why for name in _hidden_names(state, player))


EVENT_RULES: EventRules = view.event_rules(
    sighted,
    {
        **{kind: True for kind in PUBLIC},
        **{kind: sighted for kind in MANIFEST},
        Rolled: roll_seen,
    },
)
