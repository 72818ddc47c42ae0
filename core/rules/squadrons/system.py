"""The Traveller squadron game as a rule system: what the engine
(:mod:`core.engine.play`) and the campaign see of it.

No vectors and no dice: each day is a fixed run of steps (:mod:`core.rules.squadrons.turn`)
in which one side moves, or everyone fires under sealed orders, or everyone repairs and
places "?" counters. The handlers are the orders of :mod:`core.rules.squadrons.commands`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.engine.commands import Command, EndPhase
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, WrongPhase
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.system import Handler, Seat
from core.rules.squadrons import fire, fog, logistics, movement, secrets, turn
from core.rules.squadrons.commands import (
    BeginJump,
    CancelJump,
    DisbandFleet,
    Fire,
    FormFleet,
    Move,
    PlaceVeil,
    Repair,
)
from core.rules.squadrons.setup import Setup, start_state
from core.rules.squadrons.state import STEPS, SWITCHES, SquadronGame

#: which orders each step takes (EndPhase is taken in every one)
STEP_ORDERS: dict[str, tuple[type[Command], ...]] = {
    **{name: (Move, BeginJump, CancelJump, FormFleet, DisbandFleet) for name in turn.MOVE_STEPS},
    "fire-1": (Fire,),
    "fire-2": (Fire,),
    "repair": (Repair, FormFleet, DisbandFleet),
    "place": (PlaceVeil,),
}

_WORDS = {
    Move: "moving",
    BeginJump: "ordering a jump",
    CancelJump: "taking back a jump",
    Fire: "firing",
    Repair: "repairing",
    PlaceVeil: 'placing a "?"',
    FormFleet: "forming a fleet",
    DisbandFleet: "disbanding a fleet",
}


def _fire_order(state: Any, command: Any) -> tuple[Any, list[Event]]:
    """A fire order checked as it is given (the engine then seals it)."""
    fire.check_fire(state, command)
    return state, []


class SquadronSystem:
    """The squadron game's rule system object (``SYSTEM``)."""

    id = "squadrons"
    name = "Traveller Squadrons"
    handlers: Mapping[type[Command], Handler] = {
        Move: movement.move,
        BeginJump: movement.begin_jump,
        CancelJump: movement.cancel_jump,
        FormFleet: movement.form_fleet,
        DisbandFleet: movement.disband_fleet,
        Fire: _fire_order,
        Repair: logistics.repair,
        PlaceVeil: logistics.place_veil,
    }
    answers: frozenset[type[Command]] = frozenset()
    switches: Mapping[str, str] = SWITCHES
    #: which events each player reads in their log (play by mail: a player file's log)
    event_rules = secrets.EVENT_RULES

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[Any, list[Event]]:
        if not isinstance(setup, Setup):
            raise IllegalCommand("a squadron game starts from a squadron scenario")
        return start_state(setup, tuple(seats))

    def phases(self, state: Any) -> Sequence[Phase]:
        return turn.phases(state)

    def phase(self, state: Any) -> Phase:
        return turn.phase(state)

    def turn_of(self, state: Any) -> Seat | None:
        side = turn.moving_side(state)
        if side is None or state.over:
            return None
        seats = [s for s in state.seats_of(side) if s.id not in state.done]
        return seats[0] if seats else None

    def waiting_for(self, state: Any) -> Sequence[Seat]:
        if state.over:
            return ()
        side = turn.moving_side(state)
        return tuple(
            s for s in state.players if (side is None or s.side == side) and s.id not in state.done
        )

    def admit(self, state: Any, command: Command) -> None:
        if state.over:
            raise GameOver("the game is over")
        if state.side_of(command.player) is None:
            raise NotYourTurn(f"{command.player!r} does not play in this game")
        if command.player not in {s.id for s in self.waiting_for(state)}:
            side = turn.moving_side(state)
            if side is not None and state.side_of(command.player) != side:
                raise NotYourTurn(f"it is {side}'s movement step")
            raise NotYourTurn("you have ended this step; the others are still at it")
        if isinstance(command, EndPhase):
            return
        allowed = STEP_ORDERS[STEPS[state.step]]
        if not isinstance(command, allowed):
            doing = _WORDS.get(type(command), type(command).__name__)
            raise WrongPhase(f"{doing} is not done in the {turn.phase(state).name} step")

    def end_phase(
        self, state: Any, player: str | None, orders: Sequence[Command]
    ) -> tuple[Any, list[Event]]:
        events: list[Event] = []
        if player is None:  # a sealed fire step, everyone's orders in
            state, events = fire.resolve(state, orders)
            state, won = turn.verdict(state, day_over=False)
            events += won
            if state.over:
                return replace(state, done=frozenset()), events
        else:
            state = replace(state, done=state.done | {player})
            if self.waiting_for(state):
                return state, []
        state, more = turn.advance(state)
        return state, events + more

    def end_round(self, state: Any) -> tuple[Any, list[Event]]:
        return state, []

    def verdict(self, state: Any) -> tuple[Any, list[Event]]:
        return turn.verdict(state, day_over=False)

    def view(self, state: Any, player: str) -> Any:
        return fog.view(state, player)

    def turn_key(self, state: Any) -> tuple[int, ...]:
        return (state.day, state.step)

    def work(self, state: Any) -> tuple[str, str]:
        """What the step offers the player it waits for, asked (on their view) where a
        referee's master passes steps by itself (:mod:`core.vector.idle`): only placing
        "?" counters with none in hand offers nothing; every other step waits for the
        player's orders, as at the table, where they press the step's button even with
        nothing to order (a ruling: a side's chances in a step are not judged for it)."""
        waiting = self.waiting_for(state)
        if state.over or not waiting:
            return ("nothing", "")
        side = state.side_of(waiting[0].id) or ""
        if STEPS[state.step] == "place" and state.hand(side) == 0:
            return ("nothing", f'{side} has no "?" counters in hand')
        return ("action", turn.phase(state).name)

    def encounter(self, state: Any) -> Encounter | None:
        return None

    def resume(self, state: Any, outcome: Outcome) -> tuple[Any, list[Event]]:
        raise IllegalCommand("a squadron game opens no games of another scale")


SYSTEM = SquadronSystem()

__all__ = ["SYSTEM", "SquadronGame", "SquadronSystem"]
