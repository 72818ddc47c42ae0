"""The rock drawings hexes share stay the same drawings: written out for speed, they must
draw the very numbers the plain generator calls drew (pictures of maps are compared pixel
for pixel between versions)."""

from __future__ import annotations

import math
import random

from PySide6.QtGui import QPainterPath

from app.board.rocks import ROCK_VARIANTS, rock_drawing


def plain_drawing(
    variant: int, size: float
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The drawing made with ``uniform`` as it was first written: its points and centres."""
    rng = random.Random(variant * 7919 + 7)
    points: list[tuple[float, float]] = []
    placed: list[tuple[float, float, float]] = []
    for _ in range(3 + rng.randrange(3)):
        for _attempt in range(12):
            radius = size * rng.uniform(0.09, 0.17)
            angle, dist = rng.uniform(0, math.tau), size * 0.55 * math.sqrt(rng.random())
            x, y = dist * math.cos(angle), dist * math.sin(angle)
            if all(math.hypot(x - px, y - py) > radius + pr for px, py, pr in placed):
                break
        placed.append((x, y, radius))
        corners = 5 + rng.randrange(3)
        turn = rng.uniform(0, math.tau)
        polygon = [
            (
                x + radius * rng.uniform(0.7, 1.0) * math.cos(turn + math.tau * i / corners),
                y + radius * rng.uniform(0.7, 1.0) * math.sin(turn + math.tau * i / corners),
            )
            for i in range(corners)
        ]
        points += [*polygon, polygon[0]]  # a closed polygon ends where it started
    return points, [(x, y) for x, y, _ in placed]


def path_points(path: QPainterPath) -> list[tuple[float, float]]:
    return [(path.elementAt(k).x, path.elementAt(k).y) for k in range(path.elementCount())]


def test_every_rock_drawing_is_the_one_the_plain_generator_calls_make() -> None:
    for size in (24.0, 7.5, 100.0):
        for variant in range(ROCK_VARIANTS):
            path, centres = rock_drawing(variant, size)
            points, placed = plain_drawing(variant, size)
            assert path_points(path) == points, (variant, size)
            assert list(centres) == placed
