"""Fog of war: each side's view holds only what that side may see."""

from __future__ import annotations

from dataclasses import replace

from core.engine.play import OrderSealed, view
from core.rules.squadrons.commands import BeginJump, Fire
from core.rules.squadrons.events import Arrived, Told, for_side
from core.rules.squadrons.secrets import readable
from core.rules.squadrons.state import Jump, Veil

from .helpers import IMP, ZHO, at, end_step, hx, new_game, play, squadron, to_step

SHIP = dict(jump=3, maneuver=3, sensor=2, attack=5, attack_range=2, defense=2)


def scene():
    return new_game(
        squadron("open", IMP, at("Marlow", "0505"), **SHIP, fuel=3),
        squadron("hid", IMP, at("Marlow", "0808"), **SHIP),
        squadron("far", IMP, at("Tessaly", "0505"), **SHIP),
        squadron("z", ZHO, at("Marlow", "1515"), **SHIP),
        veils=(
            Veil("?1", IMP, "Marlow", hx("Marlow", "0808")),
            Veil("?2", IMP, "Marlow", hx("Marlow", "0808")),
            Veil("?3", IMP, "Tessaly", None),
        ),
    )


def ids(state) -> set[str]:
    return {c.id for c in state.counters}


def test_a_side_sees_all_its_own_counters_and_question_marks() -> None:
    mine = view(scene(), "ann")
    assert ids(mine) == {"open", "hid", "far", "z"}
    assert [v.id for v in mine.veils] == ["?1", "?2", "?3"]


def test_the_enemy_sees_a_stack_under_a_question_mark_only_as_one_question_mark() -> None:
    theirs = view(scene(), "zed")
    assert "hid" not in ids(theirs) and "open" in ids(theirs)
    assert [v.id for v in theirs.veils if v.hex is not None] == ["?1"]  # "?2" hidden under "?1"


def test_a_jump_board_question_mark_hides_a_sides_whole_presence_in_that_system() -> None:
    theirs = view(scene(), "zed")
    assert "far" not in ids(theirs)
    assert [v.id for v in theirs.veils if v.hex is None] == ["?3"]


def test_jump_destinations_are_hidden_from_the_other_side() -> None:
    state, events = play(scene(), BeginJump("ann", "open", "Dunmore", hx("Dunmore", "0303")))
    assert view(state, "zed").counter("open").jump is None
    assert view(state, "ann").counter("open").jump is not None
    assert for_side(events, ZHO) == [] and isinstance(for_side(events, IMP)[0], Told)
    state, _ = to_step(state, "place")
    mine, theirs = view(state, "ann").counter("open"), view(state, "zed").counter("open")
    assert mine.transit.destination == "Dunmore" and mine.transit.day == 1
    assert theirs.transit.destination == "" and theirs.transit.origin == ""
    assert theirs.transit.day == 1  # the days to arrival are seen, not where


def test_sealed_fire_orders_are_not_seen_by_the_other_side() -> None:
    state = new_game(
        squadron("a", IMP, at("Marlow", "0505"), **SHIP),
        squadron("z", ZHO, at("Marlow", "0506"), **SHIP),
    )
    state, _ = to_step(state, "fire-1")
    state, _ = play(state, Fire("ann", "a", "z"))
    assert view(state, "zed").sealed == () and len(view(state, "ann").sealed) == 1
    state, _ = end_step(state)
    assert state.counter("z").hits == 5


def test_an_onlooker_sees_only_what_neither_side_hides() -> None:
    seen = view(scene(), "nobody")
    assert ids(seen) == {"open", "z"}


def test_what_the_enemy_cannot_see_happening_is_told_to_its_own_side_only() -> None:
    state = new_game(
        squadron("s", IMP, None, **SHIP),
        squadron("z", ZHO, at("Marlow", "1515"), **SHIP),
        veils=(Veil("?1", IMP, "Tessaly", None),),
    )
    arriving = Jump("Marlow", "Tessaly", hx("Tessaly", "0303"), 2, day=6)
    state = state.with_counter(replace(state.counter("s"), transit=arriving))
    state, events = to_step(state, "place")
    assert state.counter("s").place == at("Tessaly", "0303")
    assert not any("arrives" in e.text for e in for_side(events, ZHO))
    assert any("arrives" in e.text for e in for_side(events, IMP))
    assert not any(isinstance(e, Arrived) for e in events)


def test_the_other_sides_sealed_fire_order_is_not_announced_to_a_side() -> None:
    """A note that the other side sealed a fire order would tell that it had something
    in range: each side reads only its own (hot-seat log and player files alike)."""
    state = new_game()
    imperial = next(p for p in state.players if p.side == IMP)
    zhodani = next(p for p in state.players if p.side == ZHO)
    note = OrderSealed("an order is sealed until everyone has ended the phase", imperial.id)
    sides = {p.id: p.side for p in state.players}
    assert for_side([note], IMP, sides) == [note] and for_side([note], ZHO, sides) == []
    assert readable(state, imperial.id, note) and not readable(state, zhodani.id, note)
