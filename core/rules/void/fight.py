"""A battle resolved without tactical play, as a child game of its own: by strategic
combat (each player's secret aggression level, narrative points, the rolls, then narrative
points that save destroyed ships), or by the result of a battle fought on the table,
entered by hand and checked. Either way it ends with a
:class:`~core.rules.void.battle.BattleResult` for the strategic game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.errors import IllegalCommand
from core.engine.events import Event, event
from core.engine.phases import Phase
from core.engine.serial import register
from core.engine.states import SHARED
from core.files.ruleset import Ruleset
from core.rules.void.battle import BattleResult, BattleSetup, Role, ShipAfter
from core.rules.void.crew import Juice
from core.rules.void.said import Said
from core.rules.void.strategic_combat import (
    SIDES,
    damage,
    fire,
    fuel_after,
    totals,
    velocity_modifier,
)
from core.rules.void.tables import Hit, tables_of
from core.vector.state import Player

AGGRESSION = Phase("aggression", "everyone", sealed=True)
LOSSES = Phase("losses", "everyone", sealed=True)
RESULT = Phase("result", "active")


@register
@dataclass(frozen=True)
class Fight:
    """A battle resolved by strategic combat or by hand. ``levels``: each player's
    aggression level (sealed until all are in); ``boosts``: narrative points spent on a
    die (player, holder, "attack" or "defence"); ``hits``: strategic combat's results,
    before narrative points save ships; ``spared``: ships saved (ship, holder)."""

    rules: Ruleset = field(metadata=SHARED)
    players: tuple[Player, ...]
    setup: BattleSetup
    dice: Dice
    phase: int = 0
    done: frozenset[str] = frozenset()
    levels: tuple[tuple[str, int], ...] = ()
    boosts: tuple[tuple[str, str, str], ...] = ()
    hits: tuple[tuple[str, Hit], ...] = ()
    spared: tuple[tuple[str, str], ...] = ()
    result: BattleResult | None = None
    round: int = 1
    over: bool = False
    winners: tuple[str, ...] = ()
    sealed: tuple[Command, ...] = ()

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise IllegalCommand(f"{player_id!r} is not in this battle")


@register
@dataclass(frozen=True)
class ChooseAggression(Command):
    """A player's secret aggression level (1 to 3), and optionally a narrative point
    (of ``holder``: the player, or one of their ships in the battle) spent on a die added
    to their side's ``boost``: "attack" or "defence"."""

    level: int
    boost: Literal["", "attack", "defence"] = ""
    holder: str = ""


@register
@dataclass(frozen=True)
class Spare(Command):
    """Spend a narrative point to turn a destroyed ship into one disabled 5 turns."""

    ship: str
    holder: str


@register
@dataclass(frozen=True)
class Reported:
    """One ship's fate in a battle fought on the table: destroyed, or the turns it is
    disabled and the torpedoes it has left (None: as many as it took in)."""

    ship: str
    destroyed: bool = False
    disabled_for: int = 0
    torpedoes: int | None = None


@register
@dataclass(frozen=True)
class EnterResult(Command):
    """The result of a battle fought on the table (ships not named came out unharmed)."""

    ships: tuple[Reported, ...]


@event
class Totals(Event):
    """Both sides' Total Combat Strength and the aggression factor."""

    factor: int


def phases(state: Fight) -> tuple[Phase, ...]:
    return (RESULT,) if state.setup.resolution == "hand" else (AGGRESSION, LOSSES)


def role_of(state: Fight, player: str) -> Role:
    return "attacker" if player == state.setup.attacker else "defender"


def start(rules: Ruleset, players: tuple[Player, ...], seed: int, setup: BattleSetup) -> Fight:
    return Fight(rules=rules, players=players, setup=setup, dice=Dice(seed))


def waiting_for(state: Fight) -> list[Player]:
    if state.over:
        return []
    phase = phases(state)[state.phase]
    if phase is RESULT:
        return [state.player(state.setup.attacker)]
    if phase is LOSSES:
        return [p for p in state.players if p.id not in state.done and _can_spare(state, p.id)]
    return [p for p in state.players if p.id not in state.done]


def _holders(state: Fight, player: str) -> set[str]:
    """The narrative point holders a player may spend: themselves, or their ships."""
    if state.setup.narrative_per == "player":
        return {player}
    return {s.id for s in state.setup.ships if s.owner == player}


def _points_left(state: Fight, holder: str) -> int:
    spent = sum(1 for _, h, _ in state.boosts if h == holder)
    spent += sum(1 for _, h in state.spared if h == holder)
    return dict(state.setup.narrative).get(holder, 0) - spent


def _can_spare(state: Fight, player: str) -> bool:
    lost = [s for s, hit in state.hits if _destroyed(state, s, hit)]
    mine = [s for s in lost if state.setup.ship(s).owner == player]
    return any(_spare_holder_ok(state, player, s) for s in mine)


def _spare_holder_ok(state: Fight, player: str, ship: str) -> bool:
    if state.setup.narrative_per == "ship":
        return _points_left(state, ship) > 0
    return any(_points_left(state, h) > 0 for h in _holders(state, player))


def _destroyed(state: Fight, ship: str, hit: Hit) -> bool:
    tables = tables_of(state.rules).combat
    return damage(state.setup.ship(ship), hit, tables).destroyed


def choose(state: Fight, command: Command) -> tuple[Fight, list[Event]]:
    assert isinstance(command, ChooseAggression)
    if phases(state)[state.phase] is not AGGRESSION:
        raise IllegalCommand("aggression levels are chosen as strategic combat begins")
    if command.level not in (1, 2, 3):
        raise IllegalCommand("an aggression level is 1, 2 or 3")
    levels = tuple((p, lv) for p, lv in state.levels if p != command.player)
    boosts = tuple(b for b in state.boosts if b[0] != command.player)
    state = replace(state, levels=(*levels, (command.player, command.level)), boosts=boosts)
    if command.boost:
        if command.boost not in ("attack", "defence"):
            raise IllegalCommand("a narrative point adds a die to attack or to defence")
        if command.holder not in _holders(state, command.player):
            raise IllegalCommand("that narrative point is not yours to spend in this battle")
        if _points_left(state, command.holder) <= 0:
            raise IllegalCommand("no narrative point is left there")
        state = replace(
            state, boosts=(*state.boosts, (command.player, command.holder, command.boost))
        )
    return state, []


def spare(state: Fight, command: Command) -> tuple[Fight, list[Event]]:
    assert isinstance(command, Spare)
    if phases(state)[state.phase] is not LOSSES:
        raise IllegalCommand("narrative points save ships once strategic combat is rolled")
    hit = dict(state.hits).get(command.ship)
    try:
        ship = state.setup.ship(command.ship)
    except KeyError:
        raise IllegalCommand(f"no ship {command.ship!r} fought here") from None
    if ship.owner != command.player:
        raise IllegalCommand(f"{ship.name} is not yours")
    if hit is None or not _destroyed(state, command.ship, hit):
        raise IllegalCommand(f"{ship.name} was not destroyed")
    if any(s == command.ship for s, _ in state.spared):
        raise IllegalCommand(f"{ship.name} is already saved")
    allowed = (
        {command.ship} if state.setup.narrative_per == "ship" else _holders(state, command.player)
    )
    if command.holder not in allowed or _points_left(state, command.holder) <= 0:
        raise IllegalCommand(f"no narrative point can save {ship.name}")
    return replace(state, spared=(*state.spared, (command.ship, command.holder))), []


def end_phase(state: Fight, orders: tuple[Command, ...]) -> tuple[Fight, list[Event]]:
    """All players have ended a sealed phase: their orders, then what follows."""
    events: list[Event] = []
    for order in orders:
        if isinstance(order, ChooseAggression):
            state, _ = choose(state, order)
        elif isinstance(order, Spare):
            state, _ = spare(state, order)
    if phases(state)[state.phase] is AGGRESSION:
        for p in state.players:
            if p.id not in dict(state.levels):
                state = replace(state, levels=(*state.levels, (p.id, 1)))
        state, more = _roll(state)
        events += more
        state = replace(state, phase=1)
        if waiting_for(state):
            return state, events
    state, more = _finish(state)
    return state, events + more


def _level(state: Fight, role: Role) -> int:
    """A side's aggression level: the highest any of its players chose."""
    chosen = [lv for p, lv in state.levels if role_of(state, p) == role]
    return max(chosen, default=1)


def _roll(state: Fight) -> tuple[Fight, list[Event]]:
    tables = tables_of(state.rules)
    levels: dict[Role, int] = {r: _level(state, r) for r, _ in SIDES}
    dice, events = state.dice, list[Event]()
    boosts: dict[Role, tuple[int, int]] = {}
    for player, _holder, kind in state.boosts:
        role = role_of(state, player)
        dice, rolled = dice.roll(f"a narrative point for {kind}")
        events.append(rolled)
        a, d = boosts.get(role, (0, 0))
        boosts[role] = (a + rolled.total, d) if kind == "attack" else (a, d + rolled.total)
    sides = totals(state.rules, tables, state.setup, levels, boosts)
    factor = tables.combat.factor(levels["attacker"], levels["defender"])
    att, dfn = sides["attacker"], sides["defender"]
    text = (
        f"aggression {levels['attacker']} against {levels['defender']}: factor {factor}; "
        f"attack {att.attack} against {dfn.defence} ({'; '.join(att.parts)}), counterattack "
        f"{dfn.attack} against {att.defence} ({'; '.join(dfn.parts)})"
    )
    events.append(Totals(text, factor))
    modifier = velocity_modifier(state.setup)
    hits: dict[str, Hit] = {}
    for role, other in SIDES:
        dice, more, found = fire(
            dice,
            tables.combat,
            sides[role],
            sides[other],
            state.setup.side(other),
            factor,
            modifier,
        )
        events += more
        hits.update(found)
    return replace(state, dice=dice, hits=tuple(sorted(hits.items()))), events


def _finish(state: Fight) -> tuple[Fight, list[Event]]:
    tables = tables_of(state.rules).combat
    saved = dict(state.spared)
    hits = dict(state.hits)
    ships = []
    for ship in state.setup.ships:
        after = damage(ship, hits.get(ship.id, Hit()), tables)
        if after.destroyed and ship.id in saved:
            after = replace(after, destroyed=False, disabled_for=tables.destroyed_at - 1)
        fuel = ship.fuel if after.destroyed else fuel_after(ship, state.rules.engagement_fuel)
        kit = replace(ship.kit, juice=Juice.OFF, juice_turns=0, crew_out=0)
        ships.append(ShipAfter(ship.id, after.destroyed, after.disabled_for, fuel, kit))
    spent = _spent(state)
    result = BattleResult(tuple(ships), state.setup.resolution, spent)
    return _over(replace(state, result=result))


def _spent(state: Fight) -> tuple[tuple[str, int], ...]:
    spent: dict[str, int] = {}
    for holder in [h for _, h, _ in state.boosts] + [h for _, h in state.spared]:
        spent[holder] = spent.get(holder, 0) + 1
    return tuple(sorted(spent.items()))


def _over(state: Fight) -> tuple[Fight, list[Event]]:
    """The battle is over: who is left, in players' words, and who won."""
    assert state.result is not None
    lost = {s.id for s in state.result.ships if s.destroyed}
    standing = {role: [s for s in state.setup.side(role) if s.id not in lost] for role, _ in SIDES}
    names = [s.name for s in state.setup.ships if s.id in lost]
    winners: tuple[str, ...] = ()
    for role, other in SIDES:
        if standing[role] and not standing[other]:
            winners = tuple(dict.fromkeys(s.owner for s in standing[role]))
    said = f"destroyed: {', '.join(names)}" if names else "no ship destroyed"
    text = f"Battle {state.setup.place} is over: {said}"
    return replace(state, over=True, winners=winners, done=frozenset()), [Said(text)]


def enter(state: Fight, command: Command) -> tuple[Fight, list[Event]]:
    """A battle fought on the table: every named ship checked against what it took in."""
    assert isinstance(command, EnterResult)
    if phases(state)[state.phase] is not RESULT:
        raise IllegalCommand("this battle is not resolved by hand")
    reported: dict[str, Reported] = {}
    tables = tables_of(state.rules).combat
    for line in command.ships:
        try:
            ship = state.setup.ship(line.ship)
        except KeyError:
            raise IllegalCommand(f"no ship {line.ship!r} fought in this battle") from None
        if line.ship in reported:
            raise IllegalCommand(f"{ship.name} is named twice")
        if not 0 <= line.disabled_for < tables.destroyed_at:
            raise IllegalCommand(
                f"{ship.name}: disabled 0 to {tables.destroyed_at - 1} turns, or destroyed"
            )
        if line.torpedoes is not None and not 0 <= line.torpedoes <= ship.kit.torpedoes:
            raise IllegalCommand(
                f"{ship.name} took {ship.kit.torpedoes} torpedoes in and cannot have "
                f"{line.torpedoes} left"
            )
        reported[line.ship] = line
    ships = []
    for ship in state.setup.ships:
        line = reported.get(ship.id, Reported(ship.id))
        torpedoes = ship.kit.torpedoes if line.torpedoes is None else line.torpedoes
        kit = replace(ship.kit, torpedoes=torpedoes, juice=Juice.OFF, juice_turns=0, crew_out=0)
        fuel = ship.fuel if line.destroyed else fuel_after(ship, state.rules.engagement_fuel)
        ships.append(
            ShipAfter(
                ship.id, line.destroyed, 0 if line.destroyed else line.disabled_for, fuel, kit
            )
        )
    return _over(replace(state, result=BattleResult(tuple(ships), "hand")))
