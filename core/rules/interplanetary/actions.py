"""What the player at the table can do now, phase by phase.

The interface ends a phase for the player when it offers them nothing (no weapon to
launch, no gun with a target, no base to use), as a player at a real table would say
"nothing" and pass. A decision the game waits for is never skipped.
"""

from __future__ import annotations

from core.rules.interplanetary.aid.carried import aid_of, manifest_of
from core.rules.interplanetary.bases import can_resupply
from core.rules.interplanetary.combat.guns import targets
from core.rules.interplanetary.combat.readiness import guns_ready
from core.rules.interplanetary.optional.boarding import boardable
from core.rules.interplanetary.optional.rendezvous import partners
from core.rules.interplanetary.optional.restraints import held_back
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase, waiting_for


def can_launch(state: GameState, ship: Ship) -> bool:
    """Whether ``ship`` has a launched weapon it may launch this turn."""
    m = manifest_of(ship)
    if aid_of(state.rules) is None or m is None:
        return False
    if ship.status is not ShipStatus.ACTIVE or ship.id in state.launched:
        return False
    if not state.rules.unit(ship.unit).military and state.uses("civilian_ships", True):
        return False  # civilian ships carry weapons as cargo only
    if held_back(state, ship) is not None:
        return False
    return any(w is not None for w in m.launchers)


def can_fire(state: GameState, ship: Ship) -> bool:
    """Whether ``ship`` has a gun ready and an enemy in reach this turn."""
    if aid_of(state.rules) is None or manifest_of(ship) is None:
        return False
    guns, why = guns_ready(state, ship)
    if why is not None:
        return False
    unfired = [p for p, _ in guns if f"{ship.id}:{p}" not in state.fired]
    return bool(unfired) and bool(targets(state, ship))


def has_something_to_do(state: GameState) -> bool:
    """Whether the first player the game waits for has anything to do in this phase
    besides ending it (plotting is always something: the movement phase never idles)."""
    if state.over:
        return False
    if state.pending:
        return True
    waiting = waiting_for(state)
    if not waiting:
        return False
    player = waiting[0].id
    phase = current_phase(state)
    mine = [s for s in state.ships if s.owner == player]
    if phase == "launch":
        return any(can_launch(state, s) for s in mine)
    if phase == "guns":
        return any(can_fire(state, s) or boardable(state, s) for s in mine)
    if phase == "resupply":
        return any(can_resupply(state, s) or partners(state, s) for s in mine)
    return False
