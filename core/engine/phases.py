"""Phases of a turn as the engine sees them: who acts in each, and whether orders are
sealed.

A rule system describes its turn as a sequence of :class:`Phase` values. The engine needs
no more than this to know whom it waits for: in a rotating turn one player acts
(``active``), in a side's turn everyone of that side (``side``), in a simultaneous phase
everyone (``everyone``), and some phases only resolve (``nobody``). A *sealed* phase keeps
each player's orders out of the state, and out of the other players' sight, until all are
in; the rule system then resolves them together, so the order in which they arrived cannot
matter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from core.engine.serial import register

#: who may give orders in a phase
Acts = Literal["active", "side", "everyone", "nobody"]


@register
@dataclass(frozen=True)
class Phase:
    """One phase of a turn. ``name`` is the players' word for it ("astrogation")."""

    name: str
    acts: Acts = "active"
    #: orders given in this phase are kept unseen and resolved together when it ends
    sealed: bool = False

    def __post_init__(self) -> None:
        if self.sealed and self.acts not in ("everyone", "side"):
            raise ValueError(f"phase {self.name!r}: only a phase several players act in is sealed")
