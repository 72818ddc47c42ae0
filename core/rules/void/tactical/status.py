"""What a ship's dock shows of it in a tactical battle, in players' words: its crew's juice
(penalty, strain, recovery), its railguns (ready, or why not), its torpedoes aboard and
its damage. A pure function of the state, so the window asks it on every refresh."""

from __future__ import annotations

from core.rules.void.crew import Juice, kit_of
from core.rules.void.tables import tables_of
from core.rules.void.tactical.guns import railgun_refusal
from core.rules.void.tactical.juice import penalty
from core.rules.void.tactical.terms import terms
from core.vector.state import GameState


def status(state: GameState, ship_id: str) -> tuple[str, ...]:
    """Lines describing the ship's state in the battle."""
    ship = state.ship(ship_id)
    kit = kit_of(ship)
    log = terms(state).log(ship_id)
    lines = []
    if kit.juice is Juice.JUICED:
        when = "juicing this turn" if kit.juice_turns == 0 else f"turn {kit.juice_turns}"
        twice = ", second time: effects doubled" if kit.rejuiced else ""
        lines.append(f"Crew on the juice ({when}{twice})")
    elif kit.juice is Juice.RECOVERY:
        lines.append(f"Crew recovering from the juice: {kit.juice_turns} turns left")
    else:
        lines.append("Crew off the juice: burns of 3 hexes or more hurt it")
    if kit.strain:
        lines.append(f"Strain: -{kit.strain}")
    if kit.crew_out:
        lines.append(f"Crew out of action for {kit.crew_out} turns")
    cut = penalty(kit, log)
    if cut:
        lines.append(f"Combat strength -{cut} this turn")
    row = tables_of(state.rules).row(ship.unit)
    if row.light_railguns or row.heavy_railguns:
        refused = railgun_refusal(state, ship)
        lines.append("Railguns ready" if refused is None else f"Railguns silent: {refused}")
    if row.torpedo_tubes:
        lines.append(f"Torpedoes aboard: {kit.torpedoes} ({row.torpedo_tubes} tubes)")
    if terms(state).advanced:
        tracks = [
            f"{n} {v}"
            for n, v in (
                ("weapons", log.weapons),
                ("drives", log.drives),
                ("structure", log.structure),
            )
            if v
        ]
        if tracks:
            lines.append("Damage: " + ", ".join(tracks))
    elif ship.disabled_for:
        lines.append(f"Disabled for {ship.disabled_for} turns")
    return tuple(lines)
