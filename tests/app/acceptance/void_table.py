"""The table for the System III Void acceptance tests: a Belt Standoff campaign played
by scripted players up to its first encounter, opened in the window, and the answers
people give the encounter and battle dialogs with visible controls only."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QPushButton,
    QRadioButton,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from core.campaign import CampaignFile, GameRecord
from core.engine.commands import EndPhase
from core.engine.play import waiting_for
from core.files.resources import SCENARIOS
from core.rules.void.autopilot import Autopilot
from core.rules.void.offers import open_offers
from core.scenario.document import Seat
from core.scenario.reader import load_scenario
from core.vector.turns import current_phase
from tests.app.acceptance.user import Player, plain

#: set to a folder to keep the screenshots the test passes through (docs/screenshots)
SHOTS = os.environ.get("ECLIPTIC_VOID_SHOTS", "")


def shot(widget: QWidget, name: str) -> None:
    if SHOTS:
        QApplication.processEvents()  # the layout catches up with the texts just set
        widget.grab().save(str(Path(SHOTS) / f"void-{name}.png"))


def campaign_at_first_encounter(path: Path, *, plotted: bool = False) -> None:
    """Belt Standoff for two, played by scripted players up to the combat phase in which
    the first player's courses offer an encounter (``plotted``: up to the end of the
    astrogation phase before it, the courses plotted)."""
    scenario = load_scenario(SCENARIOS / "void-belt-standoff.toml")
    state, _ = scenario.start([Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")], 2, first=0)
    CampaignFile.create(path, "Belt war", state, title=scenario.name).close()
    auto = Autopilot()
    with CampaignFile.open(path) as file:
        war = GameRecord(file, 1)
        for _ in range(200):
            who = waiting_for(war.state)[0].id
            if current_phase(war.state) == "combat" and open_offers(war.state, who):
                return
            command = auto.next(war.state, who)
            if plotted and isinstance(command, EndPhase) and war.state.plans:
                return
            war.play(command)
    raise AssertionError("no encounter offered")


def open_campaign(user: Player, path: Path) -> None:
    user.answer(lambda: user.choose("File", "Open"), lambda d: user.pick_file(d, path))
    user.qtbot.waitUntil(lambda: user.win.session is not None)
    user.take_seat()
    user.show_tab("Battles")


def when_dialog(title: str, handler: Callable[[QWidget], None], failed: list[BaseException]):
    """Answer the next modal dialog titled ``title`` (however deep the dialogs nest)."""
    done: list[bool] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible() or title not in dialog.windowTitle():
            QTimer.singleShot(10, poll)
            return
        done.append(True)
        try:
            handler(dialog)
        except BaseException as exc:
            failed.append(exc)
            dialog.close()

    QTimer.singleShot(0, poll)
    return done


def buttons(dialog: QWidget) -> dict[str, QPushButton]:
    return {plain(b.text()): b for b in dialog.findChildren(QPushButton) if b.isVisible()}


KINDS = ("baseline", "chase", "angled", "fast")


def encounter(user: Player, way: str) -> Callable[[QWidget], None]:
    def handle(dialog: QWidget) -> None:
        who = dialog.findChild(QLabel, "encounter_who")
        assert "Engaging" in who.text() and "(Bob)" in who.text()
        assert "velocity difference" in dialog.findChild(QLabel, "encounter_its").text()
        # the initial tactical situation is named before the way to resolve is chosen
        its = dialog.findChild(QLabel, "encounter_tactical_situation").text()
        assert "situation, 40 hexes apart" in its, its
        assert its.split(" situation")[0].lower().split(" and ")[0] in KINDS
        radios = [r for r in dialog.findChildren(QRadioButton) if plain(r.text()) == way]
        user.click(radios[0])
        shot(dialog, "encounter")
        user.press("Engage", dialog)

    return handle


def fight_by_strategic_combat(user: Player) -> Callable[[QWidget], None]:
    def handle(dialog: QWidget) -> None:
        crumb = dialog.findChild(QLabel, "battle_breadcrumb").text()
        assert crumb.startswith("Turn 1 > Battle ") and crumb.endswith("> aggression")
        seen_hand_over = []
        for _ in range(10):
            found = buttons(dialog)
            chooser = [t for t in found if t.startswith("I am ")]
            if chooser:
                seen_hand_over.append(chooser[0])
                if len(seen_hand_over) == 1:
                    shot(dialog, "hand-over")
                # the choices are hidden until the player says who they are
                assert not [r for r in dialog.findChildren(QRadioButton) if r.isVisible()]
                user.click(found[chooser[0]])
                continue
            if "Seal my choice" in found:
                levels = [r for r in dialog.findChildren(QRadioButton) if r.isVisible()]
                if len(seen_hand_over) == 1:
                    shot(dialog, "aggression")
                user.click(next(r for r in levels if plain(r.text()).startswith("3")))
                user.click(found["Seal my choice"])
                continue
            if "Done" in found:
                user.click(found["Done"])
                continue
            break
        assert seen_hand_over[:2] == ["I am Ann: show my choices", "I am Bob: show my choices"]
        summary = dialog.findChild(QLabel, "battle_summary_text").text()
        assert "fuel" in summary and "torpedoes" in summary
        shot(dialog, "summary")
        user.click(buttons(dialog)["Back to the Strategic Map"])

    return handle


def battles(user: Player) -> list[tuple[str, str]]:
    tree = user.find(QTreeWidget, "navigator")
    assert isinstance(tree, QTreeWidget)
    rows: list[tuple[str, str]] = []

    def walk(item: QTreeWidgetItem, depth: int) -> None:
        rows.append(("  " * depth + item.text(0), item.text(1)))
        for i in range(item.childCount()):
            walk(item.child(i), depth + 1)

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i), 0)
    return rows


def at_the_window(qtbot: QtBot, tmp_path: Path, *, plotted: bool = False) -> Player:
    """A person at the window of a campaign brought to its first encounter."""
    path = tmp_path / "belt.ecliptic"
    campaign_at_first_encounter(path, plotted=plotted)
    user = Player(qtbot, tmp_path)
    open_campaign(user, path)
    return user


def extra_ship_at_start(user: Player) -> tuple[str, QWidget]:
    """The first encounter engaged at tactical scale, the seat taken for the battle's
    first turn, and the first of its ships that is not its side's lead selected: its name
    and the Battles dock's Start position box it may be placed with."""
    user.answer(lambda: user.press("Engage"), encounter(user, "Play it at tactical scale"))
    user.qtbot.waitUntil(lambda: user.label("breadcrumb").endswith("tactical turn 1"))
    seated = user.take_seat()
    for name in ("Bastet", "Don Quixote", "Whirlwind"):
        user.select_ship(f"{seated}'s {name}")
        user.show_tab("Battles")
        box = user.find(QWidget, "placement_box")
        if box.isVisible():  # not the lead ship: it may start elsewhere
            return f"{seated}'s {name}", box
    raise AssertionError("no extra ship offered a start position")


def ship_status(user: Player, name: str) -> str:
    """The Status column of a ship's row in the Ships dock."""
    tree = user.ship_list()
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return next(r.text(2) for r in rows if r.text(0) == name)
