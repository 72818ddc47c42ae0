"""The version and source revision of this Ecliptic, read on demand:
``importlib.metadata`` takes a noticeable part of start-up, and only --version,
--self-test, the About box and the campaign log need them.

A bundle built by ``packaging/build.py`` carries ``resources/build-info.json`` with
both; a source checkout asks git for its revision; a plain install knows its version
only."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from core.files.resources import ROOT

BUILD_INFO = ROOT / "build-info.json"


def _build_info() -> dict[str, str]:
    try:
        data = json.loads(BUILD_INFO.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)}


@cache
def application_version() -> str:
    """The version of Ecliptic: the bundle's, else the installed distribution's."""
    built = _build_info().get("version")
    if built:
        return built
    from importlib import metadata

    try:
        return metadata.version("ecliptic")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


@cache
def source_revision() -> str:
    """The commit this program was built from ("+dirty" when it had changes), or
    "unknown" when neither the bundle nor a git checkout says."""
    built = _build_info().get("revision")
    if built:
        return built
    checkout = ROOT.parent
    if not (checkout / ".git").exists():
        return "unknown"
    command = ["git", "-C", str(checkout), "describe", "--always", "--dirty=+dirty", "--abbrev=10"]
    import subprocess  # here: every start imports this module, few ask the revision

    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def version_text() -> str:
    """One line for --version and the About box: "Ecliptic 0.1.0 (revision 1a2b3c4d5e)"."""
    return f"Ecliptic {application_version()} (revision {source_revision()})"


def write_build_info(target: Path, version: str, revision: str) -> None:
    """What ``packaging/build.py`` puts in a bundle, so it knows itself without git."""
    target.write_text(json.dumps({"version": version, "revision": revision}) + "\n", "utf-8")


class VersionAction(argparse.Action):
    """``--version`` for both programs, looking the version up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(version_text())
        parser.exit()
