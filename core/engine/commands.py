"""Commands: what players ask the engine to do. Typed, frozen, serialisable values.

A campaign stores these in its log; replaying them through :func:`core.engine.play.apply`
from the starting state rebuilds every later state exactly. The commands every rule system
shares are here; each system adds its own (course orders live in :mod:`core.vector.orders`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.serial import register


@register
@dataclass(frozen=True)
class Command:
    player: str


@register
@dataclass(frozen=True)
class EndPhase(Command):
    """The player is done with the current phase."""
