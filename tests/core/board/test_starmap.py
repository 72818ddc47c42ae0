"""The star map model: derived gravity, overrides, terrain and the engine's queries."""

from dataclasses import replace

import pytest

from core.board.hexgrid import Direction, Hex, Orientation
from core.board.starmap import (
    Atmosphere,
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    Edge,
    Floor,
    GravityKind,
    GravityOverride,
    SpecialAsteroids,
    StarMap,
    Terrain,
    Zone,
)

BOUNDS = Bounds(20, 16)
L = BOUNDS.labels


def at(label: str) -> Hex:
    return L.parse(label)


def small_map(**changes: object) -> StarMap:
    m = StarMap(
        name="Test",
        bounds=BOUNDS,
        bodies=(
            Body("Terra", BodyKind.PLANET, at("0508"), 0.4),
            Body("Luna", BodyKind.MOON, at("0508") + Hex(2, -1), 0.2, GravityKind.WEAK),
            Body("Sol", BodyKind.STAR, at("1508"), 0.5, GravityKind.DOUBLE),
        ),
        asteroids=frozenset({at("1101"), at("1102")}),
        special_asteroids=(SpecialAsteroids("Clandestine", frozenset({at("1103")})),),
        bases=(
            Base("Terra Down", BaseKind.PLANETARY, at("0508"), Direction.N),
            Base("Rock", BaseKind.ASTEROID, at("1102")),
        ),
        zones=(Zone("Terra space", frozenset(at("0508").spiral(2)), "terrans"),),
    )
    return replace(m, **changes)  # type: ignore[arg-type]


def test_gravity_ring_arrows_point_at_their_body() -> None:
    m = small_map()
    terra = m.body("Terra")
    assert terra is not None
    for h in terra.ring():
        g = m.gravity_at(h)
        assert g is not None
        assert any(h.neighbour(a.direction) == terra.centre for a in g.arrows)


def test_gravity_kinds_follow_their_body() -> None:
    m = small_map()
    sol = m.body("Sol")
    assert sol is not None
    for h in sol.ring():
        g = m.gravity_at(h)
        assert g is not None and g.arrows[0].kind is GravityKind.DOUBLE
        assert g.arrows[0].kind.shift == 2
    assert GravityKind.NORMAL.shift == GravityKind.WEAK.shift == 1


def test_overlapping_rings_make_a_two_directed_hex() -> None:
    m = small_map()
    between = [h for h in m.gravity if m.gravity[h].two_directed]
    # Terra and Luna are two hexes apart: their rings share hexes.
    assert between
    for h in between:
        bodies = {a.body for a in m.gravity[h].arrows}
        assert bodies == {"Terra", "Luna"}


def test_body_hexes_have_no_gravity() -> None:
    m = small_map()
    for body in m.bodies:
        assert m.gravity_at(body.centre) is None


def test_gravity_override_survives_moving_the_body() -> None:
    override = GravityOverride(at("0203"), (Direction.S, Direction.N), GravityKind.NORMAL)
    m = small_map(overrides=(override,))
    assert m.gravity_at(at("0203")) is not None
    moved = replace(m, bodies=(replace(m.bodies[0], centre=at("0410")), *m.bodies[1:]))
    g = moved.gravity_at(at("0203"))
    assert g is not None and g.overridden and g.two_directed
    assert {a.direction for a in g.arrows} == {Direction.S, Direction.N}
    # The moved body's ring is re-derived around its new place.
    assert moved.gravity_at(at("0410").neighbour(Direction.N)) is not None
    assert moved.gravity_at(at("0508").neighbour(Direction.N)) is None


def test_override_with_no_arrows_clears_derived_gravity() -> None:
    ring_hex = at("0508").neighbour(Direction.S)
    m = small_map(overrides=(GravityOverride(ring_hex, ()),))
    assert m.gravity_at(ring_hex) is None
    assert small_map().gravity_at(ring_hex) is not None


def test_large_body_ring_points_at_an_adjacent_body_hex() -> None:
    big = Body("Jove", BodyKind.PLANET, at("1008"), 1.4, GravityKind.NORMAL, size=1)
    m = StarMap("Big", BOUNDS, bodies=(big,))
    assert len(m.gravity) == 12
    for h, g in m.gravity.items():
        target = h.neighbour(g.arrows[0].direction)
        assert target in big.hexes()
        assert target.distance(big.centre) <= h.distance(big.centre) - 1


def test_terrain_at_each_kind_of_hex() -> None:
    m = small_map()
    assert m.terrain_at(at("0508")) is Terrain.BODY
    assert m.terrain_at(at("1101")) is Terrain.ASTEROID
    assert m.terrain_at(at("1103")) is Terrain.SPECIAL_ASTEROID
    assert m.terrain_at(at("0202")) is Terrain.SPACE
    assert m.terrain_at(Hex(-1, 0)) is Terrain.OFF_MAP
    assert m.terrain_at(L.from_offset(20, 0)) is Terrain.OFF_MAP


def test_asteroid_base_counts_as_an_asteroid_hex() -> None:
    lonely = Base("Lonely", BaseKind.ASTEROID, at("0202"))
    m = small_map(bases=(lonely,))
    assert m.terrain_at(at("0202")) is Terrain.ASTEROID


def test_special_asteroids_are_owned() -> None:
    m = small_map()
    assert m.special_owner == {at("1103"): "Clandestine"}


def test_planetary_base_is_used_from_the_hex_above_its_side() -> None:
    m = small_map()
    above = at("0508").neighbour(Direction.N)
    assert [b.name for b in m.bases_near(above)] == ["Terra Down"]
    assert m.bases_near(at("0508").neighbour(Direction.S)) == []
    assert [b.name for b in m.bases_near(at("0508").neighbour(Direction.S), 2)] == ["Terra Down"]


def test_course_through_a_planet_disc_hits_it() -> None:
    m = small_map()
    terra = at("0508")
    hit = m.body_hit(terra + Hex(-3, 0), terra + Hex(3, 0))
    assert hit is not None and hit[0].name == "Terra"
    assert hit[1].t == pytest.approx((3 - 0.4) / 6)
    assert m.body_hit(terra + Hex(-3, -2), terra + Hex(3, -2)) is None


def test_body_hit_can_ignore_the_body_a_ship_launches_from() -> None:
    m = small_map()
    terra = at("0508")
    hit = m.body_hit(terra, terra + Hex(4, -2), ignore=("Terra",))
    assert hit is not None and hit[0].name == "Luna"
    assert m.body_hit(terra, terra + Hex(0, -3), ignore=("Terra",)) is None
    assert m.body_hit(terra, terra + Hex(0, -3)) is not None


def test_zone_of_control_includes_its_edge() -> None:
    m = small_map()
    edge = at("0508").ring(2)[0]
    assert [z.name for z in m.zones_at(edge)] == ["Terra space"]
    assert m.zones_at(at("0508").ring(3)[0]) == []


def test_atmosphere_levels_rise_toward_the_surface() -> None:
    earth = Atmosphere("Earth", Edge.BOTTOM, (0, 1, 2, 3, 4, 5), Floor.SURFACE)
    m = StarMap("Tactical", Bounds(10, 12, Orientation.FLAT), atmospheres=(earth,))
    labels = m.bounds.labels
    levels = [m.atmosphere_at(labels.from_offset(3, row)) for row in range(12)]
    assert levels[11] == (earth, Floor.SURFACE)
    assert [lv[1] for lv in levels[5:11] if lv] == [0, 1, 2, 3, 4, 5]
    assert levels[4] is None
    assert m.terrain_at(labels.from_offset(3, 11)) is Terrain.SURFACE
    assert m.terrain_at(labels.from_offset(3, 8)) is Terrain.ATMOSPHERE


def test_gas_giant_floor_is_a_crush_depth() -> None:
    giant = Atmosphere("Jupiter", Edge.LEFT, tuple(range(17)), Floor.CRUSH)
    m = StarMap("Deep", Bounds(30, 8), atmospheres=(giant,))
    assert m.terrain_at(m.bounds.labels.from_offset(0, 4)) is Terrain.CRUSH_DEPTH


@pytest.mark.parametrize("orientation", list(Orientation))
def test_bounds_contain_exactly_their_rectangle(orientation: Orientation) -> None:
    b = Bounds(7, 5, orientation)
    hexes = list(b.hexes())
    assert len(hexes) == len(set(hexes)) == 35
    assert all(b.contains(h) for h in hexes)
    ring = {n for h in hexes for n in h.neighbours()} - set(hexes)
    assert ring and not any(b.contains(h) for h in ring)


def test_file_order_of_bodies_does_not_decide_a_shared_arrow() -> None:
    """Two bodies can only pull a hex the same way if they overlap, which mapcheck
    refuses; even then the stronger arrow stands whichever body the file lists first."""
    weak = Body("P", BodyKind.PLANET, Hex(0, 0), 0.4, GravityKind.WEAK)
    double = Body("S", BodyKind.STAR, Hex(0, 0), 0.4, GravityKind.DOUBLE)
    for order in ((weak, double), (double, weak)):
        m = StarMap("Same", Bounds(12, 12), bodies=order)
        assert len(m.derived_gravity) == 6
        for g in m.derived_gravity.values():
            assert [a.kind for a in g.arrows] == [GravityKind.DOUBLE]
