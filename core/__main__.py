"""``python -m core``: see :mod:`core.cli`."""

from core.cli import main

raise SystemExit(main())
