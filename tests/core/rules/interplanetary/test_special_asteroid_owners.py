"""Seed "Optional rules: Special Asteroids" on a map whose special asteroids have two
owners: the Outpost (a base blue holds) and blue itself. Our reading: a side passes the
hexes of every owner it controls, its own name and each base it holds; with the
``special_asteroids`` switch off every owner's hexes are ordinary asteroid hexes, for
everyone and for launched weapons."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from core.board.hexgrid import Direction, Hex, Vector
from core.board.problems import FileProblems
from core.board.starmap import SpecialAsteroids
from core.cli.plot import plot
from core.engine.commands import EndPhase
from core.engine.dice import Rolled
from core.engine.play import apply, new_game
from core.files.mapfile import save_map
from core.rules.interplanetary.allegiance import ship_passage, weapon_passage
from core.rules.interplanetary.combat.ordnance import OrdnanceLost, move_pieces
from core.scenario.reader import parse_scenario
from core.vector.course import AsteroidHex, ForbiddenAsteroid, ForbiddenEntered, Passage
from core.vector.course_check import check_plan
from core.vector.motion import Motion
from core.vector.preview import preview, projection
from core.vector.state import GameState, Ordnance, Plan, ShipStatus
from tests.core.optional_games import RIVALS, armed, to_phase
from tests.core.rules.interplanetary.test_allegiance import BELT

OUTPOSTS = Hex(8, 5)  # owned by the Outpost, a base the map gives to blue
BLUES = Hex(10, 5)  # owned by blue itself
TWO_OWNERS = replace(
    BELT,
    special_asteroids=(
        SpecialAsteroids("Outpost", frozenset({OUTPOSTS})),
        SpecialAsteroids("blue", frozenset({BLUES})),
    ),
)
EAST = Vector.of(Direction(0))
START = Hex(7, 5)  # 0809, two hexes west of the Outpost's


def runner(side: str, at: Hex = START, speed: int = 3, **switches: bool) -> GameState:
    """A ship of ``side`` coasting east: from 0809 at speed 3 it enters the Outpost's hex,
    then ends in blue's. Its owner's astrogation phase."""
    ship = armed("runner", "a", side, at=at, v=Vector.of(Direction(0), speed))
    state, _ = new_game(
        "interplanetary", TWO_OWNERS, RIVALS, (ship,), seed=1, switches=tuple(switches.items())
    )
    return to_phase(state, "astrogation", "a")


def label(h: Hex) -> str:
    return TWO_OWNERS.bounds.labels.format(h)


def crossed(state: GameState) -> list[tuple[type, Hex]]:
    result = check_plan(state, state.ship("runner"), Plan())
    return [(type(h), h.hex) for h in result.hazards]  # type: ignore[union-attr]


def assert_passes_both_with_rolls(state: GameState) -> None:
    assert crossed(state) == [(AsteroidHex, OUTPOSTS), (AsteroidHex, BLUES)]
    after, events = apply(state, EndPhase("a"))
    assert after.ship("runner").motion.position == BLUES
    assert not any(isinstance(e, ForbiddenEntered) for e in events)
    rolls = [e.why for e in events if isinstance(e, Rolled)]
    for h in (OUTPOSTS, BLUES):  # the asteroid table is rolled for each hex
        assert any(f"asteroids at {label(h)}" in why for why in rolls), rolls


def test_special_asteroids_switch_off_every_owners_hexes_are_ordinary_asteroids() -> None:
    state = runner("red", special_asteroids=False)
    assert ship_passage(state, state.ship("runner")).allows("blue")
    assert_passes_both_with_rolls(state)


def test_special_asteroids_a_side_holding_two_owners_passes_both() -> None:
    state = runner("blue")
    assert ship_passage(state, state.ship("runner")) == Passage.of("Outpost", "blue")
    assert_passes_both_with_rolls(state)


@pytest.mark.parametrize(
    ("at", "speed", "owner"), [(Hex(7, 5), 3, "Outpost"), (Hex(9, 5), 1, "blue")]
)
def test_special_asteroids_an_enemy_of_both_owners_is_forbidden(
    at: Hex, speed: int, owner: str
) -> None:
    state = runner("red", at=at, speed=speed)
    where = at + Vector.of(Direction(0))
    assert crossed(state)[-1] == (ForbiddenAsteroid, where)
    after, events = apply(state, EndPhase("a"))
    gone = [e for e in events if isinstance(e, ForbiddenEntered)]
    assert [(e.hex, e.owner) for e in gone] == [(where, owner)]
    who = "the side holding Outpost" if owner == "Outpost" else "blue's side"
    assert f"only {who} may pass" in gone[0].text
    assert after.ship("runner").status is ShipStatus.DESTROYED


@pytest.mark.parametrize(
    ("side", "switches"),
    [("red", {"special_asteroids": False}), ("blue", {}), ("red", {})],
)
def test_special_asteroids_preview_agrees_with_the_move(
    side: str, switches: dict[str, bool]
) -> None:
    state = runner(side, **switches)
    shown = preview(state, "runner").at(BLUES)
    assert shown is not None
    after, _ = apply(state, EndPhase("a"))
    moved = after.ship("runner")
    assert moved.motion.position == shown.result.end
    assert (moved.status is ShipStatus.DESTROYED) == shown.result.destroyed


def test_special_asteroids_coast_projection_passes_every_owner_the_side_holds() -> None:
    state = runner("blue", at=Hex(6, 5), speed=2)  # the Outpost's hex this turn, blue's next
    drift = projection(state, "runner", 3)
    assert [r.end for r in drift[:2]] == [OUTPOSTS, BLUES]
    assert not any(r.stopped for r in drift)
    enemy = runner("red", at=Hex(6, 5), speed=2)
    assert [r.stopped for r in projection(enemy, "runner", 3)] == [True]


def _missile(state: GameState, at: Hex, v: Vector) -> GameState:
    piece = Ordnance("missile-9", "missile", "b", "blue", Motion(at, v), turns_left=3)
    return replace(state, ordnance=(piece,))


def test_special_asteroids_switch_off_lets_weapons_through_every_owners_hexes() -> None:
    state = _missile(runner("red", special_asteroids=False), Hex(7, 5), Vector.of(Direction(0), 3))
    assert weapon_passage(state).allows("Outpost") and weapon_passage(state).allows("blue")
    after, _ = move_pieces(state, "b")
    assert [p.motion.position for p in after.ordnance] == [BLUES]


@pytest.mark.parametrize("start", [Hex(7, 5), Hex(9, 5)])
def test_special_asteroids_weapons_detonate_in_every_owners_hexes(start: Hex) -> None:
    state = _missile(runner("red"), start, EAST)  # blue's missile, though blue holds both
    after, events = move_pieces(state, "b")
    assert not after.ordnance
    assert any(isinstance(e, OrdnanceLost) and "detonates harmlessly" in e.text for e in events)


SCENARIO = """\
format = "ecliptic-scenario"
version = 2
id = "owners"
name = "Owners"
map = "solar-system"
ruleset = "interplanetary"

[players]
min = 2
max = 2

[switches]
special_asteroids = {switch}

[[sides]]
name = "blue"

[[sides]]
name = "red"
{bases}
[[ships]]
id = "runner"
name = "Runner"
unit = "ship"
side = "{side}"
hex = "{end}"
came_from = "{start}"

[[victory]]
kind = "last-standing"
"""
GIVEN_TO_RED = '\n[[bases]]\nname = "Outpost"\nside = "red"\n'


@pytest.mark.parametrize(
    ("side", "switch", "bases", "refused_at"),
    [
        ("blue", "true", "", None),
        ("red", "true", "", OUTPOSTS),
        ("red", "false", "", None),
        ("blue", "true", GIVEN_TO_RED, OUTPOSTS),  # the scenario gives the Outpost to red
        ("red", "true", GIVEN_TO_RED, BLUES),
    ],
)
def test_special_asteroids_a_scenario_start_arrives_as_the_game_would_let_it(
    side: str, switch: str, bases: str, refused_at: Hex | None
) -> None:
    text = SCENARIO.format(
        switch=switch, bases=bases, side=side, end=label(BLUES), start=label(START)
    )
    if refused_at is None:
        parse_scenario(tomllib.loads(text), text, starmap=TWO_OWNERS)
        return
    with pytest.raises(FileProblems) as info:
        parse_scenario(tomllib.loads(text), text, starmap=TWO_OWNERS)
    [problem] = info.value.problems
    assert problem.field == "ships[0].came_from"
    assert f"special asteroids at {label(refused_at)}" in problem.message


@pytest.mark.parametrize(("side", "destroyed"), [("blue", []), ("red", ["Outpost", "blue"])])
def test_special_asteroids_the_plot_command_passes_every_owner_the_side_holds(
    tmp_path: Path, side: str, destroyed: list[str]
) -> None:
    save_map(TWO_OWNERS, tmp_path / "owners.toml")
    between = Hex(9, 5)  # at rest between the Outpost's hex and blue's
    (tmp_path / "plot.toml").write_text(
        'format = "ecliptic-plot"\nversion = 1\nmap = "owners.toml"\ncoast = 0\n\n'
        f'[ship]\nat = "{label(between)}"\nside = "{side}"\n',
        encoding="utf-8",
    )
    report = plot(tmp_path / "plot.toml").splitlines()
    ends = {"Outpost": OUTPOSTS, "blue": BLUES}  # one option row ends in each
    rows = {o: next(r for r in report if f" {label(h)} " in r) for o, h in ends.items()}
    assert sorted(o for o, row in rows.items() if "DESTROYED" in row) == destroyed
