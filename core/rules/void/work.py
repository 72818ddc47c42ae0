"""What a System III Void phase offers the player the game waits for, so a phase with
nothing in it passes by itself the same way in the window and for a referee's command
line (:mod:`core.vector.idle`): a decision to answer, a battle to fight, torpedoes
a tactical battle's ship may launch in the ordnance phase, encounters
the player's courses opened in the combat phase, or in a tactical battle's combat phase
a ship that may fire at an enemy with a roll that could hit."""

from __future__ import annotations

from typing import Any, Literal

from core.engine.play import waiting_for
from core.rules.void.crew import kit_of
from core.rules.void.offers import open_offers
from core.rules.void.tactical.damage import weapons_down
from core.rules.void.tactical.guns import could_hit
from core.rules.void.tactical.juice import may_attack
from core.rules.void.terms import is_strategic, terms_of
from core.vector.state import GameState
from core.vector.turns import current_phase


def work(state: Any) -> tuple[Literal["nothing", "optional", "action"], str]:
    """``("nothing" | "optional" | "action", what)`` for the current phase."""
    if not isinstance(state, GameState):  # a strategic-combat battle: fought in its dialog
        return "action", "fight the battle (Battles dock)"
    if state.pending:
        return "action", state.pending[0].prompt()
    battle = terms_of(state).battle if is_strategic(state) else None
    if battle is not None:
        return "action", f"fight the battle {battle.place} (Battles dock)"
    waiting = waiting_for(state)
    if (
        is_strategic(state)
        and current_phase(state) == "combat"
        and waiting
        and open_offers(state, waiting[0].id)
    ):
        return "optional", "engage the enemy ships your courses passed (Battles dock)"
    if not is_strategic(state) and current_phase(state) == "ordnance" and waiting:
        # (the game stops in this phase anyway, the courses' orders waiting through it:
        # these words are what the turn bar says of it)
        launchers = [
            s.name
            for s in state.ships
            if s.owner == waiting[0].id
            and s.in_play
            and kit_of(s).torpedoes > 0
            and may_attack(kit_of(s))
            and not weapons_down(state, s)
        ]
        if launchers:
            names = ", ".join(launchers)
            return "optional", f"{names} may launch torpedoes (Battles dock)"
    if not is_strategic(state) and current_phase(state) == "combat" and waiting:
        mine = [s for s in state.ships if s.owner == waiting[0].id]
        gunners = [s for s in mine if any(could_hit(state, s, t) for t in state.ships)]
        if gunners:
            names = ", ".join(s.name for s in gunners)
            return "action", f"{names} may fire at an enemy ship in reach (Battles dock)"
    return "nothing", "there is nothing to do in this phase"
