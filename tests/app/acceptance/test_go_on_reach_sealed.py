"""The Campaign dock's Go On From Here keeps Undo's reach in a game of sealed orders:
at one shared screen it once moved the game back past another player's end of the
phase, wiping their sealed orders into a side branch. A game whose orders are not
sealed (Interplanetary) goes on from an earlier entry as it always did. Through
visible controls only: the dock's list, a right-click, its menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from tests.app.acceptance.nplanetary_table import combo
from tests.app.acceptance.test_nplanetary_campaign import new_campaign as duel_campaign
from tests.app.acceptance.test_undo_reach_sealed import new_training_campaign
from tests.app.acceptance.user import Player

START = "Start of the game"
GO_ON = "Go On From Here (later commands become a branch)"
REFUSED = "Going on from there reaches only your own orders: Ann's orders for this phase are sealed"


def dock_rows(you: Player) -> list[QTreeWidgetItem]:
    """Every row of the Campaign dock's list, shown (rounds opened), top to bottom."""
    tree = you.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    tree.expandAll()
    found: list[QTreeWidgetItem] = []

    def walk(item: QTreeWidgetItem) -> None:
        found.append(item)
        for i in range(item.childCount()):
            walk(item.child(i))

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i))
    return found


def right_click(you: Player, row: QTreeWidgetItem, act: bool) -> dict[str, object]:
    """Right-click ``row`` in the dock; read the Go On entry of the menu that opens (and
    choose it when ``act`` and it is enabled, else close the menu)."""
    tree = row.treeWidget()
    tree.scrollToItem(row)
    seen: dict[str, object] = {}

    def look() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, look)
            return
        (go_on,) = [a for a in menu.actions() if a.text() == GO_ON]
        seen.update(enabled=go_on.isEnabled(), tip=go_on.toolTip(), status=go_on.statusTip())
        if act and go_on.isEnabled():
            menu.setActiveAction(go_on)
            you.qtbot.keyClick(menu, Qt.Key.Key_Return)
        else:
            you.qtbot.keyClick(menu, Qt.Key.Key_Escape)

    QTimer.singleShot(0, look)
    where = tree.visualItemRect(row).center()
    port = tree.viewport()
    you.qtbot.mouseClick(port, Qt.MouseButton.RightButton, pos=where)
    # the context menu event a right-click brings (the test's click alone does not)
    click = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, where, port.mapToGlobal(where))
    QApplication.sendEvent(port, click)
    you.qtbot.waitUntil(lambda: bool(seen))
    return seen


def earlier(you: Player) -> QTreeWidgetItem:
    """The dock's row for the start of the game."""
    you.qtbot.waitUntil(lambda: any(r.text(0) == START for r in dock_rows(you)))
    return next(r for r in dock_rows(you) if r.text(0) == START)


def test_go_on_from_here_in_a_sealed_phase_reaches_only_the_seated_players_own_orders(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)
    duel_campaign(you, tmp_path / "duel.ecliptic", "Duel")
    assert you.take_seat() == "Ann" and you.phase() == "Ordnance"
    you.pick(combo(you, "np_launch_kind"), "torpedo")
    you.press("Launch")
    you.primary()
    assert you.take_seat() == "Bob"

    seen = right_click(you, earlier(you), act=True)
    assert seen == {"enabled": False, "tip": REFUSED, "status": REFUSED}, seen
    assert you.status() == f"Not allowed: {REFUSED}"
    assert you.seated() == "Bob" and you.phase() == "Ordnance"

    # the phase resolves with Ann's order as she gave it
    you.primary()
    you.take_seat()
    assert any(line.startswith("Resolute releases a torpedo") for line in you.log()), you.log()
    assert you.phase() == "Combat"


def test_go_on_from_here_without_sealed_orders_is_unchanged(qtbot: QtBot, tmp_path: Path) -> None:
    """Interplanetary: the next player may go on from before the last move, as before."""
    you = Player(qtbot, tmp_path)
    new_training_campaign(you, tmp_path / "training.ecliptic")
    first = you.take_seat()
    you.lift_off()
    assert you.primary() == "Move"
    second = you.take_seat()
    assert second != first
    seen = right_click(you, earlier(you), act=True)
    assert seen["enabled"] is True and seen["tip"] == GO_ON, seen
    qtbot.waitUntil(lambda: "Play goes on from there" in you.status())
    assert you.take_seat() == first  # the move went into a branch: the first player again
