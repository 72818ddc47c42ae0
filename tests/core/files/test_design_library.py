"""The generic design library (core.files.design_library) with a toy design format: the
shipped designs and the player's own in one list, a damaged file listed, files named
without clashes, and every change recorded so it can be undone and redone byte for byte."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from core.board.problems import FileProblems, Problem
from core.files.design_library import DesignFormat, DesignLibrary


@dataclass(frozen=True)
class Toy:
    name: str
    size: int = 1


def load(path: Path) -> Toy:
    try:
        name, size = path.read_text(encoding="utf-8").split(",")
        return Toy(name, int(size))
    except (ValueError, OSError) as exc:
        raise FileProblems([Problem(f"not a toy: {exc}", file=str(path))]) from exc


def save(toy: Toy, path: Path) -> None:
    path.write_text(f"{toy.name},{toy.size}", encoding="utf-8")


FORMAT = DesignFormat(load, save, ".toy", "toy")


@pytest.fixture
def library(tmp_path: Path) -> DesignLibrary[Toy]:
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    save(Toy("Zebra"), shipped / "zebra.toy")
    save(Toy("ant"), shipped / "ant.toy")
    (shipped / "notes.txt").write_text("not a design file", encoding="utf-8")
    return DesignLibrary(FORMAT, tmp_path / "mine", shipped)


def test_shipped_designs_come_first_then_the_players_each_by_name(
    library: DesignLibrary[Toy],
) -> None:
    library.save(Toy("Bee"))
    library.save(Toy("aardvark"))
    assert [(e.name, e.shipped) for e in library.entries()] == [
        ("ant", True),
        ("Zebra", True),
        ("aardvark", False),
        ("Bee", False),
    ]
    assert [d.name for d in library.designs()] == ["ant", "Zebra", "aardvark", "Bee"]


def test_a_damaged_file_is_listed_with_its_problems_and_may_be_deleted(
    library: DesignLibrary[Toy],
) -> None:
    library.folder.mkdir()
    broken = library.folder / "broken.toy"
    broken.write_text("no comma", encoding="utf-8")
    entry = next(e for e in library.entries() if e.design is None)
    assert entry.name == "broken" and "not a toy" in entry.problems[0].message
    with pytest.raises(FileProblems, match="not a toy"):
        library.find("broken")
    library.delete(broken)
    assert not broken.exists()


def test_shipped_designs_cannot_be_deleted(library: DesignLibrary[Toy]) -> None:
    with pytest.raises(FileProblems, match="shipped with Ecliptic cannot be deleted"):
        library.delete(library.shipped / "ant.toy")
    assert (library.shipped / "ant.toy").exists()


def test_new_files_and_names_never_clash(library: DesignLibrary[Toy]) -> None:
    first = library.save(Toy("Big Ship!"))
    assert first.name == "big-ship.toy"
    assert library.save(Toy("Big Ship!")).name == "big-ship-2.toy"
    assert library.new_path("???").name == "toy.toy", "the format's stem when no letters"
    assert library.free_name("ant") == "ant (2)" and library.free_name("Gnu") == "Gnu"
    # saving a shipped design's path writes a copy in the player's folder
    assert library.save(Toy("Zebra", 2), library.shipped / "zebra.toy").parent == library.folder
    assert load(library.shipped / "zebra.toy") == Toy("Zebra")


def test_a_design_is_found_by_name_file_name_or_path(
    library: DesignLibrary[Toy], tmp_path: Path
) -> None:
    assert library.find("ZEBRA") == Toy("Zebra")
    assert library.find("ant") == Toy("ant")
    elsewhere = tmp_path / "gnu.toy"
    library.export(Toy("Gnu", 3), elsewhere)
    assert library.find(str(elsewhere)) == Toy("Gnu", 3)
    with pytest.raises(FileProblems, match=r"no design file or library design 'Yak' \(known: ant"):
        library.find("Yak")


def test_every_change_is_undone_and_redone_byte_for_byte(
    library: DesignLibrary[Toy], tmp_path: Path
) -> None:
    made = library.save_change(Toy("Gnu"))
    assert made.before is None and made.after == b"Gnu,1"
    edited = library.save_change(Toy("Gnu", 5), made.path)
    assert (edited.path, edited.before, edited.after) == (made.path, b"Gnu,1", b"Gnu,5")
    library.apply(edited, undo=True)
    assert load(made.path) == Toy("Gnu", 1)
    gone = library.delete_change(made.path)
    assert not made.path.exists() and gone.after is None
    library.apply(gone, undo=True)
    assert made.path.read_bytes() == b"Gnu,1"
    library.apply(made, undo=True)
    assert not made.path.exists()
    library.apply(made)
    assert made.path.read_bytes() == b"Gnu,1"
    source = tmp_path / "shared.toy"
    save(Toy("Yak", 2), source)
    imported = library.import_change(source)
    assert imported.path.parent == library.folder and imported.after == b"Yak,2"
    with pytest.raises(FileProblems):
        library.import_change(tmp_path / "missing.toy")


def test_a_relative_path_is_read_from_the_library_folder_not_the_working_folder(
    library: DesignLibrary[Toy], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = library.save(Toy("Gnu", 4))
    decoy = tmp_path / "cwd"
    decoy.mkdir()
    save(Toy("Decoy", 9), decoy / own.name)
    monkeypatch.chdir(decoy)
    assert library.find(own.name) == Toy("Gnu", 4)
    assert library.find(f"./{own.name}") == Toy("Gnu", 4)
    save(Toy("Decoy", 9), decoy / "zebra.toy")
    assert library.find("zebra.toy") == Toy("Zebra"), "else from the shipped designs"


def test_a_relative_path_not_in_the_library_folder_is_refused_with_the_folder_named(
    library: DesignLibrary[Toy], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decoy = tmp_path / "cwd"
    decoy.mkdir()
    save(Toy("Decoy", 9), decoy / "decoy.toy")
    monkeypatch.chdir(decoy)
    folder = str(library.folder.resolve())
    with pytest.raises(FileProblems, match=r"no design file 'decoy\.toy' in the design") as err:
        library.find("decoy.toy")
    assert folder in str(err.value)
    with pytest.raises(FileProblems, match="leads out of the design folder"):
        library.find("../cwd/decoy.toy")
    assert library.find(str(decoy / "decoy.toy")) == Toy("Decoy", 9), "a full path still works"
