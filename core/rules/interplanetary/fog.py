"""Fog of war (seed "Optional rules: Fog of war"): what one player may see of the game.

Positions, vectors and launched weapons are public (weapons are announced and drawn when
launched); what is hidden is an enemy ship's manifest: its outfit, damage and fuel.
Two ships show each other their manifests while they are within detector range of each
other (the play aid's hull range, 3, or a working long-range sensor's), and a base of a
side shows its side every ship within that range. A gun that has fired is known from
then on, whoever fired it at.

Rulings: "closer than the range" is read as within it (3 hexes apart or less); showing
is mutual, by the longer of the two ships' ranges; what was seen is shown only while in
range (the players remember the rest). A pure function of the state, so the window can
show the seated player only their own view, and a player file holds only it
(:func:`view`, a whitelist: :mod:`core.engine.whitelist`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from core.board.hexgrid import Hex
from core.engine.whitelist import Shown, Whitelist, project
from core.rules.interplanetary.aid.carried import aid_of, manifest_of
from core.rules.interplanetary.aid.manifest import Manifest
from core.rules.interplanetary.scenario.terms import Start, Terms, terms_of
from core.vector.state import GameState, Ship
from core.vector.view import SHIP_PUBLIC, whitelist

SWITCH = "fog_of_war"


@dataclass(frozen=True)
class Sight:
    """What ``player`` may see: the ships whose manifests are ``hidden`` from them, and for
    each of those the guns (mount point, gun id) that have given themselves away."""

    player: str
    hidden: frozenset[str]
    guns: tuple[tuple[str, tuple[tuple[int, str], ...]], ...] = ()

    def guns_of(self, ship: str) -> tuple[tuple[int, str], ...]:
        return dict(self.guns).get(ship, ())


def _range(state: GameState, ship: Ship) -> int:
    # combat's rules code, loaded with the game
    from core.rules.interplanetary.combat.systems import detector_range

    return detector_range(state, ship)


def _base_hexes(state: GameState, side: str) -> list[Hex]:
    terms = terms_of(state)
    if terms is None:
        return []
    hexes = []
    for own in terms.bases:
        base = state.starmap.base(own.base)
        if own.side == side and base is not None and own.base not in state.bases_lost:
            hexes.append(base.approach)
    return hexes


def detected(state: GameState, player: str, ship: Ship) -> bool:
    """Whether ``player`` sees ``ship``'s manifest now."""
    side = state.player(player).side
    if ship.side == side or not state.uses(SWITCH):
        return True
    at = ship.motion.position
    reach = _range(state, ship)
    for mine in state.ships:
        if not (mine.side == side and mine.in_play):
            continue
        if at.distance(mine.motion.position) <= max(reach, _range(state, mine)):
            return True
    aid = aid_of(state.rules)
    base_reach = aid.hull.detector_range if aid is not None else 0
    return any(at.distance(h) <= base_reach for h in _base_hexes(state, side))


def sight(state: GameState, player: str) -> Sight:
    """What ``player`` may see of every ship now."""
    hidden = frozenset(s.id for s in state.ships if not detected(state, player, s))
    guns = []
    for ship_id in sorted(hidden):
        ship = state.ship(ship_id)
        m = manifest_of(ship)
        mounts = m.guns if m is not None else ()
        shown = tuple(
            (p, g)
            for p, g in enumerate(mounts)
            if g is not None and f"{ship_id}:{p}" in state.revealed
        )
        if shown:
            guns.append((ship_id, shown))
    return Sight(player, hidden, tuple(guns))


def _revealed(ship: Ship, seen: Sight) -> Manifest | None:
    """What is known of a hidden ship's manifest: the guns that fired, nothing else."""
    own = manifest_of(ship)
    if own is None or not seen.guns_of(ship.id):
        return None
    guns: list[str | None] = [None] * len(own.guns)
    for p, g in seen.guns_of(ship.id):
        guns[p] = g
    return Manifest(guns=tuple(guns))


def shown(state: GameState, player: str) -> Whitelist:
    """Fog of war's whitelist entries for ``player``: a ship they see is shown whole; a
    hidden one shows its counter (:data:`core.vector.view.SHIP_PUBLIC`) and the guns
    that fired, its fuel shown as 0 (ask :func:`sight` to tell an unknown from an empty
    tank). A scenario's starting outfits (kept for ships that come back) are shown only
    for ships the player sees."""
    seen = sight(state, player)
    every = frozenset(f.name for f in fields(Ship))

    def ship(s: Ship) -> Shown:
        if s.id not in seen.hidden:
            return Shown(whole=every)
        return Shown(
            whole=SHIP_PUBLIC, blanks={"fuel": Fraction(0), "manifest": _revealed(s, seen)}
        )

    def start(s: Start) -> Shown:
        known = s.ship not in seen.hidden and any(x.id == s.ship for x in state.ships)
        return Shown(
            whole=frozenset(f.name for f in fields(Start) if known or f.name != "manifest")
        )

    terms = frozenset(f.name for f in fields(Terms))
    return {
        Ship: ship,
        Terms: Shown(fields=frozenset({"starts"}), whole=terms - {"starts"}),
        Start: start,
    }


def view(state: GameState, player: str) -> GameState:
    """The state as ``player`` may see it (Interplanetary has no sealed orders): built
    from the vector games' whitelist and :func:`shown`. For display and player files,
    never for play."""
    seen: GameState = project(state, whitelist(state, player, shown(state, player)))
    return seen
