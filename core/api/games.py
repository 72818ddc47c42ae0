"""Games: start one, set a position mid-game, play commands, load the dice.

Every function that moves a game on returns the new state and the events that say what
happened, as the engine (:func:`core.engine.play.apply`) does; states are values, so a
script may keep any of them and play on from it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from core.api.pieces import OrdnanceSpec, SetupError, ShipSpec, make_piece, make_ship
from core.board.starmap import Leaving, StarMap
from core.engine import play as engine
from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.events import Event
from core.files.ruleset import Ruleset
from core.files.rulesets import load_ruleset
from core.vector.state import Condition, GameState, Player, Ship

#: a player, or a name that is their id, name and side at once
PlayerLike = str | Player


def new_game(
    ruleset: str | Ruleset = "interplanetary",
    *,
    map: StarMap,
    players: Sequence[PlayerLike] | None = None,
    ships: Sequence[ShipSpec | Ship] = (),
    ordnance: Sequence[OrdnanceSpec] = (),
    seed: int = 1,
    switches: Mapping[str, bool] | None = None,
    first: int | str | None = 0,
    victory: Sequence[Condition] = (),
    leaving: Leaving | None = None,
) -> tuple[GameState, list[Event]]:
    """Start a game of ``ruleset`` on ``map``. ``players`` default: the ships' owners in
    order; ``first``: the first player (seat, id or name; None rolls for it);
    ``switches``: optional rules on or off by name."""
    rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
    seats = _seats(players, ships)
    flags = tuple((switches or {}).items())
    table = GameState(rules=rules, starmap=map, players=seats, ships=(), dice=Dice(seed))
    table = replace(table, switches=flags)
    placed: list[Ship] = []
    for s in ships:
        made = s if isinstance(s, Ship) else make_ship(table, s)
        placed.append(made)
        table = replace(table, ships=tuple(placed))
    seat = first if first is None or isinstance(first, int) else _seat(table, first)
    state, events = engine.new_game(
        rules,
        map,
        seats,
        placed,
        seed=seed,
        switches=flags,
        leaving=leaving,
        first=seat,
        victory=tuple(victory),
    )
    return position(state, ordnance=ordnance), events


def position(
    state: GameState,
    *,
    ships: Sequence[ShipSpec] = (),
    ordnance: Sequence[OrdnanceSpec] = (),
    remove: Iterable[str] = (),
    round: int | None = None,
    phase: str | None = None,
    player: str | None = None,
) -> GameState:
    """``state`` with pieces placed, changed or removed, and the clock set: ``round``,
    ``phase`` (by name) and ``player`` (whose turn, by id or name). A ship spec with the
    id of a ship in the game changes only what it names; anything else stays."""
    gone = set(remove)
    state = replace(
        state,
        ships=tuple(s for s in state.ships if s.id not in gone),
        ordnance=tuple(o for o in state.ordnance if o.id not in gone),
    )
    for spec in ships:
        old = next((s for s in state.ships if s.id == spec.id), None)
        new = make_ship(state, spec, old)
        state = state.with_ship(new) if old else replace(state, ships=(*state.ships, new))
    for piece_spec in ordnance:
        state, piece = make_piece(state, piece_spec)
        rest = tuple(o for o in state.ordnance if o.id != piece.id)
        state = replace(state, ordnance=(*rest, piece))
    if round is not None:
        state = replace(state, round=round)
    if player is not None:
        if state.rules.sequence.order == "simultaneous":
            raise SetupError("everyone orders at once in this game: there is no one's turn")
        seat = _seat(state, player)
        state = replace(state, turn=(seat - state.first) % len(state.players))
    if phase is not None:
        phases = state.rules.sequence.phases
        if phase not in phases:
            raise SetupError(f"{state.rules.name} has no {phase} phase: {', '.join(phases)}")
        state = replace(state, phase=phases.index(phase))
    return state


def play(state: GameState, *commands: Command) -> tuple[GameState, list[Event]]:
    """Carry out ``commands`` in order: the state after the last and every event. An
    illegal command raises :class:`~core.engine.errors.IllegalCommand` saying why."""
    events: list[Event] = []
    for command in commands:
        state, more = engine.apply(state, command)
        events.extend(more)
    return state, events


def loaded(state: GameState, *faces: int) -> GameState:
    """``state`` whose next dice come up ``faces``, in order; then the seeded dice go
    on. For a test of one result: an asteroid hex passed on a 6, a gun hit on a 1."""
    dice = state.dice
    return replace(state, dice=replace(dice, loaded=dice.loaded + tuple(faces)))


def _seats(
    players: Sequence[PlayerLike] | None, ships: Sequence[ShipSpec | Ship]
) -> tuple[Player, ...]:
    if players is None:
        owners = dict.fromkeys(s.owner for s in ships if s.owner is not None)
        players = list(owners) or ["A"]
    return tuple(p if isinstance(p, Player) else Player(p, p, p) for p in players)


def _seat(state: GameState, player: str) -> int:
    for i, p in enumerate(state.players):
        if player in (p.id, p.name):
            return i
    raise SetupError(f"{player!r} is not playing in this game")
