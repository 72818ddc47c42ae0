"""How the golden campaign file ``hostile-takeover-v1.ecliptic`` was made: kept for the
record, not to be run again.

It ran once, on commit e8eee90 (before the core layout move and before saved types were
namespaced), so the file holds what that code wrote: bare ``$type`` tags, its state
hashes, its snapshots. Regenerating it with later code would test nothing, so do not
regenerate; a later format gets a new file (``-v2``) beside this one.

    PYTHONPATH=. python tests/core/data/golden/make_golden.py

The game: Hostile Takeover for Ann (Jovian Combine) and Bob (Mercurian Syndicate), seed
1, every ship bought with the play aid's training kit (artillery, a missile, a mine).
Every ship makes for Mars and closes with the nearest enemy it can see, played by the
test autopilot through the end of round 12: guns fired, missiles launched and striking,
hits placed (AllocateDamage), ships disabled. Beside the file, ``hostile-takeover-v1.json``
records what that code read back from it.
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.manifest import fit
from core.resources import SCENARIOS
from core.scenario import Seat, load_scenario
from core.state import GameState, Ship, state_hash
from tests.core.autopilot import Close, Goal, Pilot, Well, enemies, play

HERE = Path(__file__).parent
FILE = HERE / "hostile-takeover-v1.ecliptic"
FACTS = HERE / "hostile-takeover-v1.json"
SEATS = (Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9"))
SEED = 1
ROUNDS = 12
SHIPS = ("jovian-a-p1", "jovian-b-p1", "mercurian-a-p2", "mercurian-b-p2")


def start() -> GameState:
    game = load_scenario(SCENARIOS / "hostile-takeover.toml")
    aid = game.rules.play_aid
    assert aid is not None
    kit = fit(aid, aid.loadout("kit").outfit)
    state, _ = game.start(SEATS, SEED, first=0, outfits=dict.fromkeys(SHIPS, kit))
    return state


def towards_mars(state: GameState, ship: Ship) -> Goal:
    """Close with the nearest enemy in sight; none in sight: make for Mars."""
    foes = enemies(state, ship)
    if not foes:
        return Well("Mars")
    at = ship.motion.position
    foe = min(foes, key=lambda f: (f.motion.position.distance(at), f.id))
    return Close(foe.motion.position, foe.motion.velocity)


def facts(path: Path) -> dict[str, object]:
    """What the file says, read back through the campaign API (read-only)."""
    with CampaignFile.open(path, read_only=True) as campaign:
        info = campaign.games()[0]
        record = GameRecord(campaign, info.id)
        line = record.line()
        state = record.state
        entries = campaign.entries(info.id)
    db = sqlite3.connect(path)
    try:
        turns = db.execute("SELECT entry_id, round, player, hash FROM turn ORDER BY entry_id")
        turn_rows = [list(r) for r in turns]
        snaps = [list(r) for r in db.execute("SELECT entry_id, hash FROM snapshot ORDER BY 1")]
        start_hash = db.execute("SELECT start_hash FROM game").fetchone()[0]
    finally:
        db.close()
    kinds: dict[str, int] = {}
    for e in entries:
        kind = json.loads(e.command)["$type"]
        kinds[kind] = kinds.get(kind, 0) + 1
    return {
        "made_by": "e8eee90",
        "scenario": "hostile-takeover",
        "seed": SEED,
        "commands": len(line),
        "command_types": dict(sorted(kinds.items())),
        "round": state.round,
        "phase": state.phase,
        "over": state.over,
        "start_hash": start_hash,
        "final_hash": state_hash(state),
        "entry_hashes": [s.hash for s in line],
        "turns": turn_rows,
        "snapshots": snaps,
    }


def main() -> None:
    if FILE.exists() and "--force" not in sys.argv:
        sys.exit(f"{FILE.name} exists; it is golden: do not regenerate it")
    state = start()
    pilot = Pilot(towards_mars)
    game = play(state, {"p1": pilot, "p2": pilot}, ROUNDS)
    temp = FILE.with_name(FILE.name + ".tmp")
    temp.unlink(missing_ok=True)
    with CampaignFile.create(temp, "Golden", state, scenario="hostile-takeover") as campaign:
        record = GameRecord(campaign, campaign.games()[0].id)
        for command in game.commands:
            record.play(command)
        assert record.state == game.state
        campaign.save_copy(FILE)  # VACUUM INTO: compact, one file, no -wal
    for end in ("", "-wal", "-shm", ".lock"):
        Path(str(temp) + end).unlink(missing_ok=True)
    FACTS.write_text(json.dumps(facts(FILE), indent=1) + "\n")


if __name__ == "__main__":
    main()
