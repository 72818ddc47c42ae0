"""What a phase offers the player a game waits for, besides ending it: the answer that
decides whether the game stops for them or the phase passes by itself
(:mod:`core.vector.idle`), and the words the window's turn bar shows. Kept apart so the
window can name it at start-up without loading the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["nothing", "optional", "action"]


@dataclass(frozen=True)
class Work:
    """``"nothing"``, ``"optional"`` extras (which a player may choose to pass by too)
    or an ``"action"`` the phase is for; ``what`` says it, or why there is nothing, in
    the players' words."""

    level: Level
    what: str = ""
