"""Nested games: a moment of one game that opens a game of another scale, and the result
that comes back.

System III Void plays the solar system at strategic scale; when ships meet, a tactical
battle is fought as a game of its own (another ruleset, map and scale), and its result
is fed back into the strategic game. The engine knows only the shapes here: a rule
system says "this moment opens a game" with an :class:`Encounter`, the campaign opens the
child game and keeps the parent frozen until the child ends, then plays :class:`Resume`
in the parent with the child's :class:`Outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.engine.commands import Command
from core.engine.serial import register


@register
@dataclass(frozen=True)
class Encounter:
    """A game to open inside the current one.

    ``system`` and ``ruleset`` name the child game's rules, ``scale`` its scale
    ("tactical"), ``seats`` the players (ids of the parent game) who play it, and
    ``setup`` whatever the child system's start needs (a map, the ships and where they
    stand), as a serialisable value the child system understands.
    """

    system: str
    ruleset: str
    scale: str
    title: str
    seats: tuple[str, ...]
    setup: Any = None


@register
@dataclass(frozen=True)
class Outcome:
    """What a finished child game gives back: who won (none: a draw or nobody left), the
    reason in players' words, and the system's own details (the ships that survived and
    their damage...), serialisable."""

    winners: tuple[str, ...]
    text: str
    details: Any = None


@register
@dataclass(frozen=True)
class Resume(Command):
    """Played in the parent game when its child game has ended: the result comes back.
    Only the campaign plays it, for the player whose decision opened the encounter."""

    outcome: Outcome
