"""Shared pytest setup for the whole test suite."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from pytestqt.qtbot import QtBot

from tests.patience import PATIENCE_MS

# Must run before anything imports Qt: tests never need a real display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# No test depends on the machine's speed: hypothesis's per-example deadline and its
# "generating data is too slow" check both measure wall-clock time, so they are off for
# every property test (a busy machine must not fail one); each test's own settings add to this.
settings.register_profile("ecliptic", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ecliptic")


def _patient(wait: Callable[..., Any]) -> Callable[..., Any]:
    """``wait`` with the suite's hang guard as its default timeout instead of
    pytest-qt's 5 s: a wait ends when its event comes, so only a hung test waits this
    long, and a busy machine never turns a slow event into a failure."""

    @functools.wraps(wait)
    def patient(self: QtBot, *args: Any, timeout: int = PATIENCE_MS, **kwargs: Any) -> Any:
        return wait(self, *args, timeout=timeout, **kwargs)

    return patient


for _name in ("waitUntil", "waitSignal", "waitSignals", "waitExposed", "waitActive"):
    setattr(QtBot, _name, _patient(getattr(QtBot, _name)))


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Recent campaigns and the default campaign folder go to a temporary directory."""
    old = os.environ.get("ECLIPTIC_DATA_DIR")
    os.environ["ECLIPTIC_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    yield
    if old is None:
        os.environ.pop("ECLIPTIC_DATA_DIR", None)
    else:
        os.environ["ECLIPTIC_DATA_DIR"] = old


@pytest.fixture(autouse=True)
def _isolated_qsettings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point QSettings at a fresh temporary directory so tests never touch real settings.

    Only acts when the test session has imported Qt (the core tests never do). On
    Linux, QSettings' native format is an INI file, so this covers
    QSettings("Ecliptic", "Ecliptic") too.
    """
    qtcore = sys.modules.get("PySide6.QtCore")
    if qtcore is None:
        yield
        return
    qsettings = qtcore.QSettings
    directory = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (qsettings.Format.NativeFormat, qsettings.Format.IniFormat):
        for scope in (qsettings.Scope.UserScope, qsettings.Scope.SystemScope):
            qsettings.setPath(fmt, scope, directory)
    yield


# Hypothesis profiles: "default" is what `make test` runs (each test's own count, or
# hypothesis's 100); `make fuzz` runs the tests marked fuzz with "fuzz" (issue 18 req 4).
settings.register_profile(
    "fuzz", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "fuzz: a hypothesis fuzz that `make fuzz` runs with the fuzz profile"
    )
