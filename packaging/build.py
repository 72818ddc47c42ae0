"""Build Ecliptic's bundle for the system this runs on, and wrap it.

    python packaging/build.py            # bundle + (Linux) tarball and .deb
    python packaging/build.py --no-wrap  # the bundle folder only (Windows/macOS CI wrap it)

Steps: write ``build/packaging/build-info.json`` (version and source revision) and the
icons made from ``resources/icons/ecliptic.svg`` (the program) and
``resources/icons/application-x-ecliptic-*.svg`` (each file type's own); run PyInstaller on
``packaging/ecliptic.spec`` into ``dist/ecliptic/``; on Linux make
``dist/ecliptic-VERSION-linux-ARCH.tar.gz`` and ``dist/ecliptic_VERSION_ARCH.deb`` with
``dpkg-deb``. File types come from :mod:`core.campaign.filetypes`, the Debian
dependencies from :data:`app.preflight.XCB_LIBRARIES`. See packaging/README.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.preflight import XCB_LIBRARIES  # noqa: E402
from core.campaign.filetypes import FILE_TYPES, OPENS_ALSO, FileType  # noqa: E402
from core.files.version import source_revision, write_build_info  # noqa: E402

BUILD = ROOT / "build" / "packaging"
DIST = ROOT / "dist"
SVG = ROOT / "resources" / "icons" / "ecliptic.svg"
APP_ID = "org.ecliptic.Ecliptic"
#: hicolor icon sizes for Linux desktops
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: ICO holds these; ICNS its own list (type code, pixels)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512))


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def debian_version() -> str:
    """The version as Debian orders it: a development version before its release
    (``0.2.0.dev0`` becomes ``0.2.0~dev0``)."""
    return version().replace(".dev", "~dev").replace("rc", "~rc")


def arch() -> str:
    """The machine in Debian's words (amd64, arm64), else as Python names it."""
    machine = platform.machine().lower()
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(machine, machine)


# ---------------------------------------------------------------- icons


def type_svg(kind: FileType) -> Path:
    """A file type's own icon (``resources/icons/<icon>.svg``), else the program's."""
    own = SVG.parent / f"{kind.icon}.svg"
    return own if own.exists() else SVG


def render_pngs(sizes: tuple[int, ...], svg: Path = SVG) -> dict[int, bytes]:
    """The SVG drawn at each size, as PNG bytes (Qt's SVG renderer, no display)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"build: {svg} is not a valid SVG")
    out: dict[int, bytes] = {}
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        out[size] = bytes(data.data())
    return out


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon: the ICO header and directory, then each size as PNG data."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return head + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon: the ``icns`` header, then one PNG element per type."""
    body = b"".join(
        kind.encode() + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons() -> dict[str, dict[int, bytes]]:
    """The program's icon and each file type's, by icon name ("ecliptic" for the
    program): PNGs in every size, and beside them an ICO and an ICNS file each."""
    sizes = tuple(sorted(set(SIZES) | set(ICO_SIZES)))
    svgs = {"ecliptic": SVG} | {t.icon: type_svg(t) for t in FILE_TYPES}
    made: dict[str, dict[int, bytes]] = {}
    for name, svg in svgs.items():
        pngs = render_pngs(sizes, svg)
        (BUILD / f"{name}.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
        (BUILD / f"{name}.icns").write_bytes(icns(pngs))
        made[name] = pngs
    return made


# ---------------------------------------------------------------- desktop files


def desktop_entry() -> str:
    mimes = ";".join([t.mime for t in FILE_TYPES] + list(OPENS_ALSO)) + ";"
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=Ecliptic\n"
        "GenericName=Space Game Map Editor and Campaign Manager\n"
        "Comment=Design maps and scenarios and play campaigns of vector space games\n"
        "Exec=ecliptic %f\n"
        "Icon=ecliptic\n"
        "Terminal=false\n"
        "Categories=Game;StrategyGame;\n"
        "Keywords=Triplanetary;hex;vector;campaign;board game;\n"
        f"MimeType={mimes}\n"
        f"StartupWMClass=Ecliptic\n"
    )


def mime_xml() -> str:
    """The shared-mime-info entry: each type's glob, and magic where it has one."""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">',
    ]
    for t in FILE_TYPES:
        parts.append(f'  <mime-type type="{t.mime}">')
        parts.append(f"    <comment>{escape(t.description)}</comment>")
        parts.append(f'    <icon name="{t.icon}"/>')
        if t.magic is not None:
            offset, value = t.magic
            parts.append('    <sub-class-of type="application/vnd.sqlite3"/>')
            parts.append('    <magic priority="60">')
            parts.append(f'      <match type="string" offset="{offset}" value="{value.decode()}"/>')
            parts.append("    </magic>")
        parts.append(f'    <glob pattern="*{t.extension}"/>')
        parts.append("  </mime-type>")
    parts.append("</mime-info>")
    return "\n".join(parts) + "\n"


def inno_file_types() -> str:
    """The Windows installer's file types (included by packaging/windows/ecliptic.iss):
    each type's icon file, then its registry entries (name, icon, open command)."""
    files = "..\\..\\build\\packaging"  # from packaging\windows, where the .iss is
    lines = ["[Files]"]
    lines += [
        f'Source: "{files}\\{t.icon}.ico"; DestDir: "{{app}}\\icons"; Flags: ignoreversion'
        for t in FILE_TYPES
    ]
    lines.append("[Registry]")
    for t in FILE_TYPES:
        key = "Ecliptic" + t.extension.replace(".", "_").replace("-", "_")
        root = "Root: HKA; Subkey: "
        lines += [
            f'{root}"Software\\Classes\\{t.extension}\\OpenWithProgids"; ValueType: string; '
            f'ValueName: "{key}"; ValueData: ""; Flags: uninsdeletevalue',
            f'{root}"Software\\Classes\\{key}"; ValueType: string; ValueName: ""; '
            f'ValueData: "{t.description}"; Flags: uninsdeletekey',
            f'{root}"Software\\Classes\\{key}\\DefaultIcon"; ValueType: string; ValueName: ""; '
            f'ValueData: "{{app}}\\icons\\{t.icon}.ico"',
            f'{root}"Software\\Classes\\{key}\\shell\\open\\command"; ValueType: string; '
            'ValueName: ""; ValueData: """{app}\\ecliptic.exe"" ""%1"""',
        ]
    return "\n".join(lines) + "\n"


def macos_document_types() -> dict[str, object]:
    """Info.plist keys: the types Ecliptic exports and the documents it opens."""
    return {
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": t.description,
                "CFBundleTypeRole": "Editor",
                "CFBundleTypeIconFile": f"{t.icon}.icns",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [t.uti],
            }
            for t in FILE_TYPES
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": t.uti,
                "UTTypeDescription": t.description,
                "UTTypeConformsTo": ["public.data"],
                "UTTypeTagSpecification": {
                    "public.filename-extension": [t.extension.lstrip(".")],
                    "public.mime-type": [t.mime],
                },
            }
            for t in FILE_TYPES
        ],
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": "11.0",
    }


# ---------------------------------------------------------------- steps


def prepare() -> dict[str, dict[int, bytes]]:
    """Build info, icons and the per-system file-type files the spec and wrappers use."""
    import json

    BUILD.mkdir(parents=True, exist_ok=True)
    write_build_info(BUILD / "build-info.json", version(), source_revision())
    pngs = write_icons()
    (BUILD / "ecliptic.desktop").write_text(desktop_entry(), "utf-8")
    (BUILD / "ecliptic-mime.xml").write_text(mime_xml(), "utf-8")
    (BUILD / "filetypes.iss").write_text(inno_file_types(), "utf-8")
    (BUILD / "document-types.json").write_text(json.dumps(macos_document_types(), indent=1))
    return pngs


def freeze() -> Path:
    shutil.rmtree(DIST / "ecliptic", ignore_errors=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            f"--distpath={DIST}",
            f"--workpath={ROOT / 'build' / 'pyinstaller'}",
            str(ROOT / "packaging" / "ecliptic.spec"),
        ],
        check=True,
        cwd=ROOT,
    )
    bundle = DIST / "ecliptic"
    if sys.platform != "win32":  # one program serves both names (launchers/ecliptic.py)
        for folder in (bundle, DIST / "Ecliptic.app" / "Contents" / "MacOS"):
            if (folder / "ecliptic").exists():
                (folder / "ecliptic-core").unlink(missing_ok=True)
                (folder / "ecliptic-core").symlink_to("ecliptic")
    return bundle


def share_tree(target: Path, pngs: dict[str, dict[int, bytes]]) -> None:
    """``share/`` as installed on Linux: desktop entry, MIME types, icons."""
    (target / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copy(BUILD / "ecliptic.desktop", target / "applications" / f"{APP_ID}.desktop")
    (target / "mime" / "packages").mkdir(parents=True, exist_ok=True)
    shutil.copy(BUILD / "ecliptic-mime.xml", target / "mime" / "packages" / "ecliptic.xml")
    hicolor = target / "icons" / "hicolor"
    for size in SIZES:
        for folder, name in [("apps", "ecliptic")] + [("mimetypes", t.icon) for t in FILE_TYPES]:
            path = hicolor / f"{size}x{size}" / folder / f"{name}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pngs[name][size])
    (hicolor / "scalable" / "apps").mkdir(parents=True, exist_ok=True)
    shutil.copy(SVG, hicolor / "scalable" / "apps" / "ecliptic.svg")


def tarball(bundle: Path, pngs: dict[str, dict[int, bytes]]) -> Path:
    """The bundle with its ``share/`` files beside it, for unpacking anywhere."""
    share_tree(bundle / "share", pngs)
    out = DIST / f"ecliptic-{version()}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(bundle, arcname=f"ecliptic-{version()}")
    shutil.rmtree(bundle / "share")
    return out


def folder_size_kb(folder: Path) -> int:
    """Bytes on disk in the folder, each file once (links not followed), in KiB."""
    files = (p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files) // 1024


def system_packages() -> set[str]:
    """The Debian packages holding the system libraries the spec left out of the
    bundle (``build/packaging/system-libraries.txt``), found with one ``dpkg -S``."""
    listed = BUILD / "system-libraries.txt"
    paths = [line for line in listed.read_text().splitlines() if line] if listed.exists() else []
    if not paths:
        return set()
    # Debian 12 has merged /usr: a library may be registered under /lib or /usr/lib
    asked = {variant: path for path in paths for variant in _spellings(path)}
    found = subprocess.run(["dpkg", "-S", *asked], capture_output=True, text=True)
    packages: set[str] = set()
    owned: set[str] = set()
    for line in found.stdout.splitlines():
        names, _, where = line.partition(": ")
        if where.strip() in asked:
            packages.update(n.split(":")[0].strip() for n in names.split(","))
            owned.add(asked[where.strip()])
    for path in sorted(set(paths) - owned):
        print(f"build: no Debian package holds {path}; the .deb does not depend on it")
    return packages


def _spellings(path: str) -> list[str]:
    real = str(Path(path).resolve())
    out = [path, real]
    for p in (path, real):
        if p.startswith("/usr/lib/"):
            out.append(p.removeprefix("/usr"))
        elif p.startswith("/lib/"):
            out.append("/usr" + p)
    return list(dict.fromkeys(out))


def deb(bundle: Path, pngs: dict[str, dict[int, bytes]]) -> Path:
    """A Debian package: the bundle in /opt/ecliptic, its programs on the PATH, the
    desktop entry, MIME types and icons in /usr/share. Debian's own triggers
    (shared-mime-info, desktop-file-utils, hicolor-icon-theme) register them."""
    root = ROOT / "build" / "deb"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(bundle, root / "opt" / "ecliptic", symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    for program in ("ecliptic", "ecliptic-core"):
        (root / "usr" / "bin" / program).symlink_to(f"/opt/ecliptic/{program}")
    share_tree(root / "usr" / "share", pngs)
    doc = root / "usr" / "share" / "doc" / "ecliptic"
    doc.mkdir(parents=True)
    shutil.copy(ROOT / "CHANGELOG.md", doc / "CHANGELOG.md")
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Ecliptic\nLicense: MIT\n"
        "Comment: the bundle includes Qt and PySide6 (LGPL-3.0) and the Python libraries\n"
        " listed in pyproject.toml, each under its own licence.\n",
        "utf-8",
    )
    depends = ", ".join(sorted(set(XCB_LIBRARIES.values()) | system_packages()))
    control = root / "DEBIAN" / "control"
    control.parent.mkdir()
    control.write_text(
        "Package: ecliptic\n"
        f"Version: {debian_version()}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Architecture: {arch()}\n"
        f"Installed-Size: {folder_size_kb(root)}\n"
        f"Depends: {depends}\n"
        "Recommends: shared-mime-info, desktop-file-utils, hicolor-icon-theme\n"
        "Maintainer: Ecliptic developers <ecliptic@example.org>\n"
        "Homepage: https://example.org/ecliptic\n"
        "Description: map editor and campaign manager for vector space games\n"
        " Ecliptic designs hex maps and scenarios for Triplanetary-family games\n"
        " (vector movement bent by gravity) and runs their campaigns, hot-seat or\n"
        " by mail, kept in one file each.\n",
        "utf-8",
    )
    out = DIST / f"ecliptic_{debian_version()}_{arch()}.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-wrap", action="store_true", help="build the bundle folder only")
    parser.add_argument(
        "--prepare-only", action="store_true", help="write the build info and icons only"
    )
    args = parser.parse_args(argv)
    pngs = prepare()
    if args.prepare_only:
        return 0
    bundle = freeze()
    print(f"bundle: {bundle} ({folder_size_kb(bundle) / 1024:.0f} MB)")
    if sys.platform.startswith("linux") and not args.no_wrap:
        print(f"tarball: {tarball(bundle, pngs)}")
        if shutil.which("dpkg-deb"):
            print(f"deb: {deb(bundle, pngs)}")
        else:
            print("deb: not made (dpkg-deb is missing: apt-get install dpkg-dev)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
