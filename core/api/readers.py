"""Reading a game: where pieces are, how they move, their fuel and damage, the events.

Pieces are named by id, ships and launched weapons alike; hexes come back as the map's
labels ("0405"), the way players and other implementations' tests write them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from core.api.hexes import label
from core.board.hexgrid import Hex, Vector
from core.engine.events import Event
from core.engine.play import active_player, current_phase, waiting_for
from core.rules.interplanetary.aid.carried import manifest_of
from core.vector.motion import Motion
from core.vector.state import GameState


def motion(state: GameState, piece: str) -> Motion:
    """The motion of ship or launched weapon ``piece`` (``KeyError``: no such piece)."""
    for s in state.ships:
        if s.id == piece:
            return s.motion
    return state.piece(piece).motion


def where(state: GameState, piece: str) -> str:
    """The label of the hex ``piece`` is in (a destroyed ship: where it was lost)."""
    return label(state, motion(state, piece).position)


def velocity(state: GameState, piece: str) -> Vector:
    """Its vector, axial ``(dq, dr)``: last turn's move."""
    return motion(state, piece).velocity


def next_end(state: GameState, piece: str) -> str:
    """Where it ends next turn coasting, before gravity: its hex plus its vector."""
    m = motion(state, piece)
    return label(state, Hex(m.position.q + m.velocity.q, m.position.r + m.velocity.r))


def fuel(state: GameState, ship: str) -> Fraction:
    return state.ship(ship).fuel


def status(state: GameState, ship: str) -> str:
    """``"active"``, ``"landed"``, ``"destroyed"`` or ``"off map"``; ``"disabled"`` for
    an active ship that is disabled."""
    s = state.ship(ship)
    return "disabled" if s.disabled and s.in_play else s.status.value


def damage(state: GameState, ship: str) -> dict[str, tuple[int, ...]]:
    """Checked damage circles by subsystem role (empty: undamaged)."""
    m = manifest_of(state.ship(ship))
    return {} if m is None else dict(m.damage)


def in_flight(state: GameState) -> dict[str, str]:
    """Every launched weapon in play and the label of its hex."""
    return {o.id: label(state, o.motion.position) for o in state.ordnance}


def phase(state: GameState) -> str:
    return current_phase(state)


def turn(state: GameState) -> str | None:
    """Whose turn it is, by id (None: everyone orders at once)."""
    p = active_player(state)
    return None if p is None else p.id


def waiting(state: GameState) -> list[str]:
    """The ids of the players who must act now (a decision waiting comes first)."""
    return [p.id for p in waiting_for(state)]


def events_text(events: Iterable[Event]) -> list[str]:
    """What happened, in players' words, one line an event."""
    return [e.text for e in events]
