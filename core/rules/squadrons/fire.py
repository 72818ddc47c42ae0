"""Fire: every squadron or planet with an attack factor may fire once per fire step at
one enemy counter (or enemy "?") within its attack range on the same system board. The
orders are sealed; when both sides are in, every shot is worked out against the board as
it stood, then all damage is placed at once.

Rulings: a counter under an enemy "?" cannot be aimed at by name, only the "?" can; fire
at a "?" falls on the counter under it with the highest defense now (the first listed on
a tie), halved, and finds nothing under a decoy. Half damage is worked out shot by shot.
A side that fires from under its "?" loses every "?" over that hex once the fire is
resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.words import plural
from core.rules.squadrons import fog
from core.rules.squadrons.commands import Fire
from core.rules.squadrons.damage import destroyed, halved, hit, now
from core.rules.squadrons.events import Destroyed, Fired, Told, VeilRemoved
from core.rules.squadrons.factors import Factors
from core.rules.squadrons.movement import own_counter, side_of
from core.rules.squadrons.state import Counter, Place, SquadronGame


class CannotFire(IllegalCommand):
    """A fire order the firer's factors or the board do not allow."""


def check_fire(state: SquadronGame, command: Fire) -> tuple[Counter, Place]:
    """The firer and the place its fire falls on, or why the order cannot stand."""
    side = side_of(state, command.player)
    firer = own_counter(state, command.player, command.firer)
    if firer.place is None:
        raise CannotFire(f"{firer.name} is in jump transit and cannot fire")
    factors = now(state, firer)
    if factors.attack <= 0:
        raise CannotFire(f"{firer.name} has no attack factor left")
    if any(isinstance(o, Fire) and o.firer == firer.id for o in state.sealed):
        raise CannotFire(f"{firer.name} already has a fire order this step")
    target = state.counter(command.target)
    veil = state.veil(command.target)
    if target is not None and target.side != side and target.place is not None:
        if state.veiled(target.side, target.place):
            raise CannotFire('that counter is under a "?"; fire at the "?" instead')
        at = target.place
    elif veil is not None and veil.side != side and veil.hex is not None:
        at = Place(veil.system, veil.hex)
    else:
        raise CannotFire(f"there is no enemy counter {command.target!r} on a system board")
    if at.system != firer.place.system:
        raise CannotFire(f"the target is in {at.system}, not in {firer.place.system}")
    distance = firer.place.hex.distance(at.hex)
    if distance > factors.attack_range:
        raise CannotFire(
            f"the target is {plural(distance, 'hex')} away; {firer.name}'s attack range is"
            f" {factors.attack_range}"
        )
    return firer, at


@dataclass(frozen=True)
class Preview:
    """What a fire order would do, as the firing side can tell before it is resolved:
    ``hits`` on ``target``, halved under a "?"; the target's factors after this shot
    alone (None when the target is a "?": who is under it is not known)."""

    target: str
    hits: int
    halved: bool
    after: Factors | None
    destroyed: bool


def preview(state: SquadronGame, command: Fire) -> Preview:
    """The result of ``command`` if it were the only shot, for the order's preview;
    raises :class:`CannotFire` as the order itself would."""
    firer, _ = check_fire(state, command)
    attack = now(state, firer).attack
    target = state.counter(command.target)
    if target is None:
        hits = halved(attack, round_up=state.switch("half_damage_rounds_up"))
        return Preview(command.target, hits, True, None, False)
    allot = command.allot if state.switch("allotted_damage") else None
    struck = hit(target, attack, allot)
    supply = state.switch("supply_takes_damage")
    return Preview(
        target.id,
        attack,
        False,
        now(state, struck),
        destroyed(struck, supply_takes_damage=supply),
    )


def _struck(state: SquadronGame, command: Fire) -> Counter | None:
    """The counter a shot falls on: the one named, or the best-defended under a "?"."""
    target = state.counter(command.target)
    if target is not None:
        return target
    veil = state.veil(command.target)
    if veil is None:
        return None
    under = [
        c
        for c in state.counters
        if c.side == veil.side and c.place == Place(veil.system, veil.hex)  # type: ignore[arg-type]
    ]
    if not under:
        return None
    return max(under, key=lambda c: (now(state, c).defense, -under.index(c)))


def resolve(state: SquadronGame, orders: Sequence[Command]) -> tuple[SquadronGame, list[Event]]:
    """Every fire order of the step at once: damage worked out from the board before
    any of it, then placed; "?" over firing hexes removed; wrecks taken off."""
    events: list[Event] = []
    damage: dict[str, list[tuple[int, tuple[tuple[str, int], ...] | None]]] = {}
    fired_from: set[tuple[str, Place]] = set()
    round_up = state.switch("half_damage_rounds_up")
    allotting = state.switch("allotted_damage")
    for order in orders:
        if not isinstance(order, Fire):
            continue
        firer, _ = check_fire(replace(state, sealed=()), order)
        assert firer.place is not None
        fired_from.add((firer.side, firer.place))
        struck = _struck(state, order)
        attack = now(state, firer).attack
        if struck is None:
            events.append(
                Fired(f'{firer.name} fires at a "?" and finds nothing', firer.id, order.target, 0)
            )
            continue
        assert struck.place is not None
        hidden = state.veiled(struck.side, struck.place)
        hits = halved(attack, round_up=round_up) if hidden else attack
        damage.setdefault(struck.id, []).append((hits, order.allot if allotting else None))
        shown = 'a "?"' if hidden and struck.id != order.target else struck.name
        half = ' (half, under a "?")' if hidden else ""
        events.append(
            Fired(
                f"{firer.name} fires at {shown}: {plural(hits, 'hit')}{half}",
                firer.id,
                order.target,
                hits,
            )
        )
    after = state
    for counter_id, shots in damage.items():
        counter = after.counter(counter_id)
        assert counter is not None
        for hits, allot in shots:
            counter = hit(counter, hits, allot)
        after = after.with_counter(counter)
    gone_veils = [
        v
        for v in after.veils
        if v.hex is not None and (v.side, Place(v.system, v.hex)) in fired_from
    ]
    for v in gone_veils:
        events.append(VeilRemoved(f'a "?" of {v.side} is lifted: its stack fired', v.id))
    after = replace(after, veils=tuple(v for v in after.veils if v not in gone_veils))
    after, lost = remove_wrecks(after)
    return after, events + lost


def remove_wrecks(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    """Counters with every factor worn to 0 leave play (and their fleets)."""
    supply = state.switch("supply_takes_damage")
    wrecks = {c.id: c for c in state.counters if destroyed(c, supply_takes_damage=supply)}
    if not wrecks:
        return state, []
    events: list[Event] = []
    for c in wrecks.values():
        text = f"{c.name} ({c.side}) has nothing left and is out of play"
        events.append(Told(text, c.side) if fog.hidden(state, c) else Destroyed(text, c.id))
    fleets = tuple(
        replace(f, members=tuple(m for m in f.members if m not in wrecks)) for f in state.fleets
    )
    after = replace(
        state,
        counters=tuple(c for c in state.counters if c.id not in wrecks),
        fleets=tuple(f for f in fleets if len(f.members) > 1),
    )
    return after, events
