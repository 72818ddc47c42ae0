"""Design files and the design library (core.rules.interplanetary.aid.design,
core.rules.interplanetary.aid.design_library): round trips, every problem with file, field and
line, atomic saves, shipped designs within the manual's budgets, import and export."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.board.problems import FileProblems
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.design import Design, dumps_design, load_design, save_design
from core.rules.interplanetary.aid.design_library import SHIPPED, Library
from core.rules.interplanetary.aid.manifest import empty

AID = load_ruleset("interplanetary").play_aid
assert AID is not None


def gunboat() -> Design:
    m = outfitting.put(AID, empty(AID), outfitting.Slot("gun_mounts", 0), "heavy_rail")
    m = outfitting.put(AID, m, outfitting.Slot("launchers", 2), "mine")
    return Design('Gunboat "Two"', "interplanetary", m, "Notes\non two lines")


def test_a_design_survives_a_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "gunboat.toml"
    save_design(gunboat(), path)
    assert load_design(path) == gunboat()
    assert not list(tmp_path.glob(".*tmp"))


def bad(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileProblems) as error:
        load_design(path)
    return [str(p) for p in error.value.problems]


HEAD = 'format = "ecliptic-design"\nversion = 1\nname = "X"\nruleset = "interplanetary"\n'


def test_bad_files_name_the_file_field_and_line(tmp_path: Path) -> None:
    f = str(tmp_path / "bad.toml")
    assert bad(tmp_path, HEAD + '[mounts]\nguns = ["missile"]\n') == [
        f"{f}:6: mounts.guns[0]: Gun Mounts 1: this takes a gun, and Missile is a launched "
        "weapon (it goes in the Launchers)"
    ]
    assert bad(tmp_path, HEAD + "colour = 3\n") == [f"{f}:5: colour: unknown field 'colour'"]
    assert bad(tmp_path, HEAD + '[mounts]\nsystems = ["a", "", ""]\n')[0].startswith(
        f"{f}:6: mounts.systems: 3 entries, but a ship has 2 mount points here"
    )
    newer = HEAD.replace("version = 1", "version = 9")
    assert "newer Ecliptic" in bad(tmp_path, newer)[0]
    assert (
        "cannot use the ruleset 'nope'" in bad(tmp_path, HEAD.replace("interplanetary", "nope"))[0]
    )
    assert "not valid TOML" in bad(tmp_path, "name = \n")[0]
    (tmp_path / "missing.toml").unlink(missing_ok=True)
    with pytest.raises(FileProblems, match="no such file"):
        load_design(tmp_path / "missing.toml")


def test_an_illegal_design_is_not_saved(tmp_path: Path) -> None:
    from dataclasses import replace

    broken = replace(gunboat(), manifest=replace(empty(AID), guns=("mass_driver", None)))
    with pytest.raises(FileProblems, match="Mass driver needs 2"):
        save_design(broken, tmp_path / "x.toml")
    assert not (tmp_path / "x.toml").exists()


def test_shipped_designs_load_and_fit_the_manuals_budgets() -> None:
    entries = Library(Path("/nonexistent"), SHIPPED).entries()
    names = {e.name for e in entries}
    assert {"Courier", "Gunboat", "Missile boat", "Minelayer"} <= names
    for entry in entries:
        assert entry.design is not None, entry.problems
        m = entry.design.manifest
        cost = AID.cost(m.outfit(AID))
        assert cost == outfitting.cost(AID, m)
        assert cost <= 6, entry.name
        assert AID.outfit_problems(m.outfit(AID), 6) == []


def test_library_save_import_export_delete(tmp_path: Path) -> None:
    library = Library(tmp_path / "designs")
    saved = library.save(gunboat())
    assert saved.parent == tmp_path / "designs"
    again = library.save(gunboat())  # a second design with the same name: a new file
    assert again != saved
    library.save(gunboat(), saved)  # saving over one's own file keeps it
    exported = tmp_path / "out" / "gunboat.toml"
    exported.parent.mkdir()
    from core.rules.interplanetary.aid.design_library import export_design

    export_design(gunboat(), exported)
    imported = library.import_file(exported)
    assert load_design(imported) == gunboat()
    assert library.find('Gunboat "Two"') == gunboat()
    assert library.find(str(exported)) == gunboat()
    library.delete(imported)
    assert not imported.exists()
    shipped = next(e for e in library.entries() if e.shipped)
    with pytest.raises(FileProblems, match="cannot be deleted"):
        library.delete(shipped.path)
    (tmp_path / "designs" / "junk.toml").write_text("junk", encoding="utf-8")
    junk = next(e for e in library.entries() if e.path.name == "junk.toml")
    assert junk.design is None and junk.problems
    with pytest.raises(FileProblems, match="no design file or library design 'Nope'"):
        library.find("Nope")
    assert dumps_design(gunboat()).startswith('format = "ecliptic-design"\nversion = 1\n')
