"""One writer per file, whatever its name (issue 18, requirement 1): while one process
writes a campaign, a second process trying to open it for playing through another name
(a hard link, a symbolic link, a ``..`` path) is refused every time with a message
saying why, and afterwards the file is whole and its log replays.

Two real processes: the writer of the durability test (``tests/core/campaign_writer``),
appending commands, and a prober (``tests/core/campaign_prober``) asked to open the file
for writing many times, each time after the writer reported another command on disk
(counted, not timed).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from core.campaign import CampaignFile, GameRecord, HardLinked
from core.campaign.seal import SealCheck
from tests.core.campaign.test_campaign_durability import ROOT, WRITER, Lines
from tests.core.campaigns import new_campaign
from tests.patience import PATIENCE_S

TRIALS = 25  # attempts through each name, per writer
PROBER = [sys.executable, "-m", "tests.core.campaign_prober"]


def alias(path: Path, kind: str) -> Path:
    """Another name of ``path``: a hard link, a symbolic link or a path through ``..``."""
    if kind == "hard link":
        other = path.with_name("linked.ecliptic")
        os.link(path, other)
    elif kind == "symbolic link":
        other = path.with_name("pointer.ecliptic")
        other.symlink_to(path)
    else:
        (path.parent / "sub").mkdir()
        other = path.parent / "sub" / ".." / path.name
    return other


class Prober:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            PROBER, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.lines = Lines(self.process)
        assert self.lines.next() == ["ready"]

    def write(self, path: Path) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(f"write {path}\n".encode())
        self.process.stdin.flush()
        return " ".join(self.lines.next())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(PATIENCE_S)


def refused_while_writing(writer_name: Path, names: list[Path], prober: Prober) -> list[str]:
    """Start a writer through ``writer_name``; after each command it reports, ask the
    prober to open the file through one of ``names`` in turn. The answers."""
    writer = subprocess.Popen([*WRITER, str(writer_name)], cwd=ROOT, stdout=subprocess.PIPE)
    answers = []
    try:
        lines = Lines(writer)
        lines.until("ready")
        for i in range(TRIALS * len(names)):
            lines.until("wrote")
            answers.append(prober.write(names[i % len(names)]))
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    return answers


def assert_whole(path: Path) -> None:
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        db.close()
    with CampaignFile.open(path, read_only=True) as file:
        game = GameRecord(file, 1)  # every stored hash on the way compared
        assert game.head is not None and game.head >= TRIALS
        assert SealCheck(file).run() == []


@pytest.mark.parametrize("kind", ["hard link", "symbolic link", "dot-dot path"])
def test_one_writer_through_a_second_name_the_second_process_is_refused_every_time(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "test.ecliptic"
    new_campaign(tmp_path).close()
    prober = Prober()
    try:
        if kind == "hard link":
            # a file with two names is never opened for writing, so the writer opens it
            # first, and the second name is made while it writes
            writer = subprocess.Popen([*WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE)
            try:
                lines = Lines(writer)
                lines.until("ready")
                other = alias(path, kind)
                answers = []
                for i in range(2 * TRIALS):
                    lines.until("wrote")
                    answers.append(prober.write([other, path][i % 2]))
            finally:
                writer.send_signal(signal.SIGKILL)
                writer.wait()
            in_use = answers
            # with the writer gone, the second name is still refused, saying why
            alone = prober.write(other)
            assert alone.startswith("refused HardLinked") and "has 2 names" in alone
        else:
            other = alias(path, kind)
            in_use = refused_while_writing(path, [other], prober)
            assert_whole(path)
            in_use += refused_while_writing(other, [path, other], prober)
    finally:
        prober.close()
    assert len(in_use) >= 2 * TRIALS
    for answer in in_use:
        assert answer.startswith("refused CampaignInUse "), answer
        assert "is open in another Ecliptic" in answer and "opened read-only" in answer
    assert_whole(path)


def test_one_writer_a_campaign_with_two_names_opens_read_only_saying_why(tmp_path: Path) -> None:
    path = tmp_path / "test.ecliptic"
    new_campaign(tmp_path).close()
    os.link(path, tmp_path / "linked.ecliptic")
    before = path.read_bytes()
    for name in (path, tmp_path / "linked.ecliptic"):
        with pytest.raises(HardLinked, match="has 2 names") as raised:
            CampaignFile.open(name)
        assert "opened read-only" in str(raised.value)
        with CampaignFile.open(name, read_only=True) as file:
            assert GameRecord(file, 1).head is None
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["linked.ecliptic", "test.ecliptic"]


def test_one_writer_the_lock_is_keyed_by_identity_in_one_process_too(tmp_path: Path) -> None:
    from core.campaign import CampaignInUse

    path = tmp_path / "test.ecliptic"
    new_campaign(tmp_path).close()
    (tmp_path / "pointer.ecliptic").symlink_to(path)
    with CampaignFile.open(tmp_path / "pointer.ecliptic") as file:
        assert file.path == path  # the link resolved: the lock and log are the file's
        assert (tmp_path / "test.ecliptic.lock").exists()
        with pytest.raises(CampaignInUse):
            CampaignFile.open(path)
    with CampaignFile.open(path):  # released on close
        pass
