"""``python -m app render`` with a stopwatch: where one run's processor time goes, from
Python's start to the PNG written. Run by ``bench_render.py`` in a fresh process, as
``render_probe.py TIMES.json FILE OUT.png --size WxH``; it writes the steps' processor
times (seconds, in order) to TIMES.json, and the bench adds the exit, which only the
parent can see. Not a test: it wraps the command's own functions to read the clock
between them, and changes nothing they do.
"""

from __future__ import annotations

import json
import resource
import sys
from collections.abc import Callable
from typing import Any


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


MARKS: list[tuple[str, float]] = [("start Python (site, the editable install's finder)", cpu())]


def mark(step: str) -> None:
    MARKS.append((step, cpu()))


def around(owner: Any, name: str, before: str | None, after: str | None) -> None:
    """Mark ``before`` when ``owner.name`` is called and ``after`` when it returns."""
    wrapped: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        if before:
            mark(before)
        result = wrapped(*args, **kwargs)
        if after:
            mark(after)
        return result

    setattr(owner, name, timed)


def main() -> None:
    out, argv = sys.argv[1], sys.argv[2:]
    from app import __main__ as command

    mark("import the command's entry (app.__main__)")
    from app.board import render

    mark("import the render module (core.board.problems: dataclasses, hexgrid, serial)")

    def application() -> None:
        wrapped()
        mark("import PySide6 and QtWidgets, make the application")
        from app.board.scene import StarMapScene

        around(
            StarMapScene,
            "__init__",
            "import the map's drawing (Qt's enums, app.board)",
            "build the scene (fonts, items, names placed)",
        )

    wrapped = render._ensure_application
    render._ensure_application = application  # type: ignore[assignment]
    around(
        render,
        "load_starmap",
        "read the arguments, find the map cache (platformdirs)",
        "load the map",
    )
    around(render, "render_image", None, "draw")
    around(render, "write_png", "convert to RGB888", "deflate and write the PNG")
    code = command.main(["render", *argv])
    mark("free the picture, print")
    with open(out, "w", encoding="utf-8") as f:
        json.dump([(step, t) for step, t in MARKS], f)
    raise SystemExit(code)


if __name__ == "__main__":
    main()
