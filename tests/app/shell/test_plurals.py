"""Counted words read right: "1 body", "1 base", "1 point" in the window and in what the
rules say, and the plural for every other count (the ruler's "1 hex":
``test_ruler_clicks``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from app.shell.main_window import MainWindow
from core.board.hexgrid import Direction
from core.board.starmap import Base, BaseKind, Body, BodyKind, Bounds, StarMap
from core.engine.words import plural
from core.files.mapfile import save_map
from core.rules.interplanetary.combat.attack import PendingHit
from tests.app.clicks import menu_action
from tests.app.shell.test_file_dialogs import window

__all__ = ["window"]


def test_plurals_a_map_with_one_body_and_one_base(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bounds = Bounds(10, 10)
    terra = bounds.labels.from_offset(5, 5)
    base = Base("Terra Station", BaseKind.ORBITAL, terra + Direction.N.vector)
    path = tmp_path / "tiny.toml"
    save_map(StarMap("Tiny", bounds, (Body("Terra", BodyKind.PLANET, terra),), bases=(base,)), path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a: (str(path), "")))
    menu_action(window, "File", "Open").trigger()
    assert window.status_label.text() == "Tiny: 10x10 hexes, 1 body, 1 base"


def test_plurals_in_what_the_rules_say() -> None:
    hit = PendingHit("b", "beta", amount=1, name="Beta", where="Structure")
    assert hit.prompt() == "place 1 point of damage on Beta's Structure"
    assert [plural(n, "hex") for n in (0, 1, 2)] == ["0 hexes", "1 hex", "2 hexes"]
    assert plural(1, "problem") == "1 problem" and plural(3, "problem") == "3 problems"
    assert plural(1, "body", "bodies") == "1 body" and plural(2, "body", "bodies") == "2 bodies"
