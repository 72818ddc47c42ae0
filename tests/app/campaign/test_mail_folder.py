"""Play by mail: the referee chooses where a refereed campaign's player files go with the
Referee dock's Change Folder… button. The dock names the folder chosen, Export Player
Files writes there, and the choice is remembered for the campaign when it is opened
again. Done with the window's controls and the folder dialog, as a referee does it."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tests.app.acceptance.test_play_by_mail import export, new_refereed_campaign
from tests.app.acceptance.user import Player


def test_change_folder_sends_the_player_files_to_the_folder_the_referee_chose(
    qtbot: QtBot, tmp_path: Path
) -> None:
    referee = Player(qtbot, tmp_path / "referee")
    master = tmp_path / "referee" / "picket.ecliptic"
    new_refereed_campaign(referee, master, fog=False)
    beside = tmp_path / "referee" / "picket files"
    assert referee.label("referee_folder") == f"Player files go to {beside}"

    post = tmp_path / "post box"
    post.mkdir()
    referee.answer(lambda: referee.press("Change Folder"), lambda d: referee.pick_file(d, post))
    qtbot.waitUntil(lambda: referee.label("referee_folder") == f"Player files go to {post}")
    files = export(referee, "Export Player Files", post)
    assert len(files) == 2 and all(f.parent == post for f in files)
    assert not list(beside.glob("*.ecliptic-player"))

    referee.choose("File", "Close")
    referee.choose("File", "Open Recent", "Picket by mail")
    qtbot.waitUntil(referee.win.referee_panel.isVisible)
    assert referee.label("referee_folder") == f"Player files go to {post}"
