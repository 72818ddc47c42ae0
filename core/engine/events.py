"""Events: what the engine says happened, each carrying its reason in players' words.

Every event is a frozen dataclass with a ``text`` the log shows as is ("Entered Venus
gravity: vector shifts 1 hex N next turn"). Subclasses add typed fields the interface
uses to draw (hexes, ships, dice); all are registered for saving and replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

from core.engine.serial import register

T = TypeVar("T", bound=type)


@dataclass(frozen=True)
class Event:
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass_transform(frozen_default=True)
def event(cls: T) -> T:
    """Declare an event type: frozen dataclass, registered for serialisation."""
    register(dataclass(frozen=True)(cls))
    return cls


@event
class PhasePassed(Event):
    """A phase the interface ended for ``player`` because it offered them nothing they
    chose to stop for; the text says why ("no gun has a target in reach")."""

    phase: str
    player: str
