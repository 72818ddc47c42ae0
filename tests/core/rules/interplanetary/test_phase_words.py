"""Every phase has one name wherever a player reads it: Interplanetary's ``guns`` phase is
"the gun phase" in the log's phase lines and in the engine's refusals, as on the turn bar
(:mod:`core.rules.interplanetary.phases` is the one place that says so)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.errors import WrongPhase
from core.engine.play import active_player, apply, current_phase, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.phases import phase_word
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship
from core.vector.turns import PhaseBegan

PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))


def to_guns() -> tuple[GameState, list[str]]:
    aid = load_ruleset("interplanetary").play_aid
    assert aid is not None
    kit = fit(aid, Outfit(guns=("artillery",), launched=("missile",)))
    ships = tuple(
        Ship(s, s.title(), o, o, "ship", Motion(at, ZERO), Fraction(15), manifest=kit)
        for s, o, at in (("alpha", "a", Hex(5, 5)), ("beta", "b", Hex(8, 5)))
    )
    state, events = new_game(
        "interplanetary", StarMap("Open", Bounds(20, 20)), PLAYERS, ships, seed=1
    )
    said = [e.text for e in events if isinstance(e, PhaseBegan)]
    while current_phase(state) != "guns":
        player = active_player(state)
        assert player is not None
        state, events = apply(state, EndPhase(player.id))
        said += [e.text for e in events if isinstance(e, PhaseBegan)]
    return state, said


def test_the_guns_phase_is_called_the_gun_phase_in_the_log() -> None:
    state, said = to_guns()
    player = active_player(state)
    assert player is not None
    assert said[-1] == f"{player.name}'s gun phase"
    assert not any("guns phase" in line for line in said)
    assert [phase_word(p) for p in state.rules.sequence.phases] == [
        "launch",
        "astrogation",
        "gun",
        "resupply",
    ]


def test_a_refusal_names_the_gun_phase_by_its_word() -> None:
    state, _ = to_guns()
    player = active_player(state)
    assert player is not None
    mine = next(s for s in state.ships if s.owner == player.id)
    with pytest.raises(WrongPhase, match=r"not the gun phase$"):
        apply(state, Plot(player.id, mine.id, Order()))
    with pytest.raises(WrongPhase, match=r"not the gun phase$"):
        apply(state, LaunchWeapon(player.id, mine.id, 0, ()))
