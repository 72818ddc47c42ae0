"""System III Void as a rule system, for its strategic and tactical rulesets.

A Void game is a vector game (:class:`~core.vector.game.VectorSystem`) at either scale;
the strategic game engages (:mod:`core.rules.void.engage`) and opens each battle as a
child game. A battle resolved by strategic combat or by hand is a
:class:`~core.rules.void.fight.Fight`, a small game of its own this system also plays:
every method below hands a ``Fight`` to :mod:`core.rules.void.fight`.

Tactical scale (its commands, hooks and its start from a
:class:`~core.rules.void.battle.BattleSetup`) plugs in at ``TACTICAL`` below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from core.engine.commands import Command
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, WrongPhase
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.system import Handler
from core.files.ruleset import KNOWN_SWITCHES, Ruleset
from core.files.rulesets import load_ruleset
from core.rules.void import engage, fight, upkeep
from core.rules.void import engagement as engagement  # its events load with the system
from core.rules.void.battle import BattleResult, BattleSetup
from core.rules.void.said import Said
from core.rules.void.sections import SECTIONS
from core.rules.void.tactical import entry, guns, moments, opening, orders, scan, torpedoes
from core.rules.void.terms import terms_of
from core.rules.void.view import EVENT_RULES, entries, fight_view
from core.rules.void.work import work
from core.vector.game import VectorSystem
from core.vector.hooks import Hooks
from core.vector.state import GameState, Player
from core.vector.victory import GameDrawn, GameWon

#: how a tactical battle starts from a battle setup: (ruleset, players, seed, setup) ->
#: (state, events)
TacticalStart = Callable[[Ruleset, tuple[Player, ...], int, BattleSetup], tuple[Any, list[Event]]]


@dataclass(frozen=True)
class Tactical:
    """Tactical scale as this system plays it: how a battle starts from its setup, and
    what a finished battle's state gives back to the strategic game."""

    start: TacticalStart
    result: Callable[[GameState], BattleResult | None]


HANDLERS: dict[type[Command], Handler] = {
    engage.Engage: engage.engage,
    orders.TakeJuice: orders.take_juice,
    orders.TurnStart: orders.turn_start,
    orders.PlaceShip: orders.place_ship,
    torpedoes.LaunchTorpedoes: torpedoes.launch,
    torpedoes.GuideTorpedoes: torpedoes.guide,
    scan.ScanTorpedoes: scan.scan,
    guns.Fire: guns.fire,
    fight.ChooseAggression: lambda s, c: fight.choose(s, c),
    fight.Spare: lambda s, c: fight.spare(s, c),
    fight.EnterResult: lambda s, c: fight.enter(s, c),
}

HOOKS = Hooks(
    moved=(moments.moved,),
    turn_end=(upkeep.turn_end, moments.turn_end),
    round_end=(upkeep.round_end,),
)

#: tactical scale (:mod:`core.rules.void.tactical.entry`); None would resolve every battle
#: by strategic combat or by hand
TACTICAL: Tactical | None = Tactical(partial(entry.start, hooks=HOOKS), entry.result)


class VoidSystem(VectorSystem):
    """The vector game at both scales, and the battles it resolves without tactical play."""

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[Any, list[Event]]:
        rules = ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)
        players = tuple(Player(s.id, s.name, s.side, s.colour) for s in seats)
        battle = getattr(setup, "opening", None)
        if isinstance(battle, opening.BattleOpening):  # a tactical scenario's battle
            advanced = rules.switch("advanced_gun_combat", setup.switches)
            setup = opening.battle_setup(battle, rules, players, setup.ships, advanced=advanced)
        if not isinstance(setup, BattleSetup):
            return super().start(ruleset, seats, seed, setup)
        if setup.resolution == "tactical":
            if TACTICAL is None:
                raise IllegalCommand("tactical battles cannot be played yet")
            return TACTICAL.start(rules, players, seed, setup)
        state = fight.start(rules, players, seed, setup)
        how = "strategic combat" if setup.resolution == "strategic" else "a result entered by hand"
        return state, [Said(f"Battle {setup.place}: resolved by {how}")]

    #: the maps a scenario's ``[opening]`` may name instead of a map of its own
    generated_maps = opening.GENERATED_MAPS

    @staticmethod
    def read_opening(
        data: Any, starmap: Any, rules: Any, sides: Any, ships: Any
    ) -> tuple[opening.BattleOpening | None, list[tuple[str, str]]]:
        """A tactical scenario's ``[opening]`` (its battle), checked as it is read."""
        return opening.read_opening(data, starmap, rules, sides, ships)

    def phases(self, state: Any) -> Sequence[Phase]:
        if isinstance(state, fight.Fight):
            return fight.phases(state)
        return super().phases(state)

    def phase(self, state: Any) -> Phase:
        if isinstance(state, fight.Fight):
            return fight.phases(state)[state.phase]
        return super().phase(state)

    def turn_of(self, state: Any) -> Player | None:
        if isinstance(state, fight.Fight):
            waiting = fight.waiting_for(state)
            return waiting[0] if self.phase(state).acts == "active" and waiting else None
        return super().turn_of(state)

    def waiting_for(self, state: Any) -> Sequence[Player]:
        if isinstance(state, fight.Fight):
            return fight.waiting_for(state)
        return super().waiting_for(state)

    def admit(self, state: Any, command: Command) -> None:
        if not isinstance(state, fight.Fight):
            if isinstance(command, fight.ChooseAggression | fight.Spare | fight.EnterResult):
                raise WrongPhase("that order is given in a battle")
            super().admit(state, command)
            return
        if state.over:
            raise GameOver("the battle is over")
        state.player(command.player)
        if command.player not in {p.id for p in fight.waiting_for(state)}:
            raise NotYourTurn("the battle is not waiting for you")
        if isinstance(command, engage.Engage):
            raise WrongPhase("ships engage in the strategic game")

    def end_phase(
        self, state: Any, player: str | None, orders: Sequence[Command]
    ) -> tuple[Any, list[Event]]:
        if isinstance(state, fight.Fight):
            if fight.phases(state)[state.phase] is fight.RESULT:
                raise IllegalCommand("enter the battle's result to end it")
            return fight.end_phase(state, tuple(orders))
        if isinstance(state, GameState) and terms_of(state).battle is not None:
            raise IllegalCommand("the battle must be fought first")
        state, events = super().end_phase(state, player, orders)
        return state, events + _closing(state, events)

    def end_round(self, state: Any) -> tuple[Any, list[Event]]:
        if isinstance(state, fight.Fight):
            return state, []
        return super().end_round(state)

    def verdict(self, state: Any) -> tuple[Any, list[Event]]:
        if isinstance(state, fight.Fight):
            return state, []
        state, events = super().verdict(state)
        return state, events + _closing(state, events)

    def view(self, state: Any, player: str) -> Any:
        """What ``player`` may see (:mod:`core.rules.void.view`), at either scale or of a
        fight."""
        if isinstance(state, fight.Fight):
            return fight_view(state, player)
        return super().view(state, player)

    def turn_key(self, state: Any) -> tuple[int, ...]:
        if isinstance(state, fight.Fight):
            return (state.round, state.phase, int(state.over))
        return super().turn_key(state)

    def encounter(self, state: Any) -> Encounter | None:
        return engage.encounter(state) if isinstance(state, GameState) else None

    def resume(self, state: Any, outcome: Outcome) -> tuple[Any, list[Event]]:
        """The battle's result taken back, then the victory conditions asked at once (the
        battle may have left one navy standing)."""
        state, events = engage.resume(state, outcome)
        state, more = self.verdict(state)
        return state, events + more

    def outcome_details(self, state: Any) -> object | None:
        """What a finished battle gives back to the strategic game."""
        if isinstance(state, fight.Fight):
            return state.result
        if isinstance(state, GameState) and TACTICAL is not None:
            return TACTICAL.result(state)
        return None


def _closing(state: Any, events: list[Event]) -> list[Event]:
    """A tactical battle that these ``events`` ended says how it ended, last (what the
    strategic game logs as its result)."""
    if not isinstance(state, GameState) or not any(
        isinstance(e, GameWon | GameDrawn) for e in events
    ):
        return []
    said = entry.closing(state)
    return [said] if said is not None else []


SYSTEM = VoidSystem(
    "void",
    "System III Void",
    handlers=HANDLERS,
    hooks=HOOKS,
    switches={
        name: KNOWN_SWITCHES[name]
        for name in (
            "hexside_entered",
            "tactical_scale",
            "narrative_points",
            "narrative_per_ship",
            "advanced_gun_combat",
        )
    },
    shown=entries,
    load_rules=load_ruleset,
    ruleset_sections=SECTIONS,
    event_rules=EVENT_RULES,
    work=work,
)
