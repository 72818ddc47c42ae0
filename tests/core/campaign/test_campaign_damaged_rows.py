"""Every campaign reader is total (issue 18, requirement 7): the rows of a real campaign
(two games, a battle inside the first, an undone branch, snapshots, turns, a bookmark)
damaged one value at a time: wrong types, bad JSON, dangling ids, fractions with a zero
denominator, sets of unhashable things, a head pointing at no entry. Opening it
(read-only and for playing), checking its seals and ``python -m core campaign
info|replay|check`` give a typed :class:`CampaignError` naming the part, or succeed;
never any other exception; the file's bytes are unchanged after every reader that
refused it (and after every read-only one).

A damaged log entry is always found: by opening (the entry named), by the seals (the
entry named) and by ``campaign check`` (the entry named).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core.campaign import CampaignError, CampaignFile, GameRecord
from core.campaign.seal import SealCheck
from core.cli.main import main
from tests.core.cli.test_campaign_cli import branched

#: values that do not belong in a campaign's columns
HOSTILE: list[Any] = [
    "garbage",
    "",
    -1,
    0,
    999_999,  # an id nothing has
    2**63 - 1,
    1.5,
    b"\x00\xff\xfe",
    "{",
    "[" * 3000 + "]" * 3000,
    '{"$fraction": [1, 0]}',
    '{"$set": [[1, 2], {"$set": []}]}',
    '{"$type": "no.SuchThing"}',
    '{"$map": [[[1], 2]]}',
    "null",
    "[]",
]
#: values put in place of one part of a JSON column's value
HOSTILE_JSON: list[Any] = [
    {"$fraction": [1, 0]},
    {"$fraction": "half"},
    {"$set": [[1, 2]]},
    {"$set": [{"$map": []}]},
    {"$map": [[{"$set": [1]}, 1], [[1, 2], 3]]},
    {"$type": "no.SuchThing"},
    {"$enum": "board.Hex", "value": 3},
    2**200,
    -(2**70),
    "x" * 500,
    None,
    [],
    {},
    1e308,
]
#: the columns each table's rows are damaged in (ids keep their rows reachable)
COLUMNS = {
    "entry": [
        "game_id",
        "parent_id",
        "depth",
        "player",
        "command",
        "time",
        "round",
        "hash",
        "events",
        "auto",
        "chain",
    ],
    "game": [
        "campaign_id",
        "parent_id",
        "parent_entry_id",
        "scale",
        "title",
        "scenario",
        "start",
        "start_hash",
        "head_id",
        "result",
    ],
    "snapshot": ["game_id", "state", "hash"],
    "turn": ["game_id", "round", "player", "hash"],
    "bookmark": ["entry_id", "label", "note"],
    "campaign": ["name", "ruleset", "ruleset_version", "switches", "created"],
    "player": ["key", "name", "colour", "side_id"],
    "side": ["name"],
}
KEYS = {"snapshot": "entry_id", "turn": "entry_id"}
JSON_COLUMNS = {"command", "events", "start", "result", "state", "switches"}
#: what an entry's damage may make a message name
SEALED = set(COLUMNS["entry"])


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return branched(tmp_path_factory.mktemp("original"))


def rows_of(path: Path) -> dict[str, list[tuple[Any, Any, Any]]]:
    """For every (table, column): the rows' keys and values."""
    db = sqlite3.connect(path)
    try:
        found = {}
        for table, columns in COLUMNS.items():
            key = KEYS.get(table, "id")
            for column in columns:
                found[f"{table}.{column}"] = db.execute(
                    f'SELECT {key}, "{column}" FROM {table} ORDER BY 1'
                ).fetchall()
        return found
    finally:
        db.close()


def parts(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where in a JSON value something can be put in place of what is there."""
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += parts(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += parts(v, (*path, i))
    return found


def put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    value[path[0]] = put(value[path[0]], path[1:], new)
    return value


def damage(data: st.DataObject, rows: dict[str, list[tuple[Any, Any]]]) -> tuple[str, Any, Any]:
    """A column, a row's key and the value put there (drawn piece by piece, so that
    hypothesis does not print the whole campaign with each case)."""
    where = data.draw(st.sampled_from(sorted(k for k, v in rows.items() if v)), label="column")
    key, old = rows[where][data.draw(st.integers(0, len(rows[where]) - 1), label="row")]
    column = where.split(".")[1]
    if column in JSON_COLUMNS and isinstance(old, str) and data.draw(st.booleans()):
        value = json.loads(old)
        spots = parts(value)
        spot = spots[data.draw(st.integers(0, len(spots) - 1), label="spot")]
        new: Any = json.dumps(put(value, spot, data.draw(st.sampled_from(HOSTILE_JSON))))
    else:
        new = data.draw(st.sampled_from(HOSTILE), label="value")
    assume(new != old)
    return where, key, new


def damaged_copy(original: Path, folder: Path, where: str, key: Any, new: Any) -> Path:
    path = folder / "damaged.ecliptic"
    for p in folder.iterdir():
        p.unlink()
    shutil.copyfile(original, path)
    table, column = where.split(".")
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute(
                f'UPDATE {table} SET "{column}" = ? WHERE {KEYS.get(table, "id")} = ?', (new, key)
            )
        db.execute("PRAGMA journal_mode = WAL")  # as Ecliptic leaves its files
    finally:
        db.close()
    return path


def read_whole(path: Path, *, read_only: bool) -> list[str]:
    """Open the campaign as the window does, every game, and check its seals: the
    problems the seals found. Raises CampaignError when it cannot be opened."""
    with CampaignFile.open(path, read_only=read_only) as file:
        for game in file.games():
            GameRecord(file, game.id)
        file.players()
        file.bookmarks()
        return [str(p) for p in SealCheck(file).run()]


def names(message: str, where: str, key: Any) -> bool:
    table = where.split(".")[0]
    if table == "entry":
        return f"entry {key}" in message
    return True


def assert_total(
    original: Path,
    folder: Path,
    where: str,
    key: Any,
    new: Any,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = damaged_copy(original, folder, where, key, new)
    before = path.read_bytes()
    found: list[str] = []
    for read_only in (True, False):
        try:
            found += read_whole(path, read_only=read_only)
        except CampaignError as exc:
            message = str(exc)
            assert message.startswith(f"{path}: ") and "\n" not in message
            found.append(message)
            assert path.read_bytes() == before, "a refused file was changed"
        if read_only:
            assert path.read_bytes() == before
    capsys.readouterr()
    for action in ("info", "replay", "check"):
        status = main(["campaign", action, str(path)])
        out, err = capsys.readouterr()
        assert status in (0, 1) and "Traceback" not in out + err
        # the last resort, which names no part, was not needed
        assert f"{path}: cannot be read: " not in err, (action, where, key, new, err)
        if action == "check" and where.startswith("entry."):
            assert status == 1, f"check did not find the damage to {where} of entry {key}"
            assert f"entry {key} " in out or f"entry {key}:" in out, (where, key, new, out)
    if where.startswith("entry."):
        assert any(names(m, where, key) for m in found), (where, key, new, found)
    assert path.read_bytes() == before or not found


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(data=st.data())
def test_every_reader_is_total_on_damaged_rows_of_a_real_campaign(
    original: Path, tmp_path: Path, data: st.DataObject, capsys: pytest.CaptureFixture[str]
) -> None:
    where, key, new = damage(data, rows_of(original))
    assert_total(original, tmp_path, where, key, new, capsys)


NAMED = {
    "a zero denominator in a command": ("entry.command", '{"$fraction": [1, 0]}'),
    "an unhashable set in a command": ("entry.command", '{"$set": [{"$map": []}]}'),
    "bad JSON in a command": ("entry.command", "{not json"),
    "a command of wrong type": ("entry.command", 42),
    "a depth of wrong type": ("entry.depth", "deep"),
    "a dangling parent": ("entry.parent_id", 999_999),
    "a wrong player": ("entry.player", "p9"),
    "an edited time": ("entry.time", "2020-01-01"),
}


#: damage that opening itself meets when it is in a command it replays
MET_ON_OPENING = {
    "a zero denominator in a command",
    "an unhashable set in a command",
    "bad JSON in a command",
    "a command of wrong type",
    "a depth of wrong type",
}


def head_of(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT head_id FROM game WHERE id = 1").fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("at", ["early", "replayed"])
@pytest.mark.parametrize("case", list(NAMED))
def test_every_reader_is_total_the_damage_the_issue_names_is_found_naming_the_entry(
    original: Path, tmp_path: Path, case: str, at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Early: long before the last snapshot, found by the seals and ``check``; replayed:
    the head, which opening replays (and meets the damage, for a command's)."""
    where, new = NAMED[case]
    entry = 3 if at == "early" else head_of(original)
    assert_total(original, tmp_path, where, entry, new, capsys)
    path = tmp_path / "damaged.ecliptic"
    assert main(["campaign", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"entry {entry} " in out and "Traceback" not in out
    if at == "replayed" and case in MET_ON_OPENING:
        for read_only in (True, False):
            with pytest.raises(CampaignError, match=f"entry {entry} "):
                read_whole(path, read_only=read_only)


def test_every_reader_is_total_a_head_pointing_at_no_entry(
    original: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged_copy(original, tmp_path, "game.head_id", 1, 999_999)
    before = path.read_bytes()
    for read_only in (True, False):
        with pytest.raises(CampaignError, match="game 1 has no log entry 999999"):
            read_whole(path, read_only=read_only)
    for action in ("info", "replay", "check"):
        assert main(["campaign", action, str(path)]) == 1, action
    out, err = capsys.readouterr()
    assert "999999" in out + err and "Traceback" not in out + err
    assert path.read_bytes() == before
