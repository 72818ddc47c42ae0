"""The strategic game's work between turns: a disabled ship's count goes down as its
owner's turn ends (standard Triplanetary), and the turn's engagements are forgotten when
the round ends (a following player may attack the same hex only in the same turn)."""

from __future__ import annotations

from dataclasses import replace

from core.engine.events import Event
from core.rules.void.said import Said
from core.rules.void.terms import is_strategic, terms_of, with_terms
from core.vector.state import GameState


def turn_end(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    if not is_strategic(state):
        return state, []
    events: list[Event] = []
    for ship in state.ships:
        if ship.disabled_for > 0 and ship.in_play and player in (None, ship.owner):
            left = ship.disabled_for - 1
            state = state.with_ship(replace(ship, disabled_for=left, disabled=left > 0))
            if left == 0:
                events.append(Said(f"{ship.name} is no longer disabled"))
    return state, events


def round_end(state: GameState, player: str | None) -> tuple[GameState, list[Event]]:
    terms = terms_of(state)
    if not is_strategic(state) or not terms.fought:
        return state, []
    return with_terms(state, replace(terms, fought=())), []
