"""The tactical battle's entry point: :func:`start` makes a battle's game from the
:class:`~core.rules.void.battle.BattleSetup` the strategic game opens (its initial
situation, its generated map, its ships as they came), and :func:`result` gives the
finished battle back as a :class:`~core.rules.void.battle.BattleResult`.

Rulings: the defender moves first (its choice of heading comes before anything moves);
a battle ends when one side has no ship left in it (a ship that leaves the map has
escaped: it survives, but leaves the field) or, drawn, after round 30; every ship that
survives pays the ruleset's engagement fuel when it ends (and a chasing attacker the
fuel of its faster start).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.board.starmap import Leaving
from core.engine.dice import Dice
from core.engine.events import Event
from core.files.ruleset import Ruleset
from core.rules.void.battle import BattleResult, BattleSetup, ShipAfter
from core.rules.void.crew import Juice, kit_of
from core.rules.void.said import Said
from core.rules.void.tactical.arena import arena
from core.rules.void.tactical.situation import start as situation_start
from core.rules.void.tactical.terms import Log, TacticalTerms, tactical_terms
from core.vector import turns
from core.vector.hooks import Hooks
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship, ShipStatus
from core.vector.victory import LastStanding, TurnLimit

#: ruling: a battle still undecided after this round is drawn
LAST_ROUND = 30

#: a ship that leaves the battle's map has escaped (it comes back to the strategic map)
ESCAPES = Leaving(said="escapes the battle (it survives, but leaves the field)")


def start(
    rules: Ruleset,
    players: tuple[Player, ...],
    seed: int,
    setup: BattleSetup,
    *,
    advanced: bool | None = None,
    hooks: Hooks | None = None,
) -> tuple[GameState, list[Event]]:
    """A tactical battle from its setup; ``advanced`` plays gun combat by hit location
    (None: as the setup says, the strategic game's choice)."""
    if advanced is None:
        advanced = setup.advanced
    begun = situation_start(setup)
    starmap, places = arena(begun.places, setup.body, setup.body_kind)
    where = {i: (h, v) for i, h, v in places}
    ships = []
    logs = []
    for s in setup.ships:
        h, v = where[s.id]
        kit = s.kit
        if s.juiced and kit.juice is not Juice.JUICED:
            kit = replace(kit, juice=Juice.JUICED, juice_turns=1)
        out = kit.crew_out > 0
        ships.append(
            Ship(
                s.id,
                s.name,
                s.owner,
                s.side,
                s.unit,
                Motion(h, v),
                s.fuel,
                disabled=s.disabled_for > 0 or out,
                manifest=kit,
                disabled_for=s.disabled_for,
            )
        )
        logs.append(Log(s.id, v))
    first = setup.defenders[0] if setup.defenders else setup.attacker
    seat = next((i for i, p in enumerate(players) if p.id == first), 0)
    terms = TacticalTerms(
        setup,
        begun.situation,
        advanced=advanced,
        logs=tuple(sorted(logs, key=lambda e: e.ship)),
        chase_fuel=begun.chase_fuel,
        entered_juiced=frozenset(s.id for s in setup.ships if s.juiced),
    )
    state = GameState(
        rules=rules,
        starmap=starmap,
        players=players,
        ships=tuple(ships),
        dice=Dice(seed),
        first=seat,
        victory=(LastStanding(), TurnLimit(LAST_ROUND)),
        terms=terms,
        leaving=ESCAPES,
    )
    said: list[Event] = [Said(f"Battle {setup.place}: {begun.situation.text}")]
    if hooks is not None:
        said += turns.began(state, hooks, new_round=True)
    return state, said


def result(state: GameState) -> BattleResult | None:
    """What the finished battle gives back (None while it goes on)."""
    terms = tactical_terms(state)
    if terms is None or not state.over:
        return None
    pay = Fraction(state.rules.engagement_fuel)
    after = []
    for s in state.ships:
        destroyed = s.status is ShipStatus.DESTROYED
        due = pay + (1 if terms.chase_fuel and s.owner == terms.setup.attacker else 0)
        fuel = s.fuel if destroyed else max(Fraction(0), s.fuel - due)
        log = terms.log(s.id)
        damage = max(log.weapons, log.drives, log.structure) if terms.advanced else s.disabled_for
        after.append(ShipAfter(s.id, destroyed, damage, fuel, kit_of(s)))
    return BattleResult(tuple(after), "tactical")


def closing(state: GameState) -> Said | None:
    """The battle's last line, once it is over: what was destroyed, who escaped and who
    holds the field (the strategic game logs it as the battle's result, where "wins"
    would read as if the campaign were won). None while it goes on."""
    terms = tactical_terms(state)
    if terms is None or not state.over:
        return None
    destroyed = [s.name for s in state.ships if s.status is ShipStatus.DESTROYED]
    escaped = [s.name for s in state.ships if s.status is ShipStatus.OFF_MAP]
    parts = [f"destroyed: {', '.join(destroyed)}" if destroyed else "no ship destroyed"]
    if escaped:
        parts.append(f"escaped: {', '.join(escaped)}")
    holders = " and ".join(state.player(w).name for w in state.winners)
    parts.append(f"{holders} holds the field" if holders else "nobody holds the field")
    return Said(f"Battle {terms.setup.place} is over: {'; '.join(parts)}")
