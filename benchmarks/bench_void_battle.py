"""Opening and resuming a System III Void battle in a campaign file. Prints a table; not a
test.

Goal (issue 20 req 12): opening a battle, or resuming one from the campaign file, takes
under 0.3 s. *Opening* is the Engage command for a tactical battle played in the strategic game
through the campaign file (its entry written, the battle's child game started, its
initial situation and map made, and added in the same transaction) and the battle's game
read back, ready for its first order. *Resuming* is the campaign file opened fresh, 40
orders into that battle, with the strategic game (frozen) and the battle both read back
to their heads. Baseline, in the same run: opening the same file
and reading the strategic game alone (what opening any campaign costs).

The campaign is the Belt Standoff scenario for three navies (``scenarios/``), played by the
scripted players (:mod:`core.rules.void.autopilot`) through the file for a few strategic
turns with a battle fought, to the next engagement (``rounds`` says how long it ran).
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_void_battle.py``.
"""

from __future__ import annotations

import gc
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from benchlib import compile_bytecode, machine, median, print_table, ratio, verdict  # noqa: E402

GOAL = 0.3  # seconds
REPEATS = 7
#: orders played in the tactical battle before it is closed and resumed
MOVES = 40


def build(folder: Path) -> tuple[Path, object, int]:
    """A campaign played to the autopilot's next Engage after a battle has been fought;
    the file, that Engage command, and the strategic round it stands in."""
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.nesting import standing
    from core.engine.play import waiting_for
    from core.files.resources import SCENARIOS
    from core.rules.void.autopilot import Autopilot
    from core.rules.void.engage import Engage
    from core.scenario.document import Seat
    from core.scenario.reader import load_scenario

    scenario = load_scenario(SCENARIOS / "void-belt-standoff.toml")
    seats = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9"), Seat("Cy", "#009E73")]
    state, _ = scenario.start(seats, 1, first=0)
    path = folder / "belt.ecliptic"
    pilot = Autopilot(choose=lambda n: "strategic", aggression=1)
    with CampaignFile.create(path, "Belt war", state, title=scenario.name) as file:
        war = GameRecord(file, 1)
        for _ in range(5000):
            child = standing(file, 1).open_child
            if child is not None:
                battle = GameRecord(file, child[0])
                while not battle.state.over:
                    who = waiting_for(battle.state)[0].id
                    battle.play(pilot.next(battle.state, who))
                war = GameRecord(file, 1)
                continue
            who = waiting_for(war.state)[0].id
            command = pilot.next(war.state, who)
            fought = sum(1 for g in file.games() if g.parent_id == 1)
            if isinstance(command, Engage) and fought >= 1 and war.state.round >= 2:
                return path, replace(command, resolution="tactical"), war.state.round
            war.play(command)
    raise RuntimeError("the scripted campaign never reached a second round's engagement")


def open_battle(source: Path, copy: Path, command: object) -> float:
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.nesting import standing

    shutil.copyfile(source, copy)
    with CampaignFile.open(copy) as file:
        war = GameRecord(file, 1)
        _ = war.state
        gc.collect()
        start = time.perf_counter()
        war.play(command)  # type: ignore[arg-type]
        child = standing(file, 1).open_child
        assert child is not None
        battle = GameRecord(file, child[0])
        _ = battle.state
        took = time.perf_counter() - start
    return took


def resume(path: Path, battle_id: int | None) -> float:
    from core.campaign import CampaignFile, GameRecord

    gc.collect()
    start = time.perf_counter()
    with CampaignFile.open(path) as file:
        _ = GameRecord(file, 1).state
        if battle_id is not None:
            _ = GameRecord(file, battle_id).state
        took = time.perf_counter() - start
    return took


def main() -> None:
    compile_bytecode()
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.nesting import standing
    from core.engine.play import waiting_for
    from core.rules.void.tactical.autopilot import next_command

    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source, command, rounds = build(folder)
        opened = folder / "opened.ecliptic"
        opens = [open_battle(source, opened, command) for _ in range(REPEATS)]
        with CampaignFile.open(opened) as file:
            child = standing(file, 1).open_child
            assert child is not None
            battle = GameRecord(file, child[0])
            for _ in range(MOVES):  # some way into the battle
                who = waiting_for(battle.state)[0].id
                battle.play(next_command(battle.state, who))
            moves = len(file.entries(child[0]))
            entries = len(file.entries(1))
        base = [resume(opened, None) for _ in range(REPEATS)]
        resumes = [resume(opened, child[0]) for _ in range(REPEATS)]
        del battle
    b, o, r = median(base), median(opens), median(resumes)
    print(
        f"campaign: 3 navies, {rounds} strategic turns, {entries} entries in the strategic "
        f"game; the tactical battle resumed after {moves} orders"
    )
    rows = [
        ["open the file, read the strategic game (baseline)", b, "1.00x", ""],
        ["open a battle (Engage played and stored, battle read)", o, ratio(o, b), verdict(o, GOAL)],
        ["resume a battle (file opened mid-battle, games read)", r, ratio(r, b), verdict(r, GOAL)],
    ]
    print_table(
        ["measure", "time", "ratio to baseline", f"goal < {GOAL} s"],
        [[name, f"{t * 1000:.1f} ms", vs, met] for name, t, vs, met in rows],
    )
    print(machine())


if __name__ == "__main__":
    main()
