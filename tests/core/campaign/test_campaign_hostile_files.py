"""Campaign files under abuse (issue 18, requirements 2 and 7): a pipe named like a
campaign is refused without blocking, a file over the documented size is refused
before it is read, the problems ``campaign check`` lists are capped, output to a closed
pipe ends quietly, and the leftovers of an interrupted create are removed next time."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from core.campaign import CampaignFile, NotACampaign
from core.campaign.fileformat import MAGIC, MAX_BYTES, MAX_PROBLEMS
from core.campaign.leftovers import remove_leftovers
from core.cli.main import main
from tests.core.campaign.test_campaign_files import campaign_with
from tests.core.campaigns import training

ROOT = Path(__file__).resolve().parents[3]
CLI = [sys.executable, "-m", "core", "campaign"]


def test_bounded_a_pipe_named_like_a_campaign_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "waiting.ecliptic"
    os.mkfifo(fifo)
    for read_only in (True, False):
        with pytest.raises(NotACampaign, match="is not a regular file"):
            CampaignFile.open(fifo, read_only=read_only)
    # and from the shell, in a process of its own (a blocked one would time out)
    for action in ("info", "check", "replay"):
        done = subprocess.run(
            [*CLI, action, str(fifo)], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.startswith(f"{fifo}: is not a regular file (a pipe, a device")
        assert done.stderr.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["waiting.ecliptic"]


def test_bounded_a_file_over_the_size_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.ecliptic"
    with open(huge, "wb") as f:
        f.write(MAGIC + bytes(84))
        f.truncate(MAX_BYTES + 1)  # sparse: nothing written past the header
    for read_only in (True, False):
        with pytest.raises(NotACampaign, match="more than a campaign can be"):
            CampaignFile.open(huge, read_only=read_only)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["huge.ecliptic"]


def test_bounded_campaign_check_lists_the_first_problems_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign_with(tmp_path, MAX_PROBLEMS + 30)
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET time = 'edited'")  # every entry's seal broken
    db.close()
    assert main(["campaign", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("  problem: log entry ") == MAX_PROBLEMS
    assert "  and 30 more\n" in out and f"{MAX_PROBLEMS + 30} problems found" in out


def test_quiet_campaign_info_into_a_closed_pipe_ends_without_a_traceback(tmp_path: Path) -> None:
    path = campaign_with(tmp_path, 3)
    read, write = os.pipe()
    os.close(read)  # like `| head` that has stopped reading, before a word is written
    try:
        done = subprocess.run(
            [*CLI, "info", str(path)], cwd=ROOT, stdout=write, stderr=subprocess.PIPE, timeout=120
        )
    finally:
        os.close(write)
    assert done.stderr == b"" and done.returncode == 1


def test_leftovers_of_a_create_killed_before_its_rename_are_removed_next_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "test.ecliptic"
    killed = (
        "import os, signal\n"
        "from core.campaign import store\n"
        "from tests.core.campaigns import training\n"
        "store.os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"store.CampaignFile.create({str(path)!r}, 'Test', training())\n"
    )
    child = subprocess.run([sys.executable, "-c", killed], cwd=ROOT, timeout=120)
    assert child.returncode == -9
    (leftover,) = tmp_path.iterdir()
    start, pid, end = leftover.name.rsplit(".", 2)
    assert (start, end) == (".test.ecliptic", "new") and pid.isdigit()
    assert leftover.stat().st_size > 0 and not path.exists()
    # one whose writer still runs (this test's parent process) is left alone
    alive = tmp_path / f".test.ecliptic.{os.getppid()}.new"
    alive.write_bytes(b"being written")
    CampaignFile.create(path, "Test", training()).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [alive.name, "test.ecliptic"]
    # and one of a copy or create of this process that failed, at the next open
    mine = tmp_path / f".test.ecliptic.{os.getpid()}.new"
    mine.write_bytes(b"half")
    CampaignFile.open(path).close()
    assert not mine.exists() and alive.exists()
    assert remove_leftovers(path) == []


def peak_memory(args: list[str]) -> tuple[int, str, int]:
    """Run the command line in a process of its own: its exit status, what it said
    (stdout and stderr), and the most memory it held (its peak resident set, in bytes)."""
    child = subprocess.Popen(
        [*CLI, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert child.stdout is not None
    err = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    return child.returncode, err, usage.ru_maxrss * 1024  # kilobytes on Linux


@pytest.mark.parametrize("action", ["replay", "check"])
def test_bounded_a_huge_command_is_refused_within_a_small_multiple_of_the_file_size(
    tmp_path: Path, action: str
) -> None:
    path = campaign_with(tmp_path, 3)
    baseline = peak_memory([action, str(path)])
    assert baseline[0] == 0
    huge = "[" + "1," * 15_000_000 + "1]"  # 30 MB of JSON: parsed, many times that
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE entry SET command = ? WHERE id = 3", (huge,))
    db.execute("VACUUM")
    db.close()
    size = path.stat().st_size
    status, err, peak = peak_memory([action, str(path)])
    assert status == 1 and "Traceback" not in err
    assert "entry 3" in err and "the command is longer than one can be (over 1," in err
    assert peak - baseline[2] < 4 * size, f"{(peak - baseline[2]) / size:.1f} times the file"
