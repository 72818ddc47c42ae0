"""Reading the squadron cost schemes (``resources/rulesets/squadron-costs/<id>.toml``, or a
group's own file) into :class:`~core.rules.squadrons.costs.CostScheme` values.

Every problem is found in one pass and reported with the file, the field and its line
(``FileProblems``), never as a traceback. The format is described in
``docs/rules/squadrons-design.md``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from core.board.problems import FileProblems, Problem, Problems
from core.files import tomlio
from core.files.resources import resource_path
from core.rules.squadrons.costs import EXTRAS, CostScheme
from core.rules.squadrons.factors import FACTOR_NAMES

#: the scheme a game uses unless its players pick another (the seed's own)
DEFAULT_SCHEME = "seed"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_COST_KEYS = ("best_tech", "level", "factor_surcharge", "level_surcharge")
_TOP = {"name", "about", "cost", "limits", "planet", "extras"}


def _folder() -> Path:
    return resource_path("rulesets", "squadron-costs")


def scheme_ids() -> list[str]:
    """The ids of the built-in cost schemes, the seed's first."""
    ids = sorted(p.stem for p in _folder().glob("*.toml"))
    return sorted(ids, key=lambda i: i != DEFAULT_SCHEME)


def load_scheme(id_or_path: str | Path = DEFAULT_SCHEME) -> CostScheme:
    """A built-in scheme by id (``"seed"``), or a scheme file; problems raise FileProblems."""
    if isinstance(id_or_path, str) and _ID.match(id_or_path):
        return _builtin(id_or_path)
    path = Path(id_or_path)
    data, text = tomlio.read_toml(path)
    return parse_scheme(data, text, str(path), path.stem)


@cache
def _builtin(scheme_id: str) -> CostScheme:
    if scheme_id not in scheme_ids():
        known = ", ".join(scheme_ids())
        raise FileProblems(
            [Problem(f"there is no built-in cost scheme {scheme_id!r} (built in: {known})")]
        )
    path = _folder() / f"{scheme_id}.toml"
    data, text = tomlio.read_toml(path)
    return parse_scheme(data, text, str(path), scheme_id)


def parse_scheme(data: dict[str, Any], text: str, file: str | None, scheme_id: str) -> CostScheme:
    """Check parsed TOML data and build the scheme; every problem raises FileProblems."""
    problems = Problems()
    for key in sorted(set(data) - _TOP):
        problems.append(Problem(f"unknown field (known: {', '.join(sorted(_TOP))})", field=key))
    name = _text(data, "name", problems)
    about = _text(data, "about", problems)
    cost = _table(data, "cost", problems)
    costs = {k: _whole(cost, k, f"cost.{k}", problems, default=None) for k in _COST_KEYS}
    for key in sorted(set(cost) - {*_COST_KEYS, "weight"}):
        problems.append(Problem("unknown field", field=f"cost.{key}"))
    weights = _factor_numbers(
        _table(cost, "weight", problems, "cost.weight"), "cost.weight", problems
    )
    tech_levels, limits = _limits(_table(data, "limits", problems), problems)
    planet = _factor_numbers(_table(data, "planet", problems), "planet", problems)
    extras_table = _table(data, "extras", problems)
    extras = []
    for key in EXTRAS:
        value = _whole(extras_table, key, f"extras.{key}", problems, default=None)
        extras.append((key, value if value is not None else 0))
    for key in sorted(set(extras_table) - set(EXTRAS)):
        problems.append(
            Problem(f"unknown extra (known: {', '.join(EXTRAS)})", field=f"extras.{key}")
        )
    if problems:
        raise tomlio.located(problems, text, file)
    return CostScheme(
        id=scheme_id,
        name=name or scheme_id,
        about=about,
        best_tech=costs["best_tech"] or 0,
        level=costs["level"] or 0,
        factor_surcharge=costs["factor_surcharge"] or 0,
        level_surcharge=costs["level_surcharge"] or 0,
        weights=weights,
        tech_levels=tech_levels,
        limits=limits,
        planet=planet,
        extras=tuple(extras),
    )


def _text(data: dict[str, Any], key: str, problems: Problems) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        problems.append(Problem("must be text", field=key))
        return ""
    return " ".join(value.split())


def _table(
    data: dict[str, Any], key: str, problems: Problems, where: str | None = None
) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        problems.append(Problem("must be a table", field=where or key))
        return {}
    return value


def _whole(
    data: dict[str, Any], key: str, where: str, problems: Problems, *, default: int | None
) -> int | None:
    if key not in data:
        if default is None:
            problems.append(Problem("is missing: a whole number from 0 up is needed", field=where))
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        problems.append(Problem(f"must be a whole number from 0 up, not {value!r}", field=where))
        return default
    return value


def _factor_numbers(
    table: dict[str, Any], where: str, problems: Problems
) -> tuple[tuple[str, int], ...]:
    found = []
    for key in table:
        if key not in FACTOR_NAMES:
            known = ", ".join(FACTOR_NAMES)
            problems.append(Problem(f"unknown factor (known: {known})", field=f"{where}.{key}"))
            continue
        value = _whole(table, key, f"{where}.{key}", problems, default=None)
        if value is not None:
            found.append((key, value))
    return tuple(found)


def _limits(
    table: dict[str, Any], problems: Problems
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    tech = table.get("tech")
    if not _numbers(tech) or not tech:
        problems.append(
            Problem("must list the tech levels, whole numbers from 0 up", field="limits.tech")
        )
        return (), ()
    if len(set(tech)) != len(tech):
        problems.append(Problem("lists a tech level twice", field="limits.tech"))
    rows = []
    for key, row in table.items():
        if key == "tech":
            continue
        where = f"limits.{key}"
        if key not in FACTOR_NAMES:
            problems.append(
                Problem(f"unknown factor (known: {', '.join(FACTOR_NAMES)})", field=where)
            )
        elif not _numbers(row) or len(row) != len(tech):
            problems.append(
                Problem(
                    f"must give {len(tech)} whole numbers from 0 up, one per tech level",
                    field=where,
                )
            )
        else:
            rows.append((key, tuple(row)))
    return tuple(tech), tuple(rows)


def _numbers(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value
    )
