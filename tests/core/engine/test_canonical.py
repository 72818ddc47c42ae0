"""The incremental state hash (core.engine.canonical): a state written from the texts
its unchanged parts remember is byte for byte the text written afresh, so every hash a
campaign file stores stays valid (issue 19 req 3)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine import canonical, states
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, waiting_for
from core.engine.serial import digest, register, to_data
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.orders import Launch, Plot
from core.vector.preview import preview
from core.vector.state import GameState, ShipStatus

SEATS = [Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9"), Seat("Cy", "#009e73")]
SCENARIO_FILES = ["training.toml", "industrial-sabotage.toml", "last-man-standing.toml"]
_starts: dict[str, GameState] = {}


def start_of(name: str) -> GameState:
    if name not in _starts:
        scenario = load_scenario(SCENARIOS / name)
        seats = SEATS[: max(scenario.min_players, 2)]
        _starts[name] = scenario.start(seats, 11, first=0)[0]
    return _starts[name]


def full_text(state: object) -> str:
    """The moving parts written afresh, the way hashes were always computed."""
    return json.dumps(
        states.moving_parts(state, hashing=True), sort_keys=True, separators=(",", ":")
    )


def full_hash(state: GameState) -> str:
    parts = [digest(state.rules), digest(state.starmap), full_text(state)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def random_command(state: GameState, pick: int) -> Command:
    """End the phase, or in astrogation plot (or launch) one of the player's ships on
    one of its legal courses, chosen by ``pick``."""
    player = waiting_for(state)[0].id
    ships = [s for s in state.ships if s.owner == player and s.in_play]
    if current_phase(state) != "astrogation" or not ships or pick % 3 == 0:
        return EndPhase(player)
    ship = ships[pick % len(ships)]
    shown = preview(state, ship.id)
    if ship.status is ShipStatus.LANDED:
        if not shown.launch:
            return EndPhase(player)
        return Launch(player, ship.id, shown.launch[pick % len(shown.launch)])
    if not shown.options:
        return EndPhase(player)
    return Plot(player, ship.id, shown.options[pick % len(shown.options)].order)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SCENARIO_FILES),
    st.lists(st.integers(0, 1_000), min_size=1, max_size=80),
    st.integers(0, 10),
)
def test_incremental_hash_always_equals_the_full_hash_over_random_games(
    scenario: str, picks: list[int], forget_every: int
) -> None:
    state = start_of(scenario)
    assert states.state_hash(state) == full_hash(state)
    for i, pick in enumerate(picks):
        if state.over:
            break
        try:
            state, _ = apply(state, random_command(state, pick))
        except IllegalCommand:
            continue
        if forget_every and i % forget_every == 0:
            canonical.forget()  # sometimes from nothing remembered, mostly from much
        assert states.state_hash(state) == full_hash(state)
        saved = json.dumps(states.moving_parts(state), sort_keys=True, separators=(",", ":"))
        assert states.snapshot_text(state) == saved


def test_incremental_hash_rebuilt_snapshot_hashes_like_the_state_it_was_taken_of() -> None:
    state = start_of("industrial-sabotage.toml")
    for _ in range(40):
        state, _ = apply(state, EndPhase(waiting_for(state)[0].id))
    again = states.rebuild_like(json.loads(states.snapshot_text(state)), state)
    assert again is not state
    assert states.state_hash(again) == states.state_hash(state) == full_hash(state)


@register
@dataclass(frozen=True)
class Holder:
    """A frozen value that holds a mutable one: its text must never be remembered."""

    items: list[int]
    amount: Fraction = Fraction(1, 3)


def test_incremental_hash_a_value_holding_a_list_is_written_afresh_each_time() -> None:
    held = Holder([1, 2])
    first = canonical.text_of(held, hashing=True)
    held.items.append(3)
    again = canonical.text_of(held, hashing=True)
    assert first != again
    assert again == json.dumps(to_data(held, hashing=True), sort_keys=True, separators=(",", ":"))


def test_incremental_hash_writes_every_kind_of_value_as_json_dumps_does() -> None:
    values = [
        'naïve "quoted" \\ text\n',
        -12,
        1.5,
        True,
        None,
        Fraction(7, 2),
        ShipStatus.LANDED,
        frozenset({3, 1, 2}),
        frozenset(),
        (1, ("a", None), ()),
        {"b": 1, "a": [2]},
        Holder([4], Fraction(2)),
        start_of("training.toml").ships,
        tuple(f'Mars "{i}" é\\' for i in range(12)),  # long, strings only (a ship's wells)
        (*("Venus",) * 9, ShipStatus.LANDED),  # long, not only strings
    ]
    for value in values:
        for hashing in (False, True):
            expected = json.dumps(
                to_data(value, hashing=hashing), sort_keys=True, separators=(",", ":")
            )
            assert canonical.text_of(value, hashing=hashing) == expected
