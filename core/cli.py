"""The engine's command line: ``python -m core validate FILE...`` and ``info FILE``.

Never shows a traceback for a bad file: problems are printed one per line with their
location, and the exit status says whether everything was valid.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from core.mapfile import load_map
from core.problems import FileProblems
from core.starmap import StarMap


def _validate(files: list[Path]) -> int:
    status = 0
    for path in files:
        try:
            m = load_map(path)
        except FileProblems as exc:
            status = 1
            print(f"{path}: {len(exc.problems)} problem(s)", file=sys.stderr)
            for p in exc.problems:
                print(f"  {p}", file=sys.stderr)
            continue
        print(f"{path}: valid map {m.name!r}, {_summary(m)}")
    return status


def _summary(m: StarMap) -> str:
    b = m.bounds
    return (
        f"{b.width}x{b.height} {b.orientation.value} hexes, {len(m.bodies)} bodies, "
        f"{len(m.bases)} bases, {len(m.zones)} zones"
    )


def _info(path: Path) -> int:
    try:
        m = load_map(path)
    except FileProblems as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 1
    b = m.bounds
    print(f"{m.name}  ({path})")
    if m.description:
        print(f"  {m.description.strip().splitlines()[0]}")
    print(f"  size: {b.width} columns x {b.height} rows, {b.orientation.value}-top hexes")
    print(f"  leaving the map: {m.leaving.rule.value}")
    kinds = Counter(a.kind.value for g in m.gravity.values() for a in g.arrows)
    two = sum(1 for g in m.gravity.values() if g.two_directed)
    detail = ", ".join(f"{n} {k} arrows" for k, n in sorted(kinds.items())) or "none"
    print(
        f"  gravity hexes: {len(m.gravity)} ({detail}; {two} two-directed; "
        f"{len(m.overrides)} set by hand)"
    )
    print(f"  asteroid hexes: {len(m.asteroids)}, special: {len(m.special_owner)}")
    labels = b.labels
    print(f"  bodies ({len(m.bodies)}):")
    for body in m.bodies:
        gravity = body.gravity.value if body.gravity else "no"
        print(
            f"    {body.name:<12} {body.kind.value:<8} at {labels.format(body.centre)}, "
            f"{gravity} gravity"
        )
    print(f"  bases ({len(m.bases)}):")
    for base in m.bases:
        owner = f", owner {base.owner}" if base.owner else ""
        print(f"    {base.name:<26} {base.kind.value:<9} at {labels.format(base.hex)}{owner}")
    print(f"  zones ({len(m.zones)}):")
    for zone in m.zones:
        print(f"    {zone.name:<26} {len(zone.hexes)} hexes")
    if m.atmospheres:
        print(f"  atmospheres: {', '.join(a.name for a in m.atmospheres)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core", description="Ecliptic engine tools")
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="check map files; exit 1 if any has a problem")
    v.add_argument("files", nargs="+", type=Path)
    i = sub.add_parser("info", help="summarise a map file")
    i.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "validate":
        return _validate(args.files)
    return _info(args.file)
