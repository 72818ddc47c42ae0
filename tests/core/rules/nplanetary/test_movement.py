"""Seed 001 "Movement": what the adjudication cases (``cases/movement``) do not show,
the gravity ruling on the sectors of a hex, and that a burn's fuel is the ruleset's."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.hexgrid import ZERO, Hex, Vector
from core.engine.play import apply, new_game, view
from core.files.mapfile import load_map
from core.files.resources import resource_path
from core.rules.nplanetary.system import SYSTEM
from core.vector.motion import Motion
from core.vector.orders import Plot
from core.vector.preview import preview
from core.vector.state import GameState, Player, Ship, ShipStatus

SOLAR = load_map(resource_path("maps", "solar-system.toml"))
MARS_RING_HEX = Hex(8, 0)  # Mars's gravity hex, its arrow pointing north-east


def course(start: Hex, velocity: Vector, switches: tuple[tuple[str, bool], ...] = ()) -> Ship:
    """Where a freighter coasting from ``start`` at ``velocity`` ends, one movement on."""
    ship = Ship("f1", "Skimmer", "a", "a", "freighter", Motion(start, velocity), Fraction(9))
    state, _ = new_game(
        "nplanetary", SOLAR, (Player("a", "Ann", "a"),), (ship,), seed=1, switches=switches
    )
    state = replace(state, phase=state.rules.sequence.phases.index("movement"))
    state, _ = SYSTEM.resolve_phase(state, ())
    return state.ship("f1")


#: runs exactly along the side between Mars's gravity hex (8,0) and the empty hex (7,0):
#: a side of (8,0) towards Mars's side of the hex (its arrow points north-east)
NEAR_SIDE = (Hex(7, 1), Vector(1, -2))
#: runs exactly along the side between (8,0) and the empty hex (7,1), the side of (8,0)
#: opposite its arrow, away from the planet
FAR_SIDE = (Hex(8, 1), Vector(-1, -1))


def test_ruling_the_sectors_of_a_hex_near_the_planet_count_as_its_gravity_hex() -> None:
    """Seed: "the sectors of the hex near the planet also, individually, count as gravity
    hexes". Ruling: a course that only runs along a side of a gravity hex, through none
    of its interior, still feels that hex's gravity next turn, when the side is on the
    planet's part of the hex (any side but the one opposite its arrow)."""
    ship = course(*NEAR_SIDE)
    assert ship.motion.position == Hex(8, -1)
    assert MARS_RING_HEX in {pull.hex for pull in ship.motion.pulls}


def test_ruling_the_side_of_a_gravity_hex_away_from_the_planet_does_not_count() -> None:
    ship = course(*FAR_SIDE)
    assert ship.motion.position == Hex(7, 0)
    assert MARS_RING_HEX not in {pull.hex for pull in ship.motion.pulls}


def test_ruling_the_sector_reading_is_a_switch_kept_with_the_game() -> None:
    """Groups reading the sentence otherwise switch it off: running along a side is then
    no entry at all."""
    ship = course(*NEAR_SIDE, switches=(("hexside_entered", False),))
    assert MARS_RING_HEX not in {pull.hex for pull in ship.motion.pulls}


def landed_at_rest() -> GameState:
    """Ann's freighter landed (the ruling: it lifts off by a burn), in the movement phase."""
    ship = Ship("f1", "Skimmer", "a", "a", "freighter", Motion(Hex(3, 3), ZERO), Fraction(9))
    ship = replace(ship, status=ShipStatus.LANDED, landed_at="b1")
    state, _ = new_game("nplanetary", SOLAR, (Player("a", "Ann", "a"),), (ship,), seed=1)
    return replace(state, phase=state.rules.sequence.phases.index("movement"))


def test_ruling_lift_off_is_a_burn_the_plotter_offers_a_landed_ship_burns_not_coasting() -> None:
    options = preview(landed_at_rest(), "f1").options
    assert options and all(o.fuel > 0 for o in options)  # given no order, it stays landed


def test_ruling_lift_off_a_landed_ships_sealed_burn_shows_in_its_players_view() -> None:
    state = landed_at_rest()
    option = preview(state, "f1").options[0]
    state, _ = apply(state, Plot("a", "f1", option.order))
    seen = view(state, "a")
    assert seen.plan("f1") is not None
    assert seen.ship("f1").status is ShipStatus.LANDED  # until the ships move
