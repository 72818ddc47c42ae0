"""System III Void as a rule system, for its strategic and tactical rulesets.

Minimal for now: the rulesets' movement (plotting from the astrogation phase, high
acceleration and its cooldown), rotating turns and the scenario's victory conditions,
with none of Interplanetary's combat. Encounters (a strategic meeting opening a tactical
battle as a game of its own) and Void's weapons come with the System III Void issue.
"""

from __future__ import annotations

from core.files.ruleset import KNOWN_SWITCHES
from core.files.rulesets import load_ruleset
from core.rules.void import engagement as engagement  # its events load with the system
from core.rules.void.sections import SECTIONS
from core.vector.game import VectorSystem

SYSTEM = VectorSystem(
    "void",
    "System III Void",
    switches={"hexside_entered": KNOWN_SWITCHES["hexside_entered"]},
    load_rules=load_ruleset,
    ruleset_sections=SECTIONS,
)
