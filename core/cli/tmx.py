"""``python -m core tmx export MAP OUT.tmx`` and ``tmx import IN.tmx OUT.toml``: a map (or a
scenario's map) to Tiled's TMX and back (:mod:`core.files.tmx`, :mod:`core.files.tmx_read`)."""

from __future__ import annotations

import sys
from pathlib import Path

from core.board.problems import FileProblems, Problem
from core.board.starmap import StarMap
from core.files.mapfile import save_map
from core.files.tmx import save_tmx
from core.files.tmx_read import load_tmx
from core.scenario.document import Scenario
from core.scenario.documents import load_document


def run(command: str, source: Path, target: Path) -> int:
    """Export or import one map. A scenario exports its map. Problems are printed one a
    line with file and line; the target is written atomically and only when there are none.
    """
    try:
        if command == "export":
            loaded = load_document(source)
            starmap = loaded.starmap if isinstance(loaded, Scenario) else loaded
            if not isinstance(starmap, StarMap):
                raise FileProblems(
                    [Problem("a ruleset has no map to export", None, None, str(source))]
                )
            save_tmx(starmap, target)
        else:
            starmap = load_tmx(source)
            save_map(starmap, target)
    except FileProblems as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{target}: cannot write: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"{target}: {starmap.bounds.width}x{starmap.bounds.height} map {starmap.name!r}")
    return 0
