"""Scenarios: the map, the rules, the sides, the ships and how the game is won.

A scenario is a recipe, not a game: :meth:`Scenario.start` deals the seats at the table
into sides, gives out the ships (with the players' purchases aboard) and hands them to
:func:`core.engine.play.new_game`. Reading and checking a scenario file is
:mod:`core.scenario.reader` (``docs/formats/scenario.md``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from core.board.hexgrid import ZERO, Hex
from core.board.starmap import StarMap
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import new_game
from core.engine.words import plural
from core.files.ruleset import Ruleset
from core.rules.interplanetary.aid.carried import manifest_of, scenario_aid
from core.rules.interplanetary.aid.manifest import Manifest
from core.rules.interplanetary.scenario.setup import (
    Setup,
    apply_setup,
    circle_hexes,
)
from core.rules.interplanetary.scenario.terms import Start
from core.vector.motion import Motion
from core.vector.state import Condition, GameState, Player, Ship, ShipStatus

#: in the name of a ship every player gets, replaced by the player's name
PLAYER = "{player}"


@dataclass(frozen=True)
class Seat:
    """One player at the table, as the New Game dialog gives them."""

    name: str
    colour: str  # "#rrggbb"


@dataclass(frozen=True)
class ShipSpec:
    """A ship as the scenario places it. ``side`` None: every player gets one, named by
    ``name`` with ``{player}`` replaced (a fixed side's ship: by its commander's name).
    ``landed_at``: the base or body it stands on."""

    id: str
    name: str
    unit: str
    side: str | None
    motion: Motion
    fuel: Fraction
    landed_at: str | None = None
    #: modules by name and count, as the file gives them
    outfit: tuple[tuple[str, int], ...] = ()
    #: its outfit mount point by mount point (None: a bare hull, or bought before play)
    manifest: Manifest | None = None
    #: ship points aboard, unspent
    points: int = 0
    #: ships every player gets: the centre and radius of the circle they start round
    circle: tuple[Hex, int] | None = None
    #: with ``side``: every player of the side gets one
    each: bool = False


@dataclass(frozen=True)
class Scenario:
    """A checked scenario. ``switches`` are the scenario's own settings of the ruleset's
    switches; ``sides`` are its fixed sides (none: every player is a side of their own).

    ``budget`` is the ship points each player spends outfitting their ships before play
    (None: the scenario has no purchases, its ships come as it outfits them);
    ``max_ships`` is how many ships each player may buy with them (None: any number).
    A side may have its own (``side_budgets``: side, points, ships; Industrial sabotage's
    guards and mercenaries): ask :meth:`budget_for` and :meth:`max_ships_for`.
    """

    id: str
    name: str
    description: str
    starmap: StarMap
    rules: Ruleset
    switches: tuple[tuple[str, bool], ...]
    min_players: int
    max_players: int
    victory: tuple[Condition, ...]
    path: Path | None
    sides: tuple[str, ...] = ()
    ships: tuple[ShipSpec, ...] = ()
    budget: int | None = None
    max_ships: int | None = None
    side_budgets: tuple[tuple[str, int | None, int | None], ...] = ()
    #: the market, bases, no-fire zones, mine fields and special rules (format v2)
    setup: Setup = dataclasses.field(default_factory=Setup)
    #: the rule system's own opening (its ``read_opening`` built it from ``[opening]``)
    opening: object | None = None

    def budget_for(self, side: str) -> int | None:
        """The ship points each player of ``side`` spends (None: no purchases)."""
        own = next((b for b in self.side_budgets if b[0] == side), None)
        return own[1] if own is not None and own[1] is not None else self.budget

    def max_ships_for(self, side: str) -> int | None:
        """How many ships each player of ``side`` may buy (None: any number)."""
        own = next((b for b in self.side_budgets if b[0] == side), None)
        return own[2] if own is not None and own[2] is not None else self.max_ships

    @property
    def players_text(self) -> str:
        """ "1 to 6 players", "2 players"."""
        low, high = self.min_players, self.max_players
        count = f"{low}" if low == high else f"{low} to {high}"
        return f"{count} player{'s' if high > 1 else ''}"

    def start(
        self,
        seats: Sequence[Seat],
        seed: int,
        first: int | None = None,
        outfits: Mapping[str, Manifest] | None = None,
    ) -> tuple[GameState, list[Event]]:
        """Seat the players (ids ``p1``...), give out the ships and start the game.

        ``first`` is the first player's seat; None rolls for it with the game's dice.
        ``outfits`` are the players' purchases, by ship id (``hunter-p1``): each player's
        must cost at most their budget, and what is left stays aboard their first ship.
        """
        if not self.min_players <= len(seats) <= self.max_players:
            raise IllegalCommand(f"{self.name} is for {self.players_text}, not {len(seats)}")
        if first is not None and not 0 <= first < len(seats):
            raise IllegalCommand(f"there is no seat {first} to be first player")
        players = self.seat(seats)
        ships = self.fleet(players)
        if outfits or any(self.budget_for(p.side) is not None for p in players):
            ships = purchased(self, players, ships, outfits or {})
        state, events = new_game(
            self.rules,
            self.starmap,
            players,
            ships,
            seed=seed,
            switches=self.switches,
            first=first,
            victory=self.victory,
            leaving=self.setup.leaving,
            opening=self.opening,
        )
        if self.opening is not None:
            return state, events  # the rule system laid its own opening, terms and all
        starts = tuple(Start(s.id, s.motion, manifest_of(s)) for s in state.ships)
        state, laid = apply_setup(state, self.setup, starts, self.copies(players))
        return state, events + laid

    def seat(self, seats: Sequence[Seat]) -> tuple[Player, ...]:
        """The players: each a side of their own, or dealt to the fixed sides in turn."""
        players = []
        for i, seat in enumerate(seats):
            pid = f"p{i + 1}"
            side = self.sides[i % len(self.sides)] if self.sides else pid
            players.append(Player(pid, seat.name, side, seat.colour))
        return tuple(players)

    def copies(self, players: Sequence[Player]) -> dict[str, tuple[str, ...]]:
        """The ids of the ships :meth:`fleet` makes from each of the file's ships."""
        out: dict[str, tuple[str, ...]] = {}
        for spec in self.ships:
            if spec.side is None or spec.each:
                crew = [p for p in players if spec.side in (None, p.side)]
                out[spec.id] = tuple(f"{spec.id}-{p.id}" for p in crew)
            else:
                out[spec.id] = (spec.id,)
        return out

    def fleet(self, players: Sequence[Player]) -> tuple[Ship, ...]:
        """The ships: every player's copies, then each fixed side's, commanded by the
        first player seated on that side."""
        ships = []
        for spec in self.ships:
            if spec.side is None or spec.each:
                crew = [p for p in players if spec.side in (None, p.side)]
                ring = circle_hexes(*spec.circle, len(crew)) if spec.circle else []
                for i, p in enumerate(crew):
                    name = spec.name.replace(PLAYER, p.name)
                    if PLAYER not in spec.name:
                        name = f"{spec.name} ({p.name})"
                    ship = _ship(spec, f"{spec.id}-{p.id}", name, p.id, p.side)
                    if ring:
                        ship = replace(ship, motion=Motion(ring[i], ZERO))
                    ships.append(ship)
            else:
                owner = next(p for p in players if p.side == spec.side)
                name = spec.name.replace(PLAYER, owner.name)  # the side's commander
                ships.append(_ship(spec, spec.id, name, owner.id, spec.side))
        return tuple(ships)


def _ship(spec: ShipSpec, ship_id: str, name: str, owner: str, side: str) -> Ship:
    status = ShipStatus.LANDED if spec.landed_at is not None else ShipStatus.ACTIVE
    return Ship(
        ship_id,
        name,
        owner,
        side,
        spec.unit,
        spec.motion,
        spec.fuel,
        status=status,
        landed_at=spec.landed_at,
        manifest=spec.manifest,
        points=spec.points,
    )


def purchased(
    scenario: Scenario,
    players: Sequence[Player],
    ships: tuple[Ship, ...],
    outfits: Mapping[str, Manifest],
) -> tuple[Ship, ...]:
    """The ships with the players' purchases aboard, each player's total within their
    budget; the points left stay aboard the player's first ship."""
    aid = scenario_aid(scenario.rules)
    by_id = {s.id: s for s in ships}
    for ship_id in outfits:
        if ship_id not in by_id:
            raise IllegalCommand(f"there is no ship {ship_id!r} to outfit")
    out = list(ships)
    for p in players:
        mine = [i for i, s in enumerate(out) if s.owner == p.id]
        budget = scenario.budget_for(p.side)
        bought = [outfits[out[i].id] for i in mine if out[i].id in outfits]
        most = scenario.max_ships_for(p.side)
        if most is not None and len(bought) > most:
            raise IllegalCommand(f"{p.name} may outfit {plural(most, 'ship')}, not {len(bought)}")
        if aid is None or budget is None:
            if bought:
                raise IllegalCommand(f"{scenario.name} has no purchases")
            continue
        cost = sum(aid.cost(m.outfit(aid)) for m in bought)
        if cost > budget:
            raise IllegalCommand(
                f"{p.name}'s ships cost {cost} ship points, more than the budget of {budget}"
            )
        for i in mine:
            if out[i].id in outfits:
                out[i] = replace(out[i], manifest=outfits[out[i].id])
        if mine:
            out[mine[0]] = replace(out[mine[0]], points=out[mine[0]].points + budget - cost)
    return tuple(out)
