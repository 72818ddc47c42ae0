"""The shape of the code: no import cycles in core/ or app/ (imports inside functions and
under TYPE_CHECKING count), and no module longer than 500 lines (issue 17, requirements 1
and 2). A failure names each cycle's modules and the import lines that close it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "app")
LONGEST = 500


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each an import cycle,
    or several sharing modules), found with Tarjan's algorithm without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def test_cycles_finds_a_three_module_circle_and_leaves_a_chain_alone() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"d"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_core_and_app_have_no_import_cycles() -> None:
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    modules = set(graph.modules)
    edges = {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}
    report = []
    for component in cycles(edges):
        lines = [f"cycle of {len(component)} modules: {', '.join(component)}"]
        for importer in component:
            for imported in sorted(edges[importer] & set(component)):
                details = graph.get_import_details(importer=importer, imported=imported)
                at = ", ".join(f"l.{d['line_number']}" for d in details)
                lines.append(f"    {importer} -> {imported} ({at})")
        report.append("\n".join(lines))
    assert not report, "import cycles:\n" + "\n".join(report)


def test_no_module_in_core_or_app_is_over_500_lines() -> None:
    long = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            count = len(path.read_text(encoding="utf-8").splitlines())
            if count > LONGEST:
                long.append(f"{path.relative_to(ROOT)}: {count} lines")
    assert not long, f"modules over {LONGEST} lines (split them, one idea each):\n" + "\n".join(
        long
    )
