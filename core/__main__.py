"""``python -m core``: see :mod:`core.cli.main`."""

from core.cli.main import main

raise SystemExit(main())
