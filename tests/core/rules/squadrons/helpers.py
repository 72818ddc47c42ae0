"""A small squadron game on the built-in Marlow Reach for the rules' tests: counters
built by hand, hexes named by their board labels, and the day's steps driven by name."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from core.board.hexgrid import Hex
from core.engine.commands import Command, EndPhase
from core.engine.events import Event
from core.engine.play import apply, start, waiting_for
from core.engine.system import Seat
from core.rules.squadrons.boards import Subsector, load_builtin
from core.rules.squadrons.design import Design, Kind
from core.rules.squadrons.factors import Factors
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import RULES, STEPS, Counter, Place, SquadronGame, Veil

IMP, ZHO = "Imperium", "Zhodani"
SEATS = (Seat("ann", "Ann", IMP, "#aa2222"), Seat("zed", "Zed", ZHO, "#2222aa"))
PLAYER = {IMP: "ann", ZHO: "zed"}


@cache
def reach() -> Subsector:
    return load_builtin("marlow-reach")


def at(system: str, label: str) -> Place:
    return Place(system, reach().board(system).parse(label))


def hx(system: str, label: str) -> Hex:
    return reach().board(system).parse(label)


def squadron(
    cid: str,
    side: str,
    place: Place | None,
    name: str = "",
    kind: Kind = Kind.SQUADRON,
    **factors: int,
) -> Counter:
    """A counter built by hand: its factors by name, and what it carries: ``fuel``,
    ``stores`` (supply counters) and ``admirals``."""
    extras = {k: factors.pop(k) for k in ("fuel", "admirals") if k in factors}
    if "stores" in factors:
        extras["supply"] = factors.pop("stores")
    design = Design(name or cid, 15, kind, Factors(**factors))
    return Counter(cid, side, design, place, **extras)


CRUISER = dict(jump=4, maneuver=6, sensor=7, attack=20, attack_range=7, defense=6)


def new_game(
    *counters: Counter,
    veils: tuple[Veil, ...] = (),
    hand: int = 0,
    switches: tuple[tuple[str, bool], ...] = (),
) -> SquadronGame:
    setup = Setup(
        "test", reach(), (IMP, ZHO), counters, veils, ((IMP, hand), (ZHO, hand)), None, switches
    )
    state, _ = start(RULES, SEATS, seed=1, setup=setup)
    assert isinstance(state, SquadronGame)
    return state


def play(state: SquadronGame, *commands: Command) -> tuple[SquadronGame, list[Event]]:
    events: list[Event] = []
    for command in commands:
        state, said = apply(state, command)
        events += said
    return state, events


def end_step(state: SquadronGame) -> tuple[SquadronGame, list[Event]]:
    """Everyone who must act now ends the step."""
    events: list[Event] = []
    for seat in list(waiting_for(state)):
        state, said = apply(state, EndPhase(seat.id))
        events += said
    return state, events


def to_step(state: SquadronGame, name: str) -> tuple[SquadronGame, list[Event]]:
    """Steps ended until the game stands at step ``name`` (now, or the next time)."""
    events: list[Event] = []
    while STEPS[state.step] != name and not state.over:
        state, said = end_step(state)
        events += said
    return state, events


def with_counter(state: SquadronGame, counter: Counter) -> SquadronGame:
    return replace(state, counters=(*state.counters, counter))
