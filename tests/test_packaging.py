"""What the packaging recipe makes, checked without freezing a bundle (``make
dist-check`` tests the built and installed ``.deb``): the version and revision the
program reports, its self-test, and the desktop, MIME, icon and installer files that
``packaging/build.py`` writes from one table of file types."""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication

from core.campaign.fileformat import APPLICATION_ID
from core.campaign.filetypes import FILE_TYPES
from tests.core.campaigns import new_campaign

ROOT = Path(__file__).resolve().parent.parent
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


@pytest.fixture(scope="module")
def build(qapp: QApplication) -> ModuleType:
    """packaging/build.py, loaded. Its icons are drawn with Qt, which needs an
    application object: it makes a bare ``QGuiApplication`` when there is none, and a
    process can have only one, so a widget test run after it in the same process would
    find no ``QApplication`` and abort. pytest-qt's ``qapp`` (a ``QApplication``, the
    one every widget test shares) is made first, and build.py uses it."""
    spec = importlib.util.spec_from_file_location("ecliptic_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def app(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "app", *args], capture_output=True, text=True, env=env, cwd=ROOT
    )


def test_version_names_the_source_revision() -> None:
    done = app("--version")
    assert done.returncode == 0, done.stderr
    revision = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short=10", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    assert done.stdout.startswith("Ecliptic ")
    assert f"(revision {revision}" in done.stdout


def test_self_test_plays_a_round_of_training_and_draws_it(tmp_path: Path) -> None:
    png = tmp_path / "shot.png"
    done = app("--self-test", str(png))
    assert done.returncode == 0, done.stdout + done.stderr
    for step in ("opened the built-in map", "started Training", "played one round"):
        assert step in done.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_desktop_entry_lists_every_file_type(build: ModuleType) -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(build.desktop_entry())
    entry = parser["Desktop Entry"]
    assert entry["Exec"] == "ecliptic %f" and entry["Type"] == "Application"
    listed = entry["MimeType"].rstrip(";").split(";")
    assert [t.mime for t in FILE_TYPES] == listed[: len(FILE_TYPES)]


def test_campaign_mime_magic_matches_a_real_campaign_file(
    build: ModuleType, tmp_path: Path
) -> None:
    root = ET.fromstring(build.mime_xml())
    types = {t.get("type"): t for t in root}
    assert set(types) == {t.mime for t in FILE_TYPES}
    for t in FILE_TYPES:
        glob = types[t.mime].find(f"{MIME_NS}glob")
        assert glob is not None and glob.get("pattern") == f"*{t.extension}"
    match = types["application/x-ecliptic-campaign"].find(f"{MIME_NS}magic/{MIME_NS}match")
    assert match is not None
    campaign = new_campaign(tmp_path)
    path = campaign.path
    campaign.close()
    offset, value = int(match.get("offset", "-1")), match.get("value", "").encode()
    assert path.read_bytes()[offset : offset + 4] == value == APPLICATION_ID.to_bytes(4, "big")


def test_icons_are_made_in_each_size_for_each_system(build: ModuleType) -> None:
    pngs = build.render_pngs((16, 32, 256))
    for size, png in pngs.items():
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)
    ico = build.ico(pngs)
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 3)
    sides = [ico[6 + 16 * i] for i in range(count)]
    assert sides == [16, 32, 0]  # 0 is how an ICO directory says 256
    icns = build.icns(build.render_pngs(tuple(size for _, size in build.ICNS_TYPES)))
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)


def test_windows_and_macos_register_the_same_types(build: ModuleType) -> None:
    registry = build.inno_file_types()
    plist = build.macos_document_types()
    json.dumps(plist)  # the spec reads it back as JSON
    exported = plist["UTExportedTypeDeclarations"]
    for t in FILE_TYPES:
        assert f"Software\\Classes\\{t.extension}\\OpenWithProgids" in registry
        assert any(e["UTTypeIdentifier"] == t.uti for e in exported)
    assert registry.count('"%1"') == len(FILE_TYPES)  # each opens with the file's path


def test_each_file_type_has_its_own_icon_on_every_system(build: ModuleType) -> None:
    svgs = {t.mime: build.type_svg(t) for t in FILE_TYPES}
    assert build.SVG not in svgs.values()  # none borrows the program's icon
    assert len(set(svgs.values())) == len(FILE_TYPES)
    for t in FILE_TYPES:
        assert build.render_pngs((32,), build.type_svg(t))[32][:8] == b"\x89PNG\r\n\x1a\n"
    registry = build.inno_file_types()
    plist = build.macos_document_types()["CFBundleDocumentTypes"]
    for t in FILE_TYPES:
        assert 'DestDir: "{app}\\icons"' in registry and f"{t.icon}.ico" in registry
        assert f'ValueData: "{{app}}\\icons\\{t.icon}.ico"' in registry
        assert any(d["CFBundleTypeIconFile"] == f"{t.icon}.icns" for d in plist)
