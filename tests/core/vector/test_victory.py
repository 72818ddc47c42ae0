"""Victory conditions: Training's race, last standing, destroy, turn limits, progress."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

from core.board.hexgrid import Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.errors import GameOver
from core.engine.events import Event
from core.engine.play import active_player, apply, current_phase, new_game
from core.engine.serial import from_data, to_data
from core.files.mapfile import load_map
from core.files.resources import SCENARIOS, SOLAR_SYSTEM_MAP
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.motion import Motion, Order
from core.vector.orbit import circling
from core.vector.orders import Launch, Plot
from core.vector.state import Condition, GameState, Player, Ship, ShipStatus, Verdict
from core.vector.victory import (
    Destroy,
    GameDrawn,
    GameWon,
    LastStanding,
    Race,
    TurnLimit,
    describe,
    progress,
    visited,
)

SOLAR = load_map(SOLAR_SYSTEM_MAP)
LABELS = SOLAR.bounds.labels
TRAINING = load_scenario(SCENARIOS / "training.toml")
RACE = Race(("Venus", "Mercury", "Luna"), True, "Earth")
SHIP = "trainee-p1"


def training(seats: int = 1) -> GameState:
    names = ["Ann", "Bob", "Cy"]
    state, _ = TRAINING.start([Seat(names[i], "#e69f00") for i in range(seats)], 7, first=0)
    return state


def to_astrogation(state: GameState) -> GameState:
    while current_phase(state) != "astrogation":
        state, _ = apply(state, EndPhase("p1"))
    return state


def move_once(state: GameState, order: Order | None = None) -> tuple[GameState, list[Event]]:
    """Ann's next movement: plot ``order`` (None: coast), then end the phase."""
    state = to_astrogation(state)
    if order is not None:
        state, _ = apply(state, Plot("p1", SHIP, order))
    return apply(state, EndPhase("p1"))


def circling_earth(state: GameState, at: str, wells: tuple[str, ...]) -> GameState:
    """Ann's ship in orbit round Earth at ``at``, having entered ``wells`` so far."""
    earth = SOLAR.body("Earth")
    assert earth is not None
    index = earth.centre.direction_to(LABELS.parse(at))
    assert index is not None
    ship = replace(
        state.ship(SHIP),
        status=ShipStatus.ACTIVE,
        landed_at=None,
        motion=circling(SOLAR, earth, int(index)),
        orbit="Earth",
        wells=wells,
    )
    return state.with_ship(ship)


# Found by a search over every legal move: launched to 0418, Ann's ship enters Venus's,
# Mercury's and Luna's gravity and is back in orbit round Earth on turn 19, having burnt 9 fuel.
# Each move: the burn (or "-") and, for a two-directed pull, the arrow picked.
ROUTE = [
    ("S", "SE"), ("SE", None), ("-", None), ("-", None), ("-", None), ("SW", None),
    ("NW", None), ("NW", None), ("-", None), ("-", None), ("NW", None), ("-", None),
    ("SE", None), ("-", None), ("-", None), ("NE", None), ("SE", None), ("-", None),
    ("-", None),
]  # fmt: skip


def test_a_ship_flying_venus_mercury_luna_in_order_and_back_into_earth_orbit_wins() -> None:
    state = to_astrogation(training())
    state, _ = apply(state, Launch("p1", SHIP, LABELS.parse("0418")))
    state, _ = apply(state, EndPhase("p1"))
    events: list[Event] = []
    for turn, (burn, pick) in enumerate(ROUTE, start=1):
        assert not state.over, f"won too early, on turn {turn - 1}"
        burns = () if burn == "-" else (Direction[burn],)
        picks = () if pick is None else ((0, Direction[pick]),)
        state, events = move_once(state, Order(burns, picks=picks))
    ship = state.ship(SHIP)
    assert visited(ship.wells, RACE) == 3 and ship.orbit == "Earth"
    assert state.over and state.winners == ("p1",)
    won = [e for e in events if isinstance(e, GameWon)]
    assert [e.text for e in won] == [
        "Ann wins: Ann's ship reached orbit around Earth after Venus, Mercury and Luna"
    ]
    assert won[0].winners == ("p1",)
    assert ship.fuel == state.rules.unit("ship").fuel - 9


def test_entering_luna_while_circling_earth_completes_the_race_and_wins_at_once() -> None:
    # In orbit at 0618: the next coast enters 0518, Earth's ring and Luna's weak one.
    state = circling_earth(training(2), "0618", ("Earth", "Venus", "Mercury"))
    state, events = move_once(state)
    assert state.over and state.winners == ("p1",)
    assert any(isinstance(e, GameWon) and e.text.startswith("Ann wins:") for e in events)


def test_luna_before_venus_and_mercury_counts_only_when_entered_again_after_mercury() -> None:
    # Circling at 0619: the next coast stays in Earth-only hexes, the one after enters Luna's.
    state = circling_earth(training(), "0619", ("Earth", "Luna", "Venus", "Mercury"))
    assert visited(state.ship(SHIP).wells, RACE) == 2
    state, _ = move_once(state)
    assert state.ship(SHIP).orbit == "Earth" and not state.over
    state, _ = move_once(state)
    assert state.ship(SHIP).wells[-1] == "Luna"
    assert state.over and state.winners == ("p1",)


def test_orbit_around_earth_before_the_visits_are_done_does_not_win() -> None:
    state = circling_earth(training(), "0619", ("Earth", "Venus"))
    for _ in range(6):  # a whole orbit, Luna's hexes included
        state, _ = move_once(state)
        assert state.ship(SHIP).orbit == "Earth"
    assert not state.over and state.winners == ()
    assert visited(state.ship(SHIP).wells, RACE) == 1


def test_in_any_order_a_race_needs_every_body_once() -> None:
    loose = Race(("Venus", "Mars", "Sun"), in_order=False)
    assert visited(("Sun", "Venus"), loose) == 2
    assert visited(("Mars", "Sun", "Earth", "Venus"), loose) == 3
    assert visited(("Mars", "Sun", "Venus"), RACE) == 1


def test_progress_tells_the_ship_list_how_far_the_race_is() -> None:
    state = circling_earth(training(), "0619", ("Earth", "Venus"))
    assert progress(state, SHIP) == "Venus ✓ · Mercury next · then Luna · then orbit Earth"
    state = circling_earth(state, "0619", ("Venus", "Mercury", "Luna"))
    assert progress(state, SHIP) == "Venus ✓ · Mercury ✓ · Luna ✓ · orbit Earth ✓"
    assert progress(replace(state, victory=(LastStanding(),)), SHIP) == ""
    loose = replace(state, victory=(Race(("Venus", "Mars"), in_order=False, dock="Io"),))
    assert progress(loose, SHIP) == "Venus ✓ · to visit: Mars · then dock at Io"


OPEN = StarMap("Open", Bounds(30, 30), bodies=(Body("Rock", BodyKind.PLANET, Hex(10, 5)),))
PAIR = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))


def duel(*victory: Condition) -> GameState:
    """Ann's ship drifts safely; Bob's heads straight into Rock on his first move."""
    ships = (
        Ship("safe", "Safe", "a", "red", "ship", Motion(Hex(2, 20), Vector(0, 0)), Fraction(5)),
        Ship("doomed", "Doomed", "b", "blue", "ship", Motion(Hex(8, 5), Vector(2, 0)), Fraction(5)),
    )
    state, _ = new_game("interplanetary", OPEN, PAIR, ships, seed=1, victory=tuple(victory))
    return state


def play_round(state: GameState) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for _ in range(8):  # two players' four phases
        player = active_player(state)
        if state.over or player is None:
            break
        state, more = apply(state, EndPhase(player.id))
        events.extend(more)
    return state, events


def test_the_last_side_with_ships_in_play_wins() -> None:
    state, events = play_round(duel(LastStanding()))
    assert state.ship("doomed").status.value == "destroyed"
    assert state.over and state.winners == ("a",)
    assert [e.text for e in events if isinstance(e, GameWon)] == [
        "Ann wins: the last side with ships in play"
    ]


def test_destroying_the_named_ship_wins_for_the_given_side() -> None:
    state, events = play_round(duel(Destroy("doomed", "red")))
    assert state.winners == ("a",)
    assert any(e.text == "Ann wins: Doomed is destroyed" for e in events)


def test_after_the_turn_limit_the_named_side_wins_or_the_game_is_drawn() -> None:
    state = duel(TurnLimit(2, "blue"))
    state, _ = play_round(state)
    assert not state.over and state.round == 2
    state, events = play_round(state)
    assert state.over and state.winners == ("b",)
    assert any(e.text == "Bob wins: round 2, the last, is over" for e in events)
    drawn, events = play_round(duel(TurnLimit(1)))
    assert drawn.over and drawn.winners == ()
    assert [e.text for e in events if isinstance(e, GameDrawn)] == [
        "The game is drawn: round 1, the last, is over"
    ]


def test_the_first_condition_met_decides_and_a_finished_game_takes_no_commands() -> None:
    # Both are met by the same crash; the one listed first decides.
    state, events = play_round(duel(Destroy("doomed", "blue"), LastStanding()))
    assert state.winners == ("b",)
    assert sum(isinstance(e, GameWon) for e in events) == 1
    with pytest.raises(GameOver):
        apply(state, EndPhase("a"))


def test_a_game_with_conditions_and_winners_round_trips_through_plain_data() -> None:
    state, _ = play_round(duel(RACE, LastStanding(), Destroy("doomed", "red"), TurnLimit(9)))
    assert state.over
    again = from_data(to_data(state))
    assert again == state and again.victory == state.victory and again.winners == ("a",)


@dataclass(frozen=True)
class _BlueOutlastsRoundOne:
    """A condition the catalogue does not know: a rule system's own, graded."""

    def met(self, state: GameState) -> Verdict | None:
        if state.round < 2:
            return None
        return Verdict(frozenset({"blue"}), "blue held out", "narrow victory")

    def describe(self) -> str:
        return "blue wins once round 1 is over"


def test_a_condition_the_catalogue_does_not_know_decides_for_itself_and_grades_the_win() -> None:
    state, _ = play_round(duel(_BlueOutlastsRoundOne()))
    assert state.over and state.winners == ("b",) and state.outcome == "narrow victory"
    assert describe(_BlueOutlastsRoundOne()) == "blue wins once round 1 is over"


def test_conditions_describe_themselves_for_the_briefing() -> None:
    assert describe(RACE) == (
        "race: enter a gravity hex of Venus, then Mercury, then Luna in that order; "
        "then get into orbit around Earth; the first ship to do it wins for its side"
    )
    assert describe(TurnLimit(10)) == "turn limit: after round 10, the game is drawn"


def test_ships_finishing_in_the_same_simultaneous_movement_share_the_win() -> None:
    earth = SOLAR.body("Earth")
    assert earth is not None
    ships = tuple(
        Ship(
            sid, sid.title(), p, p, "frigate", circling(SOLAR, earth, i), Fraction(5), orbit="Earth"
        )
        for sid, p, i in (("one", "a", 0), ("two", "b", 3))
    )
    players = (Player("a", "Ann", "a"), Player("b", "Bob", "b"))
    race = Race(orbit="Earth")
    # NPlanetary passes the ordnance phase nobody can act in by itself, as the game starts
    state, started = new_game("nplanetary", SOLAR, players, ships, seed=1, victory=(race,))
    events: list[Event] = list(started)
    while not state.over:
        for p in ("a", "b"):
            state, more = apply(state, EndPhase(p))
            events.extend(more)
    assert state.winners == ("a", "b")
    assert [e.text for e in events if isinstance(e, GameWon)] == [
        "Ann and Bob win: One and Two reached orbit around Earth"
    ]


def test_when_no_ship_is_left_in_play_the_game_is_drawn_and_says_why() -> None:
    """Ann's ship drifts off the map, Bob's crashes: nobody is left to win, and the game
    says so instead of simply stopping."""
    ships = (
        Ship("lost", "Lost", "a", "red", "ship", Motion(Hex(2, 20), Vector(-4, 0)), Fraction(5)),
        Ship("doomed", "Doomed", "b", "blue", "ship", Motion(Hex(8, 5), Vector(2, 0)), Fraction(5)),
    )
    state, _ = new_game("interplanetary", OPEN, PAIR, ships, seed=1)
    state, events = play_round(state)
    assert [s.status for s in state.ships] == [ShipStatus.OFF_MAP, ShipStatus.DESTROYED]
    assert state.over and state.winners == ()
    assert [e.text for e in events if isinstance(e, GameDrawn)] == [
        "The game is drawn: no ship is left in play (Doomed was destroyed; Lost left the map)"
    ]
