"""Seed "Torpedoes", guidance kept secret: the map draws a group's plotted burn from the
view of the player on show, which holds the burn for the group's owner alone; another
player's view, scanned or not, draws the group's tag and no course."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF

from app.rules.void.map_pieces import torpedo_items
from app.vector.overlay import ROLE_KEY
from core.board.hexgrid import Direction, Hex
from core.engine.play import apply, view
from core.rules.void.tactical.terms import terms, with_terms
from core.rules.void.tactical.torpedoes import GuideTorpedoes, LaunchTorpedoes
from core.vector.state import GameState
from tests.app.acceptance.void_clouds import clouds, to_phase


def guided() -> GameState:
    state = clouds(9)
    bob = state.ship("bastet").owner
    state = to_phase(state, bob, "ordnance")
    state, _ = apply(state, LaunchTorpedoes(bob, "bastet", "doctrine", 2))
    (group,) = terms(state).torpedoes
    state, _ = apply(state, GuideTorpedoes(bob, group.id, (Direction(0), Direction(1))))
    return state


def roles(state: GameState) -> list[str]:
    def centre(h: Hex) -> QPointF:
        return QPointF(h.q * 10.0, h.r * 10.0)

    return [item.data(ROLE_KEY) for item in torpedo_items(state, centre)]


def test_torpedo_guidance_is_drawn_for_its_owner_and_hidden_from_the_other_side() -> None:
    state = guided()
    bob = state.ship("bastet").owner
    ann = state.ship("doctrine").owner
    assert roles(view(state, bob)) == ["torpedoes", "torpedo plan"]
    assert roles(view(state, ann)) == ["torpedoes"]
    now = terms(state)
    scanned = replace(now.torpedoes[0], revealed=frozenset({state.ship("doctrine").side}))
    state = with_terms(state, replace(now, torpedoes=(scanned,)))
    assert roles(view(state, ann)) == ["torpedoes"]  # a scan tells the target, not the burn
