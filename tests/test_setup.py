"""Start-up checks (app.preflight) and the entry point's behaviour without a display."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from app import preflight
from app.preflight import XCB_LIBRARIES, Problem, check_display
from tests.patience import PATIENCE_S

REPO_ROOT = Path(__file__).resolve().parent.parent


def finder(missing: Iterable[str] = ()) -> Callable[[str], bool]:
    """A fake library finder: every soname is present except ``missing``."""
    absent = set(missing)
    return lambda soname: soname not in absent


def fixes(problems: list[Problem]) -> str:
    return "\n".join(problem.fix for problem in problems)


def test_no_display_suggests_xvfb() -> None:
    problems = check_display(env={}, find_library=finder(), platform="linux")
    assert len(problems) == 1
    assert "DISPLAY" in problems[0].what
    assert "sudo apt-get install xvfb" in problems[0].fix
    assert "xvfb-run" in problems[0].fix


def test_missing_xcb_cursor_names_its_package() -> None:
    problems = check_display(
        env={"DISPLAY": ":0"}, find_library=finder(["libxcb-cursor.so.0"]), platform="linux"
    )
    assert len(problems) == 1
    assert "libxcb-cursor.so.0" in problems[0].what
    assert problems[0].fix == "sudo apt-get install libxcb-cursor0"


def test_several_missing_libraries_give_one_install_line() -> None:
    missing = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libglib-2.0.so.0"]
    missing.append("libgthread-2.0.so.0")  # same package as libglib: named once
    problems = check_display(env={"DISPLAY": ":0"}, find_library=finder(missing), platform="linux")
    assert len(problems) == 1
    assert problems[0].fix == "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 libglib2.0-0"


def test_no_display_and_missing_library_reports_both() -> None:
    problems = check_display(env={}, find_library=finder(["libxcb-cursor.so.0"]), platform="linux")
    assert len(problems) == 2
    assert "xvfb" in fixes(problems)
    assert "libxcb-cursor0" in fixes(problems)


@pytest.mark.parametrize("qpa", ["offscreen", "minimal", "vnc", "offscreen:fontengine=freetype"])
def test_headless_platform_needs_nothing(qpa: str) -> None:
    nothing_installed = finder(XCB_LIBRARIES)
    assert check_display({"QT_QPA_PLATFORM": qpa}, nothing_installed, "linux") == []


def test_everything_present_is_fine() -> None:
    assert check_display({"DISPLAY": ":0"}, finder(), "linux") == []
    assert check_display({"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"}, finder(), "linux") == []


def test_wayland_session_does_not_need_xcb() -> None:
    nothing_installed = finder(XCB_LIBRARIES)
    env = {"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}
    assert check_display(env, nothing_installed, "linux") == []
    assert check_display({"QT_QPA_PLATFORM": "wayland"}, finder(), "linux") != []


def test_forced_xcb_checks_libraries_even_on_wayland() -> None:
    env = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}
    problems = check_display(env, finder(["libxcb-cursor.so.0"]), "linux")
    assert "libxcb-cursor0" in fixes(problems)
    problems = check_display({"QT_QPA_PLATFORM": "xcb"}, finder(), "linux")
    assert "xvfb" in fixes(problems)


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_macos_and_windows_need_nothing(platform: str) -> None:
    assert check_display({}, finder(XCB_LIBRARIES), platform) == []


def test_library_available_uses_the_dynamic_linker() -> None:
    assert not preflight.library_available("libdefinitely-not-installed-ecliptic.so.42")


def test_import_error_is_explained() -> None:
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    problem = preflight.problem_from_import_error(error)
    assert "libEGL.so.1" in problem.what
    assert problem.fix == "sudo apt-get install libegl1"


def test_main_reports_to_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(preflight, "check_display", lambda: [Problem("No display.", "fix it")])
    assert preflight.main() == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "No display." in captured.err
    assert "fix it" in captured.err


def test_main_is_silent_when_fine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(preflight, "check_display", lambda: [])
    assert preflight.main() == 0
    assert capsys.readouterr() == ("", "")


def test_app_main_exits_cleanly_without_display(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.__main__ import main

    monkeypatch.setattr(preflight, "check_display", lambda: [Problem("No display.", "xvfb-run")])
    assert main([]) == 1
    assert "No display." in capsys.readouterr().err


def run_python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        check=False,
    )


def test_preflight_does_not_import_qt() -> None:
    result = run_python("-c", "import app.preflight, sys; print('PySide6' in sys.modules)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_version_flag() -> None:
    result = run_python("-m", "app", "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Ecliptic ")
