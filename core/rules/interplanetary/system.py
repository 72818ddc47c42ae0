"""Interplanetary as a rule system: the vector games' movement and turn (rotating order),
with its own commands, the decisions they answer, and its work at each moment of the turn.

Everything Interplanetary adds to the shared engine is listed here, in one place and in
the order it runs, and reaches only games of Interplanetary's rulesets: combat (guns,
ordnance, single-use and system modules, base defence), bases, the optional rules,
scenario special rules, fog of war, and the outfit each ship is fitted with at the start.
"""

from __future__ import annotations

from dataclasses import replace

from core.board.starmap import Base
from core.engine.commands import Command
from core.engine.events import Event
from core.engine.system import Handler
from core.files.ruleset import KNOWN_SWITCHES
from core.files.rulesets import load_ruleset
from core.rules.interplanetary import actions, bases, fog, secrets
from core.rules.interplanetary.aid.carried import fitted_of, manifest_of
from core.rules.interplanetary.aid.playaid import ASTEROID_TABLE
from core.rules.interplanetary.aid.sections import SECTIONS
from core.rules.interplanetary.allegiance import lost, refused, ship_passage
from core.rules.interplanetary.combat import (
    attack,
    base_defence,
    guns,
    ordnance,
    ordnance_attacks,
    single_use,
    systems,
    threats,
)
from core.rules.interplanetary.optional import boarding, rendezvous, surrender
from core.rules.interplanetary.optional.restraints import sits_out
from core.rules.interplanetary.phases import phase_word
from core.rules.interplanetary.scenario import special_rules
from core.rules.interplanetary.scenario import victory_graded as victory_graded  # types load
from core.vector.game import VectorSystem
from core.vector.hooks import Hooks
from core.vector.state import GameState, Ship

#: Interplanetary's commands and the functions that carry them out
HANDLERS: dict[type[Command], Handler] = {
    attack.AllocateDamage: attack.allocate,
    single_use.UseModule: single_use.use,
    single_use.Decline: single_use.decline,
    guns.Fire: guns.fire,
    guns.Hold: guns.hold,
    bases.Refuel: bases.refuel,
    bases.Refit: bases.refit,
    bases.Load: bases.load,
    ordnance.LaunchWeapon: ordnance.launch,
    ordnance_attacks.Strike: ordnance_attacks.strike,
    rendezvous.Rendezvous: rendezvous.propose,
    rendezvous.AcceptRendezvous: rendezvous.answer,
    surrender.Surrender: surrender.surrender,
    boarding.Board: boarding.board,
}

#: the commands that answer a pending decision (a hit to place, an attack to answer...)
ANSWERS: frozenset[type[Command]] = frozenset(
    {
        attack.AllocateDamage,
        single_use.UseModule,
        single_use.Decline,
        guns.Fire,
        guns.Hold,
        ordnance_attacks.Strike,
        rendezvous.AcceptRendezvous,
    }
)


def _fitted(ship: Ship) -> Ship:
    """A ship starts with its outfit as fitted, so launches later show as spent."""
    manifest = manifest_of(ship)
    if manifest is None or fitted_of(ship) is not None:
        return ship
    return replace(ship, fitted=replace(manifest, damage=()))


def _closed(state: GameState, base: Base) -> str | None:
    """A base a kinetic buster destroyed launches nobody."""
    return lost(base) if base.name in state.bases_lost else None


def _asteroids(state: GameState, ship: Ship, where: str) -> tuple[GameState, list[Event]]:
    """With a play aid, crossing asteroids is an attack on its Asteroid column."""
    rock = attack.Attack(f"The asteroids at {where}", ship.owner, ship.id, ASTEROID_TABLE)
    return attack.resolve_attack(state, rock)


#: Interplanetary's part in movement and at the moments of the turn; the order of each
#: moment's work is the order the rules apply in (full-game hashes depend on it)
HOOKS = Hooks(
    sits_out=sits_out,
    passage=ship_passage,
    refused=refused,
    closed=_closed,
    boosted=single_use.boosted,
    burns_disabled=single_use.may_burn_disabled,
    check_move=single_use.check_move,
    course_refused=special_rules.course_refused,
    shielded=single_use.reentry,
    asteroids=_asteroids,
    threats=threats.watch,
    moves_last=special_rules.moves_last,
    leaving=special_rules.leaving,
    noted=special_rules.note_losses,
    starting=_fitted,
    phase_word=phase_word,
    moved=(systems.scoop, special_rules.lift_zones, ordnance_attacks.after_movement),
    turn_end=(
        systems.self_repair,
        attack.recover,
        single_use.spent,
        special_rules.come_back,
        bases.repair,
        ordnance.count_down,
        rendezvous.count_down,
    ),
    round_end=(
        systems.battery,
        attack.new_round,
        special_rules.new_round,
        boarding.stand_down,
        base_defence.bases_act,
    ),
)

SYSTEM = VectorSystem(
    "interplanetary",
    "Interplanetary",
    handlers=HANDLERS,
    answers=ANSWERS,
    hooks=HOOKS,
    switches=KNOWN_SWITCHES,
    shown=fog.shown,
    event_rules=secrets.EVENT_RULES,
    load_rules=load_ruleset,
    ruleset_sections=SECTIONS,
    work=actions.what_to_do,
    phase_word=phase_word,
)
