"""What the player at the table could order in the current phase, in words, for the
turn bar. Who is asked at all is the rule system's (:mod:`core.rules.nplanetary.asked`):
a player with nothing they could order is not, and a phase nobody can act in passes by
itself, so the session only ever stops for a player who can act."""

from __future__ import annotations

from core.engine.play import current_phase
from core.rules.nplanetary.asked import IDLE, able
from core.vector.state import GameState

WORDS = {
    "ordnance": "release ordnance (Orders dock)",
    "combat": "attack, with the odds shown first (Orders dock)",
    "movement": "plot courses, or land or dock (Orders dock)",
    "development": "buy or deploy (Cargo & Economy dock)",
    "logistics": "transfer cargo and fuel (Cargo & Economy dock)",
}


def what_to_order(state: GameState, player: str) -> str:
    """What ``player`` could order now, in words; "" when nothing."""
    if not able(state, player):
        return ""
    return WORDS.get(current_phase(state), "give your orders, then end the phase")


def why_idle(state: GameState) -> str:
    return IDLE
