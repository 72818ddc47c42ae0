"""Nested games through the campaign store (issue 17, requirement 5): a strategic game
opens a battle as a child game, is frozen while the battle is fought, and takes its
result back; closing and reopening the file mid-battle loses nothing.

Two toy rule systems stand in for System III Void: *Realm*, where two players advance a
counter until one of them calls a meeting, and *Skirmish*, where they shoot at each
other's ships with the game's dice until one is out of the fight.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from core.campaign import CampaignFile, GameRecord
from core.campaign.errors import BattleSettled, CampaignError, GameFrozen
from core.cli.main import main
from core.engine import serial
from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.encounter import Encounter, Outcome, Resume
from core.engine.errors import IllegalCommand, NotYourTurn
from core.engine.events import Event
from core.engine.phases import Phase
from core.engine.serial import register
from core.engine.states import SHARED, secret_seed, state_hash
from core.engine.system import Handler, Seat, register_system, unregister_system

# ---- the toy strategic system


@register
@dataclass(frozen=True)
class ToyRules:
    """A toy ruleset: its id and the system that plays it."""

    id: str
    system_id: str


REALM_RULES = ToyRules("toy-realm", "toy-realm")
SKIRMISH_RULES = ToyRules("toy-skirmish", "toy-skirmish")


@register
@dataclass(frozen=True)
class Realm:
    players: tuple[Seat, ...]
    rules: ToyRules = field(default=REALM_RULES, metadata=SHARED)
    counter: int = 0
    turn: int = 0
    round: int = 1
    meeting: bool = False
    heard: tuple[str, ...] = ()
    over: bool = False
    winners: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Advance(Command):
    pass


@register
@dataclass(frozen=True)
class Meet(Command):
    pass


def _next_turn(state: Realm) -> Realm:
    turn = (state.turn + 1) % len(state.players)
    return replace(state, turn=turn, round=state.round + (turn == 0))


def _advance(state: Any, command: Command) -> tuple[Any, list[Event]]:
    after = _next_turn(replace(state, counter=state.counter + 1))
    return after, [Event(f"the counter stands at {after.counter}")]


def _meet(state: Any, command: Command) -> tuple[Any, list[Event]]:
    return replace(state, meeting=True), [Event("the fleets meet at the border")]


class ToySystem:
    """What both toy systems share: the parts of the protocol they do not use."""

    id = ""
    name = ""
    answers: frozenset[type[Command]] = frozenset()
    switches: Mapping[str, str] = {}

    def phases(self, state: Any) -> Sequence[Phase]:
        return (Phase("orders", "active"),)

    def phase(self, state: Any) -> Phase:
        return self.phases(state)[0]

    def turn_of(self, state: Any) -> Seat | None:
        return state.players[state.turn]

    def waiting_for(self, state: Any) -> Sequence[Seat]:
        return () if state.over else (state.players[state.turn],)

    def admit(self, state: Any, command: Command) -> None:
        if command.player not in {p.id for p in self.waiting_for(state)}:
            raise NotYourTurn("it is not your turn")

    def end_phase(
        self, state: Any, player: str, orders: Sequence[Command]
    ) -> tuple[Any, list[Event]]:
        return state, []

    def end_round(self, state: Any) -> tuple[Any, list[Event]]:
        return state, []

    def verdict(self, state: Any) -> tuple[Any, list[Event]]:
        return state, []

    def view(self, state: Any, player: str) -> Any:
        return state

    def turn_key(self, state: Any) -> tuple[int, ...]:
        return (state.round, state.turn)

    def encounter(self, state: Any) -> Encounter | None:
        return None

    def resume(self, state: Any, outcome: Outcome) -> tuple[Any, list[Event]]:
        raise IllegalCommand("nothing was fought here")


class RealmSystem(ToySystem):
    id = name = "toy-realm"
    handlers: Mapping[type[Command], Handler] = {Advance: _advance, Meet: _meet}

    def start(
        self, ruleset: str, seats: Sequence[Seat], seed: int, setup: Any
    ) -> tuple[Any, list[Event]]:
        return Realm(tuple(seats)), []

    def waiting_for(self, state: Any) -> Sequence[Seat]:
        return () if state.meeting else super().waiting_for(state)

    def encounter(self, state: Any) -> Encounter | None:
        if not state.meeting:
            return None
        seats = tuple(p.id for p in state.players)
        return Encounter("toy-skirmish", "toy-skirmish", "tactical", "Border skirmish", seats, 3)

    def resume(self, state: Any, outcome: Outcome) -> tuple[Any, list[Event]]:
        bonus = 10 if outcome.winners == (state.players[0].id,) else -10
        after = replace(
            state, meeting=False, counter=state.counter + bonus, heard=(*state.heard, outcome.text)
        )
        return _next_turn(after), [Event(f"news of the skirmish: {outcome.text}")]


# ---- the toy tactical system


@register
@dataclass(frozen=True)
class Skirmish:
    players: tuple[Seat, ...]
    hulls: tuple[int, ...]
    dice: Dice
    rules: ToyRules = field(default=SKIRMISH_RULES, metadata=SHARED)
    turn: int = 0
    round: int = 1
    over: bool = False
    winners: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class Shoot(Command):
    pass


def _shoot(state: Any, command: Command) -> tuple[Any, list[Event]]:
    shooter = state.players[state.turn]
    target = (state.turn + 1) % len(state.players)
    dice, rolled = state.dice.roll(f"{shooter.name} shoots")
    events: list[Event] = [rolled]
    hulls = list(state.hulls)
    if rolled.total >= 4:
        hulls[target] -= 1
    after = _next_turn(replace(state, dice=dice, hulls=tuple(hulls)))
    if hulls[target] <= 0:
        loser = state.players[target].name
        after = replace(after, over=True, winners=(shooter.id,))
        events.append(Event(f"{loser}'s ship is out of the fight: {shooter.name} holds the border"))
    return after, events


class SkirmishSystem(ToySystem):
    id = name = "toy-skirmish"
    handlers: Mapping[type[Command], Handler] = {Shoot: _shoot}

    def start(
        self, ruleset: str, seats: Sequence[Seat], seed: int, setup: Any
    ) -> tuple[Any, list[Event]]:
        hulls = tuple(int(setup) for _ in seats)
        return Skirmish(tuple(seats), hulls, Dice(seed)), [Event("the skirmish begins")]

    def outcome_details(self, state: Any) -> Any:
        return state.hulls


@pytest.fixture(autouse=True)
def toy_systems() -> Iterator[None]:
    register_system(RealmSystem())  # type: ignore[arg-type]
    register_system(SkirmishSystem())  # type: ignore[arg-type]
    yield
    unregister_system("toy-realm")
    unregister_system("toy-skirmish")


SEATS = (Seat("a", "Ada", "north", "#aa0000"), Seat("b", "Bo", "south", "#0000aa"))


def new_war(tmp_path: Path) -> CampaignFile:
    return CampaignFile.create(tmp_path / "war.ecliptic", "Toy war", Realm(SEATS))


def to_the_meeting(war: GameRecord) -> None:
    war.play(Advance("a"))
    war.play(Advance("b"))
    war.play(Meet("a"))


def fight(battle: GameRecord, shots: int | None = None) -> None:
    """Shots in turn (all until the battle is over, or ``shots`` of them)."""
    n = 0
    while not battle.state.over and (shots is None or n < shots):
        battle.play(Shoot(battle.state.players[battle.state.turn].id))
        n += 1
        assert n < 200, "the skirmish never ends"


def entry_count(file: CampaignFile) -> int:
    return sum(len(file.entries(g.id)) for g in file.games())


# ---- end to end


def test_an_encounter_opens_a_battle_that_freezes_its_parent_and_feeds_its_result_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "war.ecliptic"
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        to_the_meeting(war)
        opened_at, before_battle = war.head, war.state
        assert file.campaign().ruleset == "toy-realm"
        parent, child = file.games()
        assert (child.parent_id, child.parent_entry_id) == (1, opened_at)
        assert (child.scale, child.title, child.result) == ("tactical", "Border skirmish", None)
        assert parent.parent_id is None and parent.result is None
        battle = GameRecord(file, child.id)
        assert battle.start.players == SEATS
        assert battle.start.dice == Dice(secret_seed(before_battle, "encounter"))

        stored = entry_count(file)
        with pytest.raises(GameFrozen, match="Border skirmish") as refused:
            war.play(Advance("b"))
        assert refused.value.battle == child.id
        with pytest.raises(GameFrozen):
            war.undo()
        assert entry_count(file) == stored and war.head == opened_at

        fight(battle, 2)  # a shot each: nobody can be out yet
        assert not battle.state.over
        mid_battle, battle_head = battle.state, battle.head

    with CampaignFile.open(path) as file:  # closed and reopened mid-battle
        war, battle = GameRecord(file, 1), GameRecord(file, 2)
        assert war.state == before_battle and war.head == opened_at
        assert battle.state == mid_battle and battle.head == battle_head
        assert state_hash(battle.state) == file.entry(battle_head or 0).hash
        with pytest.raises(GameFrozen, match="Border skirmish"):
            war.play(Advance("b"))

        fight(battle)
        assert battle.state.over
        (winner,) = battle.state.winners
        result = serial.from_data(json.loads(file.game_row(2).result or ""))
        assert isinstance(result, Outcome)
        assert result.winners == (winner,)
        assert "holds the border" in result.text
        assert result.details == battle.state.hulls

        war.play(Advance("b"))  # the record held through the battle catches up, then plays on
        resumed, advanced = war.line()[-2:]
        assert resumed.auto and resumed.player == "a"  # who opened the battle
        assert serial.from_data(json.loads(resumed.command)) == Resume("a", result)
        assert file.entry(advanced.id).parent_id == resumed.id
        assert war.state.heard == (result.text,) and not war.state.meeting
        bonus = 10 if winner == "a" else -10
        assert war.state.counter == 3 + bonus
        lines = {1: war.line(), 2: battle.line()}

    with CampaignFile.open(path, read_only=True) as file:  # every game replays, checked
        for game_id, line in lines.items():
            again = GameRecord(file, game_id)
            assert again.line() == line
            assert state_hash(again.state) == line[-1].hash
            for step in line:
                assert state_hash(again.state_at(step.id)) == step.hash


def test_a_finished_battle_cannot_be_undone_nor_its_parent_undone_to_before_it(
    tmp_path: Path,
) -> None:
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        to_the_meeting(war)
        battle = GameRecord(file, 2)
        fight(battle)
        with pytest.raises(BattleSettled, match="over"):
            battle.undo()
        with pytest.raises(BattleSettled):
            battle.play(Shoot("a"))
        war.play(Advance("b"))
        after_resume = war.line()[-2].id
        assert war.undo()  # what was played after the result came back undoes as usual
        assert war.head == after_resume
        with pytest.raises(BattleSettled, match="before that battle"):
            war.undo()  # over the Resume and the Meet that opened the battle
        assert war.head == after_resume


def test_undo_inside_an_open_battle_stays_inside_it(tmp_path: Path) -> None:
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        to_the_meeting(war)
        battle = GameRecord(file, 2)
        fight(battle, 2)
        first_shot = battle.line()[0].id
        assert battle.undo() and battle.head == first_shot
        assert battle.state == battle.state_at(first_shot)
        assert war.head == war.line()[-1].id and war.state.meeting


def test_a_battle_seed_follows_from_the_parent_game_and_is_not_the_hash_a_log_shows(
    tmp_path: Path,
) -> None:
    with new_war(tmp_path) as file:
        to_the_meeting(GameRecord(file, 1))
        first = GameRecord(file, 2).start.dice.seed
    with CampaignFile.create(tmp_path / "again.ecliptic", "Toy war", Realm(SEATS)) as file:
        to_the_meeting(GameRecord(file, 1))
        assert GameRecord(file, 2).start.dice.seed == first
        shown = file.entry(GameRecord(file, 1).head or 0).hash
    assert first != int(shown, 16)
    with CampaignFile.create(tmp_path / "other.ecliptic", "Toy war", Realm(SEATS)) as file:
        war = GameRecord(file, 1)
        war.play(Advance("a"))  # another way to the meeting: another battle
        war.play(Meet("b"))
        assert GameRecord(file, 2).start.dice.seed != first


def test_a_battle_naming_someone_outside_the_campaign_is_refused_and_nothing_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stranger(self: RealmSystem, state: Any) -> Encounter | None:
        return Encounter("toy-skirmish", "toy-skirmish", "tactical", "Ambush", ("a", "z"), 1)

    monkeypatch.setattr(RealmSystem, "encounter", stranger)
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        with pytest.raises(CampaignError, match="'z', who is not in the campaign"):
            war.play(Advance("a"))
        assert entry_count(file) == 0 and len(file.games()) == 1


def test_turn_rows_follow_the_system_turn_key(tmp_path: Path) -> None:
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        war.play(Advance("a"))
        war.play(Meet("b"))  # the meeting keeps b's turn open
        assert war.turn_ends() == {war.line()[0].id}


def test_campaign_check_replays_a_battle_and_its_parent_with_no_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with new_war(tmp_path) as file:
        war = GameRecord(file, 1)
        to_the_meeting(war)
        fight(GameRecord(file, 2))
        war.play(Advance("b"))
    assert main(["campaign", "check", str(tmp_path / "war.ecliptic")]) == 0
    out = capsys.readouterr().out
    assert "game 2 'Border skirmish'" in out and "no problems found" in out
