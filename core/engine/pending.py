"""Decisions a game waits for before it goes on.

Combat interrupts the turn order: a hit is placed by the *defender* (seed "Ship
subsystems"), a gun attack may be answered by the target's guns, a missile's owner
chooses whether it strikes. Each such decision is a :class:`Pending` item in the state;
while any is waiting, only its player may act, and only with a command the rule system
lists among its ``answers`` (:class:`core.engine.system.RuleSystem`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.serial import register


@register
@dataclass(frozen=True)
class Pending:
    """A decision ``player`` must make about ``ship`` before the game goes on: placing a
    hit's damage, answering an attack... Each rule system subclasses it."""

    player: str
    ship: str

    def prompt(self) -> str:
        """What is asked, in players' words."""
        return "a decision"
