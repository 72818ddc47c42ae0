"""What New Game says of an NPlanetary scenario is what the game starts with: every ship
class its description names is a class of one of its ships (the trial of 2026-11-26 met
The Six Worlds promising a frigate in orbit for every power and starting none)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.files.resources import SCENARIOS
from core.scenario.reader import load_scenario

NPLANETARY = sorted(Path(SCENARIOS).glob("nplanetary-*.toml"))


@pytest.mark.parametrize("path", NPLANETARY, ids=lambda p: p.stem)
def test_scenario_description_names_only_ship_classes_it_starts(path: Path) -> None:
    scenario = load_scenario(path)
    classes = {u.id: u.name.lower() for u in scenario.rules.units}
    started = {classes[s.unit] for s in scenario.ships}
    words = set(re.findall(r"[a-z]+", scenario.description.lower()))
    named = {name for name in classes.values() if name in words or f"{name}s" in words}
    assert named <= started, f"{path.name} names {sorted(named - started)} but starts none"
