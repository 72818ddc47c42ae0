"""Issue 3 req 4, seed "Mine and buckyball movement and attack", "Missile movement and
attack": the course preview warns of the launched weapons a course would meet, and its
warning agrees with what the engine then does."""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import ZERO, Vector
from core.engine.commands import EndPhase
from core.engine.events import Event
from core.rules.interplanetary.combat.ordnance import LaunchWeapon, mine_field
from core.rules.interplanetary.combat.ordnance_attacks import MineAttack, PendingStrike
from core.vector.motion import Motion
from core.vector.orders import Plot
from core.vector.preview import preview
from core.vector.state import GameState
from tests.core.rules.interplanetary.test_ordnance import (
    SIDEWAYS,
    C,
    armed,
    game,
    move_a,
    piece,
    run,
    until,
)


def _mines_attacking(state: GameState, ship: str, order: object) -> set[str]:
    state, _ = run(state, Plot(state.ship(ship).owner, ship, order))  # type: ignore[arg-type]
    events: list[Event] = []
    player = state.ship(ship).owner
    state, more = run(state, EndPhase(player))
    events.extend(more)
    return {e.ordnance for e in events if isinstance(e, MineAttack) and e.ship == ship}


def test_preview_reports_no_weapons_when_none_are_in_flight():
    state = game(armed("alpha", "a", C, Vector(1, 0)), armed("beta", "b", C + Vector(-9, 9)))
    state = until(state, "a", "astrogation")
    assert all(o.weapons == () for o in preview(state, "alpha").options)


def test_preview_warns_of_a_mine_field_the_course_would_enter():
    state = game(
        armed("alpha", "a", C + Vector(-2, 0), Vector(2, 0)), armed("beta", "b", C + Vector(-9, 9))
    )
    state, _ = mine_field(state, "b", (C,))
    state = until(state, "a", "astrogation")
    options = preview(state, "alpha").options
    coast = next(o for o in options if o.fuel == 0)
    assert [w.hex for w in coast.weapons] == [C]
    assert coast.weapons[0].certain and "would attack" in coast.weapons[0].reason
    assert any(o.weapons == () for o in options)  # some burns steer clear of it


def test_preview_of_every_end_point_agrees_with_the_mines_that_attack():
    # Alpha drops a mine and may coast on into it or steer away: the preview's warning for
    # each end point is exactly the set of mines that then attack Alpha
    state = game(armed("alpha", "a", C, Vector(1, 0)), armed("beta", "b", C + Vector(-9, 9)))
    state, _ = mine_field(state, "b", (C + Vector(1, 1),))
    state, _ = run(state, LaunchWeapon("a", "alpha", 1))
    state = until(state, "a", "astrogation")
    options = preview(state, "alpha").options
    assert len(options) == 7
    warned = 0
    for option in options:
        expected = {w.piece for w in option.weapons}
        warned += bool(expected)
        assert _mines_attacking(state, "alpha", option.order) == expected, option.tip
    assert 0 < warned < 7


def test_preview_warns_that_an_enemy_missile_may_strike_a_ship_stopping_in_its_hex():
    alpha = armed("alpha", "a", C + Vector(0, -3))
    beta = armed("beta", "b", C + Vector(2, 0), Vector(-2, 0))  # coasts to C
    state = game(alpha, beta)
    state, _ = run(state, LaunchWeapon("a", "alpha", 0, (SIDEWAYS, SIDEWAYS)))
    state, _ = move_a(state)
    state = replace(state, ordnance=(replace(piece(state, "missile"), motion=Motion(C, ZERO)),))
    state = until(state, "b", "astrogation")
    options = preview(state, "beta").options
    coast = next(o for o in options if o.fuel == 0)
    assert len(coast.weapons) == 1 and not coast.weapons[0].certain
    assert "may strike" in coast.weapons[0].reason and "owner decides" in coast.weapons[0].reason
    assert sum(bool(o.weapons) for o in options) == 1
    state, _ = run(state, EndPhase("b"))
    assert isinstance(state.pending[0], PendingStrike)
