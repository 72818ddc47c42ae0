"""Typed errors only (issue 18 req 4): the shipped maps, scenarios, rulesets and designs,
mutated (keys dropped, values of the wrong type, extreme numbers, tables and entries
duplicated), either load or raise FileProblems whose every problem names its file and
its field or line. Nothing else may escape: no OverflowError, KeyError, TypeError.

``make test`` runs the default hypothesis profile's count; ``make fuzz`` the ``fuzz``
profile's (5,000 cases, tests/conftest.py).
"""

from __future__ import annotations

import copy
import math
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.board.problems import FileProblems
from core.files.resources import ROOT, SCENARIOS
from core.scenario.documents import check_document

SEEDS = sorted(
    [
        *(ROOT / "maps").glob("*.toml"),
        *SCENARIOS.glob("*.toml"),
        *(ROOT / "rulesets").glob("*.toml"),
        *(ROOT / "designs").glob("*.toml"),
    ]
)
TEXTS = {path: path.read_text(encoding="utf-8") for path in SEEDS}

#: the numbers that broke readers before: past 64 bits, past a C index, huge floats
EXTREMES = [
    9223372036854775808,
    -9223372036854775809,
    2**63 - 1,
    10**30,
    -1,
    0,
    1e308,
    -1e308,
    math.inf,
    -math.inf,
    math.nan,
    0.5,
]
WRONG = [
    "",
    "x" * 300,
    "../../../../etc/passwd",
    "/dev/zero",
    True,
    [],
    [1, "a"],
    {},
    {"a": 1},
    [{}],
]
values = st.sampled_from(EXTREMES + WRONG).map(copy.deepcopy)


def _containers(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every table and list in the document, the document itself first."""
    found = [path]
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        if isinstance(value, dict | list):
            found.extend(_containers(value, (*path, key)))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Path, str]:
    """A shipped file, with one to three mutations of its data, written back as TOML;
    sometimes with a table's text duplicated (a TOML error of its own)."""
    seed = draw(st.sampled_from(SEEDS))
    data = tomllib.loads(TEXTS[seed])
    for _ in range(draw(st.integers(1, 3))):
        target = _at(data, draw(st.sampled_from(_containers(data))))
        if not target:
            continue
        keys = list(target) if isinstance(target, dict) else list(range(len(target)))
        key = draw(st.sampled_from(keys))
        how = draw(st.sampled_from(["drop", "replace", "replace", "duplicate"]))
        if how == "drop":
            del target[key]
        elif how == "replace":
            target[key] = draw(values)
        elif isinstance(target, list):
            target.append(copy.deepcopy(target[key]))
        elif isinstance(target[key], list) and target[key]:
            target[key].extend(copy.deepcopy(target[key]))
        else:
            target[key] = [target[key], copy.deepcopy(target[key])]
    text = tomlkit.dumps(data)
    if draw(st.booleans()) and draw(st.booleans()):
        headers = [m.start() for m in re.finditer(r"^\[", text, re.M)]
        if headers:
            start = draw(st.sampled_from(headers))
            end = text.find("\n[", start + 1)
            chunk = text[start : end + 1 if end != -1 else len(text)]
            text += "\n" + chunk
    return seed, text


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.fuzz
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_shipped_files_load_or_raise_only_located_file_problems(
    folder: Path, case: tuple[Path, str]
) -> None:
    seed, text = case
    path = folder / seed.name
    path.write_text(text, encoding="utf-8")
    try:
        check_document(path)
    except FileProblems as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == str(path), problem
            if not problem.message.startswith("and "):
                assert problem.line is not None or problem.field is not None, problem
