"""Moves as one line each: plot, launch, end the phase, fire, place damage, strike.

Each builds the engine's command for the player who owns the piece (or whom the game
waits for) and plays it, returning the new state and the events; the commands themselves
(:class:`Plot`, :class:`Fire`...) are there for scripts that want them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.api.games import play
from core.api.hexes import DirectionLike, HexLike, direction, directions, hex_at
from core.api.pieces import SetupError
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.rules.interplanetary.aid.carried import manifest_or_empty, play_aid
from core.rules.interplanetary.aid.damage import Allocation
from core.rules.interplanetary.aid.manifest import working_guns
from core.rules.interplanetary.bases import Refuel
from core.rules.interplanetary.combat.attack import AllocateDamage, PendingHit
from core.rules.interplanetary.combat.guns import Fire, Hold, Shot, shot
from core.rules.interplanetary.combat.ordnance import LaunchWeapon
from core.rules.interplanetary.combat.ordnance_attacks import Strike
from core.vector.motion import Order
from core.vector.orders import Launch, Plot
from core.vector.state import GameState
from core.vector.turns import active_player, current_phase, waiting_for

Played = tuple[GameState, list[Event]]

#: the most phases :func:`advance_to` ends before it gives up
LIMIT = 1000


def order(
    state: GameState,
    burn: DirectionLike | Sequence[DirectionLike] = (),
    *,
    ignore: Sequence[int] = (),
    picks: Mapping[int, DirectionLike] | None = None,
) -> Order:
    """A move's order: the burn (``"N"``, ``"N NE"``, directions), the weak pulls
    ignored and the arrows picked in two-directed hexes, by the pull's index."""
    chosen = tuple((i, direction(state, d)) for i, d in sorted((picks or {}).items()))
    return Order(directions(state, burn), frozenset(ignore), chosen)


def plot(
    state: GameState,
    ship: str,
    burn: DirectionLike | Sequence[DirectionLike] = (),
    *,
    ignore: Sequence[int] = (),
    picks: Mapping[int, DirectionLike] | None = None,
    land: str | None = None,
    dock: str | None = None,
) -> Played:
    """Plot ``ship``'s move (see :func:`order`); it moves when the phase ends."""
    owner = state.known_ship(ship).owner
    plan = order(state, burn, ignore=ignore, picks=picks)
    return play(state, Plot(owner, ship, plan, land, dock))


def launch(state: GameState, ship: str, to: HexLike | None = None) -> Played:
    """Lift a landed ship off its base to ``to`` (None: the only hex it can reach)."""
    owner = state.known_ship(ship).owner
    return play(state, Launch(owner, ship, None if to is None else hex_at(state, to)))


def end_phase(state: GameState, player: str | None = None) -> Played:
    """End the phase for ``player`` (None: the one player the game waits for)."""
    return play(state, EndPhase(_player(state, player)))


def advance_to(state: GameState, phase: str, player: str | None = None) -> Played:
    """End phases until it is ``phase`` (of ``player``'s turn, if named): the state then
    and every event on the way. Stops early when a decision is waiting (a hit to place, a
    missile's strike), which the caller answers; :class:`SetupError` if the game ends."""
    events: list[Event] = []
    for _ in range(LIMIT):
        whose = active_player(state)
        if current_phase(state) == phase and (
            player is None or (whose is not None and player in (whose.id, whose.name))
        ):
            return state, events
        if state.over:
            raise SetupError(f"the game is over before the {phase} phase: {events[-1]}")
        if state.pending:
            return state, events  # a decision first: the caller answers it
        state, more = end_phase(state)
        events.extend(more)
    raise SetupError(f"the game did not reach the {phase} phase in {LIMIT} phases")


def fire(state: GameState, ship: str, target: str, gun: int = 0) -> Played:
    """Fire the gun on mount point ``gun`` of ``ship`` at ``target`` (or fire back)."""
    return play(state, Fire(state.known_ship(ship).owner, ship, gun, target))


def hold(state: GameState, ship: str) -> Played:
    """Do not fire back with ``ship``."""
    return play(state, Hold(state.known_ship(ship).owner, ship))


def odds(state: GameState, ship: str, target: str, gun: int = 0) -> Shot:
    """The odds of the gun on mount point ``gun`` of ``ship`` firing at ``target`` now:
    range, relative velocity, modifiers with their reasons, the chance of each result."""
    attacker, aimed_at = state.known_ship(ship), state.known_ship(target)
    aid = play_aid(state)
    for point, g in working_guns(aid, manifest_or_empty(aid, attacker)):
        if point == gun:
            return shot(state, attacker, g, aimed_at)
    raise IllegalCommand(f"{attacker.name} has no working gun on mount point {gun}")


def launch_weapon(
    state: GameState, ship: str, slot: int = 0, thrust: DirectionLike | Sequence[DirectionLike] = ()
) -> Played:
    """Launch the weapon in launcher ``slot`` (from 0), its own thrust shifting it."""
    owner = state.known_ship(ship).owner
    return play(state, LaunchWeapon(owner, ship, slot, directions(state, thrust)))


def allocate(state: GameState, allocation: Allocation | None = None) -> Played:
    """Place the first waiting hit (``allocation`` None: as the game suggests)."""
    hit = next((p for p in state.pending if isinstance(p, PendingHit)), None)
    if hit is None or hit is not state.pending[0]:
        raise IllegalCommand("no hit is waiting to be placed")
    return play(state, AllocateDamage(hit.player, hit.ship, allocation))


def strike(state: GameState, missile: str, target: str | None = None) -> Played:
    """Answer a missile's chance to strike: at ``target``, or None to hold it."""
    return play(state, Strike(state.piece(missile).owner, missile, target))


def refuel(state: GameState, ship: str) -> Played:
    return play(state, Refuel(state.known_ship(ship).owner, ship))


def _player(state: GameState, player: str | None) -> str:
    if player is not None:
        for p in state.players:
            if player in (p.id, p.name):
                return p.id
        return player  # the engine says who is not playing
    waiting = waiting_for(state)
    if len(waiting) != 1:
        names = " and ".join(p.name for p in waiting) or "nobody"
        raise IllegalCommand(f"say whose phase ends: waiting for {names}")
    return waiting[0].id
