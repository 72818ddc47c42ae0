"""Victory: what a scenario says ends the game, and who wins it.

Conditions are plain data kept in the game state (so a saved game knows how it is won),
checked by the engine after every phase, movement included; each decides for itself
whether it is met (:class:`~core.vector.state.Condition`). The first condition met, in
the scenario's order, ends the game. Here are the conditions every vector game may use;
a rule system adds its own (Interplanetary's graded ones:
:mod:`core.rules.interplanetary.scenario.victory_graded`). A race is followed through
``Ship.wells``, the bodies whose gravity each ship has entered in order (see
:mod:`core.vector.astrogation`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from core.engine.events import Event, event
from core.engine.serial import register
from core.vector.state import Condition, GameState, Ship, ShipStatus, Verdict

__all__ = ["Condition", "Destroy", "GameDrawn", "GameWon", "LastStanding", "Race", "TurnLimit"]


@register
@dataclass(frozen=True)
class Race:
    """Enter the gravity of each body of ``visit`` (in that order when ``in_order``),
    then be in orbit around ``orbit`` or docked at ``dock`` when either is given. The
    first ship to finish wins for its side; ``ship`` limits the race to one ship."""

    visit: tuple[str, ...] = ()
    in_order: bool = True
    orbit: str | None = None
    dock: str | None = None
    ship: str | None = None

    def met(self, state: GameState) -> Verdict | None:
        done = [s for s in state.ships if s.in_play and finished(s, self)]
        if not done:
            return None
        return Verdict(frozenset(s.side for s in done), _race_reason(done, self))

    def describe(self) -> str:
        order = ", then ".join(self.visit) if self.in_order else listed(self.visit)
        how = "in that order" if self.in_order and len(self.visit) > 1 else ""
        steps = [f"enter a gravity hex of {order}" + (f" {how}" if how else "")]
        if not self.visit:
            steps = []
        if self.orbit is not None:
            steps.append(f"get into orbit around {self.orbit}")
        elif self.dock is not None:
            steps.append(f"dock at {self.dock}")
        steps_text = "; then ".join(steps)
        if self.ship is None:
            return f"race: {steps_text}; the first ship to do it wins for its side"
        return f"race for ship {self.ship}: {steps_text}; when it does, its side wins"


@register
@dataclass(frozen=True)
class LastStanding:
    """The last side with ships in play (or coming back onto the map) wins."""

    def met(self, state: GameState) -> Verdict | None:
        if len({p.side for p in state.players}) < 2:
            return None  # nobody to outlast
        alive = {s.side for s in state.ships if s.in_play or s.returns_in is not None}
        if len(alive) > 1:
            return None
        why = "the last side with ships in play" if alive else "no ship is left"
        return Verdict(frozenset(alive), why)

    def describe(self) -> str:
        return "last standing: the last side with ships in play wins"


@register
@dataclass(frozen=True)
class Destroy:
    """When the ship ``ship`` is destroyed, ``side`` wins."""

    ship: str
    side: str

    def met(self, state: GameState) -> Verdict | None:
        target = next((s for s in state.ships if s.id == self.ship), None)
        if target is None or target.status is not ShipStatus.DESTROYED:
            return None
        return Verdict(frozenset({self.side}), f"{target.name} is destroyed")

    def describe(self) -> str:
        return f"destroy: if ship {self.ship} is destroyed, side {self.side} wins"


@register
@dataclass(frozen=True)
class TurnLimit:
    """When round ``rounds`` is over, ``side`` wins, or (None) the game is drawn."""

    rounds: int
    side: str | None = None

    def met(self, state: GameState) -> Verdict | None:
        if state.round <= self.rounds:
            return None
        sides = frozenset({self.side}) if self.side is not None else frozenset()
        return Verdict(sides, f"round {self.rounds}, the last, is over")

    def describe(self) -> str:
        who = f"side {self.side} wins" if self.side is not None else "the game is drawn"
        return f"turn limit: after round {self.rounds}, {who}"


@event
class GameWon(Event):
    """A condition is met: ``winners`` are the winning players' ids."""

    winners: tuple[str, ...]


@event
class GameDrawn(Event):
    """A condition ended the game without a winner."""


#: what a rule system notes in the state before its conditions are asked
Note = Callable[[GameState], GameState]


def check(state: GameState, noted: Note) -> tuple[GameState, list[Event]]:
    """End the game if one of its conditions is met, saying who won, how well and why
    (``GameState.outcome``: "clear victory", "weak victory"... for graded conditions).
    ``noted`` is what the rule system records first for its conditions to read
    (:attr:`core.vector.hooks.Hooks.noted`)."""
    if state.over:
        return state, []
    state = noted(state)
    for condition in state.victory:
        verdict = condition.met(state)
        if verdict is None:
            continue
        grade = verdict.grade
        winners = tuple(p.id for p in state.players if p.side in verdict.sides)
        state = replace(state, over=True, winners=winners, outcome=grade)
        if not winners:
            return state, [GameDrawn(f"The game is drawn: {verdict.why}")]
        names = listed([state.player(p).name for p in winners])
        verb = "wins" if len(winners) == 1 else "win"
        how = f" a {grade}" if grade else ""
        return state, [GameWon(f"{names} {verb}{how}: {verdict.why}", winners)]
    return state, []


def nobody_left(state: GameState) -> tuple[GameState, list[Event]]:
    """End the game drawn when no ship is left in play or coming back: nobody is left to
    meet any condition, so nobody can win (all drifted off the map, or died at once)."""
    if state.over or any(s.in_play or s.returns_in is not None for s in state.ships):
        return state, []
    gone = [s for s in state.ships if s.status is ShipStatus.DESTROYED]
    left = [s for s in state.ships if s.status is ShipStatus.OFF_MAP]
    why: list[str] = []
    if gone:
        why.append(
            f"{listed(s.name for s in gone)} {'was' if len(gone) == 1 else 'were'} destroyed"
        )
    if left:
        why.append(f"{listed(s.name for s in left)} left the map")
    text = "The game is drawn: no ship is left in play" + (f" ({'; '.join(why)})" if why else "")
    return replace(state, over=True, winners=(), outcome=""), [GameDrawn(text)]


def now(state: GameState) -> int:
    """Players' turns begun since the start: 1 in the first player's first turn."""
    return (state.round - 1) * len(state.players) + state.turn + 1


def visited(wells: Sequence[str], race: Race) -> int:
    """How many of the race's bodies the wells complete: in order, the length of the
    longest leading part of ``visit`` found in ``wells`` in that order; in any order, how
    many of them appear at all."""
    if not race.in_order:
        return sum(1 for body in race.visit if body in wells)
    done = 0
    for body in wells:
        if done < len(race.visit) and body == race.visit[done]:
            done += 1
    return done


def _at_goal(ship: Ship, race: Race) -> bool:
    if race.orbit is not None:
        return ship.orbit == race.orbit
    if race.dock is not None:
        return ship.docked_at == race.dock
    return True


def finished(ship: Ship, race: Race) -> bool:
    """Whether this ship has run the whole race (and may win it)."""
    if race.ship is not None and ship.id != race.ship:
        return False
    return visited(ship.wells, race) == len(race.visit) and _at_goal(ship, race)


def _goal(race: Race) -> str:
    if race.orbit is not None:
        return f"orbit {race.orbit}"
    if race.dock is not None:
        return f"dock at {race.dock}"
    return ""


def _race_reason(ships: list[Ship], race: Race) -> str:
    who = listed(s.name for s in ships)
    after = f" after {listed(race.visit)}" if race.visit else ""
    if race.orbit is not None:
        return f"{who} reached orbit around {race.orbit}{after}"
    if race.dock is not None:
        return f"{who} docked at {race.dock}{after}"
    return f"{who} {'has' if len(ships) == 1 else 'have'} visited {listed(race.visit)}"


def progress(state: GameState, ship_id: str) -> str:
    """A ship's race so far, for the ship list: "Venus ✓ · Mercury next · then Luna ·
    then orbit Earth"; "" when no race applies to it."""
    race = next((c for c in state.victory if isinstance(c, Race)), None)
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if race is None or ship is None or (race.ship is not None and race.ship != ship_id):
        return ""
    done = visited(ship.wells, race)
    parts: list[str]
    if race.in_order:
        parts = [
            f"{body} ✓" if i < done else f"{body} next" if i == done else f"then {body}"
            for i, body in enumerate(race.visit)
        ]
    else:
        parts = [f"{body} ✓" for body in race.visit if body in ship.wells]
        left = [body for body in race.visit if body not in ship.wells]
        if left:
            parts.append(f"to visit: {', '.join(left)}")
    goal = _goal(race)
    if goal and done < len(race.visit):
        parts.append(f"then {goal}")
    elif goal:
        parts.append(f"{goal} ✓" if _at_goal(ship, race) else f"{goal} next")
    return " · ".join(parts)


def describe(condition: Condition) -> str:
    """The condition in players' words, for briefings and ``python -m core info``."""
    return condition.describe()


def listed(names: Iterable[str]) -> str:
    """Names as people list them: "Ann, Bob and Cy"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
