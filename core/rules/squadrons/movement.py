"""Movement on a system board, jump orders and fleet counters: the orders of a side's
movement step.

A counter moves up to its maneuver factor in hexes in each movement step (straight-line
hex distance; nothing on a system board blocks), stacks without limit, and may take the
"?" counters over its hex along. A jump is ordered here with a secret destination and
begins at the day's jump step (:mod:`core.rules.squadrons.turn`).
"""

from __future__ import annotations

from dataclasses import replace

from core.engine.errors import IllegalCommand, UnknownShip
from core.engine.events import Event
from core.engine.words import plural
from core.rules.squadrons import geography as geo
from core.rules.squadrons.commands import BeginJump, CancelJump, DisbandFleet, FormFleet, Move
from core.rules.squadrons.damage import now
from core.rules.squadrons.events import Told
from core.rules.squadrons.state import Counter, Fleet, Jump, SquadronGame


class CannotMove(IllegalCommand):
    """A move the squadron's maneuver factor or the board does not allow."""


class CannotJump(IllegalCommand):
    """A jump the squadron's jump factor, fuel or position does not allow."""


def side_of(state: SquadronGame, player: str) -> str:
    side = state.side_of(player)
    if side is None:
        raise IllegalCommand(f"{player!r} does not play in this game")
    return side


def own_counter(state: SquadronGame, player: str, counter_id: str) -> Counter:
    """The player's side's counter ``counter_id``, or why not."""
    counter = state.counter(counter_id)
    if counter is None or counter.side != side_of(state, player):
        raise UnknownShip(f"your side has no counter {counter_id!r}")
    return counter


def expand(state: SquadronGame, player: str, ids: tuple[str, ...]) -> list[Counter]:
    """The counters named, a fleet standing for its members."""
    found: list[Counter] = []
    for name in ids:
        fleet = state.fleet(name)
        members = fleet.members if fleet is not None else (name,)
        if fleet is not None and fleet.side != side_of(state, player):
            raise UnknownShip(f"your side has no fleet {name!r}")
        found.extend(own_counter(state, player, m) for m in members)
    return list({c.id: c for c in found}.values())


def move(state: SquadronGame, command: Move) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    movers = expand(state, command.player, command.counters)
    if not movers:
        raise CannotMove("name the counters to move")
    place = movers[0].place
    for c in movers:
        if c.place is None:
            raise CannotMove(f"{c.name} is in jump transit")
        if c.place != place:
            raise CannotMove("counters moved together must start in the same hex")
    assert place is not None
    if not geo.on_board(state.world, place.system, command.to):
        raise CannotMove(f"that hex is off {place.system}'s board")
    distance = place.hex.distance(command.to)
    for c in movers:
        left = now(state, c).maneuver - c.spent
        if distance > left:
            raise CannotMove(
                f"{c.name} can move {plural(max(0, left), 'more hex', 'more hexes')} this step,"
                f" not {distance} (maneuver {now(state, c).maneuver})"
            )
    for veil_id in command.veils:
        veil = state.veil(veil_id)
        if (
            veil is None
            or veil.side != side
            or (veil.system, veil.hex) != (place.system, place.hex)
        ):
            raise CannotMove(f'no "?" of yours is over that stack ({veil_id})')
    moved = {c.id for c in movers}
    to = replace(place, hex=command.to)
    counters = tuple(
        replace(c, place=to, spent=c.spent + distance, stayed=c.stayed and distance == 0)
        if c.id in moved
        else c
        for c in state.counters
    )
    veils = tuple(replace(v, hex=command.to) if v.id in command.veils else v for v in state.veils)
    fleets = _fleets_after_move(state.fleets, moved)
    after = replace(state, counters=counters, veils=veils, fleets=fleets)
    names = ", ".join(c.name for c in movers)
    where = geo.label(state.world, place.system, command.to)
    text = f"{names} {plural(distance, 'hex')} to {place.system} {where}"
    return after, [Told(f"moved {text}", side)]


def _fleets_after_move(fleets: tuple[Fleet, ...], moved: set[str]) -> tuple[Fleet, ...]:
    """A fleet moved whole stays a fleet; counters moved out of a fleet leave it, and a
    fleet left with fewer than two counters goes."""
    kept: list[Fleet] = []
    for f in fleets:
        inside = moved.intersection(f.members)
        if inside and len(inside) != len(f.members):
            f = replace(f, members=tuple(m for m in f.members if m not in moved))
        if len(f.members) > 1:
            kept.append(f)
    return tuple(kept)


def departure_problem(state: SquadronGame, counter: Counter) -> str:
    """Why ``counter`` cannot order any jump from where it is ("" if it may): asked
    before a destination is chosen, so the player is told before choosing one."""
    if counter.is_planet:
        return f"{counter.name} is a planet and never jumps"
    if counter.place is None:
        return f"{counter.name} is already in jump transit"
    if state.switch("jump_outside_limit"):
        body = state.world.board(counter.place.system).limit_at(counter.place.hex)
        if body is not None:
            return (
                f"{counter.name} is inside {body.name}'s 100-diameter limit (the dashed"
                " line round it) and must move out of it before it can jump"
            )
    return ""


def jump_problem(state: SquadronGame, counter: Counter, jump: Jump) -> str:
    """Why ``counter`` cannot make ``jump`` now ("" if it can)."""
    if counter.is_planet:
        return f"{counter.name} is a planet and never jumps"
    if counter.place is None:
        return f"{counter.name} is already in jump transit"
    factor = now(state, counter).jump
    if jump.hexes > factor:
        away = plural(jump.hexes, "jump hex", "jump hexes")
        return f"{jump.destination} is {away} away; {counter.name}'s jump factor is {factor}"
    if jump.hexes > counter.fuel:
        return (
            f"{counter.name} needs {plural(jump.hexes, 'fuel counter')} for that jump"
            f" and carries {counter.fuel}"
        )
    return departure_problem(state, counter)


def begin_jump(state: SquadronGame, command: BeginJump) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    jumpers = expand(state, command.player, (command.counter,))
    world = state.world
    if command.system not in geo.system_names(world):
        raise CannotJump(f"there is no star system called {command.system!r}")
    if not geo.on_board(world, command.system, command.hex):
        raise CannotJump(f"that hex is off {command.system}'s board")
    if geo.inside_limit(world, command.system, command.hex):
        raise CannotJump("a jump cannot end inside a 100-diameter limit; choose a hex outside it")
    after = state
    for c in jumpers:
        origin = c.place.system if c.place is not None else ""
        if origin == command.system:
            raise CannotJump(f"{c.name} is already in {origin}; move on its board instead")
        hexes = geo.jump_distance(world, origin, command.system) if origin else 0
        jump = Jump(origin, command.system, command.hex, hexes)
        problem = jump_problem(state, c, jump)
        if problem:
            raise CannotJump(problem)
        after = after.with_counter(replace(c, jump=jump))
    names = ", ".join(c.name for c in jumpers)
    return after, [Told(f"{names} will jump to {command.system} at the jump step", side)]


def cancel_jump(state: SquadronGame, command: CancelJump) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    after = state
    for c in expand(state, command.player, (command.counter,)):
        if c.jump is None:
            raise CannotJump(f"{c.name} has no jump ordered")
        after = after.with_counter(replace(c, jump=None))
    return after, [Told(f"jump order for {command.counter} taken back", side)]


def form_fleet(state: SquadronGame, command: FormFleet) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    members = expand(state, command.player, command.members)
    if len(members) < 2:
        raise IllegalCommand("a fleet counter stands for two or more counters")
    places = {c.place for c in members}
    if len(places) != 1 or None in places:
        raise IllegalCommand("a fleet's counters must share one hex on a system board")
    if not command.name.strip():
        raise IllegalCommand("give the fleet a name")
    ids = {c.id for c in members}
    fleets = tuple(
        replace(f, members=tuple(m for m in f.members if m not in ids)) for f in state.fleets
    )
    fleets = tuple(f for f in fleets if len(f.members) > 1)
    after, fleet_id = replace(state, fleets=fleets).new_id("F")
    fleet = Fleet(fleet_id, side, command.name.strip(), tuple(c.id for c in members))
    after = replace(after, fleets=(*after.fleets, fleet))
    return after, [Told(f"fleet {fleet.name} formed of {len(members)} counters", side)]


def disband_fleet(state: SquadronGame, command: DisbandFleet) -> tuple[SquadronGame, list[Event]]:
    side = side_of(state, command.player)
    fleet = state.fleet(command.fleet)
    if fleet is None or fleet.side != side:
        raise UnknownShip(f"your side has no fleet {command.fleet!r}")
    after = replace(state, fleets=tuple(f for f in state.fleets if f.id != fleet.id))
    return after, [Told(f"fleet {fleet.name} disbanded", side)]
