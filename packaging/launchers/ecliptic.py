"""The bundled program. Called ``ecliptic`` it is the desktop app (app/__main__.py);
called ``ecliptic-core`` (on Linux and macOS a symbolic link to it) it is the command
line (core/cli/main.py). One program for both keeps the bundle small."""

import sys
from pathlib import Path

if Path(sys.argv[0]).name.lower().startswith("ecliptic-core"):
    from core.cli.main import main

    raise SystemExit(main())

from app.__main__ import run

run()
