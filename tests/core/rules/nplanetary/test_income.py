"""Seed 001 "End of Round": supplies for bases on planets, fuel on Earth, Europa and
Titan, ore or water from outposts."""

from __future__ import annotations

from pathlib import Path

from core.rules.nplanetary.income import Produced, end_of_round, income_of
from core.rules.nplanetary.model import holdings_of
from core.rules.nplanetary.system import SYSTEM
from tests.core.rules.nplanetary.economy_helpers import position

BASES = """\
map: solar-system
players: a
phase: logistics
before:
  ship x1 a frigate at 1,1 velocity 0,0
  base earth a surface Earth at 4,16
  base mars a surface Mars at 9,-1
  base luna a minor Luna at 3,14
  base europa a minor Europa at 39,-15
  base titan a surface Titan at 37,7
  base ceres a minor Ceres at 24,-9
  base high a orbit Earth at 5,16 velocity 0,-1
  base deep a space at 20,20
  outpost rock a asteroid at 0,3
  outpost ice a asteroid at 0,6
"""


def test_each_installation_gains_what_the_end_of_round_gives(tmp_path: Path) -> None:
    state = position(tmp_path, BASES)
    gains = {i.id: income_of(state, i) for i in holdings_of(state).installations}
    assert gains == {
        "earth": {"supplies": 1, "fuel": 1},
        "mars": {"supplies": 1},
        "luna": {"supplies": 1},
        "europa": {"supplies": 1, "fuel": 1},
        "titan": {"supplies": 1, "fuel": 1},
        "ceres": {"supplies": 1},  # an asteroid body counted as a minor planet (ruling)
        "high": {},  # in orbit, even of Earth: nothing
        "deep": {},
        "rock": {"ore": 1},
        "ice": {"water": 1},  # every third asteroid hex holds water (ruling)
    }


def test_the_end_of_round_adds_the_income_to_the_stocks_and_says_so(tmp_path: Path) -> None:
    state = position(tmp_path, BASES)
    state, events = end_of_round(state)
    stocks = {i.id: i.stocks for i in holdings_of(state).installations}
    assert stocks["earth"] == (("fuel", 1), ("supplies", 1))
    assert stocks["high"] == ()
    assert all(isinstance(e, Produced) for e in events) and len(events) == 8
    assert events[0].text == "end of round: earth gains 1 fuel and 1 supply"


def test_income_comes_once_a_round_when_the_logistics_phase_ends(tmp_path: Path) -> None:
    state = position(tmp_path, BASES)
    after, events = SYSTEM.resolve_phase(state, ())
    assert sum(isinstance(e, Produced) for e in events) == 8
    assert after.round == state.round + 1
