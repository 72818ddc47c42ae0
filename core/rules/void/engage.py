"""Engaging at strategic scale: the Engage command, the battle it opens (an
:class:`~core.engine.encounter.Encounter` the campaign plays as a child game, the
strategic game waiting meanwhile), and the battle's result taken back.

A player engages in the combat phase of their own turn, after their ships have moved:
each attacking ship's course must offer the target hex (:mod:`core.rules.void.offers`),
and each pays what its offer costs. Every ship of another side standing in the target hex
is engaged. How the battle is resolved is chosen now: at tactical scale (only in a game
that uses it), by strategic combat, or by a result entered by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.board.hexgrid import Hex
from core.engine.commands import Command
from core.engine.encounter import Encounter, Outcome
from core.engine.errors import IllegalCommand, WrongPhase
from core.engine.events import Event, event
from core.engine.serial import register
from core.rules.void.battle import (
    RESOLUTIONS,
    Approach,
    BattleResult,
    BattleSetup,
    BattleShip,
    Resolution,
    Role,
)
from core.rules.void.crew import Juice, kit_for, with_kit
from core.rules.void.offers import FUEL, Offer, after_move, course_of, very_high
from core.rules.void.said import Said
from core.rules.void.tables import tables_of
from core.rules.void.terms import Fought, is_strategic, terms_of, with_terms
from core.vector.state import GameState, Ship, ShipStatus
from core.vector.turns import current_phase

#: the ruleset a battle is played under, by how it is resolved
BATTLE_RULESETS: dict[Resolution, str] = {
    "tactical": "system3void-tactical",
    "strategic": "system3void-strategic",
    "hand": "system3void-strategic",
}


@register
@dataclass(frozen=True)
class Engage(Command):
    """Engage the ships of other sides in ``target`` with ``ships`` (the player's own,
    whose courses this turn offer it), resolved as ``resolution`` says."""

    ships: tuple[str, ...]
    target: Hex
    resolution: Resolution = "tactical"


@event
class Engaged(Event):
    attacker: str
    target: Hex
    resolution: str


@event
class BattleOver(Event):
    """A battle's result, taken back into the strategic game."""

    destroyed: tuple[str, ...]


def engage(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    assert isinstance(command, Engage)
    if not is_strategic(state):
        raise WrongPhase("ships engage on the strategic map, not in a battle")
    if current_phase(state) != "combat":
        raise WrongPhase("ships engage in the combat phase, after they have moved")
    terms = terms_of(state)
    if terms.battle is not None:
        raise IllegalCommand("a battle is already open: it must be fought first")
    if command.resolution not in RESOLUTIONS:
        raise IllegalCommand(f"a battle is resolved {', '.join(RESOLUTIONS)}")
    if command.resolution == "tactical" and not terms.tactical:
        raise IllegalCommand(
            "this game does not use tactical scale: resolve by strategic combat or by hand"
        )
    if not command.ships:
        raise IllegalCommand("name the ships that engage")
    offers = [_offer(state, command.player, s, command.target) for s in command.ships]
    paid = []
    for offer in offers:
        ship = state.ship(offer.ship)
        state = state.with_ship(_pay(state, ship, offer))
        paid.append(f"{ship.name} ({offer.why.rsplit(': ', 1)[-1]})")
    defenders = [s for s in state.ships if s.id in offers[0].targets]
    setup = _setup(state, command, [state.ship(s) for s in command.ships], defenders, offers[0])
    state, setup, rolls = _crews_out(state, setup)
    names = ", ".join(s.name for s in defenders)
    verb = "engages" if len(paid) == 1 else "engage"
    how = _resolution_words(command.resolution)
    text = f"{', '.join(paid)} {verb} {names} {setup.place}; {how}"
    state = with_terms(state, replace(terms, battle=setup))
    return state, [Engaged(text, command.player, command.target, command.resolution), *rolls]


def foresee(state: GameState, command: Engage) -> BattleSetup:
    """The battle ``command`` would open, for the encounter dialog to show (its initial
    tactical situation) before the players choose: the same Engage, applied to a state
    nobody keeps, so the game is left as it was. Refusals are raised as Engage raises them."""
    after, _ = engage(state, command)
    battle = terms_of(after).battle
    assert battle is not None
    return battle


def _crews_out(state: GameState, setup: BattleSetup) -> tuple[GameState, BattleSetup, list[Event]]:
    """Seed "High acceleration (strategic)": a ship drawn into a battle in the turn of
    its very-high-acceleration burn rolls on the Torpedo column; its crew is out for
    the turns of the D it rolls. (A battle fought on the table rolls there.)"""
    if setup.resolution == "hand":
        return state, setup, []
    combat = tables_of(state.rules).combat
    events: list[Event] = []
    dice = state.dice
    ships = []
    for ship in setup.ships:
        if ship.very_high:
            dice, rolled = dice.roll(f"{ship.name}'s crew after its very-high-acceleration burn")
            hit = combat.other_result("torpedo", rolled.total)
            out = combat.destroyed_at - 1 if hit.eliminated else hit.disabled
            ship = replace(ship, kit=replace(ship.kit, crew_out=out))
            said = f"out for {out} turn{'s' * (out != 1)}" if out else "unharmed"
            events += [rolled, Said(f"{ship.name}'s crew is {said}")]
        ships.append(ship)
    return replace(state, dice=dice), replace(setup, ships=tuple(ships)), events


def _resolution_words(resolution: Resolution) -> str:
    return {
        "tactical": "the battle is fought at tactical scale",
        "strategic": "the battle is resolved by strategic combat",
        "hand": "the battle is fought on the table and its result entered by hand",
    }[resolution]


def _offer(state: GameState, player: str, ship_id: str, target: Hex) -> Offer:
    ship = state.own_ship(player, ship_id)
    if not ship.in_play or ship.status is ShipStatus.LANDED:
        raise IllegalCommand(f"{ship.name} is not in space to engage")
    for offer in after_move(state, ship):
        if offer.target == target:
            if offer.cost is None:
                raise IllegalCommand(f"{ship.name} cannot engage: {offer.why}")
            return offer
    raise IllegalCommand(f"{ship.name}'s course this turn passes no enemy ship near there")


def _pay(state: GameState, ship: Ship, offer: Offer) -> Ship:
    assert offer.cost is not None
    ship = replace(ship, fuel=ship.fuel - FUEL[offer.cost])
    if offer.cost == "high":
        profile = state.rules.profile(state.rules.unit(ship.unit).profile)
        cooldown = profile.cooldown[1] if len(profile.cooldown) > 1 else 0
        ship = replace(ship, juiced=True, cooldown=max(ship.cooldown, cooldown))
    return ship


def place_of(state: GameState, where: Hex) -> tuple[str, str | None, str | None]:
    """The players' name for a strategic hex ("near Ceres"), and the body whose gravity
    (or disc) the hex is in, with its kind."""
    body = state.starmap.body_at(where)
    if body is None:
        gravity = state.starmap.gravity_at(where)
        named = [a.body for a in gravity.arrows if a.body] if gravity else []
        body = state.starmap.body(named[0]) if named else None
    if body is None:
        return f"at {state.starmap.bounds.labels.format(where)}", None, None
    return f"near {body.name}", body.name, body.kind.value


def _setup(
    state: GameState, command: Engage, attackers: list[Ship], defenders: list[Ship], offer: Offer
) -> BattleSetup:
    start, end = course_of(attackers[0])
    approach = Approach(
        start, end, offer.target, offer.distance, offer.velocity_difference, offer.cost or "free"
    )
    place, body, kind = place_of(state, offer.target)
    ships = [_entering(state, s, "attacker") for s in attackers]
    ships += [_entering(state, s, "defender") for s in defenders]
    terms = terms_of(state)
    players = {command.player, *(s.owner for s in defenders)}
    holders = players if terms.narrative_per == "player" else {s.id for s in ships}
    narrative = (
        tuple((h, terms.points(h)) for h in sorted(holders) if terms.points(h) > 0)
        if terms.narrative_per != "none"
        else ()
    )
    defending = tuple(dict.fromkeys(s.owner for s in defenders))
    return BattleSetup(
        command.player,
        defending,
        tuple(ships),
        approach,
        command.resolution,
        offer.target,
        place,
        state.round,
        body,
        kind,
        terms.narrative_per,
        narrative,
        advanced=state.uses("advanced_gun_combat"),
    )


def _entering(state: GameState, ship: Ship, role: Role) -> BattleShip:
    """A ship as it enters the battle. A crew juiced for a high-acceleration burn this turn
    (or to engage) enters juiced (seed: the first two tactical turns, then recovery)."""
    kit = kit_for(state.rules, ship)
    if ship.juiced and kit.juice is Juice.OFF:
        kit = replace(kit, juice=Juice.JUICED, juice_turns=0)
    return BattleShip(
        ship.id,
        ship.name,
        ship.owner,
        ship.side,
        ship.unit,
        role,
        ship.motion.position,
        ship.motion.velocity,
        ship.fuel,
        kit,
        ship.juiced,
        very_high(state, ship),
        ship.disabled_for,
        ship.cooldown,
    )


def encounter(state: GameState) -> Encounter | None:
    """The battle the game waits for, as the campaign opens it."""
    battle = terms_of(state).battle
    if battle is None:
        return None
    scale = "tactical" if battle.resolution == "tactical" else "strategic"
    title = f"Battle {battle.place}, turn {battle.round}"
    return Encounter("void", BATTLE_RULESETS[battle.resolution], scale, title, battle.seats, battle)


def resume(state: GameState, outcome: Outcome) -> tuple[GameState, list[Event]]:
    """A battle's result back in the strategic game: destroyed ships out, survivors with
    their damage, fuel and kit; narrative points spent; the engagement noted for the turn."""
    terms = terms_of(state)
    battle = terms.battle
    if battle is None:
        raise IllegalCommand("no battle is open in this game")
    result = outcome.details
    if not isinstance(result, BattleResult):
        raise IllegalCommand("the battle gave back no result for its ships")
    destroyed = []
    for after in result.ships:
        ship = state.ship(after.id)
        if after.destroyed:
            ship = replace(ship, status=ShipStatus.DESTROYED, disabled=False, disabled_for=0)
            destroyed.append(ship.name)
        else:
            ship = replace(
                ship,
                disabled_for=after.disabled_for,
                disabled=after.disabled_for > 0,
                fuel=after.fuel,
            )
        state = state.with_ship(with_kit(ship, after.kit))
    fought = Fought(battle.where, battle.attacker, tuple(s.id for s in battle.ships))
    terms = replace(
        terms.spend(result.narrative_spent),
        battle=None,
        fought=(*terms.fought, fought),
        battles=terms.battles + 1,
    )
    state = with_terms(state, terms)
    return state, [BattleOver(outcome.text, tuple(destroyed))]
