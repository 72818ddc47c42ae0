"""A scripted System III Void player, for the scripted campaign games of the tests and the
benchmark: it reads the game it is given and returns the next command for the player the
game waits for. At strategic scale it steers each ship towards the nearest enemy in open
space and engages whatever its courses offer; in a battle resolved by strategic combat it
chooses an aggression level; in a battle entered by hand it reports what ``report`` says;
in a tactical battle it plays as the tactical scripted player
(:mod:`core.rules.void.tactical.autopilot`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.board.hexgrid import Direction, Vector
from core.engine.commands import Command, EndPhase
from core.engine.play import apply, waiting_for
from core.rules.void.battle import BattleSetup, Resolution
from core.rules.void.engage import Engage
from core.rules.void.fight import AGGRESSION, RESULT, ChooseAggression, EnterResult, Fight, Reported
from core.rules.void.fight import phases as fight_phases
from core.rules.void.offers import open_offers
from core.rules.void.tactical import autopilot as tactical
from core.rules.void.terms import is_strategic, terms_of
from core.vector.motion import Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ship
from core.vector.turns import current_phase, plotting_phases

#: how the next battle is resolved, by how many have been fought
Chooser = Callable[[int], Resolution]
#: the result a player reports for a battle fought on the table
Reporter = Callable[[BattleSetup], tuple[Reported, ...]]


def everyone_else_lost(setup: BattleSetup) -> tuple[Reported, ...]:
    """A table result: the engaged (defending) ships destroyed, the attackers unharmed."""
    return tuple(Reported(s.id, destroyed=True) for s in setup.side("defender"))


@dataclass(frozen=True)
class Autopilot:
    """``choose`` picks each battle's resolution, ``report`` a hand-entered result,
    ``aggression`` the level every player chooses."""

    choose: Chooser = lambda n: "strategic"
    report: Reporter = everyone_else_lost
    aggression: int = 2

    def next(self, state: object, player: str) -> Command:
        if isinstance(state, Fight):
            return self._fight(state, player)
        assert isinstance(state, GameState)
        if not is_strategic(state):
            return tactical.next_command(state, player)
        phase = current_phase(state)
        if phase in plotting_phases(state.rules) and phase != state.rules.sequence.movement_phase:
            for ship in state.ships:
                if ship.owner == player and ship.in_play and state.plan(ship.id) is None:
                    order = steer(state, ship)
                    if order is not None:
                        return Plot(player, ship.id, order)
        if phase == "combat":
            engage = self._engage(state, player)
            if engage is not None:
                return engage
        return EndPhase(player)

    def _fight(self, state: Fight, player: str) -> Command:
        phase = fight_phases(state)[state.phase]
        if phase is RESULT:
            return EnterResult(player, self.report(state.setup))
        if (
            phase is AGGRESSION
            and player not in dict(state.levels)
            and not any(c.player == player for c in state.sealed)
        ):
            return ChooseAggression(player, self.aggression)
        return EndPhase(player)

    def _engage(self, state: GameState, player: str) -> Engage | None:
        fought = {f.where for f in terms_of(state).fought if f.attacker == player}
        offered = {h: o for h, o in open_offers(state, player).items() if h not in fought}
        if not offered:
            return None
        target = min(offered, key=lambda h: (-len(offered[h]), h))
        resolution = self.choose(terms_of(state).battles)
        if resolution == "tactical" and not terms_of(state).tactical:
            resolution = "strategic"
        return Engage(player, tuple(o.ship for o in offered[target]), target, resolution)


def steer(state: GameState, ship: Ship) -> Order | None:
    """The burn (none or one hex, or two when the crew may) that brings the ship's next
    position nearest an enemy, slowest first; None to coast when nothing is better.
    Open space only: the course ends at position + vector + burn."""
    enemies = [s.motion.position for s in state.ships if s.side != ship.side and s.in_play]
    if not enemies or ship.disabled or ship.disabled_for:
        return None
    here, velocity = ship.motion.position, ship.motion.velocity
    unit = state.rules.unit(ship.unit)
    costs = state.rules.profile(unit.profile).costs
    longest = 2 if ship.cooldown == 0 and len(costs) >= 2 and ship.fuel >= costs[1] else 1
    best: tuple[tuple[int, int], Order] | None = None
    for hexes in range(0, longest + 1):
        if hexes and ship.fuel < costs[hexes - 1]:
            break
        for d in Direction if hexes else (Direction(0),):
            burn = Vector.of(d, hexes)
            v = velocity + burn
            end = here + v
            if not state.starmap.bounds.contains(end) or state.starmap.gravity_at(end):
                continue
            score = (min(end.distance(e) for e in enemies), v.speed)
            if best is None or score < best[0]:
                best = (score, Order((d,) * hexes))
    return None if best is None or not best[1].burn else best[1]


def play_on(state: object, pilot: Autopilot, *, limit: int = 2000) -> tuple[object, list[Command]]:
    """Play a game in memory to its end or its next battle (the commands given)."""
    given: list[Command] = []
    for _ in range(limit):
        waiting = waiting_for(state)
        if getattr(state, "over", False) or not waiting:
            break
        if isinstance(state, GameState) and terms_of(state).battle is not None:
            break
        command = pilot.next(state, waiting[0].id)
        state, _ = apply(state, command)
        given.append(command)
    return state, given
