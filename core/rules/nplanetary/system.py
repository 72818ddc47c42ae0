"""NPlanetary as a rule system: the vector games' movement and a turn of five sealed
phases (ordnance, combat, movement, development, logistics) in which every player orders
at once and nothing is seen or applied until all are in (:mod:`core.engine.play`).

A player with nothing they could order in a phase is not asked (:mod:`.asked`), and a
phase nobody can act in passes by itself: after each phase, and at the start, the game
moves on through such phases (at most one whole turn of them in a row, so a game where
nobody can ever act asks everyone rather than turning for ever).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.commands import Command
from core.engine.errors import IllegalCommand, NotYourTurn
from core.engine.events import Event
from core.engine.system import Handler
from core.files.ruleset import KNOWN_SWITCHES
from core.files.rulesets import load_ruleset
from core.rules.nplanetary import (
    combat,
    development,
    income,
    logistics,
    movement,
    ordnance,
    ordnance_flight,
)
from core.rules.nplanetary.asked import IDLE, able
from core.rules.nplanetary.model import holdings_of, with_holdings
from core.rules.nplanetary.opening import Opening, lay_opening
from core.rules.nplanetary.orders import (
    PHASE_ORDERS,
    Attack,
    Deploy,
    Dock,
    Land,
    LayOrdnance,
    Purchase,
    Transfer,
)
from core.rules.nplanetary.ordnance_threats import watch
from core.rules.nplanetary.phases import CHECKS, RESOLVERS, ROUND_END, check, resolve
from core.rules.nplanetary.sections import SECTIONS
from core.rules.nplanetary.view import EVENT_RULES, entries
from core.vector import turns
from core.vector.game import VectorSystem
from core.vector.hooks import Hooks
from core.vector.orders import Launch, Plot
from core.vector.state import GameState, Player

#: every NPlanetary order is checked when given and resolved with its phase
HANDLERS: dict[type[Command], Handler] = {
    kind: check for kinds in PHASE_ORDERS.values() for kind in kinds
}
HANDLERS[Plot] = movement.check_plot
HANDLERS[Launch] = movement.check_plot

CHECKS[Land] = movement.check_land
CHECKS[Dock] = movement.check_dock
# np-fire: ordnance and combat
CHECKS[LayOrdnance] = ordnance.check_lay
CHECKS[Attack] = combat.check_attack
RESOLVERS["ordnance"] = ordnance.resolve_launches
RESOLVERS["combat"] = combat.resolve_combat
movement.AFTER_MOVE.append(ordnance_flight.after_move)
# np-economy: development, logistics and the end of round
CHECKS[Purchase] = development.check_purchase
CHECKS[Deploy] = development.check_deploy
CHECKS[Transfer] = logistics.check_transfer
RESOLVERS["development"] = development.resolve_development
RESOLVERS["logistics"] = logistics.resolve_logistics
ROUND_END.append(income.end_of_round)


def _round_ended(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    """End of round (seed "End of Round"): np-economy's income, when wired in."""
    events: list[Event] = []
    for fn in ROUND_END:
        state, more = fn(state)
        events.extend(more)
    return state, events


#: seed "Phases": up to six players
MOST_PLAYERS = 6

HOOKS = Hooks(round_end=(_round_ended,), plotted_as=movement.lifted, threats=watch)


class NPlanetarySystem(VectorSystem):
    """The vector system with NPlanetary's phases, asking only who can act."""

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[GameState, list[Event]]:
        if len(seats) > MOST_PLAYERS:
            raise IllegalCommand(
                f"NPlanetary is for up to {MOST_PLAYERS} players, not {len(seats)}"
            )
        state, events = super().start(ruleset, seats, seed, setup)
        state = with_holdings(state, holdings_of(state))
        if isinstance(getattr(setup, "opening", None), Opening):
            state = lay_opening(state, setup.opening)
        state, more = self._pass_idle(state)
        return state, events + more

    @staticmethod
    def read_opening(
        data: Any, starmap: Any, rules: Any, sides: Any, ships: Any
    ) -> tuple[Opening | None, list[tuple[str, str]]]:
        """A scenario's ``[opening]`` table, checked as the scenario is read."""
        from core.rules.nplanetary.opening_file import read_opening

        return read_opening(data, starmap, rules, sides, ships)

    def work(self, state: GameState) -> tuple[str, str]:
        """An action for a player who can act (:mod:`core.rules.nplanetary.asked`);
        else nothing, and the phase passes by for them."""
        waiting = self.waiting_for(state)
        if not waiting:
            return "nothing", ""
        if able(state, waiting[0].id):
            return "action", "give your orders, then end the phase"
        return "nothing", IDLE

    def waiting_for(self, state: GameState) -> Sequence[Player]:
        everyone = turns.waiting_for(state)
        if state.pending or state.over:
            return everyone
        asked = [p for p in everyone if able(state, p.id)]
        if asked or any(able(state, p.id) for p in state.players):
            return asked
        return everyone  # nobody can act, even after a whole turn passed: ask everyone

    def admit(self, state: GameState, command: Command) -> None:
        super().admit(state, command)
        if command.player not in {p.id for p in self.waiting_for(state)}:
            handler = self.handlers.get(type(command))
            if handler is not None:
                handler(state, command)  # its own reason first (a civilian ship...)
            phase = turns.current_phase(state)
            raise NotYourTurn(f"you have nothing to order in the {phase} phase")

    def end_phase(
        self, state: GameState, player: str | None, orders: Sequence[Command]
    ) -> tuple[GameState, list[Event]]:
        state, events = self.resolve_phase(state, orders)
        state, more = self._pass_idle(state)
        return state, events + more

    def resolve_phase(
        self, state: GameState, orders: Sequence[Command]
    ) -> tuple[GameState, list[Event]]:
        """Resolve the current phase's orders, then move on (the vector turn moves the
        ships after the movement phase and ends the round after the last phase)."""
        if turns.current_phase(state) == state.rules.sequence.movement_phase:
            state, events = movement.resolve(state, orders, self._plan)
        else:
            state, events = resolve(state, orders)
        if state.phase + 1 == len(state.rules.sequence.phases):
            state, more = turns.run(self.hooks.turn_end, state, None)
            events.extend(more)
        return turns.next_phase(state, self.hooks, events)

    def _pass_idle(self, state: GameState) -> tuple[GameState, list[Event]]:
        """Resolve, with no orders, each phase in a row that nobody can act in."""
        events: list[Event] = []
        for _ in range(len(state.rules.sequence.phases)):
            if state.over or state.pending or any(able(state, p.id) for p in state.players):
                break
            state, more = self.resolve_phase(state, ())
            events.extend(more)
        return state, events


SYSTEM = NPlanetarySystem(
    "nplanetary",
    "NPlanetary",
    handlers=HANDLERS,
    hooks=HOOKS,
    # the map's weak gravity hexes (Luna's, the moons') work as in Interplanetary, and so
    # does the choice of how a run of them carries over the turn
    switches={
        name: KNOWN_SWITCHES[name] for name in ("hexside_entered", "weak_gravity_carries_over")
    },
    load_rules=load_ruleset,
    ruleset_sections=SECTIONS,
    shown=entries,
    event_rules=EVENT_RULES,
)
