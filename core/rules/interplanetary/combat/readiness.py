"""Whether a ship's guns can fire now, or fire back at an attacker: the game's play aid,
the ship's manifest, and what stops its guns (damage, power, the optional rules' restraints).

Below both the attack (:mod:`core.rules.interplanetary.combat.attack`), which drops an
answer no gun can give, and the gun rules (:mod:`core.rules.interplanetary.combat.guns`).
"""

from __future__ import annotations

from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.aid.manifest import working_guns
from core.rules.interplanetary.aid.playaid import Gun
from core.rules.interplanetary.combat.systems import gun_block
from core.rules.interplanetary.optional.restraints import held_back
from core.vector.state import GameState, Ship, ShipStatus


def guns_ready(
    state: GameState, ship: Ship, *, answering: bool = False
) -> tuple[list[tuple[int, Gun]], str | None]:
    """The guns that can fire (``answering``: fire back), by first mount point, or why
    none can (disabled or without power, unless capacitors or a battery bridge it)."""
    aid = play_aid(state)
    if ship.status is not ShipStatus.ACTIVE:
        return [], f"{ship.name} is {ship.status.value}"
    why = gun_block(state, ship, answering=answering) or held_back(state, ship)
    if why is not None:
        return [], why
    m = manifest_or_empty(aid, ship)
    guns = [(p, g) for p, g in working_guns(aid, m) if g.table is not None]
    if not guns:
        return [], f"{ship.name} has no working gun"
    return guns, None


def after_name(ship: Ship, why: str) -> str:
    """A reason that names ``ship`` first (as :func:`guns_ready`'s do) said after the
    ship's own name: "Alpha cannot fire: it is disabled", not "...: Alpha is disabled"."""
    for full, short in ((f"{ship.name}'s ", "its "), (f"{ship.name} ", "it ")):
        if why.startswith(full):
            return short + why[len(full) :]
    return why


def can_answer(
    state: GameState, ship: Ship, attacker_id: str, used: tuple[int, ...] = ()
) -> str | None:
    """Why ``ship`` cannot fire back at ``attacker_id`` now with a gun other than those
    on mount points ``used`` (they answered already), or None if it can."""
    attacker = state.ship(attacker_id)
    if ship.status is ShipStatus.DESTROYED:
        return "it was destroyed"
    if attacker.status is not ShipStatus.ACTIVE:
        return f"{attacker.name} is gone"
    guns, why = guns_ready(state, ship, answering=True)
    if why is not None:
        return why
    if not [p for p, g in guns if p not in used and may_answer(state, ship, p, g)]:
        return "none of its guns can fire back"
    return None


def may_answer(state: GameState, ship: Ship, point: int, gun: Gun) -> bool:
    """Whether the gun on ``point`` may fire back now (never; once a round; always)."""
    if gun.retaliation == "never":
        return False
    return not (gun.retaliation == "once" and f"{ship.id}:{point}" in state.answered)
