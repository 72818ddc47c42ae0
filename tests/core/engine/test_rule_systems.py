"""The rule-system protocol and its registry: each built-in system meets the protocol and
plays a round; systems load when a game of theirs needs them, installed ones are found
through entry points, and nothing of Interplanetary runs in another system's game."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from core.board.hexgrid import ZERO, Hex
from core.board.problems import FileProblems
from core.board.starmap import Bounds, StarMap
from core.engine import system as registry
from core.engine.commands import Command, EndPhase
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import IllegalCommand, UnknownName
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.play import GameSetup, apply, current_phase, new_game, start, waiting_for
from core.engine.system import RuleSystem, Seat, system_for, system_ids
from core.files.rulesets import load_ruleset
from core.vector.movement import Motion
from core.vector.state import GameState, Player, Ship

OPEN = StarMap("Open space", Bounds(20, 20))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
#: a built-in ruleset of each built-in system
RULESETS = {
    "interplanetary": "interplanetary",
    "nplanetary": "nplanetary",
    "void": "system3void-tactical",
}


def game(ruleset: str, seed: int = 1) -> GameState:
    unit = load_ruleset(ruleset).units[0].id
    ships = tuple(
        Ship(f"{p.id}1", f"{p.name}'s ship", p.id, p.side, unit, Motion(at, ZERO), Fraction(20))
        for p, at in zip(PLAYERS, (Hex(5, 5), Hex(12, 8)), strict=True)
    )
    state, _ = new_game(ruleset, OPEN, PLAYERS, ships, seed=seed)
    return state


def play_round(state: GameState) -> tuple[GameState, list[Event]]:
    """Everyone ends every phase until the next round begins."""
    events: list[Event] = []
    round_ = state.round
    while state.round == round_:
        state, more = apply(state, EndPhase(waiting_for(state)[0].id))
        events.extend(more)
    return state, events


@pytest.mark.parametrize("system_id", sorted(RULESETS))
def test_each_built_in_system_meets_the_protocol_and_plays_a_round(system_id: str) -> None:
    system = system_for(system_id)
    assert isinstance(system, RuleSystem)
    assert system.id == system_id
    state = game(RULESETS[system_id])
    assert [p.name for p in system.phases(state)] == list(state.rules.sequence.phases)
    after, events = play_round(state)
    assert after.round == 2 and not after.over
    assert any(e.text.startswith("Round 2 begins") for e in events)
    assert system.encounter(after) is None
    assert system.turn_key(after) != system.turn_key(state)


def test_only_nplanetary_gives_its_orders_sealed() -> None:
    sealed = {sid: system_for(sid).phase(game(RULESETS[sid])).sealed for sid in RULESETS}
    assert sealed == {"interplanetary": False, "nplanetary": True, "void": False}


def test_a_ruleset_names_the_system_that_plays_it() -> None:
    assert load_ruleset("system3void-strategic").system_id == "void"
    assert load_ruleset("nplanetary").system_id == "nplanetary"
    assert {"interplanetary", "nplanetary", "void"} <= set(system_ids())


def test_an_unknown_system_is_refused_by_name() -> None:
    with pytest.raises(UnknownName, match="no rule system called 'squadronz'"):
        system_for("squadronz")
    # a name that is neither a ruleset nor a system: the ruleset is refused by name
    with pytest.raises(FileProblems, match="no built-in ruleset 'squadronz'"):
        new_game("squadronz", OPEN, PLAYERS, (), seed=1)


def test_a_game_of_nplanetary_loads_none_of_interplanetarys_rules() -> None:
    """Systems load when a game of theirs starts: NPlanetary's game leaves
    Interplanetary's system and combat modules unimported (in a fresh interpreter)."""
    script = (
        "import sys\n"
        "from tests.core.engine.test_rule_systems import game, play_round\n"
        "state, _ = play_round(game('nplanetary'))\n"
        "print(state.round, *sorted(m for m in sys.modules if m.startswith("
        "('core.rules.interplanetary.combat', 'core.rules.interplanetary.optional', "
        "'core.rules.interplanetary.system'))))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["2"]


def test_an_interplanetary_command_is_unknown_to_another_systems_game() -> None:
    from core.rules.interplanetary.combat.guns import Fire

    for ruleset in ("nplanetary", "system3void-tactical"):
        state = game(ruleset)
        # NPlanetary asks nobody in a combat phase without armed ships: its unarmed
        # ships' game is asked for orders only in the movement phase
        stop = "movement" if ruleset == "nplanetary" else "combat"
        while current_phase(state) != stop:
            state, _ = apply(state, EndPhase(waiting_for(state)[0].id))
        with pytest.raises(IllegalCommand, match="Fire is not a command this game knows"):
            apply(state, Fire(waiting_for(state)[0].id, "a1", 0, "b1"))


def test_interplanetarys_hooks_run_in_its_games_and_in_no_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from core.rules.interplanetary import system as interplanetary

    ran: list[str] = []

    def spy(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
        ran.append(state.rules.id)
        return state, []

    hooks = replace(interplanetary.HOOKS, moved=(spy,), turn_end=(spy,), round_end=(spy,))
    monkeypatch.setattr(interplanetary.SYSTEM, "hooks", hooks)
    for ruleset in ("nplanetary", "system3void-tactical"):
        play_round(game(ruleset))
    assert ran == []
    play_round(game("interplanetary"))
    # each of two players: after moving, at the end of the turn; then the end of the round
    assert set(ran) == {"interplanetary"} and len(ran) == 2 * 2 + 1


# ---- a system installed as a package of its own, found through its entry point


@dataclass(frozen=True)
class ToyRules:
    system_id: str = "toy"


@dataclass(frozen=True)
class ToyState:
    """A counting game: each round every player says a number, sealed; the sum counts."""

    rules: ToyRules
    players: tuple[str, ...]
    total: int = 0
    round: int = 1
    done: frozenset[str] = frozenset()
    sealed: tuple[Command, ...] = ()


@dataclass(frozen=True)
class Say(Command):
    number: int


@dataclass(frozen=True)
class Seated:
    id: str
    name: str


class ToySystem:
    id = "toy"
    name = "Toy"
    answers: frozenset[type[Command]] = frozenset()
    switches: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        self.handlers = {Say: self._say}

    def _say(self, state: ToyState, command: Say) -> tuple[ToyState, list[Event]]:
        if command.number < 0:
            raise IllegalCommand("say a number of nought or more")
        return replace(state, total=state.total + command.number), []

    def start(
        self, ruleset: Any, seats: Sequence[Any], seed: int, setup: Any
    ) -> tuple[ToyState, list[Event]]:
        return ToyState(ToyRules(), tuple(seats)), []

    def phases(self, state: ToyState) -> Sequence[Phase]:
        return (Phase("say", "everyone", sealed=True),)

    def phase(self, state: ToyState) -> Phase:
        return self.phases(state)[0]

    def turn_of(self, state: ToyState) -> None:
        return None

    def waiting_for(self, state: ToyState) -> Sequence[Seated]:
        return [Seated(p, p) for p in state.players if p not in state.done]

    def admit(self, state: ToyState, command: Command) -> None:
        if command.player not in {p.id for p in self.waiting_for(state)}:
            raise IllegalCommand("not now")

    def end_phase(
        self, state: ToyState, player: str | None, orders: Sequence[Command]
    ) -> tuple[ToyState, list[Event]]:
        for order in orders:
            state, _ = self.handlers[type(order)](state, order)
        return self.end_round(state)

    def end_round(self, state: ToyState) -> tuple[ToyState, list[Event]]:
        return replace(state, round=state.round + 1), [Event(f"the total is {state.total}")]

    def verdict(self, state: ToyState) -> tuple[ToyState, list[Event]]:
        return state, []

    def view(self, state: ToyState, player: str) -> ToyState:
        return replace(state, sealed=tuple(c for c in state.sealed if c.player == player))

    def turn_key(self, state: ToyState) -> tuple[int, ...]:
        return (state.round,)

    def encounter(self, state: ToyState) -> Encounter | None:
        return None

    def resume(self, state: ToyState, outcome: Outcome) -> tuple[ToyState, list[Event]]:
        return state, []


TOY = ToySystem()


@pytest.fixture
def toy_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    found = importlib.metadata.EntryPoint(
        "toy", "tests.core.engine.test_rule_systems:TOY", registry.ENTRY_POINT_GROUP
    )

    def entry_points(**selection: str) -> list[importlib.metadata.EntryPoint]:
        return [found] if selection.get("group") == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    yield
    registry.unregister_system("toy")


@pytest.mark.usefixtures("toy_installed")
def test_a_system_installed_through_an_entry_point_is_found_and_played() -> None:
    assert isinstance(TOY, RuleSystem)
    assert system_for("toy") is TOY and "toy" in system_ids()
    state, _ = start("toy", ("a", "b"), seed=1)
    state, _ = apply(state, Say("a", 4))
    assert state.total == 0 and len(state.sealed) == 1  # sealed: nothing counted yet
    with pytest.raises(IllegalCommand, match="nought or more"):
        apply(state, Say("b", -1))  # checked when given, though kept sealed
    state, _ = apply(state, EndPhase("a"))
    state, _ = apply(state, Say("b", 3))
    state, events = apply(state, EndPhase("b"))
    assert (state.total, state.round, state.sealed) == (7, 2, ())
    assert [e.text for e in events] == ["the total is 7"]


def test_an_unregistered_toy_system_is_unknown_again() -> None:
    registry.register_system(TOY)
    assert system_for("toy") is TOY
    registry.unregister_system("toy")
    with pytest.raises(UnknownName):
        system_for("toy")


def test_a_vector_game_starts_from_the_engines_seats() -> None:
    seats = (Seat("a", "Ann", "red", "#ff0000"), Seat("b", "Bob", "blue"))
    state, events = start("interplanetary", seats, seed=1, setup=GameSetup(OPEN))
    assert state.players == (Player("a", "Ann", "red", "#ff0000"), Player("b", "Bob", "blue"))
    assert [e.text for e in events] == ["Round 1 begins: Ann is first player", "Ann's launch phase"]
