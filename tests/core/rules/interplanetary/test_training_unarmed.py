"""Training (seed "Training"): every player flies one unarmed ship. Its ships carry no
gun, no launched weapon and no module, so after lift-off, even side by side, nothing is
offered in the launch or gun phase and a shot is refused; the armed variation keeps its
kit (the scenarios' other ships are not touched)."""

from __future__ import annotations

import pytest

from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import active_player, apply, current_phase
from core.files.resources import SCENARIOS
from core.rules.interplanetary.actions import NOTHING, what_to_do
from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.combat.guns import Fire, targets
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.course_check import launch_hexes
from core.vector.orders import Launch
from core.vector.state import GameState

SEATS = [Seat(n, "#e69f00") for n in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")]


def lifted_off(scenario: str = "training.toml") -> GameState:
    """Two players; each ship lifts off to the same hex of Earth's ring on its turn:
    the second player's gun phase, both ships at rest side by side in space."""
    state, _ = load_scenario(SCENARIOS / scenario).start(SEATS[:2], seed=5, first=0)
    for _ in range(40):
        if current_phase(state) == "guns" and all(s.status.value == "active" for s in state.ships):
            return state
        player = active_player(state)
        assert player is not None
        if current_phase(state) == "astrogation":
            for ship in [s for s in state.ships if s.owner == player.id and launch_hexes(state, s)]:
                to = min(launch_hexes(state, ship), key=lambda h: (h.q, h.r))
                state, _ = apply(state, Launch(player.id, ship.id, to))
        state, _ = apply(state, EndPhase(player.id))
    raise AssertionError("the gun phase with both ships in space never came")


@pytest.mark.parametrize("players", range(1, 7))
def test_training_every_ship_is_unarmed(players: int) -> None:
    state, _ = load_scenario(SCENARIOS / "training.toml").start(SEATS[:players], seed=1)
    aid = play_aid(state)
    for ship in state.ships:
        m = manifest_or_empty(aid, ship)
        assert not any((*m.guns, *m.launchers, *m.systems, *m.single_use)), ship.name


def test_training_unarmed_ships_side_by_side_have_nothing_to_fire_and_the_gun_phase_passes() -> (
    None
):
    state = lifted_off()
    assert current_phase(state) == "guns"
    player = active_player(state)
    assert player is not None
    mine = next(s for s in state.ships if s.owner == player.id)
    other = next(s for s in state.ships if s.owner != player.id)
    assert mine.motion.position == other.motion.position, "side by side, in space"
    assert [t.id for t in targets(state, mine)] == [other.id], "in reach, but no gun"
    assert what_to_do(state) == (NOTHING, "no ship has a gun")
    with pytest.raises(IllegalCommand, match="cannot fire: it has no working gun"):
        apply(state, Fire(player.id, mine.id, 0, other.id))
    with pytest.raises(IllegalCommand):
        apply(state, LaunchWeapon(player.id, mine.id, 0))


def test_training_variation_ships_stay_armed() -> None:
    state = lifted_off("training-variation.toml")
    aid = play_aid(state)
    for ship in state.ships:
        m = manifest_or_empty(aid, ship)
        assert m.guns[0] == "artillery" and set(m.launchers) >= {"missile", "mine"}
