"""Where the data Ecliptic ships lives: ``resources/`` and ``scenarios/`` beside the
packages."""

from __future__ import annotations

from pathlib import Path

from core.files.references import inside

ROOT = Path(__file__).resolve().parents[2] / "resources"
SOLAR_SYSTEM_MAP = ROOT / "maps" / "solar-system.toml"
#: the built-in scenarios, one TOML file each
SCENARIOS = ROOT.parent / "scenarios"


def resource_path(*parts: str) -> Path:
    return ROOT.joinpath(*parts)


def map_path(name: str, relative_to: Path) -> Path:
    """A map named in a file: a built-in map's name (``"solar-system"``), or else a path
    relative to the folder ``relative_to`` of the file that names it, which must stay
    inside that folder and name an ordinary file (else FileProblems says why)."""
    if "/" not in name and "\\" not in name and name in builtin_maps():
        return resource_path("maps", f"{name}.toml")
    return inside(name, relative_to)


def builtin_maps() -> frozenset[str]:
    """The names of the maps Ecliptic ships."""
    return frozenset(p.stem for p in resource_path("maps").glob("*.toml"))
