"""A launched weapon in flight shows its vector for next turn as a ship does: an arrow
from its hex to where the state says it will be, gone with the weapon. Played through
the window in the acceptance duel (a missile launched with thrust)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem
from pytestqt.qtbot import QtBot

from app.vector.pieces import ORDNANCE_KEY, Z_ORDNANCE_VECTOR
from tests.app.acceptance.test_duel import launch, play_a_step, start
from tests.app.acceptance.user import Player
from tests.app.play.test_no_ghost_counters import path_end


def next_turn_vectors(you: Player) -> dict[str, QGraphicsItem]:
    scene = you.win.map_view.scene()
    found = {
        i.data(ORDNANCE_KEY): i
        for i in scene.items()
        if i.zValue() == Z_ORDNANCE_VECTOR and i.data(ORDNANCE_KEY) is not None
    }
    assert len(found) == len([i for i in scene.items() if i.zValue() == Z_ORDNANCE_VECTOR]), (
        "one vector a weapon"
    )
    return found


def assert_vectors_are_the_state(you: Player) -> None:
    """Each weapon in flight with a speed has one next-turn vector ending at its
    position plus its velocity; nothing else has one."""
    assert you.win.session is not None and you.win.scene is not None
    state = you.win.session.state
    moving = {p.id: p for p in state.ordnance if p.motion.velocity.speed}
    drawn = next_turn_vectors(you)
    assert sorted(drawn) == sorted(moving)
    for piece_id, item in drawn.items():
        piece = moving[piece_id]
        assert isinstance(item, QGraphicsPathItem)
        centre = you.win.scene.centre_of
        assert path_end(item) == centre(piece.motion.position + piece.motion.velocity)
        first = item.path().elementAt(0)
        assert QPointF(first.x, first.y) == centre(piece.motion.position)


def test_a_launched_missile_shows_its_next_turn_vector_until_it_is_gone(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = start(qtbot, tmp_path)
    assert not next_turn_vectors(you)
    launch(you, "Missile", "2 hexes N")
    you.press("Coast (no burn)")
    assert you.primary() == "Move"
    assert you.win.session is not None
    missiles = [p.id for p in you.win.session.state.ordnance if p.weapon == "missile"]
    assert len(missiles) == 1
    missile = missiles[0]
    assert missile in next_turn_vectors(you), "the missile in flight has its vector"
    assert_vectors_are_the_state(you)

    # play on (the missile may strike, or runs out of turns) until it is gone
    for _ in range(300):
        you.take_seat()
        assert_vectors_are_the_state(you)
        if missile not in {p.id for p in you.win.session.state.ordnance}:
            break
        play_a_step(you)
    else:
        raise AssertionError("the missile never left the map")
    assert missile not in next_turn_vectors(you), "no vector once the missile is gone"
    assert_vectors_are_the_state(you)
