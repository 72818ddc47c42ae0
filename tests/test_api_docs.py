"""docs/api.md: every example in the guide to the Python API runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def test_the_api_guide_examples_run_as_written() -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=flags)
    assert result.failed == 0
    assert result.attempted >= 50  # the examples were found, not skipped
