"""NPlanetary as a rule system: the vector games' movement, every phase in sealed orders.

Minimal for now: its ruleset's movement, simultaneous turn and the scenario's victory
conditions, with none of Interplanetary's combat. Every player's orders of a phase are
kept sealed until all have ended it, then resolved together (:mod:`core.engine.play`).
Its own orders, combat, ordnance and economy come with the NPlanetary issue.
"""

from __future__ import annotations

from core.files.ruleset import KNOWN_SWITCHES
from core.files.rulesets import load_ruleset
from core.vector.game import VectorSystem

SYSTEM = VectorSystem(
    "nplanetary",
    "NPlanetary",
    switches={"hexside_entered": KNOWN_SWITCHES["hexside_entered"]},
    load_rules=load_ruleset,
)
