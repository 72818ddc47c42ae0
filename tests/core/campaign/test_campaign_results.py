"""A game's result in the campaign file: the command that ends a game of any rule system
writes who won and why on the game's row, undo takes it back with the end, redo writes
it again, and the campaign's lists read it in players' words."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from core.campaign import CampaignFile, GameRecord
from core.campaign.mail.master import main_game
from core.campaign.results import words
from core.cli.main import main
from core.engine import play as engine
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.dice import Dice
from core.engine.encounter import Outcome
from core.vector.victory import TurnLimit
from tests.core.campaign.test_campaign_nesting import (
    SEATS,
    Skirmish,
    fight,
    new_war,
    to_the_meeting,
    toy_systems,
)
from tests.core.campaigns import training

__all__ = ["toy_systems"]  # the toy rule systems, registered for every test here

DRAWN = "The game is drawn: round 1, the last, is over"


def one_round_training(tmp_path: Path) -> CampaignFile:
    """Training with a turn limit of one round: drawn when the round is over."""
    state = replace(training(), victory=(TurnLimit(1),))
    return CampaignFile.create(tmp_path / "short.ecliptic", "Short", state, scenario="training")


def to_the_end(game: GameRecord) -> None:
    while not game.state.over:
        game.play(EndPhase(engine.waiting_for(game.state)[0].id))


def test_the_command_that_ends_a_game_writes_its_result_and_it_stays_on_reopening(
    tmp_path: Path,
) -> None:
    with one_round_training(tmp_path) as file:
        game = GameRecord(file, 1)
        game.play(EndPhase("p1"))
        assert file.games()[0].result is None  # a game going on has none
        to_the_end(game)
        stored = serial.from_data(json.loads(file.games()[0].result or ""))
        assert stored == Outcome((), DRAWN)
    with CampaignFile.open(tmp_path / "short.ecliptic") as again:
        assert words(again.games()[0].result) == DRAWN


def test_undo_takes_the_result_back_with_the_end_and_redo_writes_it_again(
    tmp_path: Path,
) -> None:
    with one_round_training(tmp_path) as file:
        game = GameRecord(file, 1)
        to_the_end(game)
        assert game.undo()
        assert not game.state.over and file.games()[0].result is None
        assert game.redo()
        assert game.state.over and words(file.games()[0].result) == DRAWN
        end = game.head
        assert game.undo()
        game.restore(end)  # going on from the branch that ended the game
        assert words(file.games()[0].result) == DRAWN


def test_a_game_of_any_rule_system_played_on_its_own_keeps_its_winner_and_why(
    tmp_path: Path,
) -> None:
    # the toy skirmish is no vector game: nothing of any one system writes the result
    start = Skirmish(SEATS, (1, 1), Dice(5))
    with CampaignFile.create(tmp_path / "duel.ecliptic", "Duel", start) as file:
        duel = GameRecord(file, 1)
        fight(duel)
        stored = serial.from_data(json.loads(file.games()[0].result or ""))
        assert isinstance(stored, Outcome)
        assert stored.winners == duel.state.winners and stored.details in ((1, 0), (0, 1))
        assert stored.text.endswith("holds the border")


def a_battle_fought(tmp_path: Path) -> CampaignFile:
    """The toy war, its border skirmish fought to the end."""
    file = new_war(tmp_path)
    to_the_meeting(GameRecord(file, 1))
    fight(GameRecord(file, 2))
    return file


def test_a_battle_s_result_still_goes_back_and_its_parent_plays_on_without_one(
    tmp_path: Path,
) -> None:
    with a_battle_fought(tmp_path) as file:
        parent, battle = file.games()
        assert parent.result is None and words(battle.result).endswith("holds the border")
        assert main_game(file) == 1


def test_when_every_game_is_over_play_goes_on_in_the_last_not_fought_inside_another(
    tmp_path: Path,
) -> None:
    with a_battle_fought(tmp_path) as file:
        file.set_result(1, {"winner": "a"})  # the war over too, as an older file says
        assert main_game(file) == 1


def test_results_read_in_players_words_whatever_wrote_them() -> None:
    assert words(None) == ""
    assert words(serial.dumps(Outcome(("a",), "Ada holds the border"))) == "Ada holds the border"
    assert words('{"lost": ["trainee-p2"], "winner": "p1"}') == "lost trainee-p2, winner p1"
    assert words("not json") == "finished"


def test_campaign_info_shows_the_result_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with one_round_training(tmp_path) as file:
        to_the_end(GameRecord(file, 1))
    assert main(["campaign", "info", str(tmp_path / "short.ecliptic")]) == 0
    out = capsys.readouterr().out
    assert f"result: {DRAWN}" in out
