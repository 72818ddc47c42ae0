"""The generic state codec (core.engine.states): any frozen dataclass state hashed,
snapshotted and rebuilt, with the vector games' hashes exactly as campaign files have
stored them."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields

import pytest

from core.engine import states
from core.engine.play import apply
from core.engine.serial import SerialError, digest, name_of, register, to_data
from core.vector.state import GameState
from tests.core.campaign_writer import next_command, training


def hash_as_first_written(state: GameState) -> str:
    """The vector state's hash as campaign files have stored it from the start (types
    named bare, as before namespacing; no sealed orders, as before they were kept)."""
    data = {"$type": "GameState"}
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name not in ("rules", "starmap") and not (f.name == "sealed" and not value):
            data[f.name] = to_data(value, hashing=True)
    parts = [digest(state.rules), digest(state.starmap)]
    parts.append(json.dumps(data, sort_keys=True, separators=(",", ":")))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


@register
@dataclass(frozen=True)
class Tally:
    board: tuple[str, ...] = field(metadata=states.SHARED)
    count: int = 0
    notes: tuple[str, ...] = states.later(())


TALLY = name_of(Tally)  # its saved name, namespaced by its module


def test_vector_state_hash_is_the_hash_campaign_files_store() -> None:
    state = training()
    for depth in range(30):
        assert states.state_hash(state) == hash_as_first_written(state)
        state, _ = apply(state, next_command(state, depth))


def test_snapshot_leaves_out_shared_fields_and_rebuilds_with_the_start_ones() -> None:
    start = training()
    state, _ = apply(start, next_command(start, 0))
    data = states.moving_parts(state)
    assert "rules" not in data and "starmap" not in data and data["$type"] == "vector.GameState"
    again = states.rebuild_like(json.loads(states.snapshot_text(state)), start)
    assert again == state and again.rules is start.rules and again.starmap is start.starmap


def test_any_dataclass_state_hashes_by_its_shared_digests_and_moving_parts() -> None:
    one, other = Tally(("a", "b"), 1), Tally(("a", "c"), 1)
    assert states.shared_fields(Tally) == ("board",)
    assert states.moving_parts(one) == {"$type": TALLY, "count": 1}
    assert states.state_hash(one) != states.state_hash(other)  # the board counts, by digest
    assert states.state_hash(one) == states.state_hash(Tally(("a", "b"), 1))
    assert states.rebuild_like({"$type": TALLY, "count": 5}, one) == Tally(("a", "b"), 5)


def test_a_field_added_later_is_left_out_of_snapshot_and_hash_while_empty() -> None:
    plain, noted = Tally(("a",), 1), Tally(("a",), 1, ("x",))
    assert "notes" not in states.moving_parts(plain)
    assert states.moving_parts(noted)["notes"] == ["x"]
    assert states.state_hash(plain) != states.state_hash(noted)
    assert states.rebuild_like(states.moving_parts(noted), plain) == noted


def test_rebuilding_a_snapshot_of_another_type_is_refused() -> None:
    with pytest.raises(SerialError, match="not a Tally"):
        states.rebuild_like({"$type": "vector.GameState", "count": 5}, Tally(()))
