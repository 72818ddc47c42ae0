"""Placing a hit on the defender's manifest sheet: the allocation dialog, with the
suggested placement and the engine's own check of each placement the player tries.
Loaded when a hit is placed by hand (see the Combat panel)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from app.rules.interplanetary.manifest.allocation import AllocationDialog
from core.rules.interplanetary.aid.carried import manifest_or_empty
from core.rules.interplanetary.aid.damage import Allocation
from core.rules.interplanetary.aid.playaid import PlayAid
from core.rules.interplanetary.combat.attack import PendingHit
from core.rules.interplanetary.combat.systems import movable, place_hit, suggest
from core.vector.state import GameState


def ask_placement(
    state: GameState, aid: PlayAid, hit: PendingHit, parent: QWidget
) -> Allocation | None:
    """The placement the defender chose for ``hit`` on its ship's sheet, or None if
    they cancelled."""
    ship = state.ship(hit.ship)
    spread = hit.spread
    dialog = AllocationDialog(
        aid,
        ship.name,
        manifest_or_empty(aid, ship),
        ship.fuel,
        hit.role,
        hit.amount,
        suggest(state, ship, hit.role, hit.amount, spread=spread),
        parent,
        check=lambda a: place_hit(state, ship, hit.role, hit.amount, a, spread=spread),
        movable=movable(state, ship, hit.role, hit.amount, spread=spread),
    )
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.allocation()
