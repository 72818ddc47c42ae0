"""A Void event that is only a sentence in players' words ("Doctrine stops 1 of 2"), of
a registered type of its own so it is saved with the game and read back (the engine's
bare ``Event`` is not a saved type), and listed for its readers in the views."""

from __future__ import annotations

from core.engine.events import Event, event


@event
class Said(Event):
    """Something that happened in the open, said to every player."""
