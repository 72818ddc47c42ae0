"""Check, before Qt is loaded, that the GUI can start on this machine.

When Qt's X11 (xcb) platform plugin cannot load one of its shared libraries, or
there is no display to connect to, Qt prints a terse message and *aborts* the
process. This module finds those problems first and explains how to fix them.

It must stay importable without PySide6: only the standard library is used, and
nothing here imports Qt. Run it on its own with ``python -m app.preflight``.
"""

from __future__ import annotations

import ctypes
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TextIO

# Platform plugins that need neither an X11 nor a Wayland display server.
HEADLESS_PLATFORMS = frozenset(
    {"offscreen", "minimal", "minimalegl", "vnc", "linuxfb", "eglfs", "vkkhrdisplay"}
)

# Shared libraries that PySide6's xcb platform plugin loads from the system, and the
# Debian/Ubuntu package providing each. Taken from the NEEDED entries of
# plugins/platforms/libqxcb.so, lib/libQt6XcbQpa.so.6, lib/libQt6Gui.so.6 and
# lib/libQt6DBus.so.6 in the PySide6 6.11 wheel (libc, libstdc++, libz and other
# libraries that every Debian system has are left out). Qt 6 no longer links
# libxcb-xinerama, so it is not checked.
XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}

_SONAME = re.compile(r"lib[\w.+-]*?\.so(?:\.\d+)*")


@dataclass(frozen=True)
class Problem:
    """Something that stops the GUI from starting, and the command that fixes it."""

    what: str
    fix: str

    def __str__(self) -> str:
        return f"{self.what}\n    Fix: {self.fix}"


def library_available(soname: str) -> bool:
    """Whether the dynamic linker can load ``soname`` (e.g. ``"libxcb-cursor.so.0"``)."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def requested_platform(env: Mapping[str, str]) -> str:
    """The Qt platform plugin named by QT_QPA_PLATFORM ("" when unset).

    Handles plugin options ("offscreen:fontengine=freetype") and fallback lists
    ("wayland;xcb") by looking at the first plugin only.
    """
    value = env.get("QT_QPA_PLATFORM", "")
    return value.split(";")[0].split(":")[0].strip().lower()


def install_command(packages: Iterable[str]) -> str:
    """One ``sudo apt-get install`` line for ``packages`` (duplicates removed, order kept)."""
    return "sudo apt-get install " + " ".join(dict.fromkeys(packages))


def check_display(
    env: Mapping[str, str] = os.environ,
    find_library: Callable[[str], object] = library_available,
    platform: str = sys.platform,
) -> list[Problem]:
    """Everything that would stop Qt from opening a window; empty when all is well.

    ``find_library`` is called with a soname and returns something truthy when that
    library can be loaded. ``platform`` is a ``sys.platform`` value.
    """
    qpa = requested_platform(env)
    if qpa in HEADLESS_PLATFORMS or not platform.startswith("linux"):
        return []

    has_x11 = bool(env.get("DISPLAY"))
    has_wayland = bool(env.get("WAYLAND_DISPLAY"))
    problems: list[Problem] = []

    if qpa == "wayland":
        if not has_wayland:
            problems.append(
                Problem(
                    "QT_QPA_PLATFORM=wayland, but WAYLAND_DISPLAY is not set.",
                    "run from a Wayland desktop session, or unset QT_QPA_PLATFORM.",
                )
            )
        return problems

    if qpa == "xcb" and not has_x11:
        problems.append(
            Problem(
                "QT_QPA_PLATFORM=xcb, but DISPLAY is not set (no X11 display).",
                "run from an X11 desktop session, or use a virtual display: "
                "sudo apt-get install xvfb, then: xvfb-run make run",
            )
        )
    elif not qpa and not has_x11 and not has_wayland:
        problems.append(
            Problem(
                "No display: neither DISPLAY nor WAYLAND_DISPLAY is set.",
                "run from a graphical desktop session, or use a virtual display: "
                "sudo apt-get install xvfb, then: xvfb-run make run",
            )
        )

    # Without QT_QPA_PLATFORM, Qt 6 prefers Wayland when WAYLAND_DISPLAY is set and
    # only falls back to xcb; otherwise xcb is what it loads.
    if qpa == "xcb" or (not qpa and not has_wayland):
        missing = [soname for soname in XCB_LIBRARIES if not find_library(soname)]
        if missing:
            problems.append(
                Problem(
                    "Qt's X11 (xcb) platform plugin needs shared libraries that are not "
                    "installed: " + ", ".join(missing) + " (the fix names Debian/Ubuntu "
                    "packages; on other distributions install their equivalents).",
                    install_command(XCB_LIBRARIES[soname] for soname in missing),
                )
            )
    return problems


def problem_from_import_error(error: ImportError) -> Problem:
    """Explain an ImportError raised while importing PySide6 (usually a missing library)."""
    message = str(error)
    packages = [XCB_LIBRARIES[s] for s in _SONAME.findall(message) if s in XCB_LIBRARIES]
    if packages:
        fix = install_command(packages)
    else:
        fix = "reinstall the dependencies: .venv/bin/python -m pip install -e ."
    return Problem(f"Qt (PySide6) could not be loaded: {message}", fix)


def report(problems: Iterable[Problem], stream: TextIO | None = None) -> None:
    """Print ``problems`` for a human, to stderr by default."""
    out = sys.stderr if stream is None else stream
    print("Ecliptic cannot open its window:", file=out)
    for problem in problems:
        print(f"  - {problem}", file=out)


def main() -> int:
    """Print what is missing to stderr and return 1, or return 0 silently."""
    problems = check_display()
    if problems:
        report(problems)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
