"""The scenarios' special rules that act during play (seed "Game scenarios"): the
science ship moving last and bouncing off the edge, the mercenaries refused a course
that destroys it, launched weapons held at a no-fire zone, a scenario's leaving rule."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.problems import FileProblems
from core.board.starmap import Leaving, LeavingRule
from core.cli.main import main
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase
from core.files.resources import SCENARIOS
from core.rules.interplanetary.combat.guns import Fire, targets
from core.rules.interplanetary.combat.ordnance_attacks import MineAttack, PendingStrike, StrikeHeld
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.astrogation import MovesLast
from core.vector.course import Crash, OffMap
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.preview import preview
from core.vector.state import GameState, Ordnance, ShipStatus

SEATS = [Seat(n, "#e69f00") for n in ("Ann", "Bob", "Cy")]


def _player(state: GameState) -> str:
    return state.players[(state.first + state.turn) % len(state.players)].id


def to_phase(state: GameState, phase: str, player: str | None = None) -> GameState:
    while current_phase(state) != phase or (player is not None and _player(state) != player):
        state, _ = apply(state, EndPhase(_player(state)))
    return state


def sabotage() -> GameState:
    """Three players, Ann first: Ann (Mercenaries), Bob (Guards), Cy (Mercenaries)."""
    game = load_scenario(SCENARIOS / "industrial-sabotage.toml")
    state, _ = game.start(SEATS, seed=9, first=0)
    return state


def test_industrial_sabotage_science_ship_moves_after_every_other_ship() -> None:
    state = to_phase(sabotage(), "astrogation", "p2")
    before = state.ship("science").motion
    state, _ = apply(state, Plot("p2", "science", Order((Direction.N,))))
    state, events = apply(state, EndPhase("p2"))  # Bob's ships move, the science ship waits
    assert state.ship("science").motion == before
    assert any(e.text.startswith("Bob's guard") for e in events)
    assert not any(isinstance(e, MovesLast) for e in events)
    assert state.plan("science") is not None  # Bob's order waits with it
    state = to_phase(state, "astrogation", "p3")
    state, events = apply(state, EndPhase("p3"))  # the round's last movement
    texts = [e.text for e in events]
    last = texts.index("Science vessel moves last of all ships")
    assert any("Cy's raider" in t for t in texts[:last])  # Cy's ship moved first
    assert state.ship("science").motion != before
    assert state.ship("science").fuel == 14  # Bob's burn, carried out last
    assert state.plan("science") is None


OUT = Vector.of(Direction.NE) + Vector.of(Direction.NE)


def at_the_edge() -> GameState:
    """Bob's astrogation, the science ship and his guard one column from the right-hand
    edge (4716), flying out of the map."""
    state = to_phase(sabotage(), "astrogation", "p2")
    edge = state.starmap.bounds.labels.parse("4716")
    for ship_id in ("science", "guard-p2"):
        moved = replace(state.ship(ship_id), motion=Motion(edge, OUT), orbit=None)
        state = state.with_ship(moved)
    return state


def test_industrial_sabotage_science_ship_bounces_off_the_map_edge_mirrored() -> None:
    state = at_the_edge()
    state, events = apply(state, EndPhase("p2"))
    assert state.ship("guard-p2").status is ShipStatus.OFF_MAP  # the map's rule: out
    state = to_phase(state, "astrogation", "p3")
    state, events = apply(state, EndPhase("p3"))
    science = state.ship("science")
    assert science.status is ShipStatus.ACTIVE
    assert state.starmap.bounds.contains(science.motion.position)
    assert science.motion.velocity.speed == OUT.speed
    across = state.starmap.layout.to_pixel(Hex(*science.motion.velocity))[0]
    assert across < 0  # its course across the edge turned back
    assert any("bounces off the edge of the map" in e.text for e in events)


def test_industrial_sabotage_plotter_shows_the_science_ship_bouncing_as_the_engine_does() -> None:
    """The course plotter reports a bounce, not a loss, for a ship that bounces off the
    edge, and brings it back in exactly where the engine does; other ships still leave."""
    state = at_the_edge()
    guard = preview(state, "guard-p2").options
    assert any(isinstance(h, OffMap) for o in guard for h in o.result.hazards)
    assert all(o.bounce is None for o in guard)
    leaving = [o for o in preview(state, "science").options if o.bounce is not None]
    assert leaving and all(any(isinstance(h, OffMap) for h in o.result.hazards) for o in leaving)
    for option in leaving:
        after, _ = apply(state, Plot("p2", "science", option.order))
        after = to_phase(after, "astrogation", "p3")
        after, _ = apply(after, EndPhase("p3"))  # the science ship moves last
        science = after.ship("science")
        assert science.status is ShipStatus.ACTIVE and science.motion == option.bounce


def test_industrial_sabotage_mercenaries_may_not_fly_the_science_ship_to_its_destruction() -> None:
    state = sabotage()
    while state.round < 5:
        state, _ = apply(state, EndPhase(_player(state)))
    assert state.ship("science").owner == "p1"  # the Mercenaries fly it this round
    state = to_phase(state, "astrogation", "p1")
    mercury = state.starmap.body("Mercury")
    assert mercury is not None
    at = mercury.centre.neighbour(Direction.S).neighbour(Direction.S)
    state = state.with_ship(
        replace(state.ship("science"), motion=Motion(at, Vector.of(Direction.N, 2)), orbit=None)
    )
    with pytest.raises(IllegalCommand, match="a course that would destroy it at once is refused"):
        apply(state, Plot("p1", "science", Order()))
    offered = preview(state, "science").options
    assert offered and not any(isinstance(h, Crash) for o in offered for h in o.result.hazards)
    state, _ = apply(state, Plot("p1", "science", offered[0].order))  # a safe course is fine
    # Flown by its own side, the same course may be plotted.
    state = to_phase(sabotage(), "astrogation", "p2")
    state = state.with_ship(
        replace(state.ship("science"), motion=Motion(at, Vector.of(Direction.N, 2)), orbit=None)
    )
    state, _ = apply(state, Plot("p2", "science", Order()))
    plan = state.plan("science")
    assert plan is not None and plan.order == Order()


def _missile_at(
    state: GameState, target: str, owner: str, ship: str, weapon: str = "missile"
) -> GameState:
    """``owner``'s missile (or mine) two hexes short of ``target``, flying at it at
    speed 2."""
    tip = state.ship(target).motion.position
    back = tip.neighbour(Direction.S).neighbour(Direction.S)
    piece = Ordnance(
        f"{weapon}-9", weapon, owner, owner, Motion(back, Vector.of(Direction.N, 2)), ship, 5
    )
    return replace(state, ordnance=(piece,))


def _armed(hex_label: str) -> GameState:
    """Training's variation, two players: Bob's ship at rest at ``hex_label``, Ann's
    far away in deep space; Ann's movement next."""
    game = load_scenario(SCENARIOS / "training-variation.toml")
    state, _ = game.start(SEATS[:2], seed=3, first=0)
    labels = state.starmap.bounds.labels
    for ship_id, where in (("trainee-p1", "2410"), ("trainee-p2", hex_label)):
        ship = replace(
            state.ship(ship_id),
            status=ShipStatus.ACTIVE,
            landed_at=None,
            motion=Motion(labels.parse(where), ZERO),
        )
        state = state.with_ship(ship)
    return to_phase(state, "astrogation", "p1")


def test_no_fire_zone_a_missile_in_flight_may_not_strike_a_ship_inside_it() -> None:
    state = _missile_at(_armed("0618"), "trainee-p2", "p1", "trainee-p1")  # Earth's zone
    state, events = apply(state, EndPhase("p1"))
    assert not any(isinstance(p, PendingStrike) for p in state.pending)
    held = [e.text for e in events if isinstance(e, StrikeHeld)]
    assert held == [
        "Ann's ship's Missile 9 may not strike at 0618: Earth control zone is a no-fire zone"
    ]
    # The same missile reaching the same ship in deep space is offered its strike.
    state = _missile_at(_armed("1410"), "trainee-p2", "p1", "trainee-p1")
    state, events = apply(state, EndPhase("p1"))
    assert [p.targets for p in state.pending if isinstance(p, PendingStrike)] == [("trainee-p2",)]


def test_no_fire_zone_a_mine_drifting_into_it_attacks_nobody_there() -> None:
    state = _missile_at(_armed("0618"), "trainee-p2", "p1", "trainee-p1", "mine")
    state, events = apply(state, EndPhase("p1"))
    assert not any(isinstance(e, MineAttack) for e in events)
    assert state.ship("trainee-p2") == _armed("0618").ship("trainee-p2")
    state = _missile_at(_armed("1410"), "trainee-p2", "p1", "trainee-p1", "mine")
    state, events = apply(state, EndPhase("p1"))
    assert [e.ship for e in events if isinstance(e, MineAttack)] == ["trainee-p2"]


def test_a_scenario_may_set_what_leaving_the_map_means_for_every_ship(tmp_path: Path) -> None:
    text = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
    text = text.replace("version = 1", "version = 2")
    path = tmp_path / "s.toml"
    path.write_text(text + '\n[leaving]\nrule = "returns"\npenalty_turns = 2\n', "utf-8")
    state, _ = load_scenario(path).start(SEATS[:1], seed=1)
    assert state.leaving == Leaving(LeavingRule.RETURNS, 2)
    assert state.terms is None
    path.write_text(text + '\n[leaving]\nrule = "bounces"\nships = ["nobody"]\n', "utf-8")
    with pytest.raises(FileProblems) as info:
        load_scenario(path)
    [problem] = info.value.problems
    assert (problem.field, problem.message) == ("leaving.ships[0]", "there is no ship 'nobody'")
    assert problem.line == text.count("\n") + 4


def test_a_scenario_leaving_rule_for_some_ships_names_every_players_copy() -> None:
    state = sabotage()
    assert state.terms is not None
    assert state.terms.leaving == (("science", Leaving(LeavingRule.BOUNCES)),)
    assert state.terms.moves_last == ("science",)
    assert state.leaving.rule is LeavingRule.ELIMINATED


def test_core_info_counts_ships_for_every_player_of_a_side(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", str(SCENARIOS / "hostile-takeover.toml")]) == 0
    out = capsys.readouterr().out
    assert "2 ships per player of Jovian Combine, 2 ships per player of Mercurian Syndicate" in out
    assert main(["validate", str(SCENARIOS / "industrial-sabotage.toml")]) == 0
    out = capsys.readouterr().out
    assert "1 ship per player of Mercenaries, 1 ship per player of Guards, 1 ship for Guards" in out


def test_no_fire_zone_the_gun_targets_offered_are_exactly_those_a_shot_is_accepted_at() -> None:
    """Ann in deep space, Bob inside Earth's no-fire zone, Cy in deep space: her gun may
    fire at Cy only, and the targets listed (what the Combat dock offers) are those."""
    game = load_scenario(SCENARIOS / "training-variation.toml")
    state, _ = game.start(SEATS, seed=3, first=0)
    labels = state.starmap.bounds.labels
    for ship_id, where in (("trainee-p1", "2410"), ("trainee-p2", "0618"), ("trainee-p3", "1410")):
        ship = replace(
            state.ship(ship_id),
            status=ShipStatus.ACTIVE,
            landed_at=None,
            motion=Motion(labels.parse(where), ZERO),
        )
        state = state.with_ship(ship)
    state = to_phase(state, "guns", "p1")
    ann = state.ship("trainee-p1")
    assert [t.id for t in targets(state, ann)] == ["trainee-p3"]
    apply(state, Fire("p1", ann.id, 0, "trainee-p3"))  # accepted
    with pytest.raises(IllegalCommand, match="Earth control zone: it is a no-fire zone"):
        apply(state, Fire("p1", ann.id, 0, "trainee-p2"))
