"""Issue 21 requirement 11: NPlanetary's three scenarios (a two-player duel, a four-player
race for the belt's ore, six players on the whole solar system), each played to an
outcome by a scripted full game with a fixed seed, and played in a campaign file."""

from __future__ import annotations

from pathlib import Path

from core.engine.commands import Command
from core.engine.events import Event
from core.engine.play import current_phase
from core.rules.nplanetary.model import holdings_of
from core.rules.nplanetary.orders import Purchase
from core.vector.state import GameState, state_hash
from core.vector.victory import GameWon
from tests.core.rules.nplanetary.claims import belt_claims, both, hunters, six_world_claims
from tests.core.rules.nplanetary.scripted import (
    fire_at_nearest,
    play_out,
    scenario_start,
    through_campaign,
)

# ---- the duel: fleets trade fire until one side has nothing left


def test_scenario_duel_is_played_to_a_win_by_a_scripted_game() -> None:
    state, events = play_out(scenario_start("nplanetary-duel", seed=21), fire_at_nearest)
    assert state.over
    assert state.winners == ("p1",)  # the cruiser outlasts the two escorts, this seed
    assert any(isinstance(e, GameWon) for e in events)
    assert not any(s.in_play for s in state.ships if s.owner == "p2")


# ---- the belt race: all four set out together; the guards' fire at the rendezvous decides

#: each guard fires at the next seat's prospector (the last at the first's)
AMBUSH = {f"guard-p{i}": f"prospector-p{i % 4 + 1}" for i in range(1, 5)}


def prospect(state: GameState, player: str) -> list[Command]:
    """Every prospector takes its shortest course to its own ore asteroid and sets up its
    outpost there, while every guard fires at the next seat's prospector in reach."""
    start = _BELT_START.setdefault("state", scenario_start("nplanetary-belt-race", seed=9))
    return both(hunters(AMBUSH), belt_claims(start, ("p1", "p2", "p3", "p4")))(state, player)


_BELT_START: dict[str, GameState] = {}


def test_scenario_belt_race_is_won_by_the_only_outpost_to_yield_five_ore() -> None:
    state, events = play_out(scenario_start("nplanetary-belt-race", seed=9), prospect)
    assert state.over and state.winners == ("p2",)
    assert state.round == 9  # deployed in round 4: ore at the ends of rounds 4 to 8
    outposts = {i.owner: i for i in holdings_of(state).installations}
    assert sorted(outposts) == ["p2"] and outposts["p2"].amount("ore") == 5
    lost = sorted(s.id for s in state.ships if s.unit == "freighter" and not s.in_play)
    assert lost == ["prospector-p1", "prospector-p3", "prospector-p4"]  # shot at the start
    won = [e.text for e in events if isinstance(e, GameWon)]
    assert won and "5 ore" in won[0]


# ---- six worlds: only a power with a second base on a minor planet gets to 40


def trade(state: GameState, player: str) -> list[Command]:
    """Venus sends its freighter to Luna (seven moves) and sets up its second base there;
    Earth buys a mine in the second round's development; the others only earn."""
    start = _WORLDS_START.setdefault("state", scenario_start("nplanetary-solar-system", 3))
    orders = six_world_claims(start, ("venus",))(state, player)
    if current_phase(state) == "development" and state.round == 2 and player == "p3":
        orders.append(Purchase(player, "earth-base", "mine"))
    return orders


_WORLDS_START: dict[str, GameState] = {}


def test_scenario_six_worlds_is_won_by_the_first_to_forty_supplies() -> None:
    state, events = play_out(scenario_start("nplanetary-solar-system", seed=3), trade)
    assert state.over and state.winners == ("p2",) and state.round == 17
    bases = {i.id: i for i in holdings_of(state).installations}
    luna = [i for i in bases.values() if i.owner == "p2" and i.body == "Luna"]
    assert len(luna) == 1 and luna[0].amount("supplies") == 10  # rounds 7 to 16
    assert bases["venus-base"].amount("supplies") == 31  # 15 + 16 rounds
    assert bases["mars-base"].amount("supplies") == 32  # the most of the others
    assert bases["earth-base"].amount("supplies") == 24  # a mine bought for 2
    assert bases["earth-base"].amount("fuel") == 26  # Earth's base also gains fuel
    won = [e.text for e in events if isinstance(e, GameWon)]
    assert won and "40 supplies" in won[0]


# ---- campaign play: the same games, stored command by command in a campaign file


def test_scenario_games_play_in_a_campaign_and_replay_to_the_same_hash(tmp_path: Path) -> None:
    for name, seed, policy in (
        ("nplanetary-duel", 21, fire_at_nearest),
        ("nplanetary-belt-race", 9, prospect),
        ("nplanetary-solar-system", 3, trade),
    ):
        start = scenario_start(name, seed)
        log: list[Command] = []
        final, _ = play_out(start, policy, log=log)
        reopened = through_campaign(tmp_path / f"{name}.ecliptic", name, start, log)
        assert state_hash(reopened) == state_hash(final) and reopened.over


def _events(events: list[Event]) -> list[str]:
    return [e.text for e in events]
