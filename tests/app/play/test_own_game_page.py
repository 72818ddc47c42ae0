"""A rule system that is not a vector game supplies its own scenarios and game page
through the registry (``UIEntry(own_page=True)``): New Game lists its scenarios, its
game is shown on its page in place of the star map, the turn bar's primary button and
Ctrl+Enter act on it, and File › Close puts the map back. Played through visible controls."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from app.play.phases import Step
from app.play.systems import PlainUI, UIEntry, register_ui, unregister_ui
from tests.app.acceptance.user import Player


@dataclass(frozen=True)
class ToyRules:
    system_id: str = "toy"

    def switch_values(self, switches: object = ()) -> dict[str, bool]:
        return {}


@dataclass(frozen=True)
class ToyPlayer:
    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class ToyState:
    players: tuple[ToyPlayer, ...]
    rules: ToyRules = ToyRules()
    day: int = 1


@dataclass(frozen=True)
class ToyScenario:
    id: str = "skirmish"
    name: str = "Toy Skirmish"
    description: str = "Two sides count days."
    min_players: int = 2
    max_players: int = 2
    switches: tuple[tuple[str, bool], ...] = ()
    rules: ToyRules = field(default_factory=ToyRules)

    def start(self, seats: Sequence[Any], seed: int, outfits: object = None) -> tuple[Any, list]:
        players = tuple(ToyPlayer(f"p{i}", s.name, s.colour) for i, s in enumerate(seats))
        return ToyState(players), []


class ToyPage:
    def __init__(self, host: Any, state: ToyState, title: str) -> None:
        self.host, self.state, self.title = host, state, title
        self.label = QLabel("")
        self.label.setObjectName("toy_page")
        self.closed = False
        self._show()

    def _show(self) -> None:
        self.label.setText(f"Day {self.state.day}")
        steps = [Step("count", "Count", True)]
        self.host.turn_bar.show_turn(self.state.day, steps, self.state.players[0], "", "Next Day")
        self.host.own_game_changed()

    def widget(self) -> QWidget:
        return self.label

    def primary(self) -> None:
        self.state = ToyState(self.state.players, day=self.state.day + 1)
        self._show()

    def primary_enabled(self) -> bool:
        return True

    def over(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def leave(self) -> None:
        self.closed = True


PAGES: list[ToyPage] = []


class ToyUI(PlainUI):
    def scenarios(self) -> list[ToyScenario]:
        return [ToyScenario()]

    def game_page(self, host: Any, state: Any, events: Any, title: str, *_: Any) -> ToyPage:
        PAGES.append(ToyPage(host, state, title))
        return PAGES[-1]


UI = ToyUI("toy")


@pytest.fixture
def toy() -> Iterator[None]:
    register_ui("toy", UIEntry(f"{__name__}:UI", own_page=True))
    yield
    unregister_ui("toy")


def test_a_system_with_its_own_page_is_played_on_it(
    qtbot: QtBot, tmp_path: Path, toy: None
) -> None:
    you = Player(qtbot, tmp_path)
    you.new_game("Toy Skirmish")
    page = you.find(QLabel, "toy_page")
    assert you.win.stack.currentWidget() is page and page.text() == "Day 1"
    assert you.win.turn_bar.end_button.text() == "Next Day"
    you.primary()
    assert page.text() == "Day 2"
    qtbot.waitUntil(you.win.isActiveWindow)
    qtbot.keyClick(you.win, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert page.text() == "Day 3"
    you.choose("File", "Close")
    assert you.win.stack.currentWidget() is you.win.map_view
    assert you.win.turn_bar.round_label.text() == "No game"
    assert PAGES[-1].closed  # told it left the screen
