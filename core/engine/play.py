"""The engine: ``apply(state, command) -> (state, events)``.

A pure function: the state holds everything (the dice and the ruleset included), and
nothing here reads the clock, the disk or a global random source. Only ``new_game``
loads a built-in ruleset by name. After every phase, movement included, the scenario's
victory conditions (:mod:`core.vector.victory`) are checked.

Turn order comes from the ruleset: *rotating* (Interplanetary, System III Void: players
take turns, and the first player moves on one seat every round) or *simultaneous*
(NPlanetary: every player gives sealed orders, resolved together when all are in).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import replace

from core.board.starmap import Leaving, StarMap
from core.engine import serial
from core.engine.commands import Command, EndPhase
from core.engine.dice import Dice
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, WrongPhase
from core.engine.events import Event, event
from core.engine.pending import active_player as active_player
from core.engine.pending import current_phase as current_phase
from core.engine.pending import handler_for, run_hooks
from core.engine.pending import waiting_for as waiting_for
from core.files.ruleset import Ruleset
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.optional.restraints import sits_out
from core.vector import astrogation, victory
from core.vector.orders import Launch, Plot, Unplot
from core.vector.state import GameState, Plan, Player, Ship
from core.vector.victory import Condition

#: the rules modules that register their commands and turn hooks with the engine; they
#: are imported when the first game starts or is read (``load_rules``), not at start-up
RULES_MODULES = (
    "core.rules.interplanetary.combat.attack",
    "core.rules.interplanetary.combat.guns",
    "core.rules.interplanetary.bases",
    "core.rules.interplanetary.combat.ordnance",
    "core.rules.interplanetary.combat.ordnance_attacks",
    "core.rules.interplanetary.scenario.special_rules",
    "core.rules.interplanetary.combat.systems",
    "core.rules.interplanetary.combat.single_use",
    "core.rules.interplanetary.optional.rendezvous",
    "core.rules.interplanetary.optional.surrender",
    "core.rules.interplanetary.optional.boarding",
    "core.rules.interplanetary.combat.base_defence",
    "core.rules.interplanetary.scenario.victory_graded",
)
serial.provide(*RULES_MODULES)


_rules_loaded = False


def load_rules() -> None:
    """Import the rules modules (once): their commands, decisions and hooks register."""
    global _rules_loaded
    if not _rules_loaded:
        for module in RULES_MODULES:
            importlib.import_module(module)
        _rules_loaded = True


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
class PlanMade(Event):
    ship: str


@event
class FirstPlayer(Event):
    """The roll for first player: who won it, or (None) who tied and roll again."""

    player: str | None


def new_game(
    ruleset: str | Ruleset,
    starmap: StarMap,
    players: Sequence[Player],
    ships: Sequence[Ship],
    *,
    seed: int,
    switches: tuple[tuple[str, bool], ...] = (),
    leaving: Leaving | None = None,
    first: int | None = 0,
    victory: tuple[Condition, ...] = (),
) -> tuple[GameState, list[Event]]:
    """Start a game. ``first`` is the seat of the first player; None rolls for it as the
    game begins (Interplanetary's start of play), with the game's own dice."""
    load_rules()
    rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    if not players:
        raise IllegalCommand("a game needs at least one player")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise IllegalCommand("two players have the same id")
    for ship in ships:
        if ship.owner not in ids:
            raise IllegalCommand(f"{ship.name} belongs to {ship.owner!r}, who is not playing")
        rules.unit(ship.unit)  # raises for an unknown class
    ships = [_fitted(s) for s in ships]
    dice, rolls = Dice(seed), list[Event]()
    if first is None:
        first, dice, rolls = roll_for_first(players, dice, rules)
    state = GameState(
        rules=rules,
        starmap=starmap,
        players=tuple(players),
        ships=tuple(ships),
        dice=dice,
        switches=switches,
        leaving=leaving if leaving is not None else starmap.leaving,
        first=first % len(players),
        victory=victory,
    )
    return state, rolls + _began(state, rules, new_round=True)


def _fitted(ship: Ship) -> Ship:
    """A ship starts with its outfit as fitted, so launches later show as spent."""
    if ship.manifest is None or ship.fitted is not None:
        return ship
    return replace(ship, fitted=replace(ship.manifest, damage=()))


def roll_for_first(
    players: Sequence[Player], dice: Dice, rules: Ruleset
) -> tuple[int, Dice, list[Event]]:
    """Every player rolls a die; the highest is first player, and those tied for highest
    roll again. No roll when there is one player or everyone orders at once."""
    if len(players) < 2 or rules.sequence.order == "simultaneous":
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


def plotting_phases(rules: Ruleset) -> tuple[str, ...]:
    """The phases in which ships may be plotted: the movement phase, and from the
    astrogation phase on when a ruleset plots before it moves (System III Void)."""
    phases = rules.sequence.phases
    end = phases.index(rules.sequence.movement_phase)
    begin = phases.index("astrogation") if "astrogation" in phases[:end] else end
    return phases[begin : end + 1]


def apply(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """Carry out one command, or raise IllegalCommand saying why it cannot be done."""
    load_rules()
    if state.over:
        raise GameOver("the game is over")
    rules = state.rules
    try:
        state.player(command.player)
    except KeyError:
        raise IllegalCommand(f"{command.player!r} is not playing in this game") from None
    if command.player not in {p.id for p in waiting_for(state)}:
        who = ", ".join(p.name for p in waiting_for(state))
        if state.pending:
            raise NotYourTurn(f"waiting for {who}: {state.pending[0].prompt()}")
        raise NotYourTurn(f"it is not your turn: waiting for {who}")
    found = handler_for(command)
    if state.pending and (found is None or not found[1]):
        raise WrongPhase(f"first, {state.pending[0].prompt()}")
    if found is not None:
        state, events = found[0](state, command)
        return _settled(state, events)
    if isinstance(command, EndPhase):
        return _end_phase(state, command.player, rules)
    if isinstance(command, Plot | Launch | Unplot):
        return _plan(state, command, rules)
    raise IllegalCommand(f"{type(command).__name__} is not a command this game knows")


def _settled(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """After a combat command: has the game been won, or has everyone gone?"""
    if state.over or state.pending:
        return state, events
    state, won = victory.check(state)
    events.extend(won)
    state, drawn = victory.nobody_left(state)
    events.extend(drawn)
    return state, events


def _plan(
    state: GameState, command: Plot | Launch | Unplot, rules: Ruleset
) -> tuple[GameState, list[Event]]:
    allowed = plotting_phases(rules)
    if current_phase(state) not in allowed:
        raise WrongPhase(
            f"ships are plotted in the {' or '.join(allowed)} phase, "
            f"not the {current_phase(state)} phase"
        )
    ship = state.own_ship(command.player, command.ship)
    why = sits_out(ship)
    if why is not None and not isinstance(command, Unplot):
        raise IllegalCommand(why)
    if isinstance(command, Unplot):
        text = f"{ship.name}'s plan is taken back"
        return state.with_plan(ship.id, None), [PlanMade(text, ship.id)]
    if isinstance(command, Launch):
        plan = Plan(launch=True, to=command.to)
    else:
        previous = state.plan(ship.id)
        launch, to = (previous.launch, previous.to) if previous is not None else (False, None)
        plan = Plan(command.order, launch, command.land, command.dock, to)
    result = astrogation.check_plan(state, ship, plan)
    labels = state.starmap.bounds.labels
    text = f"{ship.name} plots a course to {labels.format(result.end)}"
    if plan.launch:
        text = f"{ship.name} will launch to {labels.format(result.start)}"
    return state.with_plan(ship.id, plan), [PlanMade(text, ship.id)]


def _end_phase(state: GameState, player: str, rules: Ruleset) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    seq = rules.sequence
    phase = seq.phases[state.phase]
    together = seq.order == "simultaneous"
    if together:
        state = replace(state, done=state.done | {player})
        if len(state.done) < len(state.players):
            return state, events
    whose = None if together else player  # sealed orders: everyone's phase ends at once
    if phase == seq.movement_phase:
        state, moved = astrogation.resolve(state, astrogation.movers(state, whose))
        events.extend(moved)
        state, more = run_hooks("moved", state, whose)
        events.extend(more)
    if state.phase + 1 == len(seq.phases):
        state, more = run_hooks("turn_end", state, whose)
        events.extend(more)
    if together:
        state = replace(state, done=frozenset())
    return _next_phase(state, rules, events, last_in_round=together)


def _next_phase(
    state: GameState, rules: Ruleset, events: list[Event], *, last_in_round: bool
) -> tuple[GameState, list[Event]]:
    seq = rules.sequence
    new_round = False
    if state.phase + 1 < len(seq.phases):
        state = replace(state, phase=state.phase + 1)
    elif seq.order == "simultaneous":
        state = replace(state, phase=0, round=state.round + 1)
        new_round = True
    elif state.turn + 1 < len(state.players):
        state = replace(state, phase=0, turn=state.turn + 1)
    else:
        # The round is over: the seat of the first player moves on by one.
        n = len(state.players)
        state = replace(state, phase=0, turn=0, round=state.round + 1, first=(state.first + 1) % n)
        new_round = True
    if new_round:
        state, back = astrogation.returns(state)
        events.extend(back)
        state, more = run_hooks("round_end", state, None)
        events.extend(more)
    state, won = victory.check(state)
    events.extend(won)
    state, drawn = victory.nobody_left(state)
    events.extend(drawn)
    if state.over:
        return state, events
    events.extend(_began(state, rules, new_round=new_round))
    return state, events


def _began(state: GameState, rules: Ruleset, *, new_round: bool) -> list[Event]:
    events: list[Event] = []
    player = active_player(state)
    if new_round:
        first = state.players[state.first].name if player is not None else "everyone"
        text = f"Round {state.round} begins" + (
            f": {first} is first player" if player is not None else ": orders are sealed"
        )
        events.append(RoundBegan(text, state.round, first))
    phase = rules.sequence.phases[state.phase]
    who = f"{player.name}'s " if player is not None else ""
    events.append(
        PhaseBegan(
            f"{who}{phase} phase", state.round, phase, player.id if player is not None else None
        )
    )
    return events
