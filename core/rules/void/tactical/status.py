"""What a ship's docks show of it, in players' words: in a tactical battle its crew's juice
(penalty, strain, recovery), its railguns (ready, or why not), its torpedoes aboard and
its damage; on the strategic map its crew's juice, cooldown and railguns. Pure functions
of the state, so the window asks them on every refresh (the Battles, Course and Ships
docks alike)."""

from __future__ import annotations

from core.rules.void.crew import Juice, kit_for, kit_of
from core.rules.void.tables import tables_of
from core.rules.void.tactical.guns import railgun_refusal
from core.rules.void.tactical.juice import penalty
from core.rules.void.tactical.terms import tactical_terms, terms
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


def ship_lines(state: GameState, ship_id: str) -> tuple[str, ...]:
    """The ship's Void state in sentences, in a battle or on the strategic map."""
    if tactical_terms(state) is not None:
        return status(state, ship_id)
    ship = state.ship(ship_id)
    kit = kit_for(state.rules, ship)
    row = tables_of(state.rules).row(ship.unit)
    if ship.juiced and kit.juice is Juice.OFF:
        lines = ["Crew on the juice for this turn's high-acceleration burn"]
    elif kit.juice is Juice.JUICED:
        lines = [f"Crew on the juice ({kit.juice_turns} turns)"]
    elif kit.juice is Juice.RECOVERY:
        lines = [f"Crew recovering from the juice: {kit.juice_turns} turns left"]
    else:
        lines = ["Crew rested (off the juice)"]
    if ship.cooldown:
        lines.append(f"Cooling down: no high acceleration for {ship.cooldown} more turn(s)")
    if kit.strain:
        lines.append(f"Strain: -{kit.strain}")
    if kit.crew_out:
        lines.append(f"Crew out of action for {kit.crew_out} turns")
    guns = [
        f"{n} {k}" for n, k in ((row.heavy_railguns, "heavy"), (row.light_railguns, "light")) if n
    ]
    if guns:
        lines.append(f"Railguns: {', '.join(guns)} (in battle, every other turn)")
    if row.torpedo_tubes:
        lines.append(
            f"Torpedoes aboard: {kit.torpedoes} of {row.missile_load} ({row.torpedo_tubes} tubes)"
        )
    return tuple(lines)


def ship_tags(state: GameState, ship_id: str) -> tuple[str, ...]:
    """A few words for the Ships dock's Status column: juice, cooldown, railguns."""
    ship = state.ship(ship_id)
    strategic = tactical_terms(state) is None
    kit = kit_for(state.rules, ship) if strategic else kit_of(ship)
    tags = []
    # a high-acceleration burn juices a crew on the strategic map; in a battle a crew off
    # the juice that burns hard stays off it, unprotected (the Course dock says so too)
    if kit.juice is Juice.JUICED or (strategic and ship.juiced and kit.juice is Juice.OFF):
        tags.append("juiced")
    elif kit.juice is Juice.RECOVERY:
        tags.append(f"recovering {kit.juice_turns}")
    if ship.cooldown:
        tags.append(f"cooldown {ship.cooldown}")
    if kit.crew_out:
        tags.append(f"crew out {kit.crew_out}")
    row = tables_of(state.rules).row(ship.unit)
    if not strategic and (row.light_railguns or row.heavy_railguns):
        tags.append("railguns ready" if railgun_refusal(state, ship) is None else "railguns silent")
    return tuple(tags)
