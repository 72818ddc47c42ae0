"""The ruling switch ``veering_clears_own_mine`` (seed "Mine and buckyball movement and
attack", the launcher must swerve; figure 10, ship A boosts aside): a ship that burns
aside in the turn it drops a mine or buckyball clears it at any speed; with the switch
off (games recorded before it) it meets the piece hex by hex, so from speed 2 it cannot."""

from __future__ import annotations

import pytest

from core.board.hexgrid import Direction, Vector
from core.engine.events import Event
from core.engine.play import new_game
from core.files.ruleset import LATER_SWITCHES, NEW_GAME_DEFAULTS
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.combat.ordnance_attacks import MineAttack
from core.rules.interplanetary.combat.veer import VEER_SWITCH, along
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.preview import preview
from core.vector.state import GameState, Ship
from tests.core.rules.interplanetary.test_ordnance import (
    OPEN,
    PLAYERS,
    C,
    armed,
    end,
    run,
    until,
)

MINE, BUCKYBALL = 1, 2  # armed()'s launcher slots
AHEAD, BACK = Direction(0), Direction(3)  # along a course Vector(n, 0)
ASIDE = (Direction(1), Direction(2), Direction(4), Direction(5))


def _game(*ships: Ship, veer: bool) -> GameState:
    state, _ = new_game(
        "interplanetary", OPEN, PLAYERS, ships, seed=1, switches=((VEER_SWITCH, veer),)
    )
    return state


def _attacked_after_dropping(
    speed: int, burn: Direction | None, *, veer: bool, slot: int = MINE, ally: bool = False
) -> list[str]:
    """Alpha flies east at ``speed``, drops a piece and burns ``burn``; with ``ally``,
    Ally flies beside it from the same hex and burns the same way: who is attacked."""
    ships = [armed("alpha", "a", C, Vector(speed, 0)), armed("beta", "b", C + Vector(-9, 9))]
    if ally:
        ships.append(armed("ally", "a", C, Vector(speed, 0)))
    state = _game(*ships, veer=veer)
    state, _ = run(state, LaunchWeapon("a", "alpha", slot))
    state = until(state, "a", "astrogation")
    burn_order = Order((burn,)) if burn is not None else Order()
    for ship in ("alpha", "ally") if ally else ("alpha",):
        state, _ = run(state, Plot("a", ship, burn_order))
    events: list[Event] = []
    end(state, events)
    return [e.ship for e in events if isinstance(e, MineAttack)]


@pytest.mark.parametrize("speed", [2, 3, 5])
@pytest.mark.parametrize("burn", ASIDE)
def test_veering_clears_own_mine_at_any_speed_with_the_switch(speed: int, burn: Direction):
    assert _attacked_after_dropping(speed, burn, veer=True) == []


@pytest.mark.parametrize("speed", [2, 3])
def test_veering_clears_own_mine_off_the_launcher_meets_it_hex_by_hex(speed: int) -> None:
    """The reading of games recorded before the switch: every burn still shares the hex
    next to the launch hex with the mine's vector."""
    for burn in ASIDE:
        assert _attacked_after_dropping(speed, burn, veer=False) == ["alpha"]


@pytest.mark.parametrize("burn", [None, AHEAD, BACK])
def test_veering_clears_own_mine_not_when_the_ship_keeps_to_the_mines_line(burn):
    """No burn, or a burn straight ahead or back, keeps the ship's arrow on the mine's."""
    assert _attacked_after_dropping(3, burn, veer=True) == ["alpha"]


def test_veering_clears_own_mine_applies_to_buckyballs_too() -> None:
    assert _attacked_after_dropping(3, ASIDE[0], veer=True, slot=BUCKYBALL) == []
    attacked = _attacked_after_dropping(3, None, veer=True, slot=BUCKYBALL)
    assert attacked[:1] == ["alpha"]


def test_veering_clears_own_mine_only_for_the_ship_that_dropped_it() -> None:
    """Another ship of the same player flying beside the launcher still meets the mine
    hex by hex: the ruling is about the swerve the manual asks of the launcher."""
    assert _attacked_after_dropping(3, ASIDE[0], veer=True, ally=True) == ["ally"]


def test_veering_clears_own_mine_preview_agrees_with_the_engine() -> None:
    """The course preview warns, for each end point, of exactly the attacks that follow."""
    state = _game(
        armed("alpha", "a", C, Vector(3, 0)), armed("b1", "b", C + Vector(-9, 9)), veer=True
    )
    state, _ = run(state, LaunchWeapon("a", "alpha", MINE))
    state = until(state, "a", "astrogation")
    options = preview(state, "alpha").options
    warned = 0
    for option in options:
        planned, _ = run(state, Plot("a", "alpha", option.order))
        events: list[Event] = []
        end(planned, events)
        attacked = {e.ordnance for e in events if isinstance(e, MineAttack)}
        assert attacked == {w.piece for w in option.weapons}, option.tip
        warned += bool(attacked)
    assert 0 < warned < len(options)


def test_veering_clears_own_mine_arrows_along_one_line() -> None:
    assert along(Vector(2, 0), Vector(3, 0)) and along(Vector(2, -2), Vector(1, -1))
    assert not along(Vector(2, 0), Vector(-1, 0))  # straight back past the launch point
    assert not along(Vector(2, 0), Vector(2, -1)) and not along(Vector(2, 0), Vector(0, 0))


def test_veering_clears_own_mine_is_off_for_recorded_games_and_on_for_new_ones() -> None:
    rules = load_ruleset("interplanetary")
    assert LATER_SWITCHES[VEER_SWITCH] is False and rules.switch_values()[VEER_SWITCH] is False
    assert NEW_GAME_DEFAULTS[VEER_SWITCH] is True
    assert rules.new_game_switches()[VEER_SWITCH] is True
    assert VEER_SWITCH not in load_ruleset("nplanetary").switch_values()
