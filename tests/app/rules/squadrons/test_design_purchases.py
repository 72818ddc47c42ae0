"""The squadron game's purchases step: each side spends its points on library designs and
on the extras bought at the start ("?" counters, supply counters, admirals), and cannot
go over its budget. Controls are used as a player uses them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtWidgets import QLabel, QSpinBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from app.play.systems import ui_for
from app.rules.squadrons.design.purchase_step import SquadronPurchaseStep
from tests.app.acceptance.user import Player


@dataclass
class Raid:
    """A scenario whose two sides buy their navies."""

    cost_scheme: str = "seed"
    budgets: dict[str, int] = field(default_factory=lambda: {"Imperium": 200, "Zhodani": 150})

    def squadron_budgets(self) -> Mapping[str, int]:
        return self.budgets


class Host(QWidget):
    """Where the New Game dialog puts the step: a row of its form."""

    def __init__(self) -> None:
        super().__init__()
        step = ui_for("squadrons").purchases(self)
        assert isinstance(step, SquadronPurchaseStep)
        self.step = step
        QVBoxLayout(self).addWidget(step)


def _host(qtbot: QtBot) -> Host:
    host = Host()
    qtbot.addWidget(host)
    host.step.set_game(Raid(), ["p1", "p2"])
    host.show()
    qtbot.waitExposed(host)
    return host


def test_the_step_shows_each_sides_points_and_hides_without_purchases(qtbot: QtBot) -> None:
    host = _host(qtbot)
    step = host.step
    assert step.isVisible()
    assert step.label.text() == "Points to spend: Imperium 200 of 200 left, Zhodani 150 of 150 left"
    step.set_game(None, [])
    assert not step.isVisible() and step.outfits() == {}


def test_sides_buy_designs_and_extras_within_their_points(qtbot: QtBot, tmp_path: Path) -> None:
    player = Player(qtbot, tmp_path)
    host = _host(qtbot)
    step = host.step

    def buy(dialog: QWidget) -> None:
        player.press("Show Imperium's Purchase", dialog)  # covered from the other side
        cruisers = player.find(QSpinBox, "buy_0_1", dialog)  # Cruiser, 66 points
        assert cruisers.accessibleName() == "Cruiser"
        player.type_into(cruisers, "3")
        total = player.find(QLabel, "purchase_total_0", dialog).text()  # type: ignore[attr-defined]
        assert total == "Imperium: 198 of 200 points spent, 2 left"
        player.type_into(player.find(QSpinBox, "extra_0_admiral", dialog), "1")
        refusal = player.find(QLabel, "purchase_refusals_0", dialog).text()  # type: ignore[attr-defined]
        assert refusal == "The purchase costs 202 points, 2 over the budget of 200"
        assert not player.button("OK", dialog).isEnabled()
        player.type_into(player.find(QSpinBox, "extra_0_admiral", dialog), "0")
        player.type_into(player.find(QSpinBox, "extra_0_unknown", dialog), "2")
        assert player.button("OK", dialog).isEnabled()
        player.press("OK", dialog)

    player.answer(lambda: player.press("Navy Purchases", host), buy)
    bought = step.outfits()
    assert bought["Imperium"].count_of("Cruiser") == 3 and bought["Imperium"].unknowns == 2
    assert bought["Zhodani"].counters() == ()
    assert step.unspent() == "Zhodani has 150 of 150 points unspent"
