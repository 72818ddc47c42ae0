"""Bases' own defences under "Bases pick sides" (seed "Optional rules: Bases pick sides").

A base with a side and defences (the scenario's ``[[bases]]`` ``missile_every`` and
``guns``, :class:`core.rules.interplanetary.scenario.terms.BaseTerms`) acts first of all on the
board: at the start of every round, before any player moves, each of its guns fires at an enemy
ship inside the base's zone of control (the map's zones naming the base; the edge counts as
inside), and every ``missile_every`` full rounds it launches a Missile (it never runs out) at one.

Our rulings: a base's fire is automatic, not a player's choice (the rules give a base no
commander; the side's players still decide, as for any missile, whether its missile
strikes). It aims at the nearest enemy ship in its zone (the first in the game's order
on a tie). A neutral base has no enemies and never fires; a destroyed base does nothing.
Its gun cannot be answered: nothing but a kinetic buster harms a base.
"""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import ZERO, Direction, Hex
from core.board.starmap import Base
from core.engine.events import Event, event
from core.rules.interplanetary.aid.carried import aid_of, play_aid
from core.rules.interplanetary.allegiance import SWITCH
from core.rules.interplanetary.combat.attack import Attack, resolve_attack
from core.rules.interplanetary.combat.guns import exposed, odds, vector_hexes
from core.rules.interplanetary.combat.ordnance import WeaponLaunched, name_of, new_id
from core.rules.interplanetary.scenario.terms import BaseTerms, terms_of
from core.vector.gravity import GravityPull, label
from core.vector.motion import Motion, launched
from core.vector.state import GameState, Ordnance, Player, Ship

#: the launched weapon a base fires (seed: "of type Missile")
BASE_MISSILE = "missile"


@event
class BaseFires(Event):
    """A base's gun fires at an enemy ship in its zone of control, and why."""

    base: str
    ship: str


def zone(state: GameState, base: Base) -> frozenset[Hex]:
    """The base's zone of control: the map's zones drawn for it, else its own hex."""
    hexes = frozenset(h for z in state.starmap.zones if z.base == base.name for h in z.hexes)
    return hexes or frozenset({base.approach})


def defended(state: GameState) -> list[tuple[BaseTerms, Base, Player]]:
    """The bases that defend themselves now, with the player who owns their missiles
    (the first player of the base's side)."""
    terms = terms_of(state)
    if terms is None or not state.uses(SWITCH) or aid_of(state.rules) is None:
        return []
    found = []
    for own in terms.bases:
        base = state.starmap.base(own.base)
        if base is None or own.side is None or own.closed or own.base in state.bases_lost:
            continue
        if not own.guns and own.missile_every is None:
            continue
        player = next((p for p in state.players if p.side == own.side), None)
        if player is not None:
            found.append((own, base, player))
    return found


def enemies_in_zone(state: GameState, own: BaseTerms, base: Base) -> list[Ship]:
    """Enemy ships inside the zone, nearest the base first (the game's order on a tie)."""
    hexes = zone(state, base)
    ships = [
        s
        for s in state.ships
        if s.side != own.side and exposed(state, s) and s.motion.position in hexes
    ]
    return sorted(ships, key=lambda s: s.motion.position.distance(base.approach))


def bases_act(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """Bases act first of all: their guns fire, then (every so many rounds) a missile."""
    events: list[Event] = []
    for own, base, owner in defended(state):
        for gun_id in own.guns:
            targets = enemies_in_zone(state, own, base)
            if targets:
                state, more = _fire(state, own, base, owner, gun_id, targets[0])
                events.extend(more)
        every = own.missile_every
        done = state.round - 1  # full rounds played
        if every and done > 0 and done % every == 0:
            targets = enemies_in_zone(state, own, base)
            if targets:
                state, more = _launch(state, base, owner, targets[0])
                events.extend(more)
    return state, events


def _fire(
    state: GameState, own: BaseTerms, base: Base, owner: Player, gun_id: str, target: Ship
) -> tuple[GameState, list[Event]]:
    aid = play_aid(state)
    gun = aid.gun(gun_id)
    distance = min(base.approach.distance(h) for h in vector_hexes(target))
    speed = target.motion.velocity.speed  # a base does not move
    chance = odds(aid, gun, distance, speed)
    where = label(state.starmap, target.motion.position)
    text = (
        f"{base.name}'s {gun.name} fires at {target.name} at {where}, inside its zone of "
        f"control (range {distance}, relative velocity {speed}); bases act first"
    )
    attack = Attack(
        f"{base.name}'s {gun.name}",
        owner.id,
        target.id,
        chance.table.id,
        chance.modifiers,
        speed,
    )
    state, events = resolve_attack(state, attack)
    return state, [BaseFires(text, base.name, target.id), *events]


def _launch(
    state: GameState, base: Base, owner: Player, target: Ship
) -> tuple[GameState, list[Event]]:
    """A missile at rest in the base's hex, its own thrust spent towards the target."""
    weapon = play_aid(state).launched_weapon(BASE_MISSILE)
    at = base.approach
    gravity = state.starmap.gravity_at(at)
    pulls = () if gravity is None else (GravityPull(at, gravity.arrows, "at rest"),)
    thrust: list[Direction] = []
    tip = at
    for _ in range(weapon.thrust):
        best = min(Direction, key=lambda d: tip.neighbour(d).distance(target.motion.position))
        if tip.neighbour(best).distance(target.motion.position) >= tip.distance(
            target.motion.position
        ):
            break
        thrust.append(best)
        tip = tip.neighbour(best)
    motion = launched(Motion(at, ZERO, pulls), tuple(thrust), weapon.thrust)
    state, piece_id = new_id(state, weapon.id)
    piece = Ordnance(
        piece_id, weapon.id, owner.id, owner.side, motion, None, turns_left=weapon.lifetime
    )
    state = replace(state, ordnance=(*state.ordnance, piece))
    text = (
        f"{base.name} launches {name_of(state, piece)} at {target.name}, the nearest enemy "
        f"in its zone of control (it has missiles without end; {owner.name} decides "
        "whether it strikes)"
    )
    return state, [WeaponLaunched(text, "", piece.id, weapon.id)]
