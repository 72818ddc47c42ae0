"""A day's turn of the squadron game with 200 squadrons on 12 systems. Prints a table;
not a test.

Goal (issue 22 req 10): the engine plays a whole day (both movement rounds, both sealed
fire steps with every squadron firing, repair, jumps going into transit and arriving,
"?" counters placed) in under 0.1 s. The baseline, measured in the same run, is the
same day with 20 squadrons: the ratio shows how the day grows with the navy.

The world is the built-in Marlow Reach (11 systems) with a twelfth system board added,
a copy of Velde's. Each side has 100 squadrons spread over the 12 systems, facing each
other within fire range, some in transit, some ordered to jump; the orders of the day
are the autopilot's (:mod:`core.rules.squadrons.autopilot`), worked out once and then
replayed through the engine for timing (``engine`` rows), and timed with the
autopilot's own thinking included (``autopilot + engine``).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_squadrons.py``.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from benchlib import compile_bytecode, machine, median, print_table, ratio, verdict  # noqa: E402

GOAL = 0.1  # seconds for a day with 200 squadrons
REPEATS = 7


def world():  # type: ignore[no-untyped-def]
    """The Marlow Reach with a twelfth system (a copy of Velde's board) on its jump board."""
    from core.files import tomlio
    from core.rules.squadrons.boards import JUMP_FILE, builtin_subsectors, parse_subsector

    folder = builtin_subsectors()["marlow-reach"]
    jump_data, jump_text = tomlio.read_toml(folder / JUMP_FILE)
    jump_data["bodies"].append({**jump_data["bodies"][-1], "name": "Twelfth", "hex": "0810"})
    boards = []
    for path in sorted(folder.glob("*.toml")):
        if path.name != JUMP_FILE:
            data, text = tomlio.read_toml(path)
            boards.append((data, text, str(path)))
            if data["name"] == "Velde":
                boards.append(({**data, "name": "Twelfth"}, text, "twelfth.toml"))
    return parse_subsector((jump_data, jump_text, str(folder / JUMP_FILE)), boards)


def game(squadrons: int):  # type: ignore[no-untyped-def]
    """A game with ``squadrons`` counters, half a side, over all 12 systems."""
    from core.engine.play import start
    from core.engine.system import Seat
    from core.rules.squadrons.design import Design
    from core.rules.squadrons.factors import Factors
    from core.rules.squadrons.setup import Setup
    from core.rules.squadrons.state import RULES, Counter, Jump, Place, Veil

    rng = random.Random(22)
    reach = world()
    systems = [s.name for s in reach.systems]
    line = Design("Line Squadron", 15, factors=Factors(3, 4, 5, 9, 4, 5, 2))
    counters, veils = [], []
    for i in range(squadrons):
        side = ("Imperium", "Zhodani")[i % 2]
        system = systems[(i // 2) % len(systems)]
        board = reach.board(system)
        column = 5 if side == "Imperium" else 11
        place = Place(
            system, board.parse(f"{column + rng.randint(0, 2):02}{2 + rng.randint(0, 2):02}")
        )
        counter = Counter(f"{side[0]}{i}", side, line, place, fuel=3, supply=2)
        if i % 10 == 0:  # in transit, some arriving today
            to = board.parse("0303")
            counter = replace(counter, place=None, transit=Jump(system, system, to, 1, 6 - i % 3))
        counters.append(counter)
        if i % 16 == 1:
            veils.append(Veil(f"?{len(veils) + 1}", side, system, place.hex))
    setup = Setup(
        "bench", reach, ("Imperium", "Zhodani"), tuple(counters), tuple(veils),
        (("Imperium", 1), ("Zhodani", 1)),
    )  # fmt: skip
    seats = (Seat("a", "A", "Imperium"), Seat("z", "Z", "Zhodani"))
    state, _ = start(RULES, seats, seed=1, setup=setup)
    return state


def jumps(state):  # type: ignore[no-untyped-def]
    """A tenth of the squadrons ordered to jump to a neighbouring system."""
    from core.rules.squadrons.autopilot import JumpOrder

    reach = state.world
    out = []
    for c in state.counters[3::10]:
        if c.place is not None:
            near = [s for s in reach.in_reach(c.place.system, 3)]
            if near:
                out.append(
                    JumpOrder(
                        state.day, c.id, near[0].name, reach.board(near[0].name).parse("0303")
                    )
                )
    return out


def scripted_day(state, plan):  # type: ignore[no-untyped-def]
    """The autopilot's commands for one whole day, and the state after it."""
    from core.engine.play import apply, system_of
    from core.rules.squadrons.autopilot import orders

    commands = []
    day = state.day
    while state.day == day and not state.over:
        for seat in list(system_of(state).waiting_for(state)):
            for command in orders(state, seat.id, plan):
                state, _ = apply(state, command)
                commands.append(command)
    return commands, state


def replay(state, commands):  # type: ignore[no-untyped-def]
    from core.engine.play import apply

    for command in commands:
        state, _ = apply(state, command)
    return state


def timed(run) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(REPEATS):
        gc.collect()
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return median(times)


def main() -> None:
    compile_bytecode()
    results = {}
    for n in (20, 200):
        start = game(n)
        plan = jumps(start)
        commands, after = scripted_day(start, plan)
        assert after.day == start.day + 1, "the day did not end"
        assert replay(start, commands) == after
        engine = timed(lambda s=start, c=commands: replay(s, c))
        both = timed(lambda s=start, p=plan: scripted_day(s, p))
        results[n] = (engine, both, len(commands))
    base_engine, base_both, _ = results[20]
    rows = []
    for n, (engine, both, count) in results.items():
        rows.append(
            [
                f"{n} squadrons, engine ({count} commands)",
                f"{engine * 1000:.1f} ms",
                ratio(engine, base_engine),
                verdict(engine, GOAL) if n == 200 else "baseline",
            ]
        )
        rows.append(
            [
                f"{n} squadrons, autopilot + engine",
                f"{both * 1000:.1f} ms",
                ratio(both, base_both),
                "" if n == 200 else "baseline",
            ]
        )
    print(f"A squadron day's turn on 12 systems, median of {REPEATS}; goal < {GOAL * 1000:.0f} ms")
    print_table(["day", "time", "ratio to 20", "goal"], rows)
    print(machine())


if __name__ == "__main__":
    main()
