"""Files are told apart by their content (core.files.kind): the ``format`` key in the
header before the first table, XML for Tiled maps, and a map for anything else, so the
map's own reader explains a broken file."""

from __future__ import annotations

import subprocess
import sys

import pytest

from core.files.kind import FileKind, file_kind
from core.files.mapfile import load_map
from core.files.resources import ROOT, SCENARIOS, SOLAR_SYSTEM_MAP
from core.files.tmx import to_tmx


def test_the_built_in_files_are_told_apart_by_their_format() -> None:
    assert file_kind(SOLAR_SYSTEM_MAP.read_text()) is FileKind.MAP
    assert file_kind((SCENARIOS / "training.toml").read_text()) is FileKind.SCENARIO
    assert file_kind((ROOT / "rulesets" / "interplanetary.toml").read_text()) is FileKind.RULESET


def test_a_tiled_map_is_told_by_its_xml() -> None:
    text = to_tmx(load_map(SOLAR_SYSTEM_MAP))
    assert file_kind(text) is FileKind.TMX
    assert file_kind("\ufeff\n  " + text) is FileKind.TMX


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('# comment\n\nformat = "ecliptic-scenario"\n[map]\nfile = "x"\n', FileKind.SCENARIO),
        ('name = "X"\nformat = "ecliptic-ruleset"\n\n  [[ships]]\nid = "a"\n', FileKind.RULESET),
        ('format = "ecliptic-map"\n[grid]\nwidth = 3\n', FileKind.MAP),
        ('name = "no format key"\n[grid]\n', FileKind.MAP),
        # a "format" key inside a table is not the file's format
        ('name = "X"\n[ships]\nformat = "ecliptic-scenario"\n', FileKind.MAP),
        ("format = 3\n", FileKind.MAP),
        ("this is = not [ toml", FileKind.MAP),
        ("", FileKind.MAP),
    ],
)
def test_the_format_key_before_the_first_table_decides(text: str, kind: FileKind) -> None:
    assert file_kind(text) is kind


def test_a_header_cut_inside_a_value_is_read_whole() -> None:
    """A top-level array whose lines start with "[" looks like a table to the cheap
    cut; the whole file is read then, and the format still found."""
    text = 'tags = [\n  ["a", "b"],\n]\nformat = "ecliptic-scenario"\n[map]\n'
    assert file_kind(text) is FileKind.SCENARIO
    description = 'description = """\n[not a table]\n"""\nformat = "ecliptic-ruleset"\n'
    assert file_kind(description) is FileKind.RULESET


def test_telling_a_file_apart_imports_no_reader() -> None:
    script = (
        "import sys\nfrom pathlib import Path\nfrom core.files.kind import file_kind\n"
        f"file_kind(Path({str(SCENARIOS / 'training.toml')!r}).read_text())\n"
        "print(*[m for m in sys.modules if m.startswith(('core.scenario', 'core.rules', "
        "'pydantic', 'core.files.scenario_file', 'core.files.ruleset'))])"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.split() == []
