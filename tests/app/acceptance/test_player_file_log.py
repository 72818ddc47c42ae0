"""A player file's log starts where the game started: the player opening their first
file (a squadron game's or a star-map game's) reads how the game began (the first
day, the roll for the first player), as the referee does, and no more than their side
may read."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_play_by_mail import (
    export,
    inbox,
    new_refereed_campaign,
    open_file,
    player_file_of,
)
from tests.app.acceptance.test_squadrons_by_mail import new_refereed_campaign as new_raid
from tests.app.acceptance.user import Player


def test_a_squadron_player_file_shows_the_first_day_beginning(qtbot: QtBot, tmp_path: Path) -> None:
    referee = SquadronTable(qtbot, tmp_path / "referee")
    new_raid(referee, tmp_path / "referee" / "raid.ecliptic")
    assert referee.log_lines() == ["Border Raid: day 1 begins"]
    files = export(referee, "Export Player Files", tmp_path / "referee" / "raid files")
    for name in ("Ann", "Bob"):
        player = SquadronTable(qtbot, tmp_path / name)
        open_file(player, player_file_of(files, name))
        assert player.log_lines() == ["Border Raid: day 1 begins"]


def test_a_star_map_player_file_shows_the_roll_for_the_first_player(
    qtbot: QtBot, tmp_path: Path
) -> None:
    referee = Player(qtbot, tmp_path / "referee")
    new_refereed_campaign(referee, tmp_path / "referee" / "picket.ecliptic")
    began = referee.log()
    assert any("is first player" in line for line in began)
    files = export(referee, "Export Player Files", tmp_path / "referee" / "picket files")
    for name in inbox(referee):
        player = Player(qtbot, tmp_path / name)
        open_file(player, player_file_of(files, name))
        assert player.log()[: len(began)] == began
