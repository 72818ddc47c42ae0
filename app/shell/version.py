"""The installed version, read on demand: ``importlib.metadata`` takes a noticeable
part of startup, and only --version and the About box need it."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any


def application_version() -> str:
    """The installed version of the ``ecliptic`` distribution."""
    from importlib import metadata

    try:
        return metadata.version("ecliptic")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


class VersionAction(argparse.Action):
    """``--version`` that looks the version up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(f"Ecliptic {application_version()}")
        parser.exit()
