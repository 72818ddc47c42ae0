"""What the player at the table can do now, phase by phase.

The interface ends a phase for the player when it offers them nothing (no weapon to
launch, no gun with a target, no base to use), as a player at a real table would say
"nothing" and pass, and says why in the event log. What a phase offers comes in three
grades: *nothing*; *optional* extras a player may want now and then but seldom must
consider (refitting or buying with a full tank, boarding and rendezvous of the optional
rules), which a player may choose to pass by as well; and an *action* the phase is for
(launching a weapon, firing a gun with a target, refuelling or reloading at a base). A
decision the game waits for is never skipped.
"""

from __future__ import annotations

from core.rules.interplanetary.aid.carried import aid_of, manifest_of, manifest_or_empty
from core.rules.interplanetary.aid.manifest import gun_mount_points
from core.rules.interplanetary.bases import services_for
from core.rules.interplanetary.combat.guns import targets
from core.rules.interplanetary.combat.readiness import guns_ready
from core.rules.interplanetary.optional.boarding import boardable
from core.rules.interplanetary.optional.rendezvous import partners
from core.rules.interplanetary.optional.restraints import held_back
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario.special_rules import zone_at
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase, waiting_for

#: the grades of what a phase offers the player (see the module's docstring)
NOTHING, OPTIONAL, ACTION = "nothing", "optional", "action"


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
    if zone_at(state, ship.motion.position) is not None:
        return False  # nothing is launched from a no-fire zone, whatever its thrust
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
    return what_to_do(state)[0] != NOTHING


def _names(ships: list[Ship]) -> str:
    return " and ".join(s.name for s in ships)


def _its(ships: list[Ship]) -> str:
    return "its" if len(ships) == 1 else "their"


def _no_shot(state: GameState, mine: list[Ship]) -> str:
    """Why no gun of the player's fires this gun phase, in the players' words."""
    aid = aid_of(state.rules)
    if aid is None:
        return "no ship has a gun"
    armed = [
        s
        for s in mine
        if any(g.table is not None for g, _ in gun_mount_points(aid, manifest_or_empty(aid, s)))
    ]
    if not armed:
        return "no ship has a gun"
    fired = {key.split(":")[0] for key in state.fired}
    unfired = [
        p for s in armed for p, _ in guns_ready(state, s)[0] if f"{s.id}:{p}" not in state.fired
    ]
    if fired & {s.id for s in armed} and not unfired:
        return "every gun that could fire has fired this turn"
    return "no gun has a target in reach"


def what_to_do(state: GameState) -> tuple[str, str]:
    """What the first player the game waits for may do in this phase besides ending it
    (plotting aside): its grade (:data:`NOTHING`, :data:`OPTIONAL`, :data:`ACTION`) and,
    in the players' words, what it is or why there is nothing."""
    if state.over:
        return NOTHING, "the game is over"
    if state.pending:
        return ACTION, state.pending[0].prompt()
    waiting = waiting_for(state)
    if not waiting:
        return NOTHING, "nobody is to act"
    player = waiting[0].id
    phase = current_phase(state)
    mine = [s for s in state.ships if s.owner == player and s.in_play]
    if phase == "launch":
        launchers = [s for s in mine if can_launch(state, s)]
        if launchers:
            return ACTION, f"{_names(launchers)} may launch a weapon"
        done = [s for s in mine if s.id in state.launched]
        if done:
            return NOTHING, f"{_names(done)} launched {_its(done)} one weapon this turn"
        return NOTHING, "no ship has a weapon it may launch"
    if phase == "guns":
        gunners = [s for s in mine if can_fire(state, s)]
        if gunners:
            return ACTION, f"{_names(gunners)} may fire at a target in reach"
        boarders = [s for s in mine if boardable(state, s)]
        if boarders:
            return OPTIONAL, f"{_names(boarders)} may board an enemy ship"
        return NOTHING, _no_shot(state, mine)
    if phase == "resupply":
        return _resupply(state, mine)
    return NOTHING, f"nothing is done in the {phase_word(phase)} phase"


def _resupply(state: GameState, mine: list[Ship]) -> tuple[str, str]:
    offers = {s.id: services_for(state, s) for s in mine}
    needed = [s for s in mine if {"refuel", "reload"} & set(offers[s.id])]
    if needed:
        return ACTION, f"{_names(needed)} may refuel or reload at a base"
    at_base = [s for s in mine if offers[s.id]]
    if at_base:
        return OPTIONAL, f"{_names(at_base)} may refit or buy at a base"
    meeting = [s for s in mine if partners(state, s)]
    if meeting:
        return OPTIONAL, f"{_names(meeting)} may meet another ship (rendezvous)"
    return NOTHING, "no ship has anything to do at a base"
