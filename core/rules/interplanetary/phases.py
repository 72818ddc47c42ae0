"""What players call Interplanetary's phases, where the ruleset's phase id says otherwise.

The ruleset names the phase in which guns fire ``guns`` (its id in files and saved
games); players speak of "the gun phase". This is the one place that says so: the
engine's log ("Ann's gun phase"), its refusals, and the window's turn bar, primary button
and help all take the word from here.
"""

from __future__ import annotations

#: phase id -> the players' word for it, where they differ
PHASE_WORDS = {"guns": "gun"}


def phase_word(phase: str) -> str:
    """The players' word for ``phase`` (lower case, as in "the gun phase")."""
    return PHASE_WORDS.get(phase, phase)
