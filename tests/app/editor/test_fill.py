"""The fill tool's flood search on every kind of map, against a plain search."""

from __future__ import annotations

import random

import pytest

from app.editor.document import Document
from app.editor.tools.terrain import fill, flood
from core.board.hexgrid import Hex, Orientation
from core.board.starmap import Body, BodyKind, Bounds, StarMap


def plain_flood(document: Document, start: Hex) -> set[Hex]:
    """The region the slow obvious way: Hex neighbours, ``Bounds.contains``."""
    m = document.map.objects
    want = document.map.cell(start)
    found, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbours():
            if (
                n not in found
                and m.bounds.contains(n)
                and document.map.cell(n) == want
                and n not in m.body_hexes
            ):
                found.add(n)
                todo.append(n)
    return found


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("even", [False, True])
def test_fill_floods_like_hexes_inside_the_bounds_on_flat_pointy_odd_and_even_maps(
    orientation: Orientation, even: bool
) -> None:
    bounds = Bounds(23, 17, orientation, even)
    labels = bounds.labels
    body = Body("Rock", BodyKind.PLANET, labels.from_offset(11, 8), size=1)
    document = Document(StarMap("m", bounds, bodies=(body,)))
    rng = random.Random(f"{orientation}{even}")
    walls = [labels.from_offset(rng.randrange(23), rng.randrange(17)) for _ in range(120)]
    document.map.set_cells({h: "" for h in walls if h not in document.map.objects.body_hexes})
    for start in (labels.from_offset(0, 0), labels.from_offset(22, 16), walls[0]):
        region = flood(document, start)
        assert len(region) == len(set(region))
        assert set(region) == plain_flood(document, start)
        assert all(isinstance(h, Hex) for h in region)
    start = labels.from_offset(0, 0)
    expected = plain_flood(document, start)
    assert fill(document, start, "Clandestine") == len(expected)
    assert {h for h, c in document.map.cells.items() if c == "Clandestine"} == expected
    document.stack.undo()
    assert "Clandestine" not in document.map.cells.values()
