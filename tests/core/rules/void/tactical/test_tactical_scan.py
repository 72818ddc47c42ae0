"""Seed "Torpedoes": a torpedo group's target, written down in secret at launch, is
revealed to the defender who scans it successfully (the numbers are a ruling:
``core/rules/void/tactical/scan.py``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.board.hexgrid import Hex
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.play import apply, view
from core.engine.whitelist import redact
from core.rules.void.tactical.scan import ScanTorpedoes, TargetScanned
from core.rules.void.tactical.terms import terms
from core.rules.void.tactical.torpedoes import LaunchTorpedoes
from core.vector.state import GameState, Player
from tests.core.rules.void.tactical.make import duel, place, texts
from tests.core.rules.void.tactical.test_tactical_combat import to_phase


def incoming(*rolls: int) -> tuple[GameState, str]:
    """Blue's Bastet launches two torpedoes at red's Doctrine from 10 hexes; they fly 3
    hexes; red's astrogation phase begins with the dice loaded."""
    state = place(duel(), "bastet", Hex(20, 10))
    state = to_phase(state, "blue", "ordnance")
    state, _ = apply(state, LaunchTorpedoes("blue", "bastet", "doctrine", 2))
    state = to_phase(state, "red", "astrogation")
    (group,) = terms(state).torpedoes
    assert state.ship("doctrine").motion.position.distance(group.motion.position) == 7
    return replace(state, dice=replace(state.dice, loaded=rolls)), group.id


def test_torpedo_target_is_revealed_to_the_defender_by_a_successful_scan() -> None:
    state, group = incoming(4)
    assert terms(view(state, "red")).torpedoes[0].target == ""
    state, events = apply(state, ScanTorpedoes("red", "doctrine", group))
    assert "finds its target" in texts(events)
    assert terms(view(state, "red")).torpedoes[0].target == "doctrine"
    assert terms(view(state, "red")).torpedoes[0].burn is None  # the guidance stays the owner's
    found = [e for e in events if isinstance(e, TargetScanned)]
    assert found and found[0].text == f"2T {group} is after Doctrine"
    assert found[0] in redact(state, "red", events) and found[0] in redact(state, "blue", events)
    with pytest.raises(IllegalCommand, match="already knows"):
        apply(state, ScanTorpedoes("red", "doctrine", group))


def test_torpedo_scan_that_fails_reveals_nothing_and_a_ship_scans_once_a_turn() -> None:
    state, group = incoming(3, 6)
    state, events = apply(state, ScanTorpedoes("red", "doctrine", group))
    assert "finds nothing" in texts(events)
    assert not any(isinstance(e, TargetScanned) for e in events)
    assert terms(view(state, "red")).torpedoes[0].target == ""
    with pytest.raises(IllegalCommand, match="has scanned this turn"):
        apply(state, ScanTorpedoes("red", "doctrine", group))
    assert "doctrine" in terms(state).scanned
    state = to_phase(state, "blue", "astrogation")  # red's turn is over
    assert "doctrine" not in terms(state).scanned  # it may scan again in its next turn


def test_torpedo_scan_is_made_in_astrogation_within_range_of_an_enemy_group() -> None:
    state, group = incoming(6)
    with pytest.raises(IllegalCommand, match="no enemy torpedo group"):
        apply(state, ScanTorpedoes("red", "doctrine", "T99"))
    far = place(state, "doctrine", Hex(0, 0))
    with pytest.raises(IllegalCommand, match="scans within 10"):
        apply(far, ScanTorpedoes("red", "doctrine", group))
    state, _ = apply(state, EndPhase("red"))  # the ordnance phase
    with pytest.raises(WrongPhase, match="astrogation"):
        apply(state, ScanTorpedoes("red", "doctrine", group))


def test_torpedo_target_scanned_is_told_to_the_scanning_side_only() -> None:
    """Ruling: what a scan finds is the scanning side's (every player of it) and the
    owner's; a player of a third side learns only that the scan worked."""
    state, group = incoming(5)
    state, events = apply(state, ScanTorpedoes("red", "doctrine", group))
    more = (Player("pink", "Pink", "Red"), Player("grey", "Grey", "Grey"))
    state = replace(state, players=(*state.players, *more))  # who else is at the table
    (found,) = [e for e in events if isinstance(e, TargetScanned)]
    assert found in redact(state, "pink", events)  # red's side
    assert found not in redact(state, "grey", events)
    assert any("finds its target" in e.text for e in redact(state, "grey", events))
    assert terms(view(state, "pink")).torpedoes[0].target == "doctrine"
    assert terms(view(state, "grey")).torpedoes[0].target == ""
