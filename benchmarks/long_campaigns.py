"""Long campaigns for the benchmarks, built once and kept in ``benchmarks/.bench/``
(ignored by git): playing thousands of rounds through ``GameRecord.play`` would commit
(and sync) every command, so a game is played in memory through the same engine and
written in one transaction, with the rows ``play`` would have written (entries with their
state hashes, a snapshot every 50 commands, turn records). Opening one replays and checks
those hashes like any campaign; a cached file that no longer opens is built again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from core.board.hexgrid import ZERO
from core.campaign import CampaignError, CampaignFile, GameRecord, playing, seal
from core.campaign.history import SNAPSHOT_EVERY
from core.campaign.rows import entry_values, insert_entries, now
from core.engine import serial, states
from core.engine.commands import EndPhase
from core.engine.play import new_game, waiting_for
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.motion import Motion
from core.vector.state import GameState, Ship

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".bench"
SEATS = [Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9")]
SIX = [
    Seat(name, colour)
    for name, colour in [
        ("Ann", "#e69f00"),
        ("Bob", "#56b4e9"),
        ("Cy", "#009e73"),
        ("Dee", "#f0e442"),
        ("Eve", "#0072b2"),
        ("Fay", "#d55e00"),
    ]
]
#: bump when what a built file holds changes, so cached files are built again
VERSION = 3  # 2: the entries are sealed (schema 4); 3: start events and results (schema 5)


def fleet_at_rest(ships: int = 100) -> GameState:
    """Training's map and rules with ``ships`` ships at rest in empty space (no gravity,
    no body, no asteroids), half each for two players, and no victory condition."""
    scenario = load_scenario(SCENARIOS / "training.toml")
    m = scenario.starmap
    empty = [
        h
        for h in m.bounds.hexes()
        if h not in m.body_hexes and m.gravity_at(h) is None and h not in m.asteroids
    ]
    players = scenario.seat(SEATS)
    fleet = tuple(
        Ship(f"s{i}", f"Ship {i}", p.id, p.side, "ship", Motion(h, ZERO), Fraction(15))
        for i, h in enumerate(empty[:: len(empty) // ships][:ships])
        for p in [players[i % 2]]
    )
    state, _ = new_game(scenario.rules, m, players, fleet, seed=1, first=0)
    return state


def sabotage() -> GameState:
    """Industrial Sabotage for six players (combat, boarding): every ship starts in
    orbit, so ending every phase goes on for ever without anyone winning."""
    scenario = load_scenario(SCENARIOS / "industrial-sabotage.toml")
    state, _ = scenario.start(SIX, 7, first=0)
    return state


STARTS: dict[str, Callable[[], GameState]] = {"fleet": fleet_at_rest, "sabotage": sabotage}


def end_phase(state: Any) -> EndPhase:
    return EndPhase(waiting_for(state)[0].id)


def build(path: Path, start: GameState, rounds: int, *, worst: bool = False) -> int:
    """A campaign of ``start`` played until round ``rounds`` + 1 begins, every player
    ending every phase; with ``worst``, on until the head is the last command before a
    snapshot (opening then replays the most it ever has to). Returns the number of
    commands."""
    path.unlink(missing_ok=True)
    file = CampaignFile.create(path, path.stem, start)
    try:
        entries: list[dict[str, Any]] = []
        snapshots: list[dict[str, Any]] = []
        turns: list[dict[str, Any]] = []
        stamp = now()
        state = start
        while state.round <= rounds or (
            worst and len(entries) % SNAPSHOT_EVERY != SNAPSHOT_EVERY - 1
        ):
            command = end_phase(state)
            after, events = playing.apply(state, command)
            depth = len(entries) + 1
            hash = states.state_hash(after)
            values = entry_values(
                1,
                depth - 1 or None,
                depth,
                command.player,
                serial.dumps(command),
                playing.round_of(state),
                hash,
                serial.dumps(events),
                False,
                stamp,
            )
            values["id"] = depth
            entries.append(values)
            if depth % SNAPSHOT_EVERY == 0:
                snapshots.append({"e": depth, "g": 1, "s": states.snapshot_text(after), "h": hash})
            if playing.turn_ended(state, after):
                turns.append(
                    {
                        "e": depth,
                        "g": 1,
                        "r": playing.round_of(state),
                        "p": command.player,
                        "h": hash,
                    }
                )
            state = after
        with file.writing() as conn:
            seal.seal_rows(conn, entries)  # as play seals each entry
            insert_entries(conn, entries)
            conn.executemany(
                "INSERT INTO snapshot(entry_id, game_id, state, hash) VALUES (:e, :g, :s, :h)",
                snapshots,
            )
            conn.executemany(
                "INSERT INTO turn(entry_id, game_id, round, player, hash)"
                " VALUES (:e, :g, :r, :p, :h)",
                turns,
            )
            conn.execute("UPDATE game SET head_id = ? WHERE id = 1", (len(entries),))
    finally:
        file.close()
    return len(entries)


def campaign(kind: str, rounds: int, *, worst: bool = False) -> Path:
    """The cached campaign file of ``kind`` (see :data:`STARTS`) played ``rounds``
    rounds, built if missing or if it no longer opens."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"{kind}-{rounds}{'-worst' if worst else ''}-v{VERSION}.ecliptic"
    if path.exists():
        try:
            with CampaignFile.open(path) as file:
                GameRecord(file, 1)
            return path
        except CampaignError as exc:
            print(f"rebuilding {path.name}: {exc}", flush=True)
    print(f"building {path.name} ...", flush=True)
    build(path, STARTS[kind](), rounds, worst=worst)
    return path


def stored_events(path: Path) -> int:
    """How many events the file's log holds (what a player who played the whole
    game in one sitting would have seen go into the logs)."""
    with CampaignFile.open(path) as file, file.reading() as conn:
        rows = conn.execute("SELECT events FROM entry").fetchall()
    return sum(len(json.loads(r[0])) for r in rows)
