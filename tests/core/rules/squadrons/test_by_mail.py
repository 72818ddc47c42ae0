"""The squadron game by mail with a referee: which steps pass by themselves on the
referee's master (only placing "?" with none in hand: every other step waits for the
player's order file, as at the table), and a player file's orders checked on its view
are the orders the master plays."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import files, referee
from core.campaign.mail.player import save_orders
from core.engine.errors import IllegalCommand
from core.engine.play import apply, current_phase, start, waiting_for
from core.rules.squadrons import autopilot
from core.rules.squadrons.commands import Move
from core.rules.squadrons.scenario import load_scenario
from core.rules.squadrons.state import RULES, STEPS, SquadronGame
from core.vector import idle
from tests.core.rules.squadrons.helpers import SEATS


def border_raid() -> SquadronGame:
    state, _ = start(RULES, SEATS, seed=0, setup=load_scenario("border-raid"))
    return state


def to_step(state: SquadronGame, name: str) -> SquadronGame:
    """Every side's autopilot orders until step ``name`` of the day comes."""
    while STEPS[state.step] != name:
        for seat in waiting_for(state):
            for command in autopilot.orders(state, seat.id):
                state, _ = apply(state, command)
    return state


def one_hex_move(view: SquadronGame) -> Move:
    """A move of one of Ann's squadrons to a hex beside it, legal on her view."""
    for c in view.on_board("Imperium"):
        assert c.place is not None
        for h in view.world.board(c.place.system).neighbours(c.place.hex):
            move = Move("ann", (c.id,), h)
            try:
                apply(view, move)
            except IllegalCommand:
                continue
            return move
    raise AssertionError("nothing of Ann's can move a hex")


def test_by_mail_only_placing_with_no_question_marks_in_hand_passes_by_itself() -> None:
    state = border_raid()
    for name in ("move-1-first", "move-1-second", "fire-1", "repair", "place"):
        state = to_step(state, name)
        assert idle.passing(state) is None, name
    side = next(iter(waiting_for(state))).side
    empty = replace(state, in_hand=tuple((s, 0) for s, _ in state.in_hand))
    note = idle.passing(empty)
    assert note is not None and 'no "?" counters in hand' in note.text
    assert side in note.text


def test_by_mail_a_move_given_on_the_player_file_is_played_on_the_master(
    tmp_path: Path,
) -> None:
    campaign = CampaignFile.create(tmp_path / "raid.ecliptic", "Raid", border_raid())
    referee.set_mode(campaign, referee.REFEREED)
    written = referee.export_player_files(campaign, tmp_path / "files")
    assert current_phase(GameRecord(campaign, 1).state) == "Imperium moves"  # not passed by
    ann = files.read_player_file(next(p for p in written if "Ann" in p.name))
    orders = [one_hex_move(ann.view)]
    (tmp_path / "orders").mkdir()
    referee.import_order_file(campaign, save_orders(ann, orders, tmp_path / "orders"))
    referee.play_turn(campaign)
    master = GameRecord(campaign, 1).state
    assert current_phase(master) == "Zhodani moves"
    moved = {c.id: c.place for c in master.counters}
    for order in orders:
        for cid in order.counters:
            place = moved[cid]
            assert place is not None and place.hex == order.to
    campaign.close()


def test_by_mail_a_player_file_opens_in_a_program_that_started_no_squadron_game(
    tmp_path: Path,
) -> None:
    """A player's first start of Ecliptic opens their player file at once: reading it
    loads the squadron rules' types, which no game of this program registered yet."""
    campaign = CampaignFile.create(tmp_path / "raid.ecliptic", "Raid", border_raid())
    referee.set_mode(campaign, referee.REFEREED)
    written = referee.export_player_files(campaign, tmp_path / "files")
    campaign.close()
    ann = next(p for p in written if "Ann" in p.name)
    read = (
        "import sys; from core.campaign.mail.files import read_player_file; "
        "print(type(read_player_file(sys.argv[1]).view).__name__)"
    )
    done = subprocess.run(
        [sys.executable, "-c", read, str(ann)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "SquadronGame"


def test_by_mail_a_player_file_log_begins_with_the_games_start(tmp_path: Path) -> None:
    state, began = start(RULES, SEATS, seed=0, setup=load_scenario("border-raid"))
    campaign = CampaignFile.create(tmp_path / "raid.ecliptic", "Raid", state, events=began)
    referee.set_mode(campaign, referee.REFEREED)
    for path in referee.export_player_files(campaign, tmp_path / "files"):
        log = files.read_player_file(path).log
        assert [e.text for turn in log for e in turn.events] == ["Border Raid: day 1 begins"]
