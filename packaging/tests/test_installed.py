"""The Linux .deb, installed and run: ``make dist-check`` (after ``make dist``).

The package is installed with dpkg into a scratch root (its own dpkg database, no
container, nothing on the machine touched), and the programs it put there run
headless, as a player's machine would run them."""

from __future__ import annotations

import configparser
import os
import shutil
import sqlite3
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
#: the bundle's size goal, unpacked (issue 24)
SIZE_GOAL_MB = 200
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def the_deb() -> Path:
    debs = sorted(DIST.glob("ecliptic_*.deb"))
    assert debs, f"no .deb in {DIST}: run `make dist` first"
    return debs[-1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch root with the .deb installed in it by dpkg."""
    root = tmp_path_factory.mktemp("root")
    admin = root / "var" / "lib" / "dpkg"
    for sub in ("info", "updates", "triggers"):
        (admin / sub).mkdir(parents=True)
    (admin / "status").touch()
    done = subprocess.run(
        [
            "dpkg",
            f"--root={root}",
            f"--admindir={admin}",
            "--force-not-root",
            "--force-depends",  # the scratch database knows none of the system's packages
            "--force-script-chrootless",
            "--log=/dev/null",
            "--install",
            str(the_deb()),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "DPKG_ROOT": str(root)},
    )
    assert done.returncode == 0, done.stderr
    status = (admin / "status").read_text()
    assert "Package: ecliptic" in status and "Status: install ok installed" in status
    return root


def run(program: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONPATH", None)  # the bundle must not lean on the source tree
    return subprocess.run(
        [str(program), *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=300
    )


def test_programs_are_on_the_path_and_in_opt(installed: Path) -> None:
    for program in ("ecliptic", "ecliptic-core"):
        link = installed / "usr" / "bin" / program
        assert link.is_symlink() and os.readlink(link) == f"/opt/ecliptic/{program}"
        assert os.access(installed / "opt" / "ecliptic" / program, os.X_OK)


def test_installed_version_names_the_source_revision(installed: Path) -> None:
    done = run(installed / "opt" / "ecliptic" / "ecliptic", "--version")
    assert done.returncode == 0, done.stderr
    described = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--abbrev=10"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert done.stdout.startswith("Ecliptic ")
    assert f"(revision {described}" in done.stdout


def test_installed_self_test_plays_a_round_and_draws_it(installed: Path, tmp_path: Path) -> None:
    png = tmp_path / "self-test.png"
    done = run(installed / "opt" / "ecliptic" / "ecliptic", "--self-test", str(png))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played one round" in done.stdout and "self-test passed" in done.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_installed_core_validates_every_built_in_scenario(installed: Path) -> None:
    shipped = sorted((installed / "opt" / "ecliptic" / "_internal" / "scenarios").glob("*.toml"))
    assert [p.name for p in shipped] == sorted(p.name for p in (ROOT / "scenarios").glob("*.toml"))
    for scenario in shipped:
        done = run(installed / "opt" / "ecliptic" / "ecliptic-core", "validate", str(scenario))
        assert done.returncode == 0, f"{scenario.name}: {done.stdout}{done.stderr}"


def test_installed_core_refuses_a_file_that_is_not_ecliptics(
    installed: Path, tmp_path: Path
) -> None:
    junk = tmp_path / "holiday.png"
    junk.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    done = run(installed / "opt" / "ecliptic" / "ecliptic-core", "validate", str(junk))
    assert done.returncode != 0
    assert "holiday.png" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_desktop_entry_opens_files_with_ecliptic(installed: Path) -> None:
    entry = installed / "usr" / "share" / "applications" / "org.ecliptic.Ecliptic.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry)
    section = parser["Desktop Entry"]
    assert section["Exec"] == "ecliptic %f"
    assert section["Icon"] == "ecliptic"
    assert "application/x-ecliptic-campaign" in section["MimeType"].split(";")
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True)
        assert checked.returncode == 0, checked.stdout


def test_mime_types_recognise_a_real_campaign_by_name_and_content(
    installed: Path, tmp_path: Path
) -> None:
    xml = installed / "usr" / "share" / "mime" / "packages" / "ecliptic.xml"
    types = {t.get("type"): t for t in ET.parse(xml).getroot()}
    assert set(types) >= {
        "application/x-ecliptic-campaign",
        "application/x-ecliptic-player",
        "application/x-ecliptic-orders",
    }
    campaign = types["application/x-ecliptic-campaign"]
    assert campaign.find(f"{MIME_NS}glob").get("pattern") == "*.ecliptic"  # type: ignore[union-attr]
    match = campaign.find(f"{MIME_NS}magic/{MIME_NS}match")
    assert match is not None
    # a campaign as Ecliptic makes them carries the bytes the magic names, and the
    # installed program reads it
    from tests.core.campaigns import new_campaign

    campaign = new_campaign(tmp_path, file="war.ecliptic")
    made = campaign.path
    campaign.close()
    made_info = run(installed / "opt" / "ecliptic" / "ecliptic-core", "campaign", "info", str(made))
    assert made_info.returncode == 0, made_info.stdout + made_info.stderr
    offset = int(match.get("offset", "-1"))
    value = match.get("value", "").encode()
    assert made.read_bytes()[offset : offset + len(value)] == value
    with sqlite3.connect(made) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    if shutil.which("update-mime-database"):
        share = installed / "usr" / "share" / "mime"
        subprocess.run(["update-mime-database", str(share)], check=True, capture_output=True)
        assert (share / "application" / "x-ecliptic-campaign.xml").exists()


def test_icons_in_the_usual_sizes(installed: Path) -> None:
    hicolor = installed / "usr" / "share" / "icons" / "hicolor"
    for size in (16, 32, 48, 64, 128, 256):
        png = hicolor / f"{size}x{size}" / "apps" / "ecliptic.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = (
            int.from_bytes(png.read_bytes()[16:20]),
            int.from_bytes(png.read_bytes()[20:24]),
        )
        assert (width, height) == (size, size)
        assert (
            hicolor / f"{size}x{size}" / "mimetypes" / "application-x-ecliptic-campaign.png"
        ).exists()
    assert (hicolor / "scalable" / "apps" / "ecliptic.svg").exists()


def test_bundle_size_within_goal(installed: Path) -> None:
    bundle = installed / "opt" / "ecliptic"
    files = (p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    megabytes = sum(p.stat().st_size for p in files) / 2**20
    print(f"bundle unpacked: {megabytes:.0f} MB")
    assert megabytes < SIZE_GOAL_MB
