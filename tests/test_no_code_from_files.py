"""No code from files (issue 18 req 6, docs/RELIABILITY.md): nothing Ecliptic reads
(documents, campaigns, the map cache, settings, autosave notes, the recent lists) goes
through a reader that can run code. Ecliptic's own modules never import pickle, marshal,
shelve or a YAML loader, nor call eval, exec or compile; settings (QSettings) hold only
strings, lists of strings and Qt's own window geometry."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: modules whose loaders build objects (or code) named by the data they read
CODE_CARRIERS = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "yaml", "jsonpickle"}
BUILTINS_THAT_RUN_CODE = {"eval", "exec", "compile", "__import__"}


def _sources() -> list[Path]:
    return sorted(p for package in ("core", "app") for p in (ROOT / package).rglob("*.py"))


def test_no_module_of_ecliptic_imports_a_reader_that_runs_code() -> None:
    found = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} imports {name}"
                for name in names
                if name.split(".")[0] in CODE_CARRIERS
            ]
    assert found == []


def test_no_module_of_ecliptic_evaluates_text_as_code() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno} calls {node.func.id}"
        for path in _sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in BUILTINS_THAT_RUN_CODE
    ]
    assert found == []


def test_settings_hold_only_plain_values() -> None:
    """Every value the window stores in QSettings is plain: a name, a string, a
    number, a flag, a list of them, or the window's geometry and dock layout (bytes Qt
    itself reads back). Any other call in a stored value (a serialiser, say) fails."""
    plain_calls = {"saveGeometry", "saveState", "str", "int", "bool", "float", "list"}
    plain_calls |= {"recent", "recent_files", "sorted", "as_posix"}
    stored = 0
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "setValue"
                and len(node.args) == 2
            ):
                continue
            stored += 1
            for call in (n for n in ast.walk(node.args[1]) if isinstance(n, ast.Call)):
                func = call.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                assert name in plain_calls, f"{path}: settings store {ast.unparse(node.args[1])}"
    assert stored
