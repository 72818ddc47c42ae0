"""A System III Void tactical turn with 20 ships and 60 torpedoes in flight. Prints a
table; not a test.

Goal (issue 20 req 12): one player's whole tactical turn (plots for its ten ships, the
ordnance, movement and combat phases, the end of its turn) resolves in under 50 ms with
20 ships in the battle and 60 torpedoes in flight: sixty one-torpedo groups of the moving
player, flying, some reaching their targets and facing point defence. Baseline, in the
same run: the same turn with no torpedo in flight.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_void_tactical.py``.
"""

from __future__ import annotations

import gc
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from benchlib import compile_bytecode, machine, median, print_table, ratio, verdict  # noqa: E402

GOAL = 0.050  # seconds
REPEATS = 15
SHIPS = 10  # a side
TORPEDOES = 60


def battle(torpedoes: int) -> object:
    """Ten Doctrines (red) against ten Bastets (blue), red to move, with ``torpedoes``
    one-torpedo groups of red's in flight at blue's ships."""
    from core.board.hexgrid import Hex, Vector
    from core.files.rulesets import load_ruleset
    from core.rules.void.battle import Approach, BattleSetup, BattleShip
    from core.rules.void.crew import Kit
    from core.rules.void.system import HOOKS
    from core.rules.void.tactical import entry
    from core.rules.void.tactical.terms import Torpedoes
    from core.vector.motion import Motion
    from core.vector.state import Player

    rules = load_ruleset("system3void-tactical")
    here = Hex(0, 0)
    ships = tuple(
        BattleShip(
            f"{side}{i}",
            f"{side} {i}",
            owner,
            side,
            unit,
            role,
            here,
            Vector(1, 0),
            Fraction(20),
            Kit(30),
        )
        for side, owner, unit, role in (
            ("Navy", "red", "destroyer-doctrine", "attacker"),
            ("Raiders", "blue", "frigate-bastet", "defender"),
        )
        for i in range(SHIPS)
    )
    setup = BattleSetup(
        "red",
        ("blue",),
        ships,
        Approach(here, here, here, 0, 0, "fuel"),
        "tactical",
        here,
        "bench",
        1,
    )
    players = (Player("red", "Red", "Navy"), Player("blue", "Blue", "Raiders"))
    state, _ = entry.start(rules, players, 11, setup, hooks=HOOKS)
    # spread the ships out and face red's turn
    for i, ship in enumerate(state.ships):
        at = ship.motion.position + Vector(i % SHIPS * 2, (i % SHIPS) - (i // SHIPS) * 6)
        state = state.with_ship(replace(ship, motion=Motion(at, ship.motion.velocity)))
    blue = [s for s in state.ships if s.owner == "blue"]
    groups = tuple(
        Torpedoes(
            f"T{n}",
            "red",
            "Navy",
            f"Navy{n % SHIPS}",
            blue[n % SHIPS].id,
            1,
            Motion(blue[n % SHIPS].motion.position + Vector(-3 - n % 7, 0), Vector(1, 0)),
            1,
        )
        for n in range(torpedoes)
    )
    terms = replace(state.terms, torpedoes=groups)  # type: ignore[type-var]
    red = next(i for i, p in enumerate(players) if p.id == "red")
    return replace(state, terms=terms, round=2, first=red, turn=0, phase=0)


def one_turn(state: object) -> float:
    from core.engine.commands import EndPhase
    from core.engine.play import apply, current_phase
    from core.rules.void.tactical.autopilot import next_command

    gc.collect()
    start = time.perf_counter()
    for _ in range(200):
        if current_phase(state) == "resupply":
            state, _ = apply(state, EndPhase("red"))
            break
        state, _ = apply(state, next_command(state, "red"))  # type: ignore[arg-type]
    return time.perf_counter() - start


def main() -> None:
    compile_bytecode()
    print(machine())
    base = battle(0)
    full = battle(TORPEDOES)
    b = median([one_turn(base) for _ in range(REPEATS)])
    t = median([one_turn(full) for _ in range(REPEATS)])
    rows = [
        ["a turn, 20 ships, no torpedo in flight (baseline)", b, "1.00x", ""],
        [f"a turn, 20 ships, {TORPEDOES} torpedoes in flight", t, ratio(t, b), verdict(t, GOAL)],
    ]
    print_table(
        ["measure", "time", "ratio to baseline", f"goal < {GOAL * 1000:.0f} ms"],
        [[name, f"{x * 1000:.1f} ms", vs, met] for name, x, vs, met in rows],
    )
    print(machine())


if __name__ == "__main__":
    main()
