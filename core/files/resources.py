"""Where the data Ecliptic ships lives: ``resources/`` and ``scenarios/`` beside the
packages."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "resources"
SOLAR_SYSTEM_MAP = ROOT / "maps" / "solar-system.toml"
#: the built-in scenarios, one TOML file each
SCENARIOS = ROOT.parent / "scenarios"


def resource_path(*parts: str) -> Path:
    return ROOT.joinpath(*parts)


def map_path(name: str, relative_to: Path) -> Path:
    """A map named in a file: a built-in map's name (``"solar-system"``), or else a path
    relative to the folder ``relative_to`` of the file that names it."""
    builtin = resource_path("maps", f"{name}.toml")
    if "/" not in name and "\\" not in name and builtin.is_file():
        return builtin
    return relative_to / name
