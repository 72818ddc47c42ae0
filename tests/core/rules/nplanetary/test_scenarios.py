"""Issue 21 requirement 11: NPlanetary's three scenarios (a two-player duel, a four-player
race for the belt's ore, six players on the whole solar system), each played to an
outcome by a scripted full game with a fixed seed, and played in a campaign file."""

from __future__ import annotations

from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import Command
from core.engine.events import Event
from core.engine.play import current_phase
from core.rules.nplanetary.model import hold_of, holdings_of
from core.rules.nplanetary.orders import Deploy, Transfer
from core.rules.nplanetary.sites import asteroid_at
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import GameState, state_hash
from core.vector.victory import GameWon
from tests.core.rules.nplanetary.scripted import (
    NORTH,
    SOUTH,
    fire_at_nearest,
    play_out,
    scenario_start,
)

# ---- the duel: fleets trade fire until one side has nothing left


def test_scenario_duel_is_played_to_a_win_by_a_scripted_game() -> None:
    state, events = play_out(scenario_start("nplanetary-duel", seed=21), fire_at_nearest)
    assert state.over
    assert state.winners == ("p1",)  # the cruiser outlasts the two escorts, this seed
    assert any(isinstance(e, GameWon) for e in events)
    assert not any(s.in_play for s in state.ships if s.owner == "p2")


# ---- the belt race: the nearest prospector claims ore first

#: each prospector's distance to its ore asteroid, due north
DISTANCE = {"blue-prospector": 1, "gold-prospector": 2, "green-prospector": 3, "red-prospector": 4}


def prospect(state: GameState, player: str) -> list[Command]:
    """Burn north, coast, brake on the asteroid, then deploy the outpost there."""
    orders: list[Command] = []
    for ship in (s for s in state.ships if s.owner == player and s.id in DISTANCE):
        if not hold_of(ship).amount("outpost"):
            continue
        d = DISTANCE[ship.id]
        if current_phase(state) == "movement":
            if state.round == 1:
                orders.append(Plot(player, ship.id, Order((NORTH,))))
            elif state.round == d + 1:
                orders.append(Plot(player, ship.id, Order((SOUTH,))))
        elif current_phase(state) == "development" and asteroid_at(state, ship.motion):
            orders.append(Deploy(player, ship.id, "outpost"))
    return orders


def test_scenario_belt_race_is_won_by_the_first_outpost_to_yield_two_ore() -> None:
    state, events = play_out(scenario_start("nplanetary-belt-race", seed=7), prospect)
    assert state.over and state.winners == ("p1",)
    assert state.round == 4  # Blue deployed in round 2: ore at the ends of rounds 2 and 3
    outposts = {i.owner: i for i in holdings_of(state).installations}
    assert outposts["p1"].amount("ore") == 2 and outposts["p2"].amount("ore") == 1
    assert sorted(outposts) == ["p1", "p2"]  # Green and Red were still on their way
    won = [e.text for e in events if isinstance(e, GameWon)]
    assert won and "2 ore" in won[0]


# ---- six worlds: Mars turns its ore into supplies and gets to 30 first


def trade(state: GameState, player: str) -> list[Command]:
    """Mars unloads its ore at its base in the first logistics phase; Earth buys a mine
    in the second round's development; everyone's bases grow a supply a round."""
    phase = current_phase(state)
    if phase == "logistics" and state.round == 1 and player == "p4":
        return [Transfer(player, "mars-freighter", "mars-base", give=(("ore", 5),))]
    if phase == "development" and state.round == 2 and player == "p3":
        from core.rules.nplanetary.orders import Purchase

        return [Purchase(player, "earth-base", "mine")]
    return []


def test_scenario_six_worlds_is_won_by_the_first_to_thirty_supplies() -> None:
    state, _ = play_out(scenario_start("nplanetary-solar-system", seed=3), trade)
    assert state.over and state.winners == ("p4",)
    bases = {i.id: i for i in holdings_of(state).installations}
    assert bases["mars-base"].amount("supplies") == 30
    assert bases["venus-base"].amount("supplies") == 25
    assert bases["earth-base"].amount("supplies") == 23  # a mine bought for 2
    assert bases["earth-base"].amount("fuel") == 15  # Earth's base also gains fuel


# ---- campaign play: the same games, stored command by command in a campaign file


def test_scenario_games_play_in_a_campaign_and_replay_to_the_same_hash(tmp_path: Path) -> None:
    for name, seed, policy in (
        ("nplanetary-duel", 21, fire_at_nearest),
        ("nplanetary-belt-race", 7, prospect),
        ("nplanetary-solar-system", 3, trade),
    ):
        start = scenario_start(name, seed)
        log: list[Command] = []
        final, _ = play_out(start, policy, log=log)
        path = tmp_path / f"{name}.ecliptic"
        with CampaignFile.create(path, name, start, scenario=name) as file:
            game = GameRecord(file, 1)
            for command in log:
                game.play(command)
        with CampaignFile.open(path) as file:
            reopened = GameRecord(file, 1).state
        assert state_hash(reopened) == state_hash(final) and reopened.over


def _events(events: list[Event]) -> list[str]:
    return [e.text for e in events]
