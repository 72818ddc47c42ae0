"""What one NPlanetary player may see, as whitelist entries (:mod:`core.engine.whitelist`)
on top of the vector games' (:mod:`core.vector.view`).

Ruling: the seed has no fog of war, and each phase's orders are resolved together and
then seen in their effects, so everything on the board is public: every ship's class,
fuel, hold and damage tracks, every base and outpost with its owner, stocks and damage,
the ordnance in flight and which of it was laid this turn. Hidden, as in every vector
game: the dice, and every other player's sealed orders of the phase (and the plans
they make) until everyone has ended it. Each field is named here, so a field added to
NPlanetary's values later stays out of the views until it is listed.

Events: every NPlanetary event tells of a phase already resolved (or of the end of a
round), so every player reads them all.
"""

from __future__ import annotations

import dataclasses

from core.engine.whitelist import EventRules, Shown, Whitelist, shown
from core.rules.nplanetary.combat import AttackResolved, OrdnanceShotDown
from core.rules.nplanetary.combat_things import InstallationDestroyed
from core.rules.nplanetary.development import Bought, Deployed
from core.rules.nplanetary.income import Produced
from core.rules.nplanetary.logistics import Transferred
from core.rules.nplanetary.model import Damage, Damaged, Hold, Holdings, Installation, OrderFailed
from core.rules.nplanetary.movement import Moored
from core.rules.nplanetary.ordnance import OrdnanceLaid
from core.rules.nplanetary.ordnance_flight import OrdnanceGone, OrdnanceMet
from core.vector import view
from core.vector.state import GameState, Ship

#: a ship's hold is walked (its values listed below); the rest as the vector games show it
_SHIP = Shown(
    fields=frozenset({"manifest"}),
    whole=frozenset(f.name for f in dataclasses.fields(Ship)) - {"manifest"},
)

#: NPlanetary's own values, each public field named
ENTRIES: Whitelist = {
    Ship: _SHIP,
    Hold: shown("damage", whole=("items",)),
    Damage: shown(whole=("weapons", "drives", "structure")),
    Holdings: shown("installations", whole=("fresh", "obliged")),
    Installation: shown(
        "damage", whole=("id", "name", "kind", "owner", "motion", "site", "body", "stocks")
    ),
}


def entries(state: GameState, player: str) -> Whitelist:
    """NPlanetary's whitelist entries, the same for every player (no fog of war)."""
    return ENTRIES


#: every NPlanetary event is read by everyone (TransferRefused is an OrderFailed)
EVENT_RULES: EventRules = view.event_rules(
    own={
        kind: True
        for kind in (
            AttackResolved, OrdnanceShotDown, InstallationDestroyed, Bought, Deployed,
            Produced, Transferred, OrderFailed, Damaged, Moored, OrdnanceLaid,
            OrdnanceGone, OrdnanceMet,
        )
    }
)  # fmt: skip
