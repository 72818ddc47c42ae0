"""The course preview's warnings of ordnance (seed "Ordnance": a piece attacks what comes
within half a hex of it; its launcher is spared on its first turn only): the plotter
asks the engine's own flight of each course it offers."""

from __future__ import annotations

from dataclasses import replace

from core.rules.nplanetary.ordnance_flight import OrdnanceMet, after_move
from core.rules.nplanetary.ordnance_threats import watch
from core.vector.preview import preview
from tests.core.rules.nplanetary.fire_helpers import position


def _warnings(state, ship: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    shown = preview(state, ship)
    return {
        f"{o.result.tip.q},{o.result.tip.r}": [w.reason for w in o.weapons] for o in shown.options
    }


def test_ordnance_a_course_comes_within_half_a_hex_of_is_a_warning_in_the_preview() -> None:
    state = position(
        "movement",
        "ship d1 a frigate at 5,5 fuel 10",
        "ordnance t1 b torpedo at 7,5 velocity -2,0",
    )
    shown = _warnings(state, "d1")
    assert any("attack it" in w for w in shown["5,5"])  # staying put: it flies into d1
    _, events = after_move(state, state)  # and the move agrees: d1 stays, and is met
    assert any(isinstance(e, OrdnanceMet) and e.target == "d1" for e in events)
    assert shown["4,6"] == []  # a burn out of its line: it passes more than half a hex off
    # the plotter asks the same question as the move: no warning without ordnance
    assert (
        watch(replace(state, ordnance=()), state.ship("d1"))(preview(state, "d1").options[0].result)
        == ()
    )


def test_ordnance_spares_its_launcher_on_its_first_turn_but_warns_of_the_next() -> None:
    state = position(
        "movement",
        "ship d1 a frigate at 5,5 fuel 10",
        "ordnance t1 a torpedo at 5,5 velocity 0,0 launcher d1 fresh",
    )
    shown = _warnings(state, "d1")
    assert any("next turn" in w for w in shown["5,5"]), shown["5,5"]  # coasting beside it
    moved = [w for tip, ws in shown.items() if tip != "5,5" for w in ws]
    assert moved == []  # any burn leaves it behind: spared now, apart next turn
