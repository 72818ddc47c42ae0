"""Issue 23 with issue 21's NPlanetary: a refereed game played with NPlanetary's own
orders. Only the players with something to order are asked for an order file; an order
sealed in one player's file is in nobody else's until the phase resolves; then its
effect (the ordnance in flight, the hold it left) and its event are everyone's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from core.board.hexgrid import ZERO, Hex
from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import files, referee
from core.engine.commands import EndPhase
from core.engine.play import new_game
from core.rules.nplanetary.model import Hold, hold_of
from core.rules.nplanetary.orders import LayOrdnance
from core.rules.nplanetary.ordnance import OrdnanceLaid
from tests.core.mail.games import OPEN, PLAYERS, Position, _ship


def armed(tmp_path: Path, *, bob_armed: bool) -> CampaignFile:
    """Ann's frigate carries two mines; Bob's one mine or nothing. Twelve hexes apart."""
    ships = [
        replace(_ship("nplanetary", 0, "a", Hex(6, 10), ZERO, 612_345),
                manifest=Hold((("mine", 2),))),
        replace(_ship("nplanetary", 0, "b", Hex(18, 10), ZERO, 654_321),
                manifest=Hold((("mine", 1),) if bob_armed else ())),
    ]  # fmt: skip
    start, _ = new_game("nplanetary", OPEN, PLAYERS[:2], ships, seed=987_654_321_123)
    return Position("nplanetary", start, ()).campaign(tmp_path / "master")


@pytest.fixture
def both(tmp_path: Path) -> Iterator[CampaignFile]:
    campaign = armed(tmp_path, bob_armed=True)
    yield campaign
    campaign.close()


def send(campaign: CampaignFile, player: str, *orders: object, to: Path) -> None:
    pf = referee.player_file(campaign, referee.main_game(campaign), player)
    of = files.make_orders(pf, [*orders, EndPhase(player)])  # type: ignore[list-item]
    to.mkdir(parents=True, exist_ok=True)
    referee.import_order_file(campaign, files.write_order_file(of, to / files.order_file_name(pf)))


def test_a_refereed_ordnance_phase_asks_only_the_players_with_ordnance(tmp_path: Path) -> None:
    campaign = armed(tmp_path, bob_armed=False)
    try:
        box = referee.inbox(campaign)
        assert (box.phase, box.missing) == ("ordnance", ("a",))
    finally:
        campaign.close()


def test_a_sealed_lay_ordnance_order_is_in_no_other_players_file(both: CampaignFile) -> None:
    assert referee.inbox(both).missing == ("a", "b")
    record = GameRecord(both, 1)
    record.play(LayOrdnance("a", "a0", "mine"))  # as the referee plays Ann's order file
    assert [type(o) for o in record.state.sealed] == [LayOrdnance]
    ann = referee.player_file(both, 1, "a")
    bob = referee.player_file(both, 1, "b")
    assert ann.view.sealed == (LayOrdnance("a", "a0", "mine"),) and bob.view.sealed == ()
    assert "LayOrdnance" not in files.player_text(bob)
    assert hold_of(bob.view.ship("a0")) == Hold((("mine", 2),))  # nothing laid yet


def test_once_resolved_the_laid_ordnance_and_the_hold_are_everyones_to_see(
    tmp_path: Path, both: CampaignFile
) -> None:
    send(both, "a", LayOrdnance("a", "a0", "mine"), to=tmp_path / "a")
    send(both, "b", to=tmp_path / "b")
    referee.play_turn(both)
    master = GameRecord(both, 1).state
    assert len(master.ordnance) == 1
    for player in ("a", "b"):
        pf = referee.player_file(both, 1, player)
        assert pf.view.ordnance == master.ordnance
        assert hold_of(pf.view.ship("a0")) == Hold((("mine", 1),))
        events = [e for t in pf.log for e in t.events]
        assert any(isinstance(e, OrdnanceLaid) and e.ship == "a0" for e in events)
        assert pf.view.sealed == ()
