"""A writer for the durability test: opens a campaign and appends commands until killed.

    python -m tests.core.campaign_writer FILE
        Open FILE's first game, print ``ready PID DEPTH`` and append commands forever,
        printing ``wrote DEPTH`` once each is on disk.

    python -m tests.core.campaign_writer --serve FILE
        Import once, then for every ``go`` line on stdin fork a child that does the above
        (printing ``forked PID`` first); when the child is gone, print ``ended PID SIGNAL``
        (0 when it exited by itself). ``quit`` or the end of stdin stops the server.

The server saves the test a Python start-up and the imports (about 0.7 s) per kill;
each kill still ends a process of its own in the middle of writing, as a crash would.
The commands come from :func:`next_command`, a function of the state and the number of
commands before it, so the test can tell which command belongs at every place of the log.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import Command, EndPhase
from core.engine.play import current_phase, waiting_for
from core.files.resources import SCENARIOS
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.course_check import launch_hexes
from core.vector.orders import Launch, Unplot
from core.vector.state import GameState

SEATS = (Seat("Ann", "#e69f00"), Seat("Bob", "#56b4e9"))
SEED = 7


def training() -> GameState:
    """Training for two: both ships stand on Earth for as long as the log goes on."""
    state, _ = load_scenario(SCENARIOS / "training.toml").start(SEATS, SEED, first=0)
    return state


def next_command(state: GameState, depth: int) -> Command:
    """The command after ``depth`` commands: mostly ending phases; every fifth command
    in an astrogation phase plans a launch, which the next command takes back, so the
    ships stay on Earth and the game never ends."""
    player = waiting_for(state)[0].id
    if current_phase(state) == "astrogation":
        ship = next(s for s in state.ships if s.owner == player)
        if state.plan(ship.id) is not None:
            return Unplot(player, ship.id)
        if depth % 5 == 0:
            hexes = launch_hexes(state, ship)
            return Launch(player, ship.id, hexes[state.round % len(hexes)])
    return EndPhase(player)


def say(line: str) -> None:
    """One line to the test in one write, which a pipe keeps whole: a kill between the
    pieces of a ``print`` would leave half a line for the server's next one to join."""
    sys.stdout.flush()
    os.write(sys.stdout.fileno(), f"{line}\n".encode())


def write_forever(path: Path) -> None:
    campaign = CampaignFile.open(path)
    game = GameRecord(campaign, campaign.games()[0].id)
    depth = len(game.line())
    say(f"ready {os.getpid()} {depth}")
    while True:
        game.play(next_command(game.state, depth))
        depth += 1
        say(f"wrote {depth}")  # on disk: the test counts these, not seconds


def serve(path: Path) -> None:
    for line in sys.stdin:
        if line.strip() != "go":
            break
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:  # the child: write until killed
            try:
                write_forever(path)
            except BaseException as exc:  # reported; the child ends
                print(f"error {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
            finally:
                os._exit(3)
        print("forked", pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print("ended", pid, os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0, flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--serve":
        serve(Path(sys.argv[2]))
    else:
        write_forever(Path(sys.argv[1]))
