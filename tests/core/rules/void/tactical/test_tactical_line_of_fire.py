"""Tactical line of fire (Railguns: sight lines as in Triplanetary) decided exactly: fire
cannot pass through a body, but a line only grazing one (along a side of its hex, or
through a corner) passes, in both mirror images of a position and from either end."""

from __future__ import annotations

from dataclasses import replace

from core.board.hexgrid import Hex
from core.board.starmap import Body, BodyKind
from core.rules.void.tactical.guns import blocked
from core.vector.state import GameState
from tests.core.rules.void.tactical.make import duel, place


def with_rock(at: Hex, *more: Hex) -> GameState:
    state = duel()
    bodies = tuple(Body(f"Rock {i}", BodyKind.MOON, h) for i, h in enumerate((at, *more)))
    return replace(state, starmap=replace(state.starmap, bodies=bodies))


def shot(state: GameState, shooter: Hex, target: Hex) -> tuple[bool, bool]:
    state = place(place(state, "doctrine", shooter), "bastet", target)
    one = blocked(state, state.ship("doctrine"), state.ship("bastet"))
    other = blocked(state, state.ship("bastet"), state.ship("doctrine"))
    return one, other


def test_line_of_fire_grazing_a_body_along_a_hexside_passes_in_both_mirror_images() -> None:
    # From (10, 10) to (12, 9) the line runs along the side between (11, 9) and (11, 10).
    for rock in (Hex(11, 9), Hex(11, 10)):
        assert shot(with_rock(rock), Hex(10, 10), Hex(12, 9)) == (False, False), rock


def test_line_of_fire_along_the_seam_of_two_body_hexes_is_blocked() -> None:
    state = with_rock(Hex(11, 9), Hex(11, 10))
    assert shot(state, Hex(10, 10), Hex(12, 9)) == (True, True)


def test_line_of_fire_through_a_body_hex_is_blocked() -> None:
    assert shot(with_rock(Hex(11, 10)), Hex(10, 10), Hex(13, 10)) == (True, True)
