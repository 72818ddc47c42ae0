"""The five sealed phases: which orders each takes, the check of an order as it is given,
and the function that resolves all players' orders of the phase together.

Each phase's resolver is a plain function ``(state, orders) -> (state, events)``; the
orders arrive sorted by player (the sealed envelope's order), and a resolver must give
the same result whatever order the players' orders arrived in. Ordnance and combat are
np-fire's (:mod:`core.rules.nplanetary.ordnance`, :mod:`core.rules.nplanetary.combat`),
development and logistics np-economy's; until they are wired in here, those phases
resolve to nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event
from core.rules.nplanetary.orders import PHASE_ORDERS
from core.vector.state import GameState
from core.vector.turns import current_phase

Resolver = Callable[[GameState, Sequence[Command]], tuple[GameState, list[Event]]]
Check = Callable[[GameState, Command], None]


def _nothing(state: GameState, orders: Sequence[Command]) -> tuple[GameState, list[Event]]:
    return state, []


#: what resolves each phase (movement's own resolution runs after, in the vector turn)
RESOLVERS: dict[str, Resolver] = {
    "ordnance": _nothing,
    "combat": _nothing,
    "movement": _nothing,
    "development": _nothing,
    "logistics": _nothing,
}

#: end of round, after the last phase: ``state -> (state, events)`` (np-economy's income)
EndOfRound = Callable[[GameState], tuple[GameState, list[Event]]]
ROUND_END: list[EndOfRound] = []

#: the checks of each kind of order as it is given, beyond its phase
CHECKS: dict[type[Command], Check] = {}


def check(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """The handler of every NPlanetary order: refuse it now if it is of another phase
    or fails its check; the state is unchanged (the order waits sealed)."""
    phase = current_phase(state)
    kinds = PHASE_ORDERS.get(phase, ())
    if type(command) not in kinds:
        wanted = next((p for p, ks in PHASE_ORDERS.items() if type(command) in ks), "?")
        raise WrongPhase(f"that is an order of the {wanted} phase, not the {phase} phase")
    found = CHECKS.get(type(command))
    if found is not None:
        found(state, command)
    return state, []


def resolve(state: GameState, orders: Sequence[Command]) -> tuple[GameState, list[Event]]:
    """Resolve the current phase's sealed orders, all together."""
    phase = current_phase(state)
    for order in orders:
        if type(order) not in PHASE_ORDERS[phase]:
            raise IllegalCommand(f"{type(order).__name__} is not an order of the {phase} phase")
    return RESOLVERS[phase](state, orders)
