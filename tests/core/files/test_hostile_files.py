"""Bounded work on hostile files (issue 18 req 2, 5): every reader refuses a file over its
documented size before parsing it, reads only ordinary files, caps the problems it
collects, inflates TMX layers only to their size, and holds no more than a small
multiple of the file in memory. Each case runs ``python -m core`` in a subprocess and
checks the message, the exit status and the subprocess's peak memory (ru_maxrss)
against the same command on the shipped file, measured in the same run."""

from __future__ import annotations

import base64
import os
import re
import sys
import zlib
from functools import cache
from pathlib import Path

import pytest

from core.files.mapfile import load_map
from core.files.reading import DOCUMENT_LIMIT, TMX_LIMIT
from core.files.resources import SCENARIOS, SOLAR_SYSTEM_MAP, resource_path
from core.files.tmx import to_tmx
from tests.core.files.hostile import MIB, Run, core

SOLAR = SOLAR_SYSTEM_MAP.read_text(encoding="utf-8")
TRAINING = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
#: memory a reader may hold per byte of file, beyond what it needs for the shipped file
PER_BYTE = 16
#: and a fixed allowance for the interpreter's own noise (imports, allocator slack)
SLACK = 24 * MIB


@cache
def baseline() -> int:
    """Peak memory of validating the shipped scenario (its map and ruleset too)."""
    run = core("validate", SCENARIOS / "training.toml")
    assert run.status == 0, run.err
    return run.peak


def assert_bounded(run: Run, file: Path) -> None:
    size = file.stat().st_size if file.is_file() else 0
    ceiling = baseline() + PER_BYTE * min(size, TMX_LIMIT) + SLACK
    # the figures of docs/RELIABILITY.md: pytest -s tests/core/files/test_hostile_files.py
    print(
        f"\n{file.name}: {size / MIB:.2f} MB file, peak {run.peak / MIB:.0f} MB "
        f"(shipped scenario {baseline() / MIB:.0f} MB, ceiling {ceiling / MIB:.0f} MB)"
    )
    assert run.peak <= ceiling, f"peak {run.peak / MIB:.0f} MB, ceiling {ceiling / MIB:.0f} MB"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---- maps ----


def test_a_map_of_240000_bad_labels_reports_the_first_200_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    labels = ", ".join(f'"x{i}"' for i in range(240_000))
    text = SOLAR.replace("[asteroids]\nhexes = [", f"[asteroids]\nhexes = [{labels}, ", 1)
    path = write(tmp_path / "labels.toml", text)
    run = core("validate", path)
    assert run.status == 1
    assert "240000 problems" in run.err
    assert run.err.count("should be 4 digits") == 200
    assert "and 239800 more problems, not listed" in run.err
    assert_bounded(run, path)


def test_a_map_of_240000_numbers_for_labels_is_refused_at_the_first_one(tmp_path: Path) -> None:
    numbers = ", ".join(str(i) for i in range(240_000))
    text = SOLAR.replace("[asteroids]\nhexes = [", f"[asteroids]\nhexes = [{numbers}, ", 1)
    path = write(tmp_path / "numbers.toml", text)
    run = core("validate", path)
    assert run.status == 1
    assert ": 1 problem\n" in run.err
    assert "asteroids.hexes: Value error, entry 1 is 0, not a string in quotes" in run.err
    assert_bounded(run, path)


def test_a_map_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:
        f.truncate(50 * MIB)  # sparse: 50 MB by its size, nothing to read
    run = core("validate", path)
    assert run.status == 1
    assert "the file is 50.0 MB: Ecliptic reads files of this kind up to 4.0 MB" in run.err
    assert run.peak <= baseline() + SLACK


def test_a_zone_radius_of_100000_is_refused_before_any_hex_is_drawn(tmp_path: Path) -> None:
    zone = '\n[[zones]]\nname = "Everything"\naround = "Sun"\nradius = 100000\n'
    path = write(tmp_path / "zone.toml", SOLAR + zone)
    run = core("validate", path)
    assert run.status == 1
    assert re.search(r"zone\.toml:\d+: zones\[\d+\]\.radius: .*less than or equal to 100", run.err)
    assert_bounded(run, path)


def test_bodies_and_zones_covering_too_many_hexes_are_refused_by_their_sizes(
    tmp_path: Path,
) -> None:
    zones = "".join(
        f'\n[[zones]]\nname = "Wide {i}"\naround = "Sun"\nradius = 100\n' for i in range(20)
    )
    path = write(tmp_path / "zones.toml", SOLAR + zones)
    run = core("validate", path)
    assert run.status == 1
    assert "cover at most 250000" in run.err
    assert_bounded(run, path)


def test_a_500_deep_nested_array_is_a_typed_problem_not_a_recursion_error(
    tmp_path: Path,
) -> None:
    path = write(tmp_path / "deep.toml", 'format = "ecliptic-map"\nx = ' + "[" * 500 + "]" * 500)
    run = core("validate", path)
    assert run.status == 1
    assert "deep.toml: not valid TOML: arrays or tables are nested too deeply" in run.err
    assert "Traceback" not in run.err


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs are POSIX")
def test_a_fifo_is_refused_at_once_instead_of_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "map.toml"
    os.mkfifo(fifo)
    run = core("validate", fifo, "/dev/zero", tmp_path)
    assert run.status == 1
    assert "map.toml: this is a pipe (FIFO), not a file" in run.err
    assert "/dev/zero: this is a device, not a file" in run.err
    assert f"{tmp_path}: this is a folder, not a file" in run.err
    assert run.peak <= baseline() + SLACK


@pytest.mark.parametrize(
    ("encoding", "named"), [("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("latin-1", "Latin-1")]
)
def test_a_file_not_in_utf8_is_named_and_the_user_asked_for_utf8(
    tmp_path: Path, encoding: str, named: str
) -> None:
    path = tmp_path / "map.toml"
    path.write_text(SOLAR.replace("The Solar System", "Système solaire"), encoding=encoding)
    run = core("validate", path)
    assert run.status == 1
    assert f"the file is not UTF-8: it looks like {named}" in run.err
    assert "Save it as UTF-8" in run.err


def test_a_utf8_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_bytes(b"\xef\xbb\xbf" + SOLAR.encode("utf-8"))
    assert core("validate", path).status == 0


# ---- scenarios, rulesets, designs ----


def test_a_scenario_of_50000_ships_is_refused_by_its_list_limit(tmp_path: Path) -> None:
    ship = '\n[[ships]]\nid = "s"\nunit = "ship"\nlanded = "Earth"\n'
    path = write(tmp_path / "ships.toml", TRAINING + ship * 50_000)
    assert path.stat().st_size < DOCUMENT_LIMIT
    run = core("validate", path)
    assert run.status == 1
    assert "ships: needs at most 1000 entries" in run.err
    assert_bounded(run, path)


def test_a_scenario_outfit_past_64_bits_is_a_typed_problem(tmp_path: Path) -> None:
    text = TRAINING.replace(
        'unit = "ship" ', 'outfit = { mine = 9223372036854775808 }\nunit = "ship" '
    )
    path = write(tmp_path / "mine.toml", text.replace("version = 1", "version = 2"))
    run = core("validate", path)
    assert run.status == 1
    assert re.search(
        r"mine\.toml:\d+: ships\[0\]\.outfit\.mine: .*less than or equal to 1000", run.err
    )
    assert "Traceback" not in run.err


def test_a_ruleset_name_of_300_characters_is_a_typed_problem(tmp_path: Path) -> None:
    text = TRAINING.replace('ruleset = "interplanetary"', f'ruleset = "{"a" * 300}"')
    path = write(tmp_path / "long.toml", text)
    run = core("validate", path)
    assert run.status == 1
    assert re.search(r"long\.toml:\d+: ruleset: cannot use the ruleset 'a{77}\.\.\.'", run.err)
    assert "Traceback" not in run.err


def test_a_ruleset_of_40000_units_is_refused_by_its_list_limit(tmp_path: Path) -> None:
    own = resource_path("rulesets", "nplanetary.toml").read_text(encoding="utf-8")
    units = "".join(f'\n[[units]]\nid = "u{i}"\nname = "U"\nfuel = "x"\n' for i in range(40_000))
    path = write(tmp_path / "rules.toml", own + units)
    assert path.stat().st_size < DOCUMENT_LIMIT
    run = core("validate", path)
    assert run.status == 1
    assert re.search(r"rules\.toml:\d+: units: needs at most 1000 entries", run.err)
    assert_bounded(run, path)


def test_a_ruleset_of_900_bad_units_lists_200_problems_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    own = resource_path("rulesets", "nplanetary.toml").read_text(encoding="utf-8")
    units = "".join(f'\n[[units]]\nid = "u{i}"\nname = "U"\nfuel = "x"\n' for i in range(900))
    path = write(tmp_path / "rules.toml", own + units)
    run = core("validate", path)
    assert run.status == 1
    assert "more problems, not listed" in run.err
    assert len(run.err.splitlines()) == 1 + 200 + 1  # the count, 200 problems, "and N more"


def test_a_design_with_300000_mounts_is_refused_within_bounds(tmp_path: Path) -> None:
    guns = ", ".join(['"gun"'] * 300_000)
    design = (
        'format = "ecliptic-design"\nversion = 1\nname = "Hostile"\nruleset = "interplanetary"\n'
        f"[mounts]\nguns = [{guns}]\n"
    )
    path = write(tmp_path / "design.toml", design)
    run = core("validate", path)
    assert run.status == 1
    assert re.search(r"design\.toml:6: mounts\.guns: needs at most 100 entries", run.err)
    assert_bounded(run, path)
    scenario = TRAINING.replace('unit = "ship" ', 'design = "design.toml"\nunit = "ship" ')
    scenario_path = write(
        tmp_path / "scenario.toml", scenario.replace("version = 1", "version = 2")
    )
    run = core("validate", scenario_path)
    assert run.status == 1
    assert "cannot use the design 'design.toml': needs at most 100 entries" in run.err
    assert_bounded(run, path)


# ---- TMX ----


def _bomb(size: int) -> bytes:
    """zlib data of ``size`` zero bytes, built a megabyte at a time."""
    packer = zlib.compressobj(9)
    chunk = bytes(MIB)
    out = [packer.compress(chunk) for _ in range(size // MIB)]
    return b"".join([*out, packer.flush()])


def _first_layer_data(data: str) -> str:
    """The shipped map as TMX, its first layer's data replaced by ``data``."""
    tmx = to_tmx(load_map(SOLAR_SYSTEM_MAP))
    first = re.search(r'(<layer id="1"[^>]*>.*?)<data encoding="csv">[^<]*</data>', tmx, re.S)
    assert first is not None
    return tmx[: first.start()] + first.group(1) + data + tmx[first.end() :]


def test_a_tmx_zlib_bomb_stops_at_the_layer_size(tmp_path: Path) -> None:
    bomb = base64.b64encode(_bomb(256 * MIB)).decode("ascii")
    hostile = _first_layer_data(f'<data encoding="base64" compression="zlib">{bomb}</data>')
    path = write(tmp_path / "bomb.tmx", hostile)
    run = core("tmx", "import", path, tmp_path / "out.toml")
    assert run.status == 1
    assert "layer data cannot be read: it inflates to more than the layer's 6144 bytes" in run.err
    assert not (tmp_path / "out.toml").exists()
    assert_bounded(run, path)


@pytest.mark.parametrize(
    ("encoding", "cells"),
    [("xml", '<tile gid="1"/>' * 1_000_000), ("csv", ",".join(["1"] * 4_000_000))],
)
def test_a_tmx_layer_of_millions_of_cells_is_read_within_bounds(
    tmp_path: Path, encoding: str, cells: str
) -> None:
    attribute = ' encoding="csv"' if encoding == "csv" else ""
    path = write(
        tmp_path / f"{encoding}.tmx", _first_layer_data(f"<data{attribute}>{cells}</data>")
    )
    run = core("tmx", "import", path, tmp_path / "out.toml")
    assert run.status == 1
    count = "1000000" if encoding == "xml" else "4000000"
    assert f"layer 'space': {count} cells where a 48x32 map has 1536" in run.err
    assert_bounded(run, path)


def test_a_tmx_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.tmx"
    with path.open("wb") as f:
        f.truncate(TMX_LIMIT + 1)
    run = core("tmx", "import", path, tmp_path / "out.toml")
    assert run.status == 1
    assert "Ecliptic reads files of this kind up to 32.0 MB" in run.err
    assert run.peak <= baseline() + SLACK
