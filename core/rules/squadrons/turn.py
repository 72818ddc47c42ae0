"""The day, step by step, as the seed lists it: side one moves, side two moves,
nullified "?" removed, everyone fires, damage applied; side two moves, side one moves,
"?" removed, fire, damage; resupply and repair; jumps begun go into transit; everything in
transit advances a day; arrivals placed; new "?" counters acquired and placed.

The steps players act in are :data:`~core.rules.squadrons.state.STEPS`; what happens
between them is done here as the game passes from one to the next.
"""

from __future__ import annotations

from dataclasses import replace

from core.engine.events import Event
from core.engine.phases import Phase
from core.rules.squadrons import fog
from core.rules.squadrons.events import Arrived, DayBegins, GameWon, Told
from core.rules.squadrons.fire import remove_wrecks
from core.rules.squadrons.logistics import refuel_and_resupply, remove_nullified
from core.rules.squadrons.movement import jump_problem
from core.rules.squadrons.state import STEPS, TRANSIT_DAYS, Place, SquadronGame

MOVE_STEPS = {"move-1-first": 0, "move-1-second": 1, "move-2-second": 1, "move-2-first": 0}
FIRE_STEPS = ("fire-1", "fire-2")


def step_name(state: SquadronGame) -> str:
    return STEPS[state.step]


def moving_side(state: SquadronGame) -> str | None:
    """The side whose movement step it is (None in the steps everyone acts in)."""
    index = MOVE_STEPS.get(step_name(state))
    return None if index is None else state.sides[index]


def phase(state: SquadronGame) -> Phase:
    """The current step as the engine sees it: who acts, and whether orders are sealed."""
    name = step_name(state)
    side = moving_side(state)
    if side is not None:
        return Phase(f"{side} moves", "side")
    if name in FIRE_STEPS:
        return Phase("fire", "everyone", sealed=True)
    if name == "repair":
        return Phase("repair and resupply", "everyone")
    return Phase('place "?" counters', "everyone")


def phases(state: SquadronGame) -> tuple[Phase, ...]:
    return tuple(phase(replace(state, step=i)) for i in range(len(STEPS)))


def advance(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    """Leave the current step (everyone has ended it): do what lies between it and the
    next, then enter the next (the next day after the last)."""
    events: list[Event] = []
    name = step_name(state)
    state = replace(state, done=frozenset())
    if name == "repair":
        state, said = end_of_repairs(state)
        events += said
    if name == "place":
        state, said = end_of_day(state)
        events += said
        if state.over:
            return state, events
        state = replace(state, step=0)
    else:
        state = replace(state, step=state.step + 1)
    entered = step_name(state)
    if entered in MOVE_STEPS:
        state = replace(state, counters=tuple(replace(c, spent=0) for c in state.counters))
    if entered in FIRE_STEPS:
        state, said = remove_nullified(state)
        events += said
    if entered == "place":
        for side in state.sides:
            state = state.with_hand(side, state.hand(side) + 1)
    return state, events


def end_of_repairs(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    """Resupply, then jumps begun go into transit, transit advances, arrivals placed."""
    state, events = refuel_and_resupply(state)
    state = replace(state, repaired=())
    counters = []
    for c in state.counters:
        jump = c.jump
        if jump is not None:
            problem = jump_problem(state, c, jump)
            if problem:
                events.append(Told(f"jump called off: {problem}", c.side))
                c = replace(c, jump=None)
            else:
                assert c.place is not None
                text = f"{c.name} ({c.side}) jumps out of {c.place.system}"
                events.append(Told(text, c.side) if fog.hidden(state, c) else Event(text))
                c = replace(c, place=None, transit=jump, jump=None, fuel=c.fuel - jump.hexes)
        counters.append(c)
    state = replace(state, counters=tuple(counters))
    fleets = tuple(
        replace(f, members=tuple(m for m in f.members if (x := state.counter(m)) and x.place))
        for f in state.fleets
    )
    state = replace(state, fleets=tuple(f for f in fleets if len(f.members) > 1))
    counters = []
    for c in state.counters:
        if c.transit is not None:
            transit = replace(c.transit, day=c.transit.day + 1)
            if transit.day >= TRANSIT_DAYS:
                to = Place(transit.destination, transit.hex)
                c = replace(c, place=to, transit=None, stayed=False)
                text = f"{c.name} ({c.side}) arrives out of jump in {to.system}"
                if fog.hidden(state, c):
                    events.append(Told(text, c.side))
                else:
                    events.append(Arrived(text, c.id, to.system, to.hex))
            else:
                c = replace(c, transit=transit)
        counters.append(c)
    return replace(state, counters=tuple(counters)), events


def controls(state: SquadronGame, side: str, system: str) -> bool:
    """A side controls a system with counters on its board and no enemy counter there."""
    present = {c.side for c in state.on_board() if c.place and c.place.system == system}
    return side in present and len(present) == 1


def verdict(state: SquadronGame, *, day_over: bool) -> tuple[SquadronGame, list[Event]]:
    """Whether the game is won: a side with nothing left loses at once; at the end of a
    day the attacker wins by controlling enough objectives, the defender by holding out
    to the last day."""
    if state.over:
        return state, []
    alive = {c.side for c in state.counters}
    if len(alive) < len(state.sides):
        if not alive:
            return replace(state, over=True), [GameWon("both sides are wiped out: a draw", ())]
        (side,) = alive
        return _won(state, side, f"{side} wins: the enemy has nothing left in play")
    victory = state.victory
    if victory is None or not day_over:
        return state, []
    held = [s for s in victory.objectives if controls(state, victory.attacker, s)]
    if len(held) >= victory.needed:
        return _won(state, victory.attacker, f"{victory.attacker} wins, holding {', '.join(held)}")
    if state.day >= victory.days:
        return _won(
            state, victory.defender, f"{victory.defender} wins, holding out to day {state.day}"
        )
    return state, []


def _won(state: SquadronGame, side: str, text: str) -> tuple[SquadronGame, list[Event]]:
    winners = tuple(p.id for p in state.seats_of(side))
    return replace(state, over=True, winners=winners), [GameWon(text, winners)]


def end_of_day(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    state, lost = remove_wrecks(state)
    state, events = verdict(state, day_over=True)
    events = lost + events
    if state.over:
        return state, events
    day = state.day + 1
    counters = tuple(replace(c, stayed=True, spent=0) for c in state.counters)
    state = replace(state, day=day, counters=counters)
    return state, [*events, DayBegins(f"day {day} begins", day)]
