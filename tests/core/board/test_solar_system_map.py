"""The built-in solar system map: what the Interplanetary scenarios rely on being there."""

import math
import tomllib
from pathlib import Path

import pytest

from core.board.starmap import BaseKind, BodyKind, GravityKind, StarMap, Terrain
from core.files.mapfile import dumps_map, load_map, parse_map

MAP_FILE = Path(__file__).resolve().parents[3] / "resources" / "maps" / "solar-system.toml"

# A3 landscape is 420 x 297 mm; keep 10 mm margins for the printer.
A3_PRINTABLE_MM = (400.0, 277.0)
MIN_HEX_ACROSS_FLATS_MM = 8.0
MAX_COLUMNS, MAX_ROWS = 48, 32


@pytest.fixture(scope="module")
def solar() -> StarMap:
    return load_map(MAP_FILE)


def test_the_sun_is_a_star_with_double_gravity(solar: StarMap) -> None:
    sun = solar.body("Sun")
    assert sun is not None
    assert sun.kind is BodyKind.STAR
    assert sun.gravity is GravityKind.DOUBLE
    for h in sun.ring():
        assert [a.kind for a in solar.gravity[h].arrows] == [GravityKind.DOUBLE]


@pytest.mark.parametrize("name", ["Luna", "Io", "Europa", "Ganymede", "Callisto", "Titan"])
def test_luna_and_the_outer_moons_have_weak_gravity(solar: StarMap, name: str) -> None:
    moon = solar.body(name)
    assert moon is not None
    assert moon.kind is BodyKind.MOON
    assert moon.gravity is GravityKind.WEAK


@pytest.mark.parametrize("name", ["Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn"])
def test_the_planets_of_the_great_planet_race_have_normal_gravity(
    solar: StarMap, name: str
) -> None:
    planet = solar.body(name)
    assert planet is not None
    assert planet.kind is BodyKind.PLANET
    assert planet.gravity is GravityKind.NORMAL


def test_mercury_has_two_planetary_bases_one_facing_the_sun_one_facing_earth(
    solar: StarMap,
) -> None:
    mercury, sun, earth = solar.body("Mercury"), solar.body("Sun"), solar.body("Earth")
    assert mercury is not None and sun is not None and earth is not None
    on_mercury = [b for b in solar.bases if b.hex == mercury.centre]
    assert len(on_mercury) == 2
    assert all(b.kind is BaseKind.PLANETARY for b in on_mercury)
    sunside, earthside = solar.base("Mercury Sunside"), solar.base("Mercury Earthside")
    assert sunside is not None and earthside is not None
    assert sunside in on_mercury and earthside in on_mercury
    assert sunside.side != earthside.side
    # The hex above each base is the one nearest what it faces.
    assert min(mercury.ring(), key=lambda h: h.distance(sun.centre)) == sunside.approach
    assert earthside.approach.distance(earth.centre) < mercury.centre.distance(earth.centre)


def test_io_research_station_is_an_orbital_base_on_a_gravity_hex_of_io(solar: StarMap) -> None:
    station = solar.base("Io Research Station")
    assert station is not None
    assert station.kind is BaseKind.ORBITAL
    gravity = solar.gravity_at(station.hex)
    assert gravity is not None
    assert "Io" in {a.body for a in gravity.arrows}


def test_clandestine_base_is_surrounded_by_special_asteroids_owned_by_clandestine(
    solar: StarMap,
) -> None:
    base = solar.base("Clandestine")
    assert base is not None
    assert base.kind is BaseKind.ASTEROID
    assert solar.terrain_at(base.hex) is Terrain.ASTEROID
    for h in base.hex.ring(1):
        assert solar.special_owner.get(h) == "Clandestine"


def test_earth_has_a_planetary_and_an_orbital_base_and_luna_has_a_base(solar: StarMap) -> None:
    earth, luna = solar.body("Earth"), solar.body("Luna")
    assert earth is not None and luna is not None
    earth_kinds = {b.kind for b in solar.bases if b.hex == earth.centre or b.hex in earth.ring()}
    assert earth_kinds == {BaseKind.PLANETARY, BaseKind.ORBITAL}
    assert any(b.hex == luna.centre for b in solar.bases)


def test_mars_has_bases_for_hostile_takeover_to_make_neutral(solar: StarMap) -> None:
    mars = solar.body("Mars")
    assert mars is not None
    near_mars = [b for b in solar.bases if b.approach in mars.ring()]
    assert len(near_mars) >= 2


def test_earth_and_luna_rings_overlap_in_two_directed_hexes(solar: StarMap) -> None:
    earth, luna = solar.body("Earth"), solar.body("Luna")
    assert earth is not None and luna is not None
    shared = set(earth.ring()) & set(luna.ring())
    assert shared
    for h in shared:
        g = solar.gravity[h]
        assert g.two_directed
        assert {(a.body, a.kind) for a in g.arrows} == {
            ("Earth", GravityKind.NORMAL),
            ("Luna", GravityKind.WEAK),
        }


def test_earth_control_zone_contains_earths_ring(solar: StarMap) -> None:
    earth = solar.body("Earth")
    assert earth is not None
    zone = next(z for z in solar.zones if z.name == "Earth control zone")
    assert set(earth.hexes()) | set(earth.ring()) <= zone.hexes


def test_every_zone_with_a_base_contains_the_hex_that_base_is_used_from(
    solar: StarMap,
) -> None:
    for zone in solar.zones:
        if zone.base is not None:
            base = solar.base(zone.base)
            assert base is not None, zone.name
            assert base.approach in zone.hexes, zone.name


def test_every_body_with_gravity_has_its_whole_ring_on_the_map(solar: StarMap) -> None:
    for body in solar.bodies:
        if body.gravity is not None:
            assert all(solar.bounds.contains(h) for h in body.ring()), body.name


def test_no_asteroid_lies_in_a_gravity_ring_so_orbits_are_clear(solar: StarMap) -> None:
    rocks = solar.asteroids | set(solar.special_owner)
    assert not rocks & set(solar.gravity)


def test_map_fits_a3_landscape_with_hexes_at_least_8_mm_across(solar: StarMap) -> None:
    b = solar.bounds
    assert b.width <= MAX_COLUMNS and b.height <= MAX_ROWS
    # Flat-top hexes: columns are 3/4 of a hex width apart, rows one hex height (the
    # distance across flats), and odd columns hang half a row lower.
    across_flats = MIN_HEX_ACROSS_FLATS_MM
    corner_to_corner = across_flats * 2 / math.sqrt(3)
    width_mm = corner_to_corner * (0.75 * (b.width - 1) + 1)
    height_mm = across_flats * (b.height + 0.5)
    assert width_mm <= A3_PRINTABLE_MM[0] and height_mm <= A3_PRINTABLE_MM[1]


def test_dump_then_parse_round_trips_to_an_equal_map(solar: StarMap) -> None:
    text = dumps_map(solar)
    assert parse_map(tomllib.loads(text), text) == solar
