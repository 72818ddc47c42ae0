"""Start the Ecliptic desktop application: ``python -m app [FILE]`` or ``ecliptic [FILE]``,
where FILE is a campaign, a map or a scenario.

``python -m app render FILE OUT.png [--size WxH] [--labels]`` draws a map (or a
scenario's map, or a Tiled map) to a PNG instead, with no window and no display needed;
``python -m app export-sheet DESIGN OUT.pdf|OUT.png`` writes a ship's manifest sheet;
``python -m app prepare`` checks the built-in map and caches it (``make run`` does this
after installing, so that the first start is as quick as the later ones).
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from PySide6.QtCore import QObject, QSettings
    from PySide6.QtWidgets import QApplication

    from app.shell.main_window import MainWindow

#: set (to anything) to end the app once the map is first painted: how benchmarks time
#: a start-up, installed or from source, as a whole process
QUIT_AFTER_PAINT = "ECLIPTIC_QUIT_AFTER_PAINT"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    # here, not with the module: ``render`` and ``export-sheet`` parse their own
    import argparse

    from app.shell.version import VersionAction

    parser = argparse.ArgumentParser(
        prog="ecliptic",
        description="Editor and campaign manager for Triplanetary-family vector space games.",
    )
    parser.add_argument("--version", action=VersionAction)
    parser.add_argument(
        "--self-test",
        nargs="?",
        const="",
        metavar="PNG",
        help="check this installation: open the window offscreen, play a round of "
        "Training, draw it (to PNG if given), and exit 0 if all went well",
    )
    parser.add_argument(
        "map", nargs="?", type=Path, help="campaign (.ecliptic), map or scenario (.toml) to open"
    )
    parser.epilog = (
        "To draw a map to a PNG without a window: ecliptic render FILE OUT.png "
        "[--size WxH] [--labels] (ecliptic render --help for more). To write a ship's "
        "manifest sheet: ecliptic export-sheet DESIGN OUT.pdf (or OUT.png)."
    )
    return parser.parse_args(argv)


def render(argv: Sequence[str]) -> int:
    """``render FILE OUT.png ...``: no display needed, so no preflight and Qt offscreen.

    A one-shot command: it ends right after the picture, so the collector is paused
    throughout, what it made is then moved to the oldest generation (else the collector,
    back on, walks all of it at once: 5 ms of the built-in map's 0.2 s), and all that is
    left is frozen when the program exits (the collections Python runs while it shuts
    down would otherwise walk every Qt type and module for nothing: 13 ms)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import atexit

    from core.engine.gcpause import gc_paused

    atexit.unregister(gc.freeze)  # once, however often it is called in one process
    atexit.register(gc.freeze)
    with gc_paused():
        from app.board.render import main as render_main

        code = render_main(argv, prog="ecliptic render")
        gc.freeze()  # everything to the permanent generation...
        gc.unfreeze()  # ...and back into the oldest, which is collected only now and then
    return code


def export_sheet(argv: Sequence[str]) -> int:
    """``export-sheet DESIGN OUT.pdf``: like ``render``, no preflight and Qt offscreen."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.rules.interplanetary.manifest.export import main as export_main

    return export_main(argv, prog="ecliptic export-sheet")


def prepare() -> int:
    """``prepare``: check the built-in map once and keep it in the map cache, as the
    window's first start would (no Qt, no display needed)."""
    from app.campaign.paths import map_cache_dir
    from core.board.problems import FileProblems
    from core.files.resources import SOLAR_SYSTEM_MAP
    from core.scenario.documents import load_document

    try:
        load_document(SOLAR_SYSTEM_MAP, cache=map_cache_dir())
    except FileProblems as exc:
        print(f"ecliptic prepare: the built-in map has problems: {exc}", file=sys.stderr)
        return 1
    return 0


def start_window(
    path: Path | None = None, settings: QSettings | None = None
) -> tuple[QApplication, MainWindow]:
    """Import Qt and the window, make the application and show the window (the event
    loop then paints it; without ``path``, the window finishes building right after
    its first frame, see :meth:`MainWindow.finish_after_first_paint`). The garbage
    collector stays paused until the event loop runs (see
    :func:`core.engine.gcpause.gc_paused`: start-up makes tens of thousands of objects
    that live as long as the program). ImportError when PySide6 cannot be loaded."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        from PySide6.QtCore import QTimer
        from PySide6.QtGui import QIcon
        from PySide6.QtWidgets import QApplication

        from app.shell.main_window import MainWindow
        from core.files.resources import resource_path

        existing = QApplication.instance()
        app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
        app.setApplicationName("Ecliptic")
        app.setOrganizationName("Ecliptic")
        # the installed desktop entry's name, so that desktops match the window to it
        app.setDesktopFileName("org.ecliptic.Ecliptic")
        app.setWindowIcon(QIcon(str(resource_path("icons", "ecliptic.svg"))))
        # A plain start paints the map first and builds the game panels right after.
        window = MainWindow(path=path, settings=settings, paint_first=path is None)
        requests: list[QObject] = []
        if sys.platform == "darwin":  # the one desktop sending files to open as events
            from app.shell.files import OpenRequests

            # An application-wide filter sees every event of every object: only where
            # it has something to catch.
            window.open_requests = OpenRequests(window)  # kept as long as the window
            app.installEventFilter(window.open_requests)
            requests.append(app)
        window.show()
        window.finish_after_first_paint(also_watch=requests)  # sees a file-open first
    except BaseException:
        if was_on:
            gc.enable()
        raise
    if was_on:
        QTimer.singleShot(0, gc.enable)  # once the event loop runs
    return app, window


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["prepare"]:
        return prepare()
    if arguments[:1] == ["render"]:
        return render(arguments[1:])
    if arguments[:1] == ["export-sheet"]:
        return export_sheet(arguments[1:])
    args = parse_args(arguments)
    if args.self_test is not None:
        from app.selftest import run

        return run(Path(args.self_test) if args.self_test else None)
    from app import preflight  # not on the render and export-sheet paths

    # Qt aborts the whole process when it cannot open a display or load the xcb
    # plugin, so check before PySide6 is imported and explain what to install.
    problems = preflight.check_display()
    if problems:
        preflight.report(problems)
        return 1
    try:
        app, _window = start_window(args.map)
    except ImportError as error:
        preflight.report([preflight.problem_from_import_error(error)])
        return 1
    if os.environ.get(QUIT_AFTER_PAINT):
        from app.shell.startprobe import quit_after_first_paint

        quit_after_first_paint(_window.map_view.viewport())
    # Let Ctrl+C in the terminal (e.g. during `make run`) end the app; Qt's event loop
    # would otherwise keep Python's KeyboardInterrupt from ever being raised.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    return app.exec()


#: commands that end as soon as their file is written: nothing is left to tidy, so the
#: process ends without Python's and Qt's teardown (about 8 ms of a 0.18 s render)
ONE_SHOT = ("render", "prepare")


def run() -> None:
    """The program's entry (``python -m app`` and the ``ecliptic`` script): :func:`main`,
    then a one-shot command's process ends at once (its output is already written and
    closed, and the streams are flushed here)."""
    code = main()
    if sys.argv[1:2] and sys.argv[1] in ONE_SHOT:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    raise SystemExit(code)


if __name__ == "__main__":
    run()
