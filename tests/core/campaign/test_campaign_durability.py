"""Durability (issue 5, requirement 2): a process appending commands to a campaign is
killed with SIGKILL at random moments, 100 times; after every kill the file opens,
passes SQLite's integrity check and holds a prefix of the commands, none half-written.

The writer is ``tests/core/campaign_writer.py``: once as a fresh interpreter, then
forked from a server that has done the imports (a fresh interpreter costs about 0.7 s;
100 of them would make this the slowest test by far). Every kill ends a process of its
own, mid-write, holding the writer lock, as a crash would.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.history import SNAPSHOT_EVERY
from core.campaign.playing import turn_key
from core.engine import serial
from tests.core.campaigns import Expected, new_campaign
from tests.patience import PATIENCE_S

ROOT = Path(__file__).resolve().parents[3]
KILLS = 100
WRITER = [sys.executable, "-m", "tests.core.campaign_writer"]


class Lines:
    """Lines from a child's stdout, waiting for each at most ``timeout`` seconds: a guard
    against a hung writer, long enough that a busy machine never trips it."""

    def __init__(self, process: subprocess.Popen[bytes], timeout: float = PATIENCE_S) -> None:
        assert process.stdout is not None
        self.fd = process.stdout.fileno()
        self.timeout = timeout
        self.buffer = b""

    def next(self) -> list[str]:
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(left, 0))
            assert ready, "the writer said nothing for too long"
            chunk = os.read(self.fd, 4096)
            assert chunk, "the writer's output ended"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode().split()

    def until(self, word: str) -> list[str]:
        while (line := self.next())[0] != word:
            pass
        return line


class Log:
    """What the file held after the last kill, checked; each kill must keep it."""

    def __init__(self) -> None:
        self.expected = Expected.start()
        self.rows: list[tuple[object, ...]] = []
        self.turns: list[int] = []

    def check(self, path: Path) -> int:
        with CampaignFile.open(path) as file:  # as the window opens it after a crash
            game = GameRecord(file, 1)  # from the last snapshot, every hash compared
            head, state = game.head, game.state
        db = sqlite3.connect(path)
        try:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            rows = db.execute(
                "SELECT id, parent_id, depth, player, command, hash FROM entry ORDER BY id"
            ).fetchall()
            snapshots = [r[0] for r in db.execute("SELECT entry_id FROM snapshot ORDER BY 1")]
            turns = [r[0] for r in db.execute("SELECT entry_id FROM turn ORDER BY 1")]
            stored_head = db.execute("SELECT head_id FROM game").fetchone()[0]
        finally:
            db.close()
        n, known = len(rows), len(self.rows)
        assert n >= known, f"{known - n} committed commands lost"
        assert rows[:known] == self.rows, "a committed command changed"
        expected = self.expected.upto(n)
        for i in range(known, n):
            entry_id, parent, depth, player, command, digest = rows[i]
            assert (entry_id, parent, depth) == (i + 1, i or None, i + 1)
            decoded = serial.from_data(json.loads(str(command)))  # whole, readable
            assert decoded.player == player
            assert command == expected.commands[i], f"entry {i + 1} is not the command given"
            assert digest == expected.hashes[i], f"entry {i + 1} does not replay"
            if turn_key(expected.states[i + 1]) != turn_key(expected.states[i]):
                self.turns.append(i + 1)
        assert stored_head == head == (n or None)
        assert state == expected.states[n]
        assert snapshots == list(range(SNAPSHOT_EVERY, n + 1, SNAPSHOT_EVERY))
        assert turns == self.turns
        self.rows = rows
        return n


def commands_before_kill(rng: random.Random) -> int:
    """How many commands the writer reports on disk before the kill: mostly a few; one
    time in ten enough for SQLite to copy its write-ahead log into the file (every 1,000
    pages, about 200 commands). Counted, not timed, so a slow or busy machine kills at
    the same places in the log."""
    return rng.randint(150, 300) if rng.random() < 0.1 else rng.randint(1, 6)


def kill_after(lines: Lines, pid: int, rng: random.Random) -> int:
    """Let the writer report ``commands_before_kill`` commands, then kill it at once or
    a moment later, so the kill falls anywhere inside the next command's write. Returns
    the depth the writer last reported on disk: the file must hold at least that many.
    (The moment's pause only varies where in a write the kill lands; nothing counted
    depends on how long it is.)"""
    depth = 0
    for _ in range(commands_before_kill(rng)):
        depth = int(lines.until("wrote")[1])
    if rng.random() < 0.5:
        time.sleep(rng.uniform(0, 0.002))
    os.kill(pid, signal.SIGKILL)
    return depth


def test_durability_killed_at_random_moments_100_times_the_file_keeps_a_prefix(
    tmp_path: Path,
) -> None:
    path = tmp_path / "test.ecliptic"
    new_campaign(tmp_path).close()
    rng = random.Random(20261121)
    log = Log()
    counts = []

    # the first kill: the writer as its own interpreter
    child = subprocess.Popen([*WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        first = Lines(child)
        assert first.until("ready")[1] == str(child.pid)
        reported = kill_after(first, child.pid, rng)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == -signal.SIGKILL
    counts.append(log.check(path))
    assert counts[-1] >= reported, "a command the writer had on disk was lost"

    # the other 99: forked from the server
    errors = tmp_path / "writer-errors.txt"
    with open(errors, "wb") as stderr:
        server = subprocess.Popen(
            [*WRITER, "--serve", str(path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
    assert server.stdin is not None
    lines = Lines(server)
    try:
        for kill in range(1, KILLS):
            server.stdin.write(b"go\n")
            server.stdin.flush()
            pid = int(lines.until("forked")[1])
            reported = counts[-1]
            if rng.random() < 0.1:  # while it opens the campaign
                time.sleep(rng.uniform(0, 0.02))
                os.kill(pid, signal.SIGKILL)
            else:
                lines.until("ready")
                reported = kill_after(lines, pid, rng)
            ended = lines.until("ended")
            assert ended[1:] == [str(pid), str(signal.SIGKILL)], errors.read_text()
            counts.append(log.check(path))
            assert counts[-1] >= max(reported, counts[-2]), f"kill {kill}: a command lost"
        server.stdin.write(b"quit\n")
        server.stdin.flush()
        assert server.wait(PATIENCE_S) == 0
    finally:
        server.kill()
        server.wait()
    # the kills fell in many places (appending; a few while opening), past snapshots:
    # both follow from the counts drawn (every kill while appending comes after at least
    # one more command on disk), not from how fast the machine is
    assert counts[-1] > 2 * SNAPSHOT_EVERY
    assert len(set(counts)) > KILLS // 4
