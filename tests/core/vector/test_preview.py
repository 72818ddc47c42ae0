"""The course plotter's preview: every end point it offers is exactly what the engine
does when that order is plotted and the phase ends."""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Body, BodyKind, Bounds, GravityKind, StarMap
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase, new_game
from core.vector.course import Crash
from core.vector.motion import Motion
from core.vector.orders import Plot
from core.vector.preview import choices_for, preview, projection
from core.vector.state import GameState, Player, Ship

PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
BOUNDS = Bounds(30, 30)
CENTRE = BOUNDS.labels.from_offset(15, 15)
PLANET = StarMap("Planet", BOUNDS, (Body("Terra", BodyKind.PLANET, CENTRE),))
MOON = StarMap("Moon", BOUNDS, (Body("Selene", BodyKind.MOON, CENTRE, 0.3, GravityKind.WEAK),))


def astrogation(starmap: StarMap, ship: Ship, ruleset: str = "interplanetary") -> GameState:
    """A game whose first player, Ann, is in the phase where ships are plotted."""
    state, _ = new_game(ruleset, starmap, PLAYERS, (ship,), seed=3)
    while current_phase(state) != "astrogation" and ruleset == "interplanetary":
        state, _ = apply(state, EndPhase("a"))
    return state


def ship_at(h: Hex, v: Vector = ZERO, fuel: int = 10, unit: str = "ship", **kw: object) -> Ship:
    return Ship("s", "Swift", "a", "red", unit, Motion(h, v), Fraction(fuel), **kw)  # type: ignore[arg-type]


def moved(state: GameState, order_plot: Plot) -> Ship:
    state, _ = apply(state, order_plot)
    state, _ = apply(state, EndPhase("a"))
    return state.ship("s")


def test_preview_offers_the_coast_and_six_one_hex_burns_in_interplanetary() -> None:
    state = astrogation(PLANET, ship_at(CENTRE + Vector(-6, 0), Vector(1, 0)))
    p = preview(state, "s")
    assert len(p.options) == 7
    tips = {o.tip for o in p.options}
    drift = CENTRE + Vector(-5, 0)
    assert p.drift == drift
    assert tips == {drift} | {drift + Vector.of(d) for d in Direction}
    assert sorted(o.fuel for o in p.options) == [0] + [1] * 6


def test_every_previewed_end_point_is_where_the_engine_moves_the_ship() -> None:
    # Passing close to a planet: gravity, a crash course and orbits among the options.
    state = astrogation(PLANET, ship_at(CENTRE + Vector(-2, 0), Vector(1, 0)))
    p = preview(state, "s")
    assert p.options
    for option in p.options:
        after = moved(state, Plot("a", "s", option.order))
        assert after.motion == option.result.next or not after.in_play
        assert after.fuel == Fraction(10) - option.fuel


def test_preview_reports_a_crash_where_the_course_meets_the_body() -> None:
    state = astrogation(PLANET, ship_at(CENTRE + Vector(-2, 0), Vector(1, 0)))
    crashing = [
        o
        for o in preview(state, "s").options
        if any(isinstance(h, Crash) for h in o.result.hazards)
    ]
    assert crashing, "a course straight at the planet must show its crash"
    for option in crashing:
        crash = next(h for h in option.result.hazards if isinstance(h, Crash))
        assert crash.body == "Terra"
        assert not moved(state, Plot("a", "s", option.order)).in_play


def test_preview_offers_no_burn_without_fuel_or_when_disabled() -> None:
    start = CENTRE + Vector(-6, 0)
    for ship in (ship_at(start, Vector(1, 0), fuel=0), ship_at(start, Vector(1, 0), disabled=True)):
        p = preview(astrogation(PLANET, ship), "s")
        assert [o.fuel for o in p.options] == [0]


def test_military_ships_of_nplanetary_may_preview_two_hex_burns() -> None:
    ship = ship_at(CENTRE + Vector(-8, 0), Vector(1, 0), unit="frigate")
    p = preview(astrogation(PLANET, ship, "nplanetary"), "s")
    assert len(p.options) == 19  # the coast, six 1-hex burns, twelve 2-hex ones
    assert max(o.fuel for o in p.options) == 4


def test_weak_gravity_may_be_ignored_on_the_preview() -> None:
    # A ship that entered the moon's weak ring last turn feels it this turn, or not.
    ring = CENTRE + Vector(-1, 0)
    ship = ship_at(ring + Vector(-1, 0), Vector(1, 0))
    state = astrogation(MOON, ship)
    state, _ = apply(state, Plot("a", "s"))
    state, _ = apply(state, EndPhase("a"))
    ship = state.ship("s")
    assert ship.motion.pulls, "the ship entered the weak ring"
    choices = choices_for(ship)
    assert [c.may_ignore for c in choices] == [True]
    state2 = astrogation(MOON, ship)
    felt = preview(state2, "s")
    ignored = preview(state2, "s", ignore=frozenset({choices[0].index}), picks=())
    arrow = ship.motion.pulls[0].arrows[0].direction
    assert felt.drift == ignored.drift + Vector.of(arrow)


def test_coast_projection_follows_the_engine_turn_after_turn() -> None:
    ship = ship_at(CENTRE + Vector(-3, 0), Vector(0, 1))
    state, _ = new_game("interplanetary", PLANET, PLAYERS[:1], (ship,), seed=3)
    state, _ = apply(state, EndPhase("a"))  # the launch phase
    ghost = projection(state, "s", 4)
    assert len(ghost) >= 2
    for result in ghost:
        assert current_phase(state) == "astrogation"
        for _ in range(4):  # astrogation (the ship coasts), guns, resupply, launch
            state, _ = apply(state, EndPhase("a"))
        after = state.ship("s")
        assert after.motion.position == result.end
        if not after.in_play:
            break
