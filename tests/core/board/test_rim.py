"""Crashing (seed "Planets"), ruling: touching a body's printed disc is a crash. A course
tangent to a disc of radius 0.5 (the built-in Sun's) runs exactly along a side of the
body's hex; the rim is decided in exact arithmetic, so it crashes in all six directions,
on either side, in both hex orientations."""

from __future__ import annotations

import math

import pytest

from core.board.hexgrid import Hex, Orientation
from core.board.rim import course_meets_disc
from core.board.starmap import Body, BodyKind, Bounds, StarMap

SUN = Hex(20, 10)
# The six hexside directions in cube coordinates, and the two hexes whose shared side a
# course in that direction runs along when it starts in the hex between them.
RUNS = [(1, 1, -2), (2, -1, -1), (1, -2, 1), (-1, -1, 2), (-2, 1, 1), (-1, 2, -1)]
ORIENTATIONS = [Orientation.FLAT, Orientation.POINTY]


def sides(run: tuple[int, int, int]) -> list[Hex]:
    """The offsets of the two hexes beside a course from the origin along ``run``."""
    tip = Hex(run[0], run[1])
    out = [h for h in Hex(0, 0).ring(1) if h.distance(tip) == 1]
    assert len(out) == 2
    return out


def sun_map(orientation: Orientation, radius: float = 0.5) -> StarMap:
    body = Body("Sun", BodyKind.STAR, SUN, radius=radius)
    return StarMap("Tangent", Bounds(40, 40, orientation), (body,))


def tangent_courses(run: tuple[int, int, int], side: int, length: int) -> tuple[Hex, Hex]:
    """A course along ``run``, ``length`` hexside runs long, that passes along the side
    of the Sun's hex (the Sun on the ``side``-th hex beside it)."""
    beside = sides(run)[side]
    start = Hex(SUN.q - beside.q, SUN.r - beside.r)
    end = Hex(start.q + run[0] * length, start.r + run[1] * length)
    return start, end


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("run", RUNS)
def test_course_tangent_to_a_half_hex_disc_crashes_in_every_direction(orientation, run):
    starmap = sun_map(orientation)
    for side in (0, 1):
        for length in (1, 2):
            start, end = tangent_courses(run, side, length)
            hit = starmap.body_hit(start, end)
            assert hit is not None, (start, end)
            assert hit[0].name == "Sun"
            # the touch is at the middle of the Sun's side, half a hex from its centre
            cx, cy = starmap.layout.to_pixel(SUN)
            px, py = hit[1].point
            assert math.hypot(px - cx, py - cy) == pytest.approx(0.5)
            # and backwards along the same line
            assert starmap.body_hit(end, start) is not None


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("run", RUNS)
def test_course_tangent_to_a_smaller_disc_misses_in_every_direction(orientation, run):
    starmap = sun_map(orientation, radius=0.49)
    for side in (0, 1):
        start, end = tangent_courses(run, side, 2)
        assert starmap.body_hit(start, end) is None


@pytest.mark.parametrize("run", RUNS)
def test_rim_is_decided_exactly_for_the_radius_as_written(run):
    start, end = tangent_courses(run, 0, 1)
    assert course_meets_disc(start, end, SUN, 0.5)
    assert not course_meets_disc(start, end, SUN, 0.49999)
    # a course of no length meets the disc only from inside it
    assert course_meets_disc(SUN, SUN, SUN, 0.5)
    assert not course_meets_disc(start, start, SUN, 0.5)


def test_rim_reaching_the_end_of_a_course_exactly_is_a_crash():
    # a course stopping one hex short of a body of radius 1 touches its rim at its end
    start, end = Hex(SUN.q - 3, SUN.r), Hex(SUN.q - 1, SUN.r)
    assert course_meets_disc(start, end, SUN, 1.0)
    assert not course_meets_disc(start, end, SUN, 0.9)
