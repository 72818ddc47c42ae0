"""Secrets stay secret in the Campaign dock (issue 23): the dock everyone at the table
shares lists no more than the seated player's view tells. Through visible controls
only: hot-seat campaigns of NPlanetary (sealed orders) and the squadron game (each
side's moves told to that side only)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from app.campaign.browser import log_outline, log_rows
from app.campaign.reading import EVERYTHING, Reading, describe
from tests.app.acceptance.nplanetary_table import combo
from tests.app.acceptance.squadron_table import SquadronTable
from tests.app.acceptance.test_nplanetary_campaign import SEALED, end_phase
from tests.app.acceptance.test_nplanetary_campaign import new_campaign as new_duel
from tests.app.acceptance.test_squadrons_campaign import new_campaign as new_tessaly
from tests.app.acceptance.user import Player


def dock_rows(you: Player) -> list[tuple[str, str]]:
    """Every row of the Campaign dock as shown: (what it says, who)."""
    tree = you.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    found: list[tuple[str, str]] = []

    def walk(item: QTreeWidgetItem) -> None:
        found.append((item.text(0), item.text(1)))
        for i in range(item.childCount()):
            walk(item.child(i))

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i))
    return found


def open_round(you: Player, title: str) -> None:
    """Double-click a round's heading in the dock: it opens (its rows listed)."""
    tree = you.find(QTreeWidget, "campaign_browser")
    assert isinstance(tree, QTreeWidget)
    (heading,) = tree.findItems(title, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)
    tree.scrollToItem(heading)
    if not heading.isExpanded():
        at = tree.visualItemRect(heading).center()
        you.qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=at)
    you.qtbot.waitUntil(heading.isExpanded)


def of(you: Player, who: str) -> list[str]:
    return [text for text, by in dock_rows(you) if by == who]


def ann_seals_two_orders(qtbot: QtBot, tmp_path: Path) -> Player:
    """A duel campaign played to round 1's development phase, where Ann orders two
    purchases (sealed) and has not ended the phase yet."""
    you = Player(qtbot, tmp_path)
    new_duel(you, tmp_path / "sealed.ecliptic", "Sealed")
    you.take_seat()
    for phase in ("Ordnance", "Combat", "Movement"):
        end_phase(you, phase)
    assert you.take_seat() == "Ann" and you.phase() == "Development"
    you.show_tab("Cargo & Economy")
    for _ in range(2):
        you.pick(combo(you, "np_buy_base"), "Ann's station")
        you.pick(combo(you, "np_buy_item"), "Mine")
        you.press("Buy")
    return you


def test_another_players_sealed_orders_leave_no_trace_in_the_campaign_dock(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # Ann seals two purchases: she sees her own two orders in the dock
    you = ann_seals_two_orders(qtbot, tmp_path)
    qtbot.waitUntil(lambda: of(you, "Ann").count(SEALED) == 2)
    before = of(you, "Ann")
    you.primary()

    # hand-over, then Bob: of Ann's phase only that she ended it (every view says so)
    qtbot.waitUntil(lambda: SEALED not in of(you, "Ann"))
    assert you.take_seat() == "Bob" and you.phase() == "Development"
    ended = [t for t in before if t != SEALED] + ["Ann ends the phase"]
    qtbot.waitUntil(lambda: of(you, "Ann") == ended)
    assert not any("mine" in text or "order" in text for text, _ in dock_rows(you))
    you.primary()

    # the phase resolved: both read the entry that resolved it, Ann her orders too
    resolved = "Ann's station buys a mine"
    assert you.take_seat() == "Ann" and you.round() == 2  # (nobody had logistics to do)
    open_round(you, "Round 1")
    qtbot.waitUntil(lambda: of(you, "Ann").count(SEALED) == 2)
    assert any(resolved in t for t in of(you, "Bob"))
    you.primary()
    assert you.take_seat() == "Bob"
    open_round(you, "Round 1")
    qtbot.waitUntil(lambda: SEALED not in of(you, "Ann"))
    assert any(resolved in t for t in of(you, "Bob"))


def test_the_referee_reads_everything_and_an_onlooker_what_every_player_may(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = ann_seals_two_orders(qtbot, tmp_path)
    campaign, record = you.win.campaign, you.win.record
    assert campaign is not None and record is not None
    entries = log_rows(campaign, [e for e, _, _ in log_outline(campaign, record.id)])
    names = {p.key: p.name for p in campaign.players()}

    def said(reader: str | None) -> list[str]:
        reading = Reading(record, reader)
        return [describe(e, names, reading)[0] for e in entries.values()]

    assert said(EVERYTHING).count(SEALED) == 2  # the referee's master
    assert SEALED not in said(None)  # an onlooker
    assert "" in said(None)  # (those entries are not listed at all)


def test_the_other_sides_moves_leave_no_trace_in_the_campaign_dock(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = SquadronTable(qtbot, tmp_path)
    new_tessaly(table, "The Battle for Tessaly", "Tessaly")
    assert table.take_seat() == "Ann"
    table.click_counter("Tessaly", lambda t: t.startswith("Frigate Squadron (Imperium"))
    table.click_mark("Tessaly")
    qtbot.waitUntil(lambda: any("moved Frigate" in t for t in of(table, "Ann")))
    table.end_step()

    # hand-over and Bob's move step: Ann ended hers, nothing says that she moved
    qtbot.waitUntil(table.handing_over)
    assert table.take_seat() == "Bob"
    qtbot.waitUntil(lambda: of(table, "Ann") == ["Ann ends the phase"])
    assert not any("order" in t or "moved" in t for t, _ in dock_rows(table))
    table.end_step()

    # Ann at the table again reads her own move in full
    assert table.take_seat() == "Ann"
    qtbot.waitUntil(lambda: any("moved Frigate" in t for t in of(table, "Ann")))
