"""The bundled ``ecliptic-core`` program: the command line (see core/cli/main.py)."""

from core.cli.main import main

raise SystemExit(main())
