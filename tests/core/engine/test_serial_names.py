"""Namespaced saved types (issue 6, requirement 6): data names every type
``<namespace>.<Class>``, the bare names of files written before stay readable, and
hashes do not depend on which spelling a file used."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from core.campaign import CampaignFile, GameRecord
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.legacy_names import LEGACY_NAMES
from core.engine.serial import SerialError
from core.engine.system import system_for
from core.vector.state import GameState, moving_parts, rebuild, state_hash
from tests.core.campaigns import new_campaign, play

ROOT = Path(__file__).parents[3]


def probe_type(namespace: str) -> type:
    """A type called ``Probe``, registered in ``namespace``."""

    @serial.register(namespace=namespace)
    @dataclass(frozen=True)
    class Probe:
        depth: int

    return Probe


AlphaProbe = probe_type("alpha_test")
BetaProbe = probe_type("beta_test")


@serial.register(namespace="gamma_test")
class Mood(Enum):
    CALM = "calm"


def tags(data: Any) -> set[str]:
    """Every type name in plain data, nested ones included."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("$type", "$enum"):
                found.add(value)
            else:
                found |= tags(value)
    elif isinstance(data, list):
        for item in data:
            found |= tags(item)
    return found


def test_namespace_follows_where_a_type_lives() -> None:
    assert serial.namespace_of("core.rules.interplanetary.combat.attack") == "interplanetary"
    assert serial.namespace_of("core.board.hexgrid") == "board"
    assert serial.namespace_of("core.engine.commands") == "engine"
    assert (
        serial.namespace_of("tests.core.engine.test_serial_names")
        == "tests.core.engine.test_serial_names"
    )
    system_for("interplanetary")  # its modules register their types
    from core.rules.interplanetary.combat.attack import AllocateDamage

    assert serial.name_of(AllocateDamage) == "interplanetary.AllocateDamage"
    assert serial.name_of(AllocateDamage, hashing=True) == "AllocateDamage"
    assert serial.name_of(GameState) == "vector.GameState"


def test_every_bare_name_of_old_files_belongs_to_the_type_that_had_it() -> None:
    system_for("interplanetary")  # its modules register their types
    for bare, name in LEGACY_NAMES.items():
        cls = serial.resolve(bare)
        assert cls is not None and cls is serial.resolve(name), bare
        assert cls.__name__ == bare and serial.name_of(cls) == name
        assert serial.name_of(cls, hashing=True) == bare


def test_saved_data_is_namespaced_and_bare_data_reads_the_same() -> None:
    command = EndPhase("p1")
    saved = serial.dumps(command)
    assert saved == '{"$type":"engine.EndPhase","player":"p1"}'
    assert serial.from_data(json.loads(saved)) == command
    assert serial.from_data({"$type": "EndPhase", "player": "p1"}) == command


def test_two_types_with_one_bare_name_in_two_namespaces_do_not_collide() -> None:
    assert AlphaProbe.__name__ == BetaProbe.__name__ == "Probe"
    first, second = AlphaProbe(3), BetaProbe(3)
    data = [serial.to_data(first), serial.to_data(second)]
    assert [d["$type"] for d in data] == ["alpha_test.Probe", "beta_test.Probe"]
    back = serial.from_data(data)
    assert back == (first, second) and [type(v) for v in back] == [AlphaProbe, BetaProbe]
    # neither had a bare name before namespacing: each hashes under its full name
    hashed = [serial.to_data(v, hashing=True)["$type"] for v in (first, second)]
    assert hashed == ["alpha_test.Probe", "beta_test.Probe"]
    assert serial.digest(first) != serial.digest(second)
    with pytest.raises(SerialError, match="unknown type 'Probe'"):
        serial.from_data({"$type": "Probe", "depth": 1})


@serial.register(namespace="othersystem_test")
@dataclass(frozen=True)
class AllocateDamage:
    """Another rule system's command named like Interplanetary's, registered (here)
    before Interplanetary's is even imported."""

    points: int


def test_a_new_type_named_like_an_old_one_does_not_take_its_bare_name() -> None:
    system_for("interplanetary")  # its modules register their types
    mine = AllocateDamage(2)
    assert serial.to_data(mine, hashing=True)["$type"] == "othersystem_test.AllocateDamage"
    assert serial.from_data(serial.to_data(mine)) == mine
    old = serial.resolve("AllocateDamage")
    assert old is not None and old.__module__.startswith("core.rules.interplanetary")


def test_a_second_type_under_a_taken_namespaced_name_is_an_error() -> None:
    with pytest.raises(SerialError, match=r"both called alpha_test\.Probe"):
        probe_type("alpha_test")
    assert serial.resolve("alpha_test.Probe") is AlphaProbe


def test_unknown_names_give_a_serial_error_naming_them() -> None:
    with pytest.raises(SerialError, match=r"unknown type 'nowhere\.Teleport'"):
        serial.from_data({"$type": "nowhere.Teleport", "player": "p1"})
    with pytest.raises(SerialError, match="unknown type 'Teleport'"):
        serial.from_data({"$type": "Teleport"})
    with pytest.raises(SerialError, match=r"unknown type 'gamma_test\.Feeling'"):
        serial.from_data({"$enum": "gamma_test.Feeling", "value": "calm"})
    with pytest.raises(SerialError, match="without a type"):
        serial.from_data({"q": 1})
    assert serial.from_data(serial.to_data(Mood.CALM)) is Mood.CALM


def test_a_snapshot_hashes_the_same_in_either_spelling() -> None:
    from tests.core.campaigns import training

    state = training()
    saved, hashed = moving_parts(state), moving_parts(state, hashing=True)
    assert saved["$type"] == "vector.GameState" and hashed["$type"] == "GameState"
    assert all("." in t for t in tags(saved))
    assert not any("." in t for t in tags(hashed))  # every type of a state is an old one
    for data in (saved, hashed):
        back = rebuild(json.loads(json.dumps(data)), state.rules, state.starmap)
        assert back == state and state_hash(back) == state_hash(state)
    start = json.loads(serial.dumps(state))
    assert all("." in t for t in tags(start))
    assert state_hash(serial.from_data(start)) == state_hash(state)


def test_a_campaign_made_now_stores_namespaced_names_and_replays(tmp_path: Path) -> None:
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        play(game, 55)  # past the first snapshot (every 50 commands)
        hashes = [s.hash for s in game.line()]
    db = sqlite3.connect(tmp_path / "test.ecliptic")
    try:
        commands = [json.loads(r[0]) for r in db.execute("SELECT command FROM entry")]
        events = [json.loads(r[0]) for r in db.execute("SELECT events FROM entry")]
        (start,) = [json.loads(r[0]) for r in db.execute("SELECT start FROM game")]
        snapshots = [json.loads(r[0]) for r in db.execute("SELECT state FROM snapshot")]
    finally:
        db.close()
    assert len(commands) == 55 and len(snapshots) == 1
    assert {c["$type"] for c in commands} <= {"engine.EndPhase", "vector.Launch", "vector.Unplot"}
    assert start["$type"] == snapshots[0]["$type"] == "vector.GameState"
    for data in (commands, events, start, snapshots):
        names = tags(data)
        assert names and all("." in n for n in names), names - {n for n in names if "." in n}
    with CampaignFile.open(tmp_path / "test.ecliptic", read_only=True) as file:
        again = GameRecord(file, 1)  # from the snapshot
        assert [s.hash for s in again.line()] == hashes
        assert state_hash(again.state) == hashes[-1]
        assert state_hash(GameRecord(file, 1).state_at(again.line()[-1].parent)) == hashes[-2]


def test_bare_and_namespaced_names_load_their_modules_on_first_use() -> None:
    """``serial.provide``: a fresh program reads combat types in both spellings without
    having imported the combat rules."""
    script = (
        "import sys\n"
        "from core.engine import play, serial\n"
        "assert 'core.rules.interplanetary.combat.attack' not in sys.modules\n"
        "a = serial.from_data({'$type': 'AllocateDamage', 'player': 'p1', 'ship': 's'})\n"
        "b = serial.from_data({'$type': 'interplanetary.AllocateDamage', 'player': 'p1',"
        " 'ship': 's'})\n"
        "assert a == b and type(a).__module__ == 'core.rules.interplanetary.combat.attack'\n"
        "print('ok')\n"
    )
    says_ok_in_a_fresh_program(script)


def test_a_namespaced_name_loads_only_its_own_rule_system() -> None:
    """Opening an Interplanetary game reads ``interplanetary.*`` names: that system is
    imported, not the three others (they cost a fresh program a tenth of a second)."""
    script = (
        "import sys\n"
        "from core.engine import play, serial\n"
        "a = serial.from_data({'$type': 'interplanetary.AllocateDamage', 'player': 'p1',"
        " 'ship': 's'})\n"
        "others = [m for m in sys.modules if m.startswith(('core.rules.squadrons',"
        " 'core.rules.void', 'core.rules.nplanetary'))]\n"
        "assert not others, others\n"
        "c = serial.from_data({'$type': 'squadrons.CancelJump', 'player': 'p1',"
        " 'counter': 'c1'})\n"
        "assert type(c).__module__ == 'core.rules.squadrons.commands'\n"
        "print('ok')\n"
    )
    says_ok_in_a_fresh_program(script)


def says_ok_in_a_fresh_program(script: str) -> None:
    """Run ``script`` in a new interpreter (nothing imported yet) and expect "ok"."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.stdout.strip() == "ok", result.stderr
