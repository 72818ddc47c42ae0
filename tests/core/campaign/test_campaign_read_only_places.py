"""Read-only folders and files (issue 18, requirement 7): a campaign on a CD, a
read-only share or in a mail client's attachment folder cannot be opened for playing,
and says why (:class:`NotWritable`, not "damaged" nor a bare ``OSError``); it opens
read-only, replays, and the command line reads it; nothing is written there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.campaign import CampaignFile, GameRecord, NotWritable
from core.cli.main import main
from tests.core.campaign.test_campaign_files import campaign_with
from tests.core.permissions import as_another_user, shared_folder


@pytest.mark.parametrize("place", ["read-only folder", "read-only file"])
def test_read_only_places_open_read_only_saying_so(
    tmp_path: Path, place: str, capsys: pytest.CaptureFixture[str]
) -> None:
    made = campaign_with(tmp_path, 8)
    with shared_folder() as root:
        folder = root / "attachments"
        folder.mkdir()
        path = folder / "ours.ecliptic"
        shutil.copyfile(made, path)
        path.chmod(0o444)
        folder.chmod(0o555 if place == "read-only folder" else 0o777)
        before = path.read_bytes()
        with as_another_user():
            with pytest.raises(NotWritable) as raised:
                CampaignFile.open(path)
            words = "is in a read-only folder" if "folder" in place else "is a read-only file"
            message = str(raised.value)
            assert message.startswith(f"{path}: ") and words in message
            assert "opened read-only" in message and "damaged" not in message
            with CampaignFile.open(path, read_only=True) as file:
                assert file.read_only
                where = "in a read-only folder" if "folder" in place else "a read-only file"
                assert file.unwritable == f"it is {where}"
                assert GameRecord(file, 1).head == 8
            for action in ("info", "replay", "check"):
                assert main(["campaign", action, str(path)]) == 0, capsys.readouterr()
        assert path.read_bytes() == before
        assert [p.name for p in folder.iterdir()] == ["ours.ecliptic"]
