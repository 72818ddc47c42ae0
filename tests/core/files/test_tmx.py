"""Tiled TMX import and export (issue 8, requirement 7): round trips, Tiled's own files,
bad files reported by file, element and line."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core.board.hexgrid import Direction, Hex, Orientation
from core.board.mapcheck import map_problems
from core.board.problems import FileProblems
from core.board.starmap import (
    DEFAULT_SERVICES,
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
    Leaving,
    LeavingRule,
    Service,
    SpecialAsteroids,
    StarMap,
    Zone,
)
from core.cli.main import main as cli_main
from core.files.mapfile import load_map
from core.files.tmx import to_tmx
from core.files.tmx_read import from_tmx, load_tmx
from core.files.tmx_tiles import TiledGrid

ROOT = Path(__file__).resolve().parents[3]
SOLAR = ROOT / "resources" / "maps" / "solar-system.toml"
DATA = Path(__file__).parents[1] / "data" / "tmx"

# Text XML can carry: no control characters but tab, newline and carriage return (all
# three written as character references), no surrogates.
names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), whitelist_characters="\t\n\r"),
    min_size=1,
    max_size=12,
).filter(lambda s: s.strip() != "")


@st.composite
def starmaps(draw: st.DrawFn) -> StarMap:
    """Valid maps with every kind of content, built so that most draws are valid."""
    orientation = draw(st.sampled_from(Orientation))
    bounds = Bounds(
        draw(st.integers(6, 14)), draw(st.integers(6, 14)), orientation, draw(st.booleans())
    )
    every = list(bounds.hexes())
    inside = bounds.contains
    bodies: list[Body] = []
    taken: set[Hex] = set()
    for i in range(draw(st.integers(0, 2))):
        size = draw(st.integers(0, 1))
        centre = draw(st.sampled_from(every))
        body = Body(
            f"B{i}{draw(names)}",
            draw(st.sampled_from(BodyKind)),
            centre,
            draw(st.floats(0.05, size + 0.5)),
            draw(st.sampled_from([*GravityKind, None])),
            size,
        )
        near = set(centre.spiral(size + 3))
        if all(inside(h) for h in body.ring()) and not near & taken:
            bodies.append(body)
            taken |= near
    body_hexes = {h for b in bodies for h in b.hexes()}
    free = [h for h in every if h not in body_hexes]
    overrides = []
    for h in draw(st.lists(st.sampled_from(free), max_size=3, unique=True)):
        dirs = [d for d in draw(st.lists(st.sampled_from(Direction), max_size=2, unique=True))]
        dirs = [d for d in dirs if inside(h.neighbour(d))]
        overrides.append(GravityOverride(h, tuple(dirs), draw(st.sampled_from(GravityKind))))
    asteroids = frozenset(draw(st.lists(st.sampled_from(free), max_size=8)))
    specials = tuple(
        SpecialAsteroids(draw(names), frozenset(draw(st.lists(st.sampled_from(free), max_size=4))))
        for _ in range(draw(st.integers(0, 2)))
    )
    m = StarMap(draw(names), bounds, tuple(bodies), tuple(overrides), asteroids, specials)
    bases: list[Base] = []
    options: list[tuple[BaseKind, Hex, Direction | None]] = [
        (BaseKind.ORBITAL, h, None) for h in sorted(m.gravity)
    ]
    options += [(BaseKind.ASTEROID, h, None) for h in sorted(m.asteroid_hexes)]
    for h in sorted(body_hexes):
        for d in Direction:
            if inside(h.neighbour(d)) and h.neighbour(d) not in body_hexes:
                options.append((BaseKind.PLANETARY, h, d))
    if options:
        for i, (kind, h, side) in enumerate(
            draw(st.lists(st.sampled_from(options), max_size=3, unique=True))
        ):
            services = draw(
                st.one_of(st.just(DEFAULT_SERVICES[kind]), st.frozensets(st.sampled_from(Service)))
            )
            owner = draw(st.one_of(st.none(), names))
            bases.append(Base(f"Base {i}{draw(names)}", kind, h, side, owner, services))
    base_names = [None, *(b.name for b in bases)]
    zones = tuple(
        Zone(
            draw(names),
            frozenset(draw(st.lists(st.sampled_from(every), min_size=1, max_size=6))),
            draw(st.one_of(st.none(), names)),
            draw(st.sampled_from(base_names)),
        )
        for _ in range(draw(st.integers(0, 2)))
    )
    atmospheres = tuple(
        Atmosphere(
            draw(names),
            edge,
            tuple(draw(st.lists(st.integers(0, 9), max_size=4))),
            draw(st.sampled_from(Floor)),
        )
        for edge in draw(st.lists(st.sampled_from(Edge), max_size=2, unique=True))
    )
    m = replace(
        m,
        bases=tuple(bases),
        zones=zones,
        atmospheres=atmospheres,
        leaving=Leaving(draw(st.sampled_from(LeavingRule)), draw(st.integers(0, 5))),
        description=draw(st.one_of(st.just(""), names)),
    )
    assume(not map_problems(m))
    return m


def test_tmx_round_trip_of_the_built_in_map() -> None:
    m = load_map(SOLAR)
    assert from_tmx(to_tmx(m)) == m


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(starmaps())
def test_tmx_round_trip_of_generated_maps(m: StarMap) -> None:
    assert from_tmx(to_tmx(m)) == m


def test_tmx_is_hexagonal_with_our_stagger() -> None:
    """Flat maps stagger columns, pointy maps rows; odd/even is our offset."""
    for orientation, even, axis, index in (
        (Orientation.FLAT, False, "x", "odd"),
        (Orientation.FLAT, True, "x", "even"),
        (Orientation.POINTY, False, "y", "odd"),
        (Orientation.POINTY, True, "y", "even"),
    ):
        root = ET.fromstring(to_tmx(StarMap("m", Bounds(4, 3, orientation, even))))
        assert root.get("orientation") == "hexagonal"
        assert (root.get("staggeraxis"), root.get("staggerindex")) == (axis, index)


def test_tiled_cell_is_our_offset_column_and_row() -> None:
    """A tile at Tiled (x, y) is our zero-based (column, row): label 0302 is cell (2, 1)."""
    m = StarMap("m", Bounds(5, 4), asteroids=frozenset({Bounds(5, 4).labels.parse("0302")}))
    root = ET.fromstring(to_tmx(m))
    layer = next(x for x in root.iter("layer") if x.get("name") == "asteroids")
    data = layer.find("data")
    assert data is not None and data.text is not None
    rows = [r.rstrip(",").split(",") for r in data.text.split()]
    assert [(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v != "0"] == [(2, 1)]


def test_tiled_grid_centres_read_back_to_their_cells() -> None:
    for orientation in Orientation:
        for even in (False, True):
            grid = TiledGrid(orientation, even)
            for col in range(6):
                for row in range(5):
                    assert grid.cell_at(*grid.centre(col, row)) == (col, row)


def test_tmx_embeds_its_tiles_as_png() -> None:
    root = ET.fromstring(to_tmx(StarMap("m", Bounds(3, 3))))
    images = list(root.iter("image"))
    assert images and all(i.get("source") is None for i in images)
    for image in images:
        data = image.find("data")
        assert data is not None and data.text is not None
        assert base64.b64decode(data.text).startswith(b"\x89PNG\r\n\x1a\n")


def test_tmx_terrain_only_map_saved_by_tiled_imports() -> None:
    """Tiled 1.8.2 saved this file: a tileset without types, layers named by terrain."""
    m = load_tmx(DATA / "terrain-by-tiled.tmx")
    labels = m.bounds.labels
    assert m.name == "terrain-by-tiled"
    assert (m.bounds.width, m.bounds.height, m.bounds.orientation) == (8, 6, Orientation.FLAT)
    assert sorted(labels.format(h) for h in m.asteroids) == ["0202", "0302", "0303", "0605", "0703"]
    (special,) = m.special_asteroids
    assert special.owner == "Smugglers"
    assert sorted(labels.format(h) for h in special.hexes) == ["0404", "0504", "0806"]
    assert not m.bodies and not m.bases and not m.zones


def test_tmx_terrain_by_tile_type_zlib_and_flipped_tiles_import() -> None:
    """Tiled 1.8.2 saved this one too: pointy, even, base64+zlib, tiles typed, one flipped."""
    m = load_tmx(DATA / "terrain-zlib-by-tiled.tmx")
    labels = m.bounds.labels
    assert m.name == "Rock garden"
    assert (m.bounds.orientation, m.bounds.even) == (Orientation.POINTY, True)
    assert sorted(labels.format(h) for h in m.asteroids) == ["0202", "0302", "0303", "0605"]
    (special,) = m.special_asteroids
    assert sorted(labels.format(h) for h in special.hexes) == ["0404", "0504", "0806"]


def test_tmx_of_ours_resaved_by_tiled_reads_back_the_same_map() -> None:
    """Tiled 1.8.2 opened our export of the map format's example and saved it again."""
    resaved = load_tmx(DATA / "terra-luna-by-tiled.tmx")
    assert "tiledversion" in (DATA / "terra-luna-by-tiled.tmx").read_text(encoding="utf-8")
    assert resaved == load_map(DATA / "terra-luna.toml")


def test_tmx_body_and_base_tiles_without_objects_become_bodies_and_bases() -> None:
    m = StarMap("m", Bounds(9, 9))
    planet = Body("Planet", BodyKind.PLANET, m.bounds.labels.parse("0505"))
    with_planet = replace(m, bodies=(planet,))
    text = to_tmx(with_planet)
    root = ET.fromstring(text)
    for group in root.findall("objectgroup"):
        for obj in list(group):
            if obj.tag == "object":
                group.remove(obj)
    m2 = from_tmx(ET.tostring(root, encoding="unicode"))
    (body,) = m2.bodies
    assert (body.name, body.kind, body.centre) == ("Planet 0505", BodyKind.PLANET, planet.centre)


BAD = [
    ("<map", 1, "not well-formed XML"),
    ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "b">]>\n<map/>', 2, "document type"),
    ("<tileset/>", 1, "not a TMX <map>"),
    ('<map orientation="orthogonal" width="3" height="3"/>', 1, "hexagonal"),
    ('<map orientation="hexagonal" width="3" height="3" infinite="1"/>', 1, "infinite"),
    ('<map orientation="hexagonal" width="x3" height="3"/>', 1, "is not a number"),
    ('<map orientation="hexagonal" staggeraxis="z" width="3" height="3"/>', 1, "staggeraxis"),
    (
        '<map orientation="hexagonal" width="2" height="2">\n'
        ' <layer name="asteroids" width="2" height="2">\n'
        '  <data encoding="csv">1,0,0</data>\n </layer>\n</map>',
        3,
        "3 cells where a 2x2 map has 4",
    ),
    (
        '<map orientation="hexagonal" width="2" height="2">\n'
        ' <layer name="asteroids" width="2" height="2">\n'
        '  <data encoding="base64" compression="zstd">AAAA</data>\n </layer>\n</map>',
        3,
        "zstd compression",
    ),
    (
        '<map orientation="hexagonal" width="2" height="2">\n'
        ' <layer name="special asteroids" width="2" height="2">\n'
        '  <data encoding="csv">1,0,0,0</data>\n </layer>\n</map>',
        2,
        "need an owner",
    ),
    (
        '<map orientation="hexagonal" width="2" height="2">\n'
        ' <layer name="stuff" width="2" height="2">\n'
        '  <data encoding="csv">1,0,0,0</data>\n </layer>\n</map>',
        2,
        "has no type",
    ),
]


@pytest.mark.parametrize(("text", "line", "words"), BAD)
def test_bad_tmx_is_reported_with_file_and_line(text: str, line: int, words: str) -> None:
    with pytest.raises(FileProblems) as caught:
        from_tmx(text, "bad.tmx")
    problem = caught.value.problems[0]
    assert (problem.file, problem.line) == ("bad.tmx", line)
    assert words in problem.message


def test_tmx_map_problems_name_the_object_and_its_line() -> None:
    """A base dragged in Tiled to where it cannot be: the problem names it and its line."""
    root = ET.fromstring(to_tmx(load_map(SOLAR)))
    obj = next(o for o in root.iter("object") if o.get("type") == "base")
    obj.set("x", "0")
    obj.set("y", "0")  # the top-left hex: open space, no gravity
    ET.indent(root, " ")
    bad = ET.tostring(root, encoding="unicode")
    line = next(i for i, x in enumerate(bad.splitlines(), 1) if f'name="{obj.get("name")}"' in x)
    with pytest.raises(FileProblems) as caught:
        from_tmx(bad, "solar.tmx")
    (problem,) = caught.value.problems
    assert problem.field is not None and str(obj.get("name")) in problem.field
    assert (problem.file, problem.line) == ("solar.tmx", line)


def test_tmx_cli_export_and_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, back = tmp_path / "solar.tmx", tmp_path / "back.toml"
    assert cli_main(["tmx", "export", str(SOLAR), str(out)]) == 0
    assert cli_main(["tmx", "import", str(out), str(back)]) == 0
    assert load_map(back) == load_map(SOLAR)
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map", encoding="utf-8")
    assert cli_main(["tmx", "import", str(bad), str(tmp_path / "x.toml")]) == 1
    assert "bad.tmx:1" in capsys.readouterr().err
    assert not (tmp_path / "x.toml").exists()
