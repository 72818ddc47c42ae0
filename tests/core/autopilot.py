"""A small deterministic autopilot that plays Interplanetary's scenarios through the
engine, so each scripted game is a fixed, reproducible sequence of commands.

Navigation looks a few turns ahead with the engine's own physics: the first turn's
choices are the course plotter's (:func:`core.vector.preview.preview`, checked by the engine's
plan check), the turns after are :func:`core.vector.movement.move` with the same parameters.
Each line of flight is scored by the turns it takes to reach the ship's goal (a gravity
well, an orbit, another ship's hex and vector, a fight), estimated past the horizon, and
the fuel it burns; courses that crash, leave the map or cross asteroids are not flown.
Fighting is simple: fire every gun with a fair chance, launch a missile whose first move
ends on an enemy, strike with every missile offered a target, board a disabled enemy
whose vector is matched, place damage as the game suggests, answer fire when possible.

Test code: it decides nothing the engine does not check, and it never bends a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from core.board.hexgrid import Direction, Hex, Vector
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import active_player, apply, current_phase, waiting_for
from core.rules.interplanetary.allegiance import ship_passage, weapon_passage
from core.rules.interplanetary.combat.attack import AllocateDamage, PendingAnswer, PendingHit
from core.vector.course import AsteroidHex
from core.vector.course_check import launch_hexes, params_for
from core.vector.motion import Order
from core.vector.movement import MoveResult, move
from core.vector.orders import Launch, Plot
from core.vector.preview import preview
from core.vector.reach import burns, default_order
from core.vector.state import GameState, Ship, ShipStatus

#: how many turns the navigator looks ahead (the first with the plotter's options)
DEPTH = 3
#: what a turn is worth against a point of fuel when choosing a course
TURN = Fraction(1)
#: the fastest the navigator flies (faster costs fuel to brake, and misses wells)
TOP_SPEED = 2


# ---- goals ----


@dataclass(frozen=True)
class Goal:
    """Where a ship is going: ``reached`` says whether a move got there; ``estimate``
    the turns still needed from a motion (position, vector) past the horizon."""

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        raise NotImplementedError

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        raise NotImplementedError

    def depth(self, state: GameState, ship: Ship) -> int:
        """How many turns the navigator looks ahead for this goal now."""
        return DEPTH

    #: what a turn sooner is worth in fuel
    urgency = TURN


def turns_to(at: Hex, velocity: Vector, target: Hex, slack: int = 0) -> float:
    """Turns to come within ``slack`` hexes of ``target`` burning one hex a turn, gravity
    left out: after T turns the drift is T vectors on and burns can shift it by 1+...+T.
    A fraction for the distance of next turn's drift breaks ties towards the target."""
    near = Hex(at.q + velocity.q, at.r + velocity.r).distance(target) / 64
    for t in range(1, 40):
        drift = Hex(at.q + velocity.q * t, at.r + velocity.r * t)
        if drift.distance(target) - slack <= t * (t + 1) // 2:
            return t + near
    return 40 + near


@dataclass(frozen=True)
class Well(Goal):
    """Enter a gravity hex of ``body``."""

    body: str

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        return any(a.body == self.body for p in result.next.pulls for a in p.arrows)

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        body = state.starmap.body(self.body)
        assert body is not None
        return turns_to(at, velocity, body.centre, 1)


@dataclass(frozen=True)
class Orbit(Goal):
    """Be in orbit round ``body``."""

    body: str

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        return result.orbit == self.body

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        body = state.starmap.body(self.body)
        assert body is not None
        return turns_to(at, velocity, body.centre, 1) + max(0, velocity.speed - 1) + 1

    def depth(self, state: GameState, ship: Ship) -> int:
        """Look further ahead near the body: orbit takes several turns to fit."""
        body = state.starmap.body(self.body)
        assert body is not None
        return DEPTH + 1 if ship.motion.position.distance(body.centre) <= 4 else DEPTH


@dataclass(frozen=True)
class Dock(Orbit):
    """Dock with the orbital base ``base`` of ``body``: orbit, then pass the base."""

    base: str = ""

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        return result.orbit == self.body and self.passes(state, result)

    def passes(self, state: GameState, result: MoveResult) -> bool:
        base = state.starmap.base(self.base)
        assert base is not None
        return base.hex in (result.start, *result.trace.entered)


@dataclass(frozen=True)
class Meet(Goal):
    """End a move in ``hex`` with vector ``velocity`` (to board, or to dock)."""

    hex: Hex
    velocity: Vector

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        return result.end == self.hex and result.next.velocity == self.velocity

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        gap = velocity - self.velocity
        return max(turns_to(at, gap, self.hex), gap.speed) + 1


@dataclass(frozen=True)
class Close(Goal):
    """Come within ``reach`` hexes of ``hex`` moving with ``velocity`` (a fight)."""

    hex: Hex
    velocity: Vector
    reach: int = 1
    urgency = Fraction(3)

    def reached(self, state: GameState, ship: Ship, result: MoveResult) -> bool:
        gap = result.next.velocity - self.velocity
        return result.end.distance(self.hex) <= self.reach and gap.speed <= 1

    def estimate(self, state: GameState, at: Hex, velocity: Vector) -> float:
        gap = velocity - self.velocity
        return max(turns_to(at, gap, self.hex, self.reach), gap.speed)


class Scripted(Goal):
    """A goal that gives the ship's astrogation command itself (a searched route,
    :mod:`tests.core.route`); None: the ship coasts."""

    def command(self, state: GameState, ship: Ship) -> Command | None:
        raise NotImplementedError


# ---- navigation ----


def _safe(result: MoveResult, top: int = TOP_SPEED) -> bool:
    if result.stopped or result.next.velocity.speed > top:
        return False
    return not any(isinstance(h, AsteroidHex) for h in result.hazards)


def _score(
    state: GameState, ship: Ship, goal: Goal, result: MoveResult, depth: int, fuel: Fraction
) -> tuple[float, Fraction]:
    """(turns, fuel) of the best line of flight from ``result``, ``depth`` turns more."""
    if goal.reached(state, ship, result):
        return (0, Fraction(0)) if _survives(state, ship, result, fuel) else (99, Fraction(0))
    nxt = result.next
    if depth == 0 or fuel <= 0:
        if not _survives(state, ship, result, fuel):
            return 99, Fraction(0)  # nothing it can do next turn saves it
        return goal.estimate(state, nxt.position, nxt.velocity), Fraction(0)
    best: tuple[float, Fraction] | None = None
    for after in _next_moves(state, ship, result, fuel, TOP_SPEED):
        turns, burnt = _score(state, ship, goal, after, depth - 1, fuel - after.fuel)
        line = (turns + 1, burnt + after.fuel)
        if best is None or _value(line, goal) < _value(best, goal):
            best = line
    return best if best is not None else (99.0, Fraction(0))


def _next_moves(
    state: GameState, ship: Ship, result: MoveResult, fuel: Fraction, top: int
) -> Iterator[MoveResult]:
    """The safe moves after ``result``, one per burn the fuel allows, coasting first."""
    params = params_for(state, ship)
    nxt = result.next
    base = default_order(nxt.pulls, prefer=result.orbit)
    passage = ship_passage(state, ship)
    for _shift, cost, dirs in burns(params.burn_costs):
        if cost > fuel:
            continue
        order = Order(dirs, base.ignore, base.picks)
        after = move(state.starmap, nxt, order, params, passage=passage, fuel=fuel, name=ship.name)
        if _safe(after, top):
            yield after


def _survives(state: GameState, ship: Ship, result: MoveResult, fuel: Fraction) -> bool:
    """Whether some move after ``result`` neither crashes nor leaves the map."""
    return next(_next_moves(state, ship, result, fuel, 99), None) is not None


def _value(line: tuple[float, Fraction], goal: Goal) -> Fraction:
    turns, fuel = line
    return goal.urgency * Fraction(turns) + fuel


def steer(state: GameState, ship: Ship, goal: Goal) -> Order | None:
    """The order of the plotter's options that reaches ``goal`` soonest and cheapest
    (None: every option is unsafe, so the ship coasts)."""
    depth = goal.depth(state, ship)
    options = preview(state, ship.id).options
    top = TOP_SPEED if any(_safe(o.result) for o in options) else 99  # gravity may force it
    best: tuple[Fraction, Order] | None = None
    for option in options:
        result = option.result
        if not _safe(result, top):
            continue
        turns, fuel = _score(state, ship, goal, result, depth - 1, ship.fuel - result.fuel)
        value = _value((turns, fuel + result.fuel), goal)
        if best is None or value < best[0]:
            best = (value, option.order)
    return best[1] if best is not None else None


def launch_towards(state: GameState, ship: Ship, goal: Goal) -> Hex:
    """The hex a landed ship launches to: the one nearest its goal."""
    hexes = launch_hexes(state, ship)
    return min(hexes, key=lambda h: (goal.estimate(state, h, Vector(0, 0)), h.q, h.r))


# ---- the players ----

#: a ship's goal now (None: coast)
Plan = Callable[[GameState, Ship], Goal | None]
#: extra commands a player gives in a phase (resupply: refuel, load)
Extra = Callable[[GameState, Ship, str], list[Command]]


@dataclass
class Pilot:
    """One player's way of playing: where each ship goes, whether it fights, and any
    extra commands (``extra``) in a phase."""

    plan: Plan
    fight: bool = True
    extra: Extra | None = None


@dataclass
class Game:
    """A game played to its end: the final state, the commands given, every event."""

    state: GameState
    commands: list[Command] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def give(self, command: Command) -> list[Event]:
        self.state, events = apply(self.state, command)
        self.commands.append(command)
        self.events.extend(events)
        return events

    def tries(self, command: Command) -> bool:
        """Give ``command`` if the engine accepts it."""
        try:
            self.give(command)
        except IllegalCommand:
            return False
        return True


def play(state: GameState, pilots: dict[str, Pilot], rounds: int) -> Game:
    """Play until the game is over or ``rounds`` rounds have passed."""
    game = Game(state)
    while not game.state.over and game.state.round <= rounds:
        if game.state.pending:
            _answer(game)
            continue
        player = active_player(game.state)
        assert player is not None, "the autopilot plays turn-by-turn rulesets"
        _phase(game, player.id, pilots[player.id])
        if not game.state.pending and not game.state.over:
            who = waiting_for(game.state)[0].id
            if who == player.id and active_player(game.state) == player:
                game.give(EndPhase(player.id))
    return game


def _phase(game: Game, player: str, pilot: Pilot) -> None:
    phase = current_phase(game.state)
    for ship in [s for s in game.state.ships if s.owner == player and s.in_play]:
        ship = game.state.ship(ship.id)
        if game.state.over or game.state.pending or not ship.in_play:
            return
        if phase == "astrogation":
            _astrogate(game, ship, pilot)
        elif phase == "launch" and pilot.fight:
            _launch(game, ship)
        elif phase == "guns" and pilot.fight:
            _guns(game, ship)
        if pilot.extra is not None and not game.state.pending:
            for command in pilot.extra(game.state, game.state.ship(ship.id), phase):
                game.tries(command)


def _astrogate(game: Game, ship: Ship, pilot: Pilot) -> None:
    goal = pilot.plan(game.state, ship)
    if goal is None:
        return
    if isinstance(goal, Scripted):
        command = goal.command(game.state, ship)
        if command is not None:
            game.give(command)
        return
    if ship.status is ShipStatus.LANDED:
        game.give(Launch(ship.owner, ship.id, launch_towards(game.state, ship, goal)))
        return
    if ship.disabled:
        return
    if isinstance(goal, Dock) and ship.orbit == goal.body:
        for option in preview(game.state, ship.id).options:
            reached = goal.reached(game.state, ship, option.result)
            if reached and game.tries(Plot(ship.owner, ship.id, option.order, dock=goal.base)):
                return
    order = steer(game.state, ship, goal)
    if order is not None:
        game.give(Plot(ship.owner, ship.id, order))


def enemies(state: GameState, ship: Ship) -> list[Ship]:
    from core.rules.interplanetary.combat.guns import exposed

    return [s for s in state.ships if s.side != ship.side and exposed(state, s)]


def _launch(game: Game, ship: Ship) -> None:
    """Launch a missile whose first move ends on an enemy, if one can."""
    from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
    from core.rules.interplanetary.combat.ordnance import LaunchWeapon, params
    from core.vector.motion import launched

    state = game.state
    aid = play_aid(state)
    slots = [
        i
        for i, w in enumerate(manifest_or_empty(aid, ship).launchers)
        if w is not None and w == "missile"
    ]
    if not slots or ship.status is not ShipStatus.ACTIVE:
        return
    weapon = aid.launched_weapon("missile")
    targets = {e.motion.position for e in enemies(state, ship)}
    thrusts: list[tuple[Direction, ...]] = [()]
    thrusts += [(d,) for d in Direction]
    if weapon.thrust >= 2:
        thrusts += [(a, b) for a in Direction for b in Direction if a.value <= b.value]
    for thrust in thrusts:
        motion = launched(ship.motion, thrust, weapon.thrust)
        order = default_order(motion.pulls)
        result = move(state.starmap, motion, order, params(state), passage=weapon_passage(state))
        hits = not result.stopped and result.end in targets
        if hits and game.tries(LaunchWeapon(ship.owner, ship.id, slots[0], thrust)):
            return


def _guns(game: Game, ship: Ship) -> None:
    """Board a disabled enemy whose vector is matched; else fire each gun with a fair
    chance at the enemy it is likeliest to harm."""
    from core.rules.interplanetary.combat.guns import Fire, shot
    from core.rules.interplanetary.combat.readiness import guns_ready

    state = game.state
    if state.uses("boarding"):
        from core.rules.interplanetary.optional.boarding import Board, boardable

        for target in boardable(state, ship):
            game.give(Board(ship.owner, ship.id, target.id))
            return
    guns, why = guns_ready(state, ship)
    if why is not None:
        return
    for point, gun in guns:
        state = game.state
        if game.state.pending or not state.ship(ship.id).in_play:
            return
        best: tuple[Fraction, str] | None = None
        for enemy in enemies(state, ship):
            odds = sum(
                (p for code, p in shot(state, ship, gun, enemy).chances if code != "-"), Fraction(0)
            )
            if odds >= Fraction(1, 2) and (best is None or odds > best[0]):
                best = (odds, enemy.id)
        if best is not None:
            game.tries(Fire(ship.owner, ship.id, point, best[1]))


def _answer(game: Game) -> None:
    """Answer the first decision the game waits for."""
    from core.rules.interplanetary.combat.guns import Fire, Hold
    from core.rules.interplanetary.combat.ordnance_attacks import PendingStrike, Strike
    from core.rules.interplanetary.combat.readiness import guns_ready, may_answer
    from core.rules.interplanetary.combat.single_use import Decline, PendingRoll

    first = game.state.pending[0]
    if isinstance(first, PendingHit):
        game.give(AllocateDamage(first.player, first.ship))
    elif isinstance(first, PendingAnswer):
        ship = game.state.ship(first.ship)
        guns, _ = guns_ready(game.state, ship, answering=True)
        for point, gun in guns:
            free = point not in first.used and may_answer(game.state, ship, point, gun)
            if free and game.tries(Fire(first.player, ship.id, point, first.attacker)):
                return
        game.give(Hold(first.player, first.ship))
    elif isinstance(first, PendingStrike):
        game.give(Strike(first.player, first.missile, first.targets[0]))
    elif isinstance(first, PendingRoll):
        game.give(Decline(first.player, first.ship))
    else:
        raise AssertionError(f"the autopilot cannot answer: {first.prompt()}")
