"""Issue 23 requirement 1: a per-player view is built from a whitelist of what is public;
a field not listed is hidden (its default or a stated blank), a type not listed cannot be
shown at all, and events are redacted by the same kind of list."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from core.engine.events import Event
from core.engine.whitelist import Shown, Unlisted, project, readable, shown


@dataclass(frozen=True)
class Secret:
    code: str


@dataclass(frozen=True)
class Unit:
    id: str
    owner: str
    fuel: int = 0
    orders: tuple[str, ...] = ()
    secret: Secret | None = None


@dataclass(frozen=True)
class Board:
    units: tuple[Unit, ...]
    seed: int
    notes: tuple[str, ...] = field(default_factory=tuple)


BOARD = Board((Unit("u1", "a", 7, ("north",), Secret("x")), Unit("u2", "b", 9)), seed=1234)


def listing(player: str) -> dict[type, Shown | object]:
    def unit(u: Unit) -> Shown:
        mine = u.owner == player
        return Shown(whole=frozenset({"id", "owner"} | ({"fuel", "orders"} if mine else set())))

    return {Board: Shown(fields=frozenset({"units"}), blanks={"seed": 0}), Unit: unit}


def test_whitelist_a_field_not_listed_is_hidden_by_its_default_or_blank() -> None:
    seen = project(BOARD, listing("a"))  # type: ignore[arg-type]
    assert seen.seed == 0 and seen.notes == ()
    assert seen.units[0] == Unit("u1", "a", 7, ("north",))  # her own, but no secret listed
    assert seen.units[1] == Unit("u2", "b")  # Bob's fuel hidden


def test_whitelist_a_type_not_listed_cannot_be_shown() -> None:
    with pytest.raises(Unlisted, match="Secret"):
        project(
            BOARD,
            {
                **listing("a"),
                Unit: Shown(whole=frozenset(), fields=frozenset({"id", "owner", "secret"})),
            },
        )  # type: ignore[dict-item]


def test_whitelist_a_hidden_field_without_default_or_blank_is_refused() -> None:
    with pytest.raises(Unlisted, match=r"Board\.seed"):
        project(BOARD, {**listing("a"), Board: shown("units")})  # type: ignore[dict-item]


def test_whitelist_members_of_a_collection_are_listed_too() -> None:
    keep = Shown(
        fields=frozenset({"units"}), blanks={"seed": 0}, members={"units": lambda u: u.owner == "b"}
    )
    seen = project(BOARD, {**listing("b"), Board: keep})  # type: ignore[dict-item]
    assert [u.id for u in seen.units] == ["u2"]


def test_whitelist_a_value_shown_whole_is_the_value_itself() -> None:
    assert (
        project(
            BOARD.units[1],
            {Unit: Shown(whole=frozenset({"id", "owner", "fuel", "orders", "secret"}))},
        )
        is BOARD.units[1]
    )


def test_events_of_a_type_not_listed_are_not_read() -> None:
    class Said(Event):
        pass

    event = Event("something")
    assert readable({Event: True}, None, "a", event)
    assert not readable({Said: True}, None, "a", event)
    assert readable({Event: lambda state, player, e: player == "a"}, None, "a", event)
    assert not readable({Event: lambda state, player, e: player == "a"}, None, "b", event)
