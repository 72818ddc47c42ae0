"""Typed errors for commands the rules do not allow, each saying why in players' words,
and for names a ruleset does not have."""

from __future__ import annotations


class IllegalCommand(ValueError):
    """The command breaks a rule; the message says which, as a player would put it."""


class GameOver(IllegalCommand):
    """The game has ended; nothing more can be done in it."""


class NotYourTurn(IllegalCommand):
    """Another player is to act now."""


class WrongPhase(IllegalCommand):
    """The command belongs to another phase of the turn."""


class UnknownShip(IllegalCommand):
    """No ship has that id, or it belongs to someone else."""


class UnknownName(KeyError):
    """A lookup in a ruleset found nothing by that name; the message says what is missing."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
