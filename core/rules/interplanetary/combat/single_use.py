"""Single-use modules in play (play aid "Single-use modules"): the player fires one with
:class:`UseModule`, it is spent at once, and its effect lasts the rest of the turn.

They need no power and work while the ship is disabled. Boosters and shields are fired
in the owner's movement phase, before the ship moves: the burn gets free hexes (a
disabled ship may use those, and only those), asteroid hexes are safe up to a higher
speed, a braking move into orbit gets a free hex, a slow crash becomes a landing. A
patch pod mends at once, in the owner's turn. Two are answers to an attack: the spin
booster, once a hit's location is known
(:class:`~core.rules.interplanetary.combat.attack.PendingHit`), and the randomizer boost, before an
enemy gun rolls against the ship (:class:`PendingRoll`). The movement rules ask this module only
for ships with a module in use, so it is loaded with the combat rules, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from core.board.hexgrid import ZERO
from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.pending import Pending
from core.engine.serial import register
from core.engine.words import plural
from core.rules.interplanetary.aid.carried import aid_of, manifest_of, play_aid
from core.rules.interplanetary.aid.manifest import mend_one
from core.rules.interplanetary.aid.playaid import Module
from core.rules.interplanetary.allegiance import ship_passage
from core.rules.interplanetary.combat.attack import Attack, PendingHit, resolve_attack
from core.vector.course import Crash
from core.vector.course_check import check_plan
from core.vector.motion import Motion, MovementParams
from core.vector.movement import MoveResult
from core.vector.reach import coast
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import active_player, current_phase, plotting_phases

#: effects fired in the owner's movement phase, before the ship moves
MOVEMENT = ("thrust", "evasive", "aerobrake", "reentry")
#: effects that give free hexes of thrust
FREE_THRUST = ("thrust", "aerobrake")


@event
class ModuleUsed(Event):
    ship: str
    module: str
    effect: str


@register
@dataclass(frozen=True)
class UseModule(Command):
    """Fire the single-use module in slot ``slot`` of ``ship``; an emergency patch pod
    mends ``role`` (mount ``point``, else its first damaged one)."""

    ship: str
    slot: int
    role: str | None = None
    point: int | None = None


@register
@dataclass(frozen=True)
class Decline(Command):
    """Let the enemy gun waiting on ``ship`` roll without a randomizer boost."""

    ship: str


@register
@dataclass(frozen=True)
class PendingRoll(Pending):
    """An enemy gun's attack on ``ship``, waiting for its owner to fire a randomizer
    boost against it (:class:`UseModule`) or not (:class:`Decline`)."""

    attack: Attack | None = None
    name: str = ""

    def prompt(self) -> str:
        source = self.attack.source if self.attack is not None else "an enemy gun"
        return f"{self.name} may fire its Randomizer boost before {source} rolls"


def modules_in_use(state: GameState, ship: Ship, *effects: str) -> list[Module]:
    aid = aid_of(state.rules)
    if aid is None:
        return []
    found = [aid.single_use_module(m) for m in ship.in_use]
    return [m for m in found if m.effect in effects]


def carried(state: GameState, ship: Ship, effect: str) -> int | None:
    """The first single-use slot holding a module with ``effect``."""
    aid, m = aid_of(state.rules), manifest_of(ship)
    if aid is None or m is None:
        return None
    for slot, module in enumerate(m.single_use):
        if module is not None and aid.single_use_module(module).effect == effect:
            return slot
    return None


def refusal(state: GameState, ship: Ship, module: Module, command: UseModule) -> str | None:
    """Why ``module`` cannot be fired now, in players' words, or None."""
    first = state.pending[0] if state.pending else None
    if module.effect == "spin":
        if isinstance(first, PendingHit) and first.ship == ship.id and not first.spread:
            return None
        return f"the {module.name} is fired when a hit on {ship.name} waits to be placed"
    if module.effect == "randomizer":
        if isinstance(first, PendingRoll) and first.ship == ship.id:
            return None
        return f"the {module.name} is fired when an enemy gun is about to roll against {ship.name}"
    if first is not None:
        return f"first, {first.prompt()}"
    if module.effect == "patch":
        return _patch_refusal(state, ship, command)
    if module.effect in MOVEMENT:
        phases = plotting_phases(state.rules)
        if current_phase(state) not in phases:
            return f"the {module.name} is fired in the {phases[-1]} phase, before the ship moves"
        if ship.status is not ShipStatus.ACTIVE:
            return f"{ship.name} is {ship.status.value}: the {module.name} works in flight"
        if module.effect != "thrust" and modules_in_use(state, ship, module.effect):
            return f"{ship.name} already has a {module.name} working this turn"
        return None
    return f"Ecliptic does not know how to fire a {module.name} ({module.effect})"


def _patch_refusal(state: GameState, ship: Ship, command: UseModule) -> str | None:
    aid = play_aid(state)
    player = active_player(state)
    if player is not None and player.id != ship.owner:
        return "a patch pod is used in your own turn"
    if command.role is None:
        return "say which subsystem the patch pod mends"
    if command.role == "fuel_engine":
        return "a patch pod never brings back lost fuel"
    if command.role not in {s.role for s in aid.subsystems}:
        return f"there is no subsystem {command.role!r}"
    m = manifest_of(ship)
    if m is None or mend_one(m, command.role, command.point)[1] is None:
        return f"there is no damage to mend on {aid.subsystem(command.role).name}"
    return None


def use(state: GameState, command: UseModule) -> tuple[GameState, list[Event]]:
    aid = play_aid(state)
    ship = state.own_ship(command.player, command.ship)
    m = manifest_of(ship)
    slots = m.single_use if m is not None else ()
    if not 0 <= command.slot < len(slots) or slots[command.slot] is None:
        raise IllegalCommand(f"{ship.name}'s single-use slot {command.slot + 1} is empty")
    if not ship.in_play:
        raise IllegalCommand(f"{ship.name} is {ship.status.value}")
    module = aid.single_use_module(str(slots[command.slot]))
    why = refusal(state, ship, module, command)
    if why is not None:
        raise WrongPhase(why) if why.startswith("first,") else IllegalCommand(why)
    assert m is not None
    ship = replace(ship, manifest=m.with_mount("single_use", command.slot, None))
    events: list[Event] = []
    if module.effect == "patch":
        mended = m.with_mount("single_use", command.slot, None)
        for _ in range(module.amount or 1):
            mended, _role = mend_one(mended, command.role, command.point)
        ship = replace(ship, manifest=mended)
        where = aid.subsystem(str(command.role)).name
        text = f"{ship.name}'s {module.name} mends {where}"
    elif module.effect == "spin":
        hit = state.pending[0]
        assert isinstance(hit, PendingHit)
        state = replace(state, pending=(replace(hit, spread=True), *state.pending[1:]))
        text = (
            f"{ship.name} fires its {module.name}: the hit's {plural(hit.amount, 'point')} "
            "may go on any subsystems"
        )
    elif module.effect == "randomizer":
        return _randomize(state.with_ship(ship), module)
    else:
        ship = replace(ship, in_use=(*ship.in_use, module.id))
        text = f"{ship.name} fires its {module.name}: {_promise(module)}"
    events.append(ModuleUsed(text, ship.id, module.id, module.effect))
    state = state.with_ship(ship)
    plan = state.plan(ship.id)
    if plan is not None and module.effect in MOVEMENT:
        try:
            check_plan(state, ship, plan)
        except IllegalCommand as exc:
            state = state.with_plan(ship.id, None)
            events.append(ModuleUsed(f"{ship.name}'s plan is taken back: {exc}", ship.id, "", ""))
    return state, events


def _promise(module: Module) -> str:
    n = module.amount or 0
    hexes = f"{n} hex{'es' if n != 1 else ''}"
    return {
        "thrust": f"{hexes} of thrust this turn without fuel",
        "evasive": f"asteroid hexes are safe up to speed {n} this turn",
        "aerobrake": f"{hexes} of free thrust, for a move that leaves it in orbit next turn",
        "reentry": f"this turn a crash at speed {n} or less into a body becomes a landing",
    }[module.effect]


# ---- the randomizer boost ----


def gun_attack(state: GameState, attack: Attack) -> tuple[GameState, list[Event]]:
    """An enemy gun about to roll: a target carrying a randomizer boost is asked first."""
    target = state.ship(attack.target)
    if carried(state, target, "randomizer") is None:
        return resolve_attack(state, attack)
    waiting = PendingRoll(target.owner, target.id, attack, target.name)
    text = f"{attack.source} takes aim at {target.name}, which carries a Randomizer boost"
    event_ = ModuleUsed(text, target.id, "", "randomizer")
    return replace(state, pending=(waiting, *state.pending)), [event_]


def _randomize(state: GameState, module: Module) -> tuple[GameState, list[Event]]:
    waiting = state.pending[0]
    assert isinstance(waiting, PendingRoll) and waiting.attack is not None
    ship = state.ship(waiting.ship)
    dice, rolled = state.dice.roll(f"{ship.name}'s {module.name}")
    attack = waiting.attack
    attack = replace(attack, modifiers=(*attack.modifiers, (module.name, -rolled.total)))
    state = replace(state, dice=dice, pending=state.pending[1:])
    text = f"{ship.name} fires its {module.name}: {rolled.total} comes off the roll"
    state, more = resolve_attack(state, attack)
    return state, [rolled, ModuleUsed(text, ship.id, module.id, module.effect), *more]


def decline(state: GameState, command: Decline) -> tuple[GameState, list[Event]]:
    first = state.pending[0] if state.pending else None
    if not isinstance(first, PendingRoll) or first.ship != command.ship or first.attack is None:
        raise IllegalCommand("no enemy gun is waiting to roll against that ship")
    state = replace(state, pending=state.pending[1:])
    return resolve_attack(state, first.attack)


# ---- what the movement rules ask ----


def boosted(state: GameState, ship: Ship, params: MovementParams) -> MovementParams:
    """The move a ship with modules in use may make: the first free hexes cost no fuel
    (a disabled ship makes only those); asteroid hexes are safe up to an evasive
    booster's speed, so the plotter's preview and the move agree."""
    safe = safe_speed(state, ship)
    if safe > params.asteroid_safe_speed:
        params = replace(params, asteroid_safe_speed=safe)
    boosters = modules_in_use(state, ship, *FREE_THRUST)
    free = sum(m.amount or 0 for m in boosters)
    if not free:
        return params
    params = replace(params, free_thrust_by=" and ".join(m.name for m in boosters))
    if ship.disabled:
        return replace(params, burn_costs=(Fraction(0),) * free)
    costs = params.burn_costs
    return replace(params, burn_costs=(Fraction(0),) * free + tuple(costs))


def may_burn_disabled(state: GameState, ship: Ship) -> bool:
    return bool(modules_in_use(state, ship, *FREE_THRUST))


def check_move(state: GameState, ship: Ship, result: MoveResult, params: MovementParams) -> None:
    """A friction shield's free hex is for a move that leaves the ship in orbit next turn,
    around a body with air (not one the shield lists)."""
    shields = modules_in_use(state, ship, "aerobrake")
    if not shields or result.stopped:
        if shields and result.stopped:
            raise IllegalCommand(f"the {shields[0].name} is for braking into orbit")
        return
    bodies = {a.body for p in result.next.pulls for a in p.arrows}
    passage = ship_passage(state, ship)
    for body in (*sorted(b for b in bodies if b), None):
        after = coast(state.starmap, result.next, params, 1, passage=passage, prefer=body)
        around = after[0].orbit if after else None
        if around is not None and around not in shields[0].not_at:
            return
    raise IllegalCommand(
        f"with the {shields[0].name} fired, {ship.name} must end this move so that it is in "
        f"orbit next turn (not at {', '.join(shields[0].not_at)})"
    )


def safe_speed(state: GameState, ship: Ship) -> int:
    """The fastest a ship crosses asteroid hexes without a roll this turn."""
    return max((m.amount or 1 for m in modules_in_use(state, ship, "evasive")), default=1)


def reentry(state: GameState, ship: Ship, crash: Crash, speed: int) -> tuple[Ship, Event] | None:
    """A re-entry shield in use turns a slow crash into a landing on that body."""
    shields = modules_in_use(state, ship, "reentry")
    if not shields:
        return None
    shield = shields[0]
    if crash.body in shield.not_at or speed > (shield.amount or 0):
        return None
    landed = replace(
        ship,
        status=ShipStatus.LANDED,
        landed_at=crash.body,
        orbit=None,
        docked_at=None,
        motion=Motion(ship.motion.position, ZERO),
    )
    text = f"{ship.name}'s {shield.name} brings it down safely: it lands on {crash.body}"
    return landed, ModuleUsed(text, ship.id, shield.id, shield.effect)


def spent(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Modules fired this turn stop working when the owner's turn ends."""
    for ship in state.ships:
        if ship.in_use and (player is None or ship.owner == player):
            state = state.with_ship(replace(ship, in_use=()))
    return state, []


def choices(state: GameState, ship: Ship) -> list[tuple[str, UseModule]]:
    """Every single-use module the ship's owner may fire now, as the Combat dock lists
    them: a label and the command (a patch pod once for each subsystem it could mend)."""
    aid, m = aid_of(state.rules), manifest_of(ship)
    if aid is None or m is None or not ship.in_play:
        return []
    out: list[tuple[str, UseModule]] = []
    for slot, module_id in enumerate(m.single_use):
        if module_id is None:
            continue
        module = aid.single_use_module(module_id)
        roles: list[str | None] = [None]
        if module.effect == "patch":
            roles = [s.role for s in aid.subsystems]
        for role in roles:
            command = UseModule(ship.owner, ship.id, slot, role)
            if refusal(state, ship, module, command) is None:
                what = f": mend {aid.subsystem(role).name}" if role is not None else ""
                out.append((f"{module.name}{what} (slot {slot + 1})", command))
    return out
