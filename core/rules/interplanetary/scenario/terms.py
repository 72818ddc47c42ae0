"""A scenario's standing terms in the game state: what its special rules need to know
while play goes on (``GameState.terms``; see ``docs/formats/scenario.md``).

Kept small and free of rules code, because :mod:`core.vector.state` holds it (typed as any
rule system's value; Interplanetary reads it back with :func:`terms_of`): the rules that
act on it are in :mod:`core.rules.interplanetary.scenario.special_rules` (no-fire zones lifting, a
ship flown by another side some rounds, destroyed ships coming back, bases making weapons) and
:mod:`core.rules.interplanetary.combat.guns`, :mod:`core.rules.interplanetary.bases`; what is
recorded here during play (boardings, bases lost and when) is what the victory conditions of
:mod:`core.rules.interplanetary.scenario.victory_graded` read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.starmap import Leaving
from core.engine.serial import added, register
from core.rules.interplanetary.aid.carried import ForeignValue
from core.rules.interplanetary.aid.manifest import Manifest
from core.vector.motion import Motion
from core.vector.state import GameState


@register
@dataclass(frozen=True)
class NoFire:
    """Map zones (by name) no gun fires from or into and no weapon is launched from or
    into. ``until_left``: the zones lift for good once no ship is inside any of them
    (the Great planet race's Earth zone)."""

    zones: tuple[str, ...]
    until_left: bool = False


@register
@dataclass(frozen=True)
class BaseTerms:
    """What a scenario says of one base. ``side``: whose it is (None: neutral, open to
    all); ``closed``: it serves nobody; ``stock``: launched weapons it holds for its
    side's ships, loaded free; ``produce``: a weapon it makes every so many rounds;
    ``missile_every``, ``guns``: its defences under "Bases pick sides"."""

    base: str
    side: str | None = None
    closed: bool = False
    stock: tuple[tuple[str, int], ...] = ()
    produce: tuple[tuple[str, int], ...] = ()
    missile_every: int | None = None
    guns: tuple[str, ...] = ()

    def in_stock(self, weapon: str) -> int:
        return dict(self.stock).get(weapon, 0)

    def with_stock(self, weapon: str, count: int) -> BaseTerms:
        rest = tuple((w, n) for w, n in self.stock if w != weapon)
        return replace(self, stock=tuple(sorted((*rest, (weapon, count)))))


@register
@dataclass(frozen=True)
class Control:
    """Ship ``ship`` is flown by the first player of ``side`` every ``every``-th round
    (Industrial sabotage's science ship, every 5th round the mercenaries'). ``safe``:
    while they fly it, a course that would destroy it at once is refused."""

    ship: str
    side: str
    every: int
    safe: bool = added(True)


@register
@dataclass(frozen=True)
class Start:
    """Where a ship began and what it carried, for bringing it back (``respawn``)."""

    ship: str
    motion: Motion
    manifest: Manifest | None = None


@register
@dataclass(frozen=True)
class Boarded:
    """``boarder`` boarded ``target`` and subdued it; ``wells`` is how many gravity
    wells the boarder had entered then (what it enters after counts for its escape)."""

    target: str
    boarder: str
    wells: int


@register
@dataclass(frozen=True)
class Terms:
    """The scenario's special rules (fixed for the game) and what play has recorded for
    its victory conditions (``boarded``, ``lost_at``: base and the turn it fell,
    counted in players' turns from the start; ``marks``: things that happened).

    ``moves_last``: ships that move after every other ship, in the round's last
    movement (Industrial sabotage's science ship); ``leaving``: what leaving the map
    means for some ships, in place of the game's rule (the science ship bounces)."""

    no_fire: tuple[NoFire, ...] = ()
    bases: tuple[BaseTerms, ...] = ()
    closed_others: bool = False
    control: tuple[Control, ...] = ()
    respawn: bool = False
    starts: tuple[Start, ...] = ()
    boarded: tuple[Boarded, ...] = ()
    lost_at: tuple[tuple[str, int], ...] = ()
    marks: frozenset[str] = frozenset()
    moves_last: tuple[str, ...] = added(())
    leaving: tuple[tuple[str, Leaving], ...] = added(())

    def base(self, name: str) -> BaseTerms | None:
        return next((b for b in self.bases if b.base == name), None)

    def with_base(self, terms: BaseTerms) -> Terms:
        rest = tuple(b for b in self.bases if b.base != terms.base)
        return replace(self, bases=(*rest, terms))

    def closed(self, name: str) -> bool:
        """Whether the base serves no ship in this scenario."""
        own = self.base(name)
        return own.closed if own is not None else self.closed_others

    def start_of(self, ship: str) -> Start | None:
        return next((s for s in self.starts if s.ship == ship), None)

    def leaving_of(self, ship: str) -> Leaving | None:
        """The scenario's own leaving rule for ``ship`` (None: the game's)."""
        return dict(self.leaving).get(ship)


def terms_of(state: GameState) -> Terms | None:
    """The scenario's terms in the game (None: a scenario without special rules)."""
    terms = state.terms
    if terms is None or isinstance(terms, Terms):
        return terms
    raise ForeignValue("the game carries no Interplanetary scenario terms")


def no_fire_zone(terms: Terms | None, zones_at: list[str]) -> str | None:
    """The no-fire zone among ``zones_at`` (names of the zones a hex is in), if any."""
    if terms is None:
        return None
    for rule in terms.no_fire:
        for zone in rule.zones:
            if zone in zones_at:
                return zone
    return None
