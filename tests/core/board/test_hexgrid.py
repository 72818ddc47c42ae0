"""Hex math, layouts and board labels, with Red Blob Games' published test vectors."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.board.hexgrid import Direction, Hex, HexError, HexLabels, Layout, Orientation, hex_round

hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))


def test_red_blob_arithmetic_vectors() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -3).s == 2
    assert Direction(2).vector == Hex(0, -1)
    assert Hex(1, -2).neighbour(Direction(2)) == Hex(1, -3)
    assert Hex(3, -7).distance(Hex(0, 0)) == 7


def test_red_blob_line_vector() -> None:
    assert Hex(0, 0).line_to(Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


def test_red_blob_rounding_vectors() -> None:
    a, b = Hex(0, 0), Hex(1, -1)
    c = Hex(0, -1)

    def lerp(x: Hex, y: Hex, t: float) -> tuple[float, float]:
        return (x.q + (y.q - x.q) * t, x.r + (y.r - x.r) * t)

    assert hex_round(*lerp(Hex(0, 0), Hex(10, -20), 0.5)) == Hex(5, -10)
    assert hex_round(*lerp(a, b, 0.499)) == a
    assert hex_round(*lerp(a, b, 0.501)) == b
    third = (a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3)
    assert hex_round(*third) == a
    third = (a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4)
    assert hex_round(*third) == c


def test_red_blob_offset_vectors() -> None:
    flat_even = HexLabels(Orientation.FLAT, even=True, first=0)
    flat_odd = HexLabels(Orientation.FLAT, even=False, first=0)
    pointy_even = HexLabels(Orientation.POINTY, even=True, first=0)
    pointy_odd = HexLabels(Orientation.POINTY, even=False, first=0)
    assert flat_even.to_offset(Hex(1, 2)) == (1, 3)
    assert flat_odd.to_offset(Hex(1, 2)) == (1, 2)
    assert pointy_even.to_offset(Hex(1, 2)) == (2, 2)
    assert pointy_odd.to_offset(Hex(1, 2)) == (2, 2)
    assert flat_even.from_offset(1, 3) == Hex(1, 2)
    assert pointy_even.from_offset(2, 2) == Hex(1, 2)


def test_hexes_add_coordinates_not_concatenate() -> None:
    assert Hex(1, 2) + Hex(3, 4) == Hex(4, 6)
    assert Hex(1, 2) * 3 == Hex(3, 6)
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, st.integers(0, 8))
def test_ring_and_spiral_sizes(centre: Hex, radius: int) -> None:
    ring = centre.ring(radius)
    assert len(ring) == (6 * radius if radius else 1)
    assert all(centre.distance(h) == radius for h in ring)
    spiral = centre.spiral(radius)
    assert len(spiral) == len(set(spiral)) == 1 + 3 * radius * (radius + 1)
    assert set(spiral) == set(centre.within(radius))


def test_ring_walks_adjacent_hexes() -> None:
    ring = Hex(2, -1).ring(3)
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        assert a.distance(b) == 1


def test_neighbours_and_directions() -> None:
    h = Hex(4, -2)
    assert len(set(h.neighbours())) == 6
    for d in Direction:
        n = h.neighbour(d)
        assert h.direction_to(n) is d
        assert n.direction_to(h) is d.opposite()
        assert d.rotated(6) is d
    assert h.direction_to(Hex(6, -2)) is None


def test_direction_names_per_orientation() -> None:
    assert Direction.N.name_in(Orientation.FLAT) == "N"
    assert Direction.SE.name_in(Orientation.POINTY) == "E"
    assert Direction.parse("ne", Orientation.FLAT) is Direction.NE
    assert Direction.parse("W", Orientation.POINTY) is Direction.NW
    with pytest.raises(HexError, match="unknown direction 'E' on a flat map"):
        Direction.parse("E", Orientation.FLAT)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_compass_names_match_the_screen(orientation: Orientation) -> None:
    """A direction named N points up the screen (y decreasing), E to the right."""
    layout = Layout.unit(orientation)
    for d in Direction:
        x, y = layout.to_pixel(d.vector)
        name = d.name_in(orientation)
        assert ("N" in name) == (y < -1e-9)
        assert ("S" in name) == (y > 1e-9)
        assert ("E" in name) == (x > 1e-9)
        assert ("W" in name) == (x < -1e-9)


@pytest.mark.parametrize("orientation", list(Orientation))
@given(h=hexes)
def test_layout_round_trip(orientation: Orientation, h: Hex) -> None:
    layout = Layout(orientation, 12.5, (100.0, -40.0))
    assert layout.to_hex(*layout.to_pixel(h)) == h
    for x, y in layout.corners(h):
        cx, cy = layout.to_pixel(h)
        assert math.isclose(math.hypot(x - cx, y - cy), 12.5)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_unit_layout_puts_adjacent_centres_one_apart(orientation: Orientation) -> None:
    layout = Layout.unit(orientation)
    for n in Hex(3, 1).neighbours():
        (ax, ay), (bx, by) = layout.to_pixel(Hex(3, 1)), layout.to_pixel(n)
        assert math.isclose(math.hypot(ax - bx, ay - by), 1.0)


def test_board_labels_count_from_01() -> None:
    labels = HexLabels()
    assert labels.format(Hex(0, 0)) == "0101"
    assert labels.parse("0412") == labels.from_offset(3, 11)
    assert labels.format(labels.parse("0412")) == "0412"


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("even", [False, True])
@given(col=st.integers(0, 98), row=st.integers(0, 98))
def test_labels_round_trip(orientation: Orientation, even: bool, col: int, row: int) -> None:
    labels = HexLabels(orientation, even=even)
    h = labels.from_offset(col, row)
    assert labels.to_offset(h) == (col, row)
    assert labels.parse(labels.format(h)) == h


def test_bad_labels_say_what_is_wrong() -> None:
    with pytest.raises(HexError, match="should be 4 digits"):
        HexLabels().parse("412")
    with pytest.raises(HexError, match="should be 4 digits"):
        HexLabels().parse("04a2")
    with pytest.raises(HexError, match="no 2-digit label"):
        HexLabels().format(Hex(-3, 0))
    assert HexLabels(width=3).format(Hex(120, 0)) == "121061"


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("even", [False, True])
@given(hexes=st.lists(st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60)), max_size=40))
def test_to_offsets_converts_many_hexes_as_to_offset_does_one(
    orientation: Orientation, even: bool, hexes: list[Hex]
) -> None:
    labels = HexLabels(orientation, even=even)
    assert labels.to_offsets(hexes) == [labels.to_offset(h) for h in hexes]
