"""The vector games as a rule system: what Interplanetary, NPlanetary and System III Void
share, given to the engine through the :class:`~core.engine.system.RuleSystem` protocol.

A :class:`VectorSystem` plays a ruleset's movement, turn order and victory conditions;
each rule system makes one with its own commands (handlers), the decisions those answer,
its hooks into movement (:class:`~core.vector.hooks.Hooks`) and what a player may see.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, WrongPhase
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.play import GameSetup
from core.engine.system import Handler
from core.engine.whitelist import EventRules, Whitelist, project
from core.files.ruleset import Ruleset
from core.files.ruleset_sections import RulesetSections
from core.vector import turns
from core.vector import view as vector_view
from core.vector.hooks import NO_HOOKS, Hooks
from core.vector.orders import Launch, Plot, Unplot
from core.vector.plotting import plan
from core.vector.state import GameState, Player

View = Callable[[GameState, str], GameState]
#: a system's own whitelist entries for one player's view (its secrets)
Shown = Callable[[GameState, str], Whitelist]


class VectorSystem:
    """A rule system of the vector family. ``handlers`` are the system's own commands
    (course orders are every vector game's); after each, unless a decision is pending,
    the victory conditions are checked."""

    def __init__(
        self,
        id: str,
        name: str,
        *,
        handlers: Mapping[type[Command], Handler] | None = None,
        answers: frozenset[type[Command]] = frozenset(),
        hooks: Hooks = NO_HOOKS,
        switches: Mapping[str, str] | None = None,
        view: View | None = None,
        shown: Shown | None = None,
        event_rules: EventRules | None = None,
        load_rules: Callable[[str], Ruleset] | None = None,
        ruleset_sections: RulesetSections | None = None,
        work: Callable[[GameState], tuple[str, str]] | None = None,
        phase_word: Callable[[str], str] | None = None,
    ) -> None:
        self.id = id
        self._work = work
        self._phase_word = phase_word
        #: reads a ruleset by name (the system's package passes the files layer's reader,
        #: which vector movement, below it, may not import)
        self._load_rules = load_rules
        #: the keys of a ruleset file the system reads itself (the play aid), if any
        self.ruleset_sections = ruleset_sections
        self.name = name
        self.hooks = hooks
        self.answers = answers
        self.switches: Mapping[str, str] = MappingProxyType(dict(switches or {}))
        own: dict[type[Command], Handler] = {
            Plot: self._plan,
            Launch: self._plan,
            Unplot: self._plan,
        }
        for command, handler in (handlers or {}).items():
            own[command] = self._settling(handler)
        self.handlers: Mapping[type[Command], Handler] = MappingProxyType(own)
        self._view = view
        self._shown = shown
        #: which events each player may read (:func:`core.engine.whitelist.redact`)
        self.event_rules: EventRules = event_rules or vector_view.event_rules()

    def __repr__(self) -> str:
        return f"VectorSystem({self.id!r})"

    def work(self, state: GameState) -> tuple[str, str]:
        """What the current phase offers the player the game waits for besides ending
        it (plotting aside): ``"nothing"``, ``"optional"`` or ``"action"``, and in the
        players' words what it is or why there is nothing (:mod:`core.vector.idle`).
        Without the system's own answer: a decision pending, else nothing."""
        if self._work is not None:
            return self._work(state)
        if state.pending:
            return "action", state.pending[0].prompt()
        return "nothing", "there is nothing to do in this phase"

    def phase_word(self, phase: str) -> str:
        """The players' word for ``phase``, lower case ("the gun phase")."""
        if self._phase_word is not None:
            return self._phase_word(phase)
        return phase.replace("_", " ").lower()

    def _plan(self, state: GameState, command: Command) -> tuple[GameState, list[Event]]:
        assert isinstance(command, Plot | Launch | Unplot)
        return plan(state, command, self.hooks)

    def _settling(self, handler: Handler) -> Handler:
        def settled(state: Any, command: Command) -> tuple[Any, list[Event]]:
            state, events = handler(state, command)
            state, more = self.verdict(state)
            return state, events + more

        return settled

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[GameState, list[Event]]:
        """A game on ``setup``'s map with its ships; ``setup.first`` is the seat of the
        first player, None to roll for it as the game begins (with the game's dice).
        ``seats`` are players, or the engine's :class:`~core.engine.system.Seat` values."""
        if not isinstance(setup, GameSetup):
            raise IllegalCommand(f"a game of {self.name} starts on a map with ships")
        if isinstance(ruleset, Ruleset):
            rules = ruleset
        elif self._load_rules is not None:
            rules = self._load_rules(ruleset)
        else:
            raise IllegalCommand(f"{self.name} is started with its ruleset, not a name")
        players = tuple(
            s if isinstance(s, Player) else Player(s.id, s.name, s.side, s.colour) for s in seats
        )
        if not players:
            raise IllegalCommand("a game needs at least one player")
        ids = [p.id for p in players]
        if len(set(ids)) != len(ids):
            raise IllegalCommand("two players have the same id")
        for ship in setup.ships:
            if ship.owner not in ids:
                raise IllegalCommand(f"{ship.name} belongs to {ship.owner!r}, who is not playing")
            rules.unit(ship.unit)  # raises for an unknown class
        dice, rolls = Dice(seed), list[Event]()
        first = setup.first
        if first is None:
            first, dice, rolls = turns.roll_for_first(players, dice, rules)
        state = GameState(
            rules=rules,
            starmap=setup.starmap,
            players=players,
            ships=tuple(self.hooks.starting(s) for s in setup.ships),
            dice=dice,
            switches=setup.switches,
            leaving=setup.leaving if setup.leaving is not None else setup.starmap.leaving,
            first=first % len(players),
            victory=setup.victory,
        )
        return state, rolls + turns.began(state, self.hooks, new_round=True)

    def phases(self, state: GameState) -> Sequence[Phase]:
        return turns.phases(state.rules)

    def phase(self, state: GameState) -> Phase:
        return turns.phases(state.rules)[state.phase]

    def turn_of(self, state: GameState) -> Player | None:
        return turns.active_player(state)

    def waiting_for(self, state: GameState) -> Sequence[Player]:
        return turns.waiting_for(state)

    def admit(self, state: GameState, command: Command) -> None:
        if state.over:
            raise GameOver("the game is over")
        try:
            state.player(command.player)
        except KeyError:
            raise IllegalCommand(f"{command.player!r} is not playing in this game") from None
        waiting = turns.waiting_for(state)
        if command.player not in {p.id for p in waiting}:
            who = ", ".join(p.name for p in waiting)
            if state.pending:
                raise NotYourTurn(f"waiting for {who}: {state.pending[0].prompt()}")
            raise NotYourTurn(f"it is not your turn: waiting for {who}")
        if state.pending and type(command) not in self.answers:
            raise WrongPhase(f"first, {state.pending[0].prompt()}")

    def end_phase(
        self, state: GameState, player: str | None, orders: Sequence[Command]
    ) -> tuple[GameState, list[Event]]:
        events: list[Event] = []
        for order in orders:
            state, more = self.handlers[type(order)](state, order)
            events.extend(more)
        state, more = turns.end_phase(state, player, self.hooks)
        return state, events + more

    def end_round(self, state: GameState) -> tuple[GameState, list[Event]]:
        return turns.end_round(state, self.hooks)

    def verdict(self, state: GameState) -> tuple[GameState, list[Event]]:
        if state.over or state.pending:
            return state, []
        return turns.verdict(state, self.hooks)

    def view(self, state: GameState, player: str) -> GameState:
        """What ``player`` may see, built from the whitelist (:mod:`core.vector.view`
        and the system's own ``shown`` entries): of the sealed orders only their own,
        shown as the plans they make (so the plotter draws them)."""
        seen = state
        for order in state.sealed:
            if order.player == player and isinstance(order, Plot | Launch | Unplot):
                seen, _ = plan(seen, order, self.hooks)
        own = self._shown(state, player) if self._shown is not None else None
        out = project(seen, vector_view.whitelist(seen, player, own))
        return self._view(out, player) if self._view is not None else out

    def turn_key(self, state: GameState) -> tuple[int, ...]:
        """Changes when a player's turn ends (with sealed orders: when a phase ends)."""
        if turns.sealed(state.rules):
            return (state.round, state.phase)
        return (state.round, state.turn)

    def encounter(self, state: GameState) -> Encounter | None:
        return None

    def resume(self, state: GameState, outcome: Outcome) -> tuple[GameState, list[Event]]:
        raise IllegalCommand(f"a game of {self.name} opens no games of another scale")
