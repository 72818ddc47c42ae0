"""The campaign command line (issue 5, requirements 7 and 8): ``python -m core campaign
info|replay|check FILE``, which never changes the file, and bad files get one line."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from core.campaign import SCHEMA_VERSION, CampaignFile, GameRecord
from core.campaign.history import SNAPSHOT_EVERY
from core.cli.main import main
from core.engine.commands import EndPhase
from core.engine.play import waiting_for
from core.vector.orders import Launch
from core.vector.state import state_hash
from tests.core.campaign.test_campaign_bad_input import BAD
from tests.core.campaign.test_campaign_files import schema_1_file
from tests.core.campaigns import Expected, fingerprint, new_campaign, play, training

ROOT = Path(__file__).resolve().parents[3]


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main(["campaign", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def campaign(tmp_path: Path, commands: int = 30) -> Path:
    with new_campaign(tmp_path, name="Inner planets") as file:
        play(GameRecord(file, 1), commands)
    return tmp_path / "test.ecliptic"


def branched(tmp_path: Path) -> Path:
    """Game 1 with an undone branch and a bookmark; game 2 a tactical battle inside it."""
    path = tmp_path / "test.ecliptic"
    with new_campaign(tmp_path, name="Inner planets") as file:
        game = GameRecord(file, 1)
        play(game, SNAPSHOT_EVERY + 12)
        for _ in range(3):
            game.undo()
        play(game, 2)
        file.add_bookmark(game.line()[4].id, "Launch", "Bob nearly crashed")
        battle = file.add_game(
            training(), "Battle", scale="tactical", parent=1, parent_entry=game.head
        )
        play(GameRecord(file, battle), 6)
        file.set_result(battle, {"winner": "p2"})
    return path


def change(path: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(path)
    try:
        with db:
            db.execute(sql, args)
    finally:
        db.close()


# ---- info


def test_cli_campaign_info_shows_players_sides_games_log_bookmarks_and_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = branched(tmp_path)
    before = fingerprint(path)
    status, out, err = run(capsys, "info", path)
    assert (status, err) == (0, "")
    assert out.startswith(f"Inner planets  ({path})\n")
    assert f"  schema {SCHEMA_VERSION}; created " in out
    assert "ruleset interplanetary version 2; switches: as the ruleset" in out
    assert "sides (2): p1, p2" in out
    assert "p1   Ann                  #e69f00  side p1" in out
    assert "1  'Inner planets' (strategic, scenario training)" in out
    n = SNAPSHOT_EVERY + 14
    assert f"entries: {n} ({n - 3} on the current line, 3 undone or on branches)" in out
    assert "2  'Battle' (tactical, inside game 1 at entry" in out
    assert "result: winner p2" in out
    assert "bookmarks (1):\n    entry 5 (game 1, round 1): Launch - Bob nearly crashed" in out
    assert fingerprint(path) == before


def test_cli_campaign_info_of_a_schema_1_file_says_so_and_leaves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.ecliptic"
    schema_1_file(path)
    before = fingerprint(path)
    status, out, _ = run(capsys, "info", path)
    assert status == 0
    assert (
        f"schema 1 (read as {SCHEMA_VERSION}; opening it to play upgrades the file, after a backup"
        in out
    )
    assert fingerprint(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.ecliptic"]


# ---- replay


def test_cli_campaign_replay_to_a_round_prints_the_state_as_it_began_and_its_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path, 30)
    expected = Expected.start().upto(30)
    # two players, four phases each, and a launch planned and taken back: ten commands
    began = expected.states[20]
    assert began.round == 3 and expected.states[19].round == 2
    status, out, err = run(capsys, "replay", path, "--to", 3)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Inner planets, game 1 'Inner planets': as round 3 began"
    assert lines[1] == "  after entry 20 (20 of 30 commands on the line; head: entry 30)"
    assert lines[2] == "  round 3, launch phase; Ann to play"
    assert lines[3] == "  ships (2):"
    assert " ".join(lines[4].split()) == "Ann's ship Ann landed at 0519, on Earth, fuel 15"
    assert lines[-1] == f"  state hash {state_hash(began)} (as recorded)"


def test_cli_campaign_replay_to_round_1_is_the_start_and_without_to_the_latest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path, 30)
    expected = Expected.start().upto(30)
    status, out, _ = run(capsys, "replay", path, "--to", 1)
    assert status == 0 and "after the game's start (0 of 30" in out
    assert f"state hash {state_hash(expected.states[0])} (as recorded)" in out
    status, out, _ = run(capsys, "replay", path)
    assert status == 0 and "'Inner planets': its latest state" in out
    assert "round 4, launch phase; Bob to play" in out
    assert f"state hash {expected.hashes[-1]} (as recorded)" in out


def test_cli_campaign_replay_shows_ships_in_flight_with_their_vectors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "test.ecliptic"
    with new_campaign(tmp_path) as file:
        game = GameRecord(file, 1)
        game.play(EndPhase("p1"))  # the launch phase
        labels = game.state.starmap.bounds.labels
        game.play(Launch("p1", "trainee-p1", labels.parse("0418")))
        while not game.state.ship("trainee-p1").motion.velocity.speed:  # Earth pulls it in
            game.play(EndPhase(waiting_for(game.state)[0].id))
        ship = game.state.ship("trainee-p1")
    status, out, _ = run(capsys, "replay", path)
    assert status == 0
    line = " ".join(next(x for x in out.splitlines() if "Ann's ship" in x).split())
    v, at = ship.motion.velocity, ship.motion.position
    assert line == (
        f"Ann's ship Ann {ship.status.value} at {labels.format(at)}, "
        f"vector ({v.q:+d}, {v.r:+d}) to {labels.format(at + v)}, speed {v.speed}, fuel 15"
    )


def test_cli_campaign_replay_of_another_game_and_of_no_such_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = branched(tmp_path)
    status, out, _ = run(capsys, "replay", path, "--game", 2)
    assert status == 0 and "game 2 'Battle': its latest state" in out
    assert "(6 of 6 commands on the line" in out
    status, out, err = run(capsys, "replay", path, "--game", 7)
    assert (status, out) == (1, "")
    assert err == f"{path}: has no game 7 (its games: 1, 2)\n"


def test_cli_campaign_replay_past_the_last_round_says_which_rounds_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path, 30)
    status, out, err = run(capsys, "replay", path, "--to", 9)
    assert (status, out) == (1, "")
    assert err == f"{path}: game 1 has reached round 4: choose --to 1 to 4\n"
    with pytest.raises(SystemExit):
        main(["campaign", "replay", str(path), "--to", "0"])
    assert "rounds are numbered from 1" in capsys.readouterr().err


# ---- check


def test_cli_campaign_check_replays_every_line_of_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = branched(tmp_path)
    before = fingerprint(path)
    status, out, err = run(capsys, "check", path)
    assert (status, err) == (0, "")
    n = SNAPSHOT_EVERY + 14
    assert "  SQLite integrity check: ok" in out
    assert f"game 1 'Inner planets': {n} of {n} entries replayed on 2 lines; 1 snapshot" in out
    assert "game 2 'Battle': 6 of 6 entries replayed on 1 line; 0 snapshots" in out
    assert out.endswith("no problems found\n")
    assert fingerprint(path) == before


@pytest.mark.parametrize(
    ("where", "sql", "words"),
    [
        (
            "before the last snapshot, which opening does not replay",
            "UPDATE entry SET hash = 'abcdefabcdefabcd' WHERE id = 7",
            "entry 7 (round 1, Unplot by p2): recorded hash abcdefabcdefabcd, replaying gives",
        ),
        (
            "on an undone branch",
            'UPDATE entry SET command = \'{"$type":"EndPhase","player":"p2"}\' WHERE id = 61',
            "entry 61 (round 7, EndPhase by p2): refused on replay (it is not your turn",
        ),
        (
            "in a snapshot",
            "UPDATE snapshot SET hash = 'abcdefabcdefabcd'",
            "entry 50: its snapshot is not the state replayed there",
        ),
        (
            "in a turn record",
            "UPDATE turn SET player = 'p2' WHERE entry_id = 4",
            "entry 4: its turn record does not match the replay",
        ),
        (
            "in a game's start",
            "UPDATE game SET start_hash = 'abcdefabcdefabcd' WHERE id = 2",
            "game 2 'Battle': the hash of its start is abcdefabcdefabcd, but the start gives",
        ),
        (
            "in the tree",
            "UPDATE entry SET depth = 9 WHERE id = 3",
            "entry 3: depth 9, but it follows 2 commands",
        ),
    ],
    ids=["hash", "branch", "snapshot", "turn", "start", "tree"],
)
def test_cli_campaign_check_reports_every_problem_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, sql: str, words: str
) -> None:
    path = branched(tmp_path)
    change(path, sql)
    before = fingerprint(path)
    status, out, _ = run(capsys, "check", path)
    assert status == 1, where
    problems = [x for x in out.splitlines() if x.startswith("  problem: ")]
    assert any(words in problem for problem in problems), out
    assert out.endswith(f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found\n")
    assert fingerprint(path) == before


def test_cli_campaign_check_runs_while_the_campaign_is_open_for_play(tmp_path: Path) -> None:
    path = campaign(tmp_path, 10)
    with CampaignFile.open(path) as file:
        game = GameRecord(file, 1)
        play(game, 3)
        done = subprocess.run(
            [sys.executable, "-m", "core", "campaign", "check", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "13 of 13 entries replayed" in done.stdout
        play(game, 1)  # still the writer
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test.ecliptic"]


# ---- bad files: one line on stderr, exit 1, the file as it was


UNREADABLE = [case for case, (_, error, _) in BAD.items() if not case.startswith("log ")]


@pytest.mark.parametrize("action", ["info", "replay", "check"])
@pytest.mark.parametrize("case", UNREADABLE)
def test_cli_campaign_bad_file_gets_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, action: str
) -> None:
    make, _, words = BAD[case]
    path = make(tmp_path)
    before = fingerprint(path)
    status, out, err = run(capsys, action, path)
    assert (status, out) == (1, "")
    assert err.startswith(f"{path}: ") and words in err and err.count("\n") == 1
    assert fingerprint(path) == before


def test_cli_campaign_a_log_that_does_not_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, _, _ = BAD["log does not replay"]
    path = make(tmp_path)
    before = fingerprint(path)
    status, out, err = run(capsys, "replay", path)
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert err.startswith(f"{path}: the log does not replay: after entry ")
    status, out, _ = run(capsys, "check", path)
    assert status == 1 and "recorded hash feedfacefeedface" in out
    # info reads, it does not replay; but the entry's seal no longer matches
    status, out, err = run(capsys, "info", path)
    assert status == 1 and "Test  (" in out
    assert err.startswith(f"{path}: warning: log entry ") and "seal does not match" in err
    assert fingerprint(path) == before


def test_cli_campaign_as_a_command_shows_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "notes.ecliptic"
    bad.write_text("not a campaign", encoding="utf-8")
    good = campaign(tmp_path, 3)
    for path, status in ((good, 0), (bad, 1)):
        done = subprocess.run(
            [sys.executable, "-m", "core", "campaign", "info", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == status
        assert "Traceback" not in done.stderr
    assert done.stderr == f"{bad}: is not a campaign: it is not a SQLite database at all\n"
