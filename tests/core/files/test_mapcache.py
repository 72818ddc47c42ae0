"""The cache of checked maps (core.files.mapcache) gives back the same map, never hides a
problem, and survives a damaged or unwritable folder."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from core.board.hexgrid import Hex
from core.board.problems import FileProblems
from core.board.starmap import StarMap
from core.engine import serial
from core.files import mapcache
from core.files.mapfile import load_map
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.documents import load_document


@pytest.fixture
def map_copy(tmp_path: Path) -> Path:
    path = tmp_path / "solar.toml"
    path.write_text(SOLAR_SYSTEM_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"*{mapcache.SUFFIX}"))


def test_a_map_from_the_cache_equals_the_map_read_from_its_file(
    map_copy: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    first = load_document(map_copy, cache=cache)
    assert len(entries(cache)) == 1
    again = load_document(map_copy, cache=cache)
    assert isinstance(again, StarMap)
    assert again == first == load_map(map_copy)
    assert again is not first
    assert again.body_hexes == first.body_hexes  # derived lookups work out the same


def test_an_edited_map_is_read_again_and_its_problems_still_reported(
    map_copy: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    load_document(map_copy, cache=cache)
    text = map_copy.read_text(encoding="utf-8")
    map_copy.write_text(text.replace('name = "', 'name = "Edited ', 1), encoding="utf-8")
    edited = load_document(map_copy, cache=cache)
    assert isinstance(edited, StarMap) and edited.name.startswith("Edited ")
    map_copy.write_text(text + "\nnot_a_field = 1\n", encoding="utf-8")
    with pytest.raises(FileProblems) as caught:
        load_document(map_copy, cache=cache)
    assert "not_a_field" in str(caught.value)
    assert len(entries(cache)) == 2  # the bad file was not stored


def test_a_damaged_cache_entry_is_ignored_and_the_file_read(map_copy: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    expected = load_document(map_copy, cache=cache)
    (entry,) = entries(cache)
    entry.write_bytes(b"\x80\x05 not a pickle")
    assert load_document(map_copy, cache=cache) == expected
    entry.write_bytes(b"")
    assert load_document(map_copy, cache=cache) == expected


def test_an_unwritable_cache_folder_only_costs_speed(map_copy: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("x", encoding="utf-8")
    loaded = load_document(map_copy, cache=blocked / "maps")
    assert loaded == load_map(map_copy)


def test_old_entries_are_pruned_beyond_the_kept_number(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    starmap = load_map(SOLAR_SYSTEM_MAP)
    for n in range(mapcache.KEEP + 3):
        mapcache.store(f"text {n}", starmap, cache)
        stamp = (n + 1) * 1_000_000_000  # one second apart, so the order is certain
        os.utime(mapcache.entry_path(f"text {n}", cache), ns=(stamp, stamp))
    kept = entries(cache)
    assert len(kept) == mapcache.KEEP
    assert mapcache.lookup("text 0", cache) is None  # the oldest went first
    assert mapcache.lookup(f"text {mapcache.KEEP + 2}", cache) == starmap


def test_opening_a_cached_map_needs_neither_pydantic_nor_the_map_checks(
    map_copy: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    load_document(map_copy, cache=cache)
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from core.scenario.documents import load_document\n"
        f"m = load_document(Path({str(map_copy)!r}), cache=Path({str(cache)!r}))\n"
        "late = ['pydantic', 'core.files.mapfile', 'core.board.mapcheck', 'shapely']\n"
        "print(m.name, '|', ' '.join(x for x in late if x in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    name, loaded = run.stdout.rsplit("|", 1)
    assert name.strip() == load_map(map_copy).name
    assert loaded.split() == []


class _Planted:
    """What an attacker plants: a pickle that, when loaded, writes a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.write_text, (self.marker, "code ran"))


def test_a_planted_pickle_in_the_cache_is_refused_and_the_map_loads_normally(
    map_copy: Path, tmp_path: Path
) -> None:
    """Issue 18 req 6: the cache holds JSON of the map's serial form; a pickle planted
    under the entry's own name, or under the name entries had when they were pickles,
    is never loaded, so its code never runs."""
    cache = tmp_path / "cache"
    cache.mkdir()
    marker = tmp_path / "ran.txt"
    planted = pickle.dumps(_Planted(marker))
    text = map_copy.read_text(encoding="utf-8")
    entry = mapcache.entry_path(text, cache)
    entry.write_bytes(planted)
    old_name = entry.with_name(entry.name.replace(mapcache.SUFFIX, mapcache.OLD_SUFFIX))
    old_name.write_bytes(planted)
    loaded = load_document(map_copy, cache=cache)
    assert loaded == load_map(map_copy)
    assert not marker.exists()
    assert not old_name.exists()  # removed when the good entry was stored
    body = entry.read_text(encoding="utf-8").split("\n", 1)[1]  # after the digest line
    assert json.loads(body)["$type"] == "board.StarMap"
    assert mapcache.lookup(text, cache) == loaded


def test_a_cache_entry_of_another_type_or_edited_is_not_used(
    map_copy: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    starmap = load_document(map_copy, cache=cache)
    text = map_copy.read_text(encoding="utf-8")
    entry = mapcache.entry_path(text, cache)
    assert isinstance(starmap, StarMap)
    stored = entry.read_bytes()
    digest, body = stored.split(b"\n", 1)
    assert digest.decode() == hashlib.sha256(body).hexdigest()
    assert mapcache.lookup(text, cache) == starmap
    entry.write_text(serial.dumps(Hex(1, 2)), encoding="utf-8")  # plain data, not a map
    assert mapcache.lookup(text, cache) is None
    hex_body = serial.dumps(Hex(1, 2)).encode()
    entry.write_bytes(hashlib.sha256(hex_body).hexdigest().encode() + b"\n" + hex_body)
    assert mapcache.lookup(text, cache) is None  # a sound entry, but not of a map
    forged = serial.dumps(replace(starmap, name="Forged")).encode()
    entry.write_bytes(digest + b"\n" + forged)  # canonical, but not what was stored
    assert mapcache.lookup(text, cache) is None
    entry.write_bytes(digest + b"\n" + forged.replace(b'"name":"Forged"', b'"name": "Forged"'))
    assert mapcache.lookup(text, cache) is None
    entry.write_bytes(body)  # an entry of the form before digests
    assert mapcache.lookup(text, cache) is None


def test_the_code_fingerprint_names_every_core_module_and_changes_with_an_edited_one(
    tmp_path: Path,
) -> None:
    core = Path(mapcache.__file__).resolve().parents[1]
    listed = mapcache.code_fingerprint().splitlines()[2:]
    assert [line.split(":")[0] for line in listed] == sorted(
        p.relative_to(core).as_posix() for p in core.rglob("*.py")
    )
    (tmp_path / "rules" / "__pycache__").mkdir(parents=True)
    (tmp_path / "rules" / "__pycache__" / "stale.py").write_text("")
    reader = tmp_path / "rules" / "reader.py"
    reader.write_text("A = 1\n")
    before = mapcache._modules(str(tmp_path))
    assert [name for name, _size, _time in before] == ["rules/reader.py"]
    reader.write_text("A = 10\n")  # an edited reader: another size
    assert mapcache._modules(str(tmp_path)) != before
