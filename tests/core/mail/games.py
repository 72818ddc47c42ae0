"""Positions of every rule system for the play-by-mail tests: a game of two or three
players on open space, played some random commands into a refereed campaign (in
NPlanetary, with holds, damage and bases, and its own orders among the commands; in
System III Void, also a battle: strategic combat with sealed aggression levels, or a
tactical battle with torpedoes flying at secret targets).

``POSITIONS`` maps each registered rule system to a hypothesis strategy of positions;
a system registered without one fails the leak test (``test_leaks.py``) until it adds
its own here: the squadron game's view joins through this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import referee
from core.engine.commands import Command, EndPhase
from core.engine.errors import IllegalCommand
from core.engine.play import apply, new_game, waiting_for
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Player, Ship

OPEN = StarMap("Open space", Bounds(30, 30))
PLAYERS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"), Player("c", "Cy", "green"))
#: each system's ruleset and the unit its ships are
RULESETS = {
    "interplanetary": ("interplanetary", "ship"),
    "nplanetary": ("nplanetary", "frigate"),
    "void": ("system3void-strategic", "frigate-bastet"),
}
#: the dice seed and the fuel tanks are canaries: numbers no other part of a game has,
#: each ship's tank in a thousand of its own (so burns never meet another ship's)
SEEDS = st.integers(10**9, 10**12)
FUELS = st.integers(1, 999)


def canary_fuel(k: int, draw: Any) -> int:
    """The fuel of the ``k``-th ship: 600,000 and up, apart from every other ship's."""
    return 600_000 + 1000 * k + draw(FUELS)


@dataclass(frozen=True)
class Position:
    """A game's start and the commands to play into its campaign."""

    system: str
    start: Any  # a vector game's state, or a battle's of a game of its own (Void's Fight)
    commands: tuple[Command, ...]

    def campaign(self, folder: Path) -> CampaignFile:
        """A refereed campaign of this position, its commands played."""
        campaign = CampaignFile.create(folder / "master.ecliptic", "Leak test", self.start)
        referee.set_mode(campaign, referee.REFEREED)
        record = GameRecord(campaign, 1)
        for command in self.commands:
            record.play(command)
        return campaign


def _ship(system: str, n: int, owner: str, at: Hex, v: Vector, fuel: int) -> Ship:
    _, unit = RULESETS[system]
    side = next(p.side for p in PLAYERS if p.id == owner)
    ship = Ship(
        f"{owner}{n}",
        f"{owner.upper()}-ship {n}",
        owner,
        side,
        unit,
        Motion(at, v),
        Fraction(fuel),
    )
    if system != "interplanetary":
        return ship
    from core.files.rulesets import load_ruleset
    from core.rules.interplanetary.aid.manifest import fit  # only Interplanetary's ships carry one
    from core.rules.interplanetary.aid.playaid import Outfit

    aid = load_ruleset("interplanetary").play_aid
    manifest = fit(aid, Outfit(guns=("artillery",), launched=("missile",)))
    return Ship(
        ship.id, ship.name, owner, side, ship.unit, ship.motion, ship.fuel, manifest=manifest
    )


@st.composite
def vector_positions(draw: Any, system: str) -> Position:
    """Two or three players, one or two ships each, anywhere on open space; then up to a
    dozen commands, each a random plot, gun shot or end of phase that the game takes."""
    players = PLAYERS[: draw(st.integers(2, 3))]
    hexes = st.builds(Hex, st.integers(5, 20), st.integers(5, 20))
    ships = []
    for p in players:
        for n in range(draw(st.integers(1, 2))):
            v = Vector(draw(st.integers(-1, 1)), draw(st.integers(-1, 1)))
            fuel = canary_fuel(len(ships), draw)
            ships.append(_ship(system, n, p.id, draw(hexes) + ZERO, v, fuel))
    switches: tuple[tuple[str, bool], ...] = ()
    if system == "interplanetary":
        switches = (("fog_of_war", draw(st.booleans())),)
    if system == "nplanetary":
        ships = [_with_hold(draw, s) for s in ships]
    ruleset, _ = RULESETS[system]
    start, _ = new_game(ruleset, OPEN, players, ships, seed=draw(SEEDS), switches=switches)
    if system == "nplanetary":
        start = _with_bases(draw, start, hexes)
    state, commands = start, []
    for _ in range(draw(st.integers(0, 12))):
        command = _next(draw, state)
        if command is None:
            break
        state, _ = apply(state, command)
        commands.append(command)
    return Position(system, start, tuple(commands))


def _with_hold(draw: Any, ship: Ship) -> Ship:
    """An NPlanetary ship with some ordnance and supplies in its hold, perhaps damaged."""
    from core.rules.nplanetary.model import Damage, Hold

    items = {k: draw(st.integers(0, 2)) for k in ("mine", "torpedo", "supplies")}
    damage = Damage(drives=draw(st.integers(0, 1)), structure=draw(st.integers(0, 1)))
    hold = Hold(tuple(sorted((k, n) for k, n in items.items() if n)), damage)
    return replace(ship, manifest=hold)


def _with_bases(draw: Any, state: GameState, hexes: Any) -> GameState:
    """Perhaps a base in open space for each player, with supplies and fuel in stock."""
    from core.rules.nplanetary.model import Installation, with_installation

    for p in state.players:
        if draw(st.booleans()):
            stocks = (("fuel", draw(st.integers(0, 20))), ("supplies", draw(st.integers(0, 90))))
            base = Installation(
                f"{p.id}-base", f"{p.name}'s base", "base", p.id,
                Motion(draw(hexes), ZERO), "space", None, stocks,
            )  # fmt: skip
            state = with_installation(state, base)
    return state


def _nplanetary_orders(draw: Any, state: GameState, player: str) -> list[Command]:
    """NPlanetary's own orders a player might give: lay ordnance, attack, buy."""
    from core.rules.nplanetary.model import holdings_of
    from core.rules.nplanetary.orders import Attack, LayOrdnance, Purchase

    orders: list[Command] = []
    targets = [s.id for s in state.ships if s.owner != player and s.in_play]
    for ship in (s for s in state.ships if s.owner == player and s.in_play):
        orders.append(LayOrdnance(player, ship.id, draw(st.sampled_from(["mine", "torpedo"]))))
        if targets:
            orders.append(Attack(player, ship.id, (draw(st.sampled_from(targets)),)))
    for base in holdings_of(state).installations:
        if base.owner == player:
            orders.append(Purchase(player, base.id, "mine"))
    return orders


def _next(draw: Any, state: GameState) -> Command | None:
    waiting = waiting_for(state)
    if not waiting or state.over:
        return None
    player = draw(st.sampled_from([p.id for p in waiting]))
    mine = [s for s in state.ships if s.owner == player and s.in_play]
    enemies = [s for s in state.ships if s.owner != player and s.in_play]
    choices: list[Command] = [EndPhase(player)]
    for ship in mine:
        burn = draw(st.sampled_from([(), *((d,) for d in Direction)]))
        choices.append(Plot(player, ship.id, Order(burn=burn)))
        if enemies and state.rules.system_id == "interplanetary":
            from core.rules.interplanetary.combat.guns import Fire

            choices.append(Fire(player, ship.id, 0, draw(st.sampled_from(enemies)).id))
    if state.rules.system_id == "nplanetary":
        choices.extend(_nplanetary_orders(draw, state, player))
    for command in draw(st.permutations(choices)):
        try:
            apply(state, command)
            return command
        except IllegalCommand:
            continue
    return _answer(state, player)


def _answer(state: GameState, player: str) -> Command | None:
    """A pending decision answered the plain way (hold fire, damage placed as suggested)."""
    from core.rules.interplanetary.combat.attack import AllocateDamage, PendingAnswer
    from core.rules.interplanetary.combat.guns import Hold

    for item in getattr(state, "pending", ()):
        if item.player == player:
            answer: Command = (
                Hold(player, item.ship)
                if isinstance(item, PendingAnswer)
                else AllocateDamage(player, item.ship)
            )
            try:
                apply(state, answer)
                return answer
            except IllegalCommand:
                return None
    return None


@st.composite
def squadron_positions(draw: Any) -> Position:
    """A built-in squadron scenario (the ones with their navies given), played by the
    squadron autopilot for up to eighty steps (ten days), or on to the next fire step
    after them; the last step perhaps only by its first side (its sealed fire orders in,
    the other's not yet). In the Border Raid the raiders may order their secret jump."""
    from core.engine.play import start
    from core.engine.system import Seat
    from core.rules.squadrons import autopilot
    from core.rules.squadrons.scenario import load_scenario
    from core.rules.squadrons.state import RULES, STEPS

    name = draw(st.sampled_from(["border-raid", "battle-for-tessaly"]))
    seats = (Seat("ann", "Ann", "Imperium", "#aa2222"), Seat("zed", "Zed", "Zhodani", "#2222aa"))
    first, _ = start(RULES, seats, seed=0, setup=load_scenario(name))
    jumps = []
    if name == "border-raid" and draw(st.booleans()):
        to = first.world.board("Dunmore").parse("0305")
        raiders = ("raider-1", "raider-2", "raider-3", "tender")
        jumps = [autopilot.JumpOrder(1, c, "Dunmore", to) for c in raiders]
    state, commands = first, []
    steps = draw(st.integers(0, 80))
    to_fire = draw(st.booleans())  # then go on to a fire step and stop halfway through it
    for step in range(steps + 1 + (80 if to_fire else 0)):
        waiting = [seat.id for seat in waiting_for(state)]
        if not waiting or state.over:
            break
        last = step >= steps and (not to_fire or STEPS[state.step].startswith("fire"))
        if last:  # the last step: perhaps only the first side's orders
            waiting = waiting[: draw(st.integers(0, len(waiting)))]
        for player in waiting:
            for command in autopilot.orders(state, player, jumps):
                state, _ = apply(state, command)
                commands.append(command)
        if last:
            break
    return Position("squadrons", first, tuple(commands))


def _battle_setup(draw: Any, resolution: str) -> Any:
    """Ann's ships (attacking) and Bob's met in open space, with torpedoes aboard."""
    from core.rules.void.battle import Approach, BattleSetup, BattleShip
    from core.rules.void.crew import Kit

    here = Hex(10, 10)
    ships = []
    for owner, role in (("a", "attacker"), ("b", "defender")):
        for n in range(draw(st.integers(1, 2))):
            ships.append(
                BattleShip(
                    f"{owner}{n}", f"{owner.upper()}-ship {n}", owner,
                    "red" if owner == "a" else "blue", "frigate-bastet", role, here,
                    Vector(draw(st.integers(-2, 2)), 0), Fraction(canary_fuel(len(ships), draw)),
                    Kit(torpedoes=draw(st.integers(1, 10))),
                )
            )  # fmt: skip
    approach = Approach(Hex(9, 10), here, here, 0, draw(st.integers(0, 3)), "free")
    narrative = "player" if resolution == "strategic" and draw(st.booleans()) else "none"
    points = (("a", 2), ("b", 2)) if narrative == "player" else ()
    return BattleSetup(
        "a", ("b",), tuple(ships), approach, resolution, here, "open space", 3,  # type: ignore[arg-type]
        narrative_per=narrative, narrative=points,
    )  # fmt: skip


def _battle_orders(draw: Any, state: Any, player: str) -> list[Command]:
    """A battle's own orders a player might give: a secret aggression level (perhaps
    with a narrative die), or torpedoes launched at a secret target."""
    from core.rules.void.fight import ChooseAggression, Fight
    from core.rules.void.tactical.torpedoes import LaunchTorpedoes

    if isinstance(state, Fight):
        boost = draw(st.sampled_from(["", "attack", "defence"]))
        return [ChooseAggression(player, draw(st.integers(1, 3)), boost, player if boost else "")]
    enemies = [s.id for s in state.ships if s.owner != player and s.in_play]
    return [
        LaunchTorpedoes(player, s.id, draw(st.sampled_from(enemies)), draw(st.integers(1, 2)))
        for s in state.ships
        if s.owner == player and s.in_play and enemies
    ]


@st.composite
def void_battle_positions(draw: Any) -> Position:
    """A Void battle (a nested game of its own): fought by strategic combat, sealed
    aggression levels chosen by some players; or at tactical scale, torpedoes launched
    at secret targets and flying."""
    from core.engine.play import start

    resolution = draw(st.sampled_from(["strategic", "tactical"]))
    ruleset = "system3void-" + ("strategic" if resolution == "strategic" else "tactical")
    seats = PLAYERS[:2]
    first, _ = start(ruleset, seats, seed=draw(SEEDS), setup=_battle_setup(draw, resolution))
    state, commands = first, []
    fight = resolution == "strategic"  # a fight is over in a few orders: stop early
    for _ in range(draw(st.integers(0, 4 if fight else 16))):
        waiting = waiting_for(state)
        if not waiting or state.over:
            break
        player = draw(st.sampled_from([p.id for p in waiting]))
        orders = _battle_orders(draw, state, player)
        chosen = any(getattr(c, "player", None) == player for c in getattr(state, "sealed", ()))
        if fight:  # a level is chosen, then the phase ended
            choices = [EndPhase(player)] if chosen else [*orders, EndPhase(player)]
        else:
            choices = draw(st.permutations([EndPhase(player), *orders]))
        for command in choices:
            try:
                state, _ = apply(state, command)
            except IllegalCommand:
                continue
            commands.append(command)
            break
    return Position("void", first, tuple(commands))


POSITIONS: dict[str, Callable[[], st.SearchStrategy[Position]]] = {
    **{system: (lambda system=system: vector_positions(system)) for system in RULESETS},
    "void": lambda: st.one_of(vector_positions("void"), void_battle_positions()),
    "squadrons": squadron_positions,
}


def fixed(
    system: str, *, fog: bool = True, seed: int = 987_654_321_123, apart: int = 12
) -> Position:
    """A fixed position: Ann's and Bob's ships ``apart`` hexes apart (twelve: out of
    detector range), no command played."""
    ruleset, _ = RULESETS[system]
    ships = (
        _ship(system, 0, "a", Hex(6, 10), ZERO, 612_345),
        _ship(system, 0, "b", Hex(6 + apart, 10), ZERO, 654_321),
    )
    switches = (("fog_of_war", fog),) if system == "interplanetary" else ()
    start, _ = new_game(ruleset, OPEN, PLAYERS[:2], ships, seed=seed, switches=switches)
    return Position(system, start, ())


def battle(resolution: str) -> Position:
    """A fixed Void battle, Ann attacking Bob: by strategic combat, Ann's aggression
    level sealed and Bob's not yet in; or at tactical scale, the first player to reach
    the ordnance phase has launched torpedoes at a secret target."""
    from core.engine.play import active_player, current_phase, start
    from core.rules.void.battle import Approach, BattleSetup, BattleShip
    from core.rules.void.crew import Kit
    from core.rules.void.fight import ChooseAggression
    from core.rules.void.tactical.torpedoes import LaunchTorpedoes

    here = Hex(10, 10)
    ships = tuple(
        BattleShip(
            f"{p}0", f"{p.upper()}-ship 0", p, side, "frigate-bastet", role, here, ZERO,
            Fraction(600_000 + k), Kit(torpedoes=4),
        )
        for k, (p, side, role) in enumerate((("a", "red", "attacker"), ("b", "blue", "defender")))
    )  # fmt: skip
    approach = Approach(Hex(9, 10), here, here, 0, 0, "free")
    setup = BattleSetup("a", ("b",), ships, approach, resolution, here, "open space", 3)  # type: ignore[arg-type]
    ruleset = "system3void-" + ("strategic" if resolution == "strategic" else "tactical")
    first, _ = start(ruleset, PLAYERS[:2], seed=987_654_321_123, setup=setup)
    if resolution == "strategic":
        return Position("void", first, (ChooseAggression("a", 3),))
    state, commands = first, []
    while current_phase(state) != "ordnance":
        command = EndPhase(active_player(state).id)  # type: ignore[union-attr]
        state, _ = apply(state, command)
        commands.append(command)
    shooter = active_player(state).id  # type: ignore[union-attr]
    target = "b0" if shooter == "a" else "a0"
    commands.append(LaunchTorpedoes(shooter, f"{shooter}0", target, 2))
    return Position("void", first, tuple(commands))
