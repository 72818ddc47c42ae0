"""The turn of the vector games: who acts, and how phases and rounds follow each other.

Turn order comes from the ruleset: *rotating* (Interplanetary, System III Void: players
take turns, and the first player moves on one seat every round) or *simultaneous*
(NPlanetary: every player gives sealed orders, resolved together when all are in, see
:mod:`core.engine.play`). The movement phase moves the ships; at the moments of the turn
the game's rule system acts through its hooks (:class:`core.vector.hooks.Hooks`). After
every phase the scenario's victory conditions (:mod:`core.vector.victory`) are checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.engine.dice import Dice
from core.engine.events import Event, event
from core.engine.phases import Phase
from core.files.ruleset import Ruleset
from core.vector import astrogation, victory
from core.vector.hooks import Hooks, Moment
from core.vector.map_edge import returns
from core.vector.state import GameState, Player


@event
class RoundBegan(Event):
    round: int
    first: str


@event
class PhaseBegan(Event):
    round: int
    phase: str
    player: str | None


@event
class FirstPlayer(Event):
    """The roll for first player: who won it, or (None) who tied and roll again."""

    player: str | None


def sealed(rules: Ruleset) -> bool:
    """Whether every phase of this ruleset's turn is given in sealed orders."""
    return rules.sequence.order == "simultaneous"


def phases(rules: Ruleset) -> tuple[Phase, ...]:
    """The phases of a turn: everyone's and sealed in simultaneous order, else the
    active player's."""
    if sealed(rules):
        return tuple(Phase(name, "everyone", sealed=True) for name in rules.sequence.phases)
    return tuple(Phase(name, "active") for name in rules.sequence.phases)


def active_player(state: GameState) -> Player | None:
    """Whose turn it is (rotating order), or None when everyone orders at once."""
    if sealed(state.rules):
        return None
    return state.players[(state.first + state.turn) % len(state.players)]


def current_phase(state: GameState) -> str:
    return state.rules.sequence.phases[state.phase]


def waiting_for(state: GameState) -> list[Player]:
    """The players who must act now: whoever a pending decision waits for, else the
    player whose turn it is, else (sealed orders) everyone who has not ended the phase."""
    if state.pending:
        return [state.player(state.pending[0].player)]
    player = active_player(state)
    if player is not None:
        return [player]
    return [p for p in state.players if p.id not in state.done]


def plotting_phases(rules: Ruleset) -> tuple[str, ...]:
    """The phases in which ships may be plotted: the movement phase, and from the
    astrogation phase on when a ruleset plots before it moves (System III Void)."""
    names = rules.sequence.phases
    end = names.index(rules.sequence.movement_phase)
    begin = names.index("astrogation") if "astrogation" in names[:end] else end
    return names[begin : end + 1]


def roll_for_first(
    players: Sequence[Player], dice: Dice, rules: Ruleset
) -> tuple[int, Dice, list[Event]]:
    """Every player rolls a die; the highest is first player, and those tied for highest
    roll again. No roll when there is one player or everyone orders at once."""
    if len(players) < 2 or sealed(rules):
        return 0, dice, []
    events: list[Event] = []
    rolling = list(range(len(players)))
    while True:
        results = []
        for seat in rolling:
            dice, rolled = dice.roll(f"{players[seat].name} rolls for first player")
            events.append(rolled)
            results.append((rolled.total, seat))
        best = max(total for total, _ in results)
        rolling = [seat for total, seat in results if total == best]
        if len(rolling) == 1:
            winner = players[rolling[0]]
            text = f"{winner.name} rolled highest ({best}) and is first player"
            events.append(FirstPlayer(text, winner.id))
            return rolling[0], dice, events
        tied = " and ".join(players[seat].name for seat in rolling)
        events.append(FirstPlayer(f"{tied} tie on {best} and roll again", None))


def run(
    moments: tuple[Moment, ...], state: GameState, player: str | None
) -> tuple[GameState, list[Event]]:
    """Run a rule system's work for one moment of the turn, in its order."""
    events: list[Event] = []
    for fn in moments:
        state, more = fn(state, player)
        events.extend(more)
    return state, events


def end_phase(state: GameState, player: str | None, hooks: Hooks) -> tuple[GameState, list[Event]]:
    """``player`` ends the phase (None: everyone at once, sealed orders): the movement
    phase moves their ships, the last phase ends their turn, then the next phase begins."""
    events: list[Event] = []
    seq = state.rules.sequence
    phase = seq.phases[state.phase]
    if phase == seq.movement_phase:
        state, moved = astrogation.resolve(state, astrogation.movers(state, player))
        events.extend(moved)
        state, more = run(hooks.moved, state, player)
        events.extend(more)
    if state.phase + 1 == len(seq.phases):
        state, more = run(hooks.turn_end, state, player)
        events.extend(more)
    return next_phase(state, hooks, events)


def next_phase(
    state: GameState, hooks: Hooks, events: list[Event]
) -> tuple[GameState, list[Event]]:
    """Move on to the next phase, turn or round; check the victory conditions; say what
    begins."""
    seq = state.rules.sequence
    new_round = False
    if state.phase + 1 < len(seq.phases):
        state = replace(state, phase=state.phase + 1)
    elif sealed(state.rules):
        state = replace(state, phase=0, round=state.round + 1)
        new_round = True
    elif state.turn + 1 < len(state.players):
        state = replace(state, phase=0, turn=state.turn + 1)
    else:
        # The round is over: the seat of the first player moves on by one (unless the
        # players keep their order round after round)
        n = len(state.players)
        moves_on = seq.order == "rotating"
        first = (state.first + 1) % n if moves_on else state.first
        state = replace(state, phase=0, turn=0, round=state.round + 1, first=first)
        new_round = True
    if new_round:
        state, more = end_round(state, hooks)
        events.extend(more)
    state, more = verdict(state, hooks)
    events.extend(more)
    if state.over:
        return state, events
    events.extend(began(state, hooks, new_round=new_round))
    return state, events


def end_round(state: GameState, hooks: Hooks) -> tuple[GameState, list[Event]]:
    """A round is over: ships off the map count down, then the rule system's work."""
    state, events = returns(state)
    state, more = run(hooks.round_end, state, None)
    return state, events + more


def verdict(state: GameState, hooks: Hooks) -> tuple[GameState, list[Event]]:
    """Has a victory condition been met, or is nobody left to win?"""
    state, events = victory.check(state, hooks.noted)
    state, drawn = victory.nobody_left(state)
    return state, events + drawn


def began(state: GameState, hooks: Hooks, *, new_round: bool) -> list[Event]:
    """What begins now: a round (who is first player) and a phase (whose, in the
    players' word for it)."""
    events: list[Event] = []
    player = active_player(state)
    if new_round:
        first = state.players[state.first].name if player is not None else "everyone"
        text = f"Round {state.round} begins" + (
            f": {first} is first player" if player is not None else ": orders are sealed"
        )
        events.append(RoundBegan(text, state.round, first))
    phase = state.rules.sequence.phases[state.phase]
    who = f"{player.name}'s " if player is not None else ""
    events.append(
        PhaseBegan(
            f"{who}{hooks.phase_word(phase)} phase",
            state.round,
            phase,
            player.id if player is not None else None,
        )
    )
    return events
