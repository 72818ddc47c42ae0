"""Where the data Ecliptic ships lives: ``resources/`` beside the packages."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "resources"
SOLAR_SYSTEM_MAP = ROOT / "maps" / "solar-system.toml"


def resource_path(*parts: str) -> Path:
    return ROOT.joinpath(*parts)
