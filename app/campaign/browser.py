"""The campaign browser dock: the campaign's games, their rounds and every command of
the log with the reasons the engine gave, undone branches, bookmarks and notes.

Double-click an entry to see the map as it was after it (the replay view). The context
menu bookmarks an entry or notes on it, and restores an undone branch or goes on from
any entry (what comes after it is kept as a branch).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QInputDialog,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from core.engine import serial

if TYPE_CHECKING:
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.schema import Bookmark, Entry

ENTRY_ROLE = Qt.ItemDataRole.UserRole
BRANCH_ROLE = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("Log", "Who", "Bookmark")


def describe(entry: Entry, names: dict[str, str]) -> tuple[str, str]:
    """A one-line summary of a log entry and, for its tooltip, every reason given."""
    from core.vector.turns import PhaseBegan, RoundBegan  # the engine loads with the first game

    try:
        events = serial.from_data(json.loads(entry.events))
        command = serial.bare(json.loads(entry.command).get("$type", "command"))
    except (ValueError, serial.SerialError, AttributeError):
        return f"entry {entry.id} (unreadable)", ""
    said = [e.text for e in events if not isinstance(e, PhaseBegan | RoundBegan)]
    who = names.get(entry.player, entry.player)
    if command == "EndPhase":
        phase = next((e.phase for e in events if isinstance(e, PhaseBegan)), "")
        head = f"{who} ends the phase" + (f" (next: {phase})" if phase else "")
        if entry.auto:
            head = f"{who}: nothing to do, phase ended"
    else:
        head = said[0] if said else f"{who}: {command}"
        said = said[1:]
    more = f" (+{len(said) - 1})" if len(said) > 1 else ""
    summary = head + (f" — {said[0]}" if said else "") + more
    tooltip = "\n".join(e.text for e in events)
    return summary, tooltip


#: a saved type's name, namespaced (engine.PhaseBegan) or, in older files, bare: the
#: namespace is left out of the match
TYPE_NAME = re.compile(r'"\$type":"(?:[\w.]+\.)?(\w+)"')
ANNOUNCEMENTS = {"PhaseBegan", "RoundBegan"}


def log_rows(file: CampaignFile, game_id: int) -> list[Any]:
    """Every log entry of a game as plain rows (attribute access like :class:`Entry`):
    several times quicker than ORM objects for the thousands of a long campaign."""
    from sqlalchemy import select

    from core.campaign.schema import Entry

    table = Entry.__table__  # type: ignore[attr-defined]
    query = select(table).where(table.c.game_id == game_id).order_by(table.c.id)
    with file.engine.connect() as conn:
        return list(conn.execute(query).all())


def quiet(entry: Entry) -> bool:
    """A phase the program ended for a player because nobody could act in it, and in
    which nothing but the next phase beginning happened: not worth a line. (Read from
    the stored text: these events hold no other values.)"""
    return entry.auto and set(TYPE_NAME.findall(entry.events)) <= ANNOUNCEMENTS


class CampaignBrowser(QTreeWidget):
    """Lists the campaign; emits what the player asks for, the window does it."""

    view_entry = Signal(object)  # an entry id (None: the game's start)
    restore_entry = Signal(object)
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign_browser")
        self.setToolTip("The campaign's games and moves: double-click one to replay it on the map")
        self.setHeaderLabels(list(COLUMNS))
        self.setColumnWidth(0, 300)
        self.setColumnWidth(1, 70)
        self.setUniformRowHeights(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)
        self.itemActivated.connect(self._activated)
        self.itemExpanded.connect(self._expanded)
        self.file: CampaignFile | None = None
        self.record: GameRecord | None = None
        self.items: dict[int, QTreeWidgetItem] = {}
        self._round_of: dict[int, QTreeWidgetItem] = {}
        self._stale = False
        self._scheduled = False
        self._pending: dict[int, list[Entry]] = {}  # rounds not listed yet, by item id
        self._context: tuple[Any, ...] = ({}, set(), {}, {})

    def show_campaign(self, file: CampaignFile | None, record: GameRecord | None) -> None:
        self.file, self.record = file, record
        self.refresh()

    def schedule_refresh(self) -> None:
        """Refresh once control returns to the event loop, and only if the dock is on
        screen (else when it is shown): one refresh for a burst of changes."""
        self._stale = True
        if not self._scheduled and self.isVisible():
            self._scheduled = True
            QTimer.singleShot(0, self._refresh_if_stale)

    def _refresh_if_stale(self) -> None:
        self._scheduled = False
        if self._stale and self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._refresh_if_stale()

    def refresh(self) -> None:
        self._stale = False
        self.clear()
        self.items = {}
        self._round_of = {}
        self._pending = {}
        if self.file is None or self.record is None:
            return
        names = {p.key: p.name for p in self.file.players()}
        marks: dict[int, list[Bookmark]] = {}
        for b in self.file.bookmarks():
            marks.setdefault(b.entry_id, []).append(b)
        for game in self.file.games():
            top = QTreeWidgetItem([f"{game.title}", game.scale, ""])
            top.setData(0, ENTRY_ROLE, None)
            if game.parent_id is not None:
                top.setText(1, f"{game.scale}, inside game {game.parent_id}")
            self.addTopLevelItem(top)
            if game.id != self.record.id:
                top.setToolTip(0, "Another game of this campaign")
                continue
            self._fill_game(top, game.id, names, marks)
            top.setExpanded(True)
        self.select_entry(self.record.head)

    def select_entry(self, entry: int | None) -> None:
        """Show and select a log entry (None: the game's start)."""
        holder = self._round_of.get(entry or 0)
        if holder is not None:
            self._fill_round(holder)
        item = self.items.get(entry or 0)
        if item is None:
            return
        parent = item.parent()
        while parent is not None:
            parent.setExpanded(True)
            parent = parent.parent()
        self.setCurrentItem(item)
        self.scrollToItem(item)

    def _fill_game(
        self,
        top: QTreeWidgetItem,
        game_id: int,
        names: dict[str, str],
        marks: dict[int, list[Bookmark]],
    ) -> None:
        """The game's rounds; each round's entries are listed when it is opened (a long
        campaign has thousands), the last round's at once."""
        assert self.file is not None and self.record is not None
        entries = log_rows(self.file, game_id)
        on_line = {s.id for s in self.record.line()}
        kids: dict[int | None, list[Entry]] = {}
        for e in entries:
            kids.setdefault(e.parent_id, []).append(e)
        start = QTreeWidgetItem(["Start of the game", "", ""])
        start.setData(0, ENTRY_ROLE, 0)
        top.addChild(start)
        self.items[0] = start
        self._context = (kids, on_line, names, marks)
        rounds: dict[int, QTreeWidgetItem] = {}
        for e in entries:
            if e.id not in on_line:
                continue
            holder = rounds.get(e.round)
            if holder is None:
                holder = QTreeWidgetItem([f"Round {e.round}", "", ""])
                holder.setData(0, ENTRY_ROLE, None)
                holder.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
                top.addChild(holder)
                rounds[e.round] = holder
                self._pending[id(holder)] = []
            self._pending[id(holder)].append(e)
            self._round_of[e.id or 0] = holder
        for child in kids.get(None, []):
            if child.id not in on_line:
                self._branch(start, child, kids, names, marks)
        if rounds:
            self._fill_round(rounds[max(rounds)])
            rounds[max(rounds)].setExpanded(True)

    def _fill_round(self, holder: QTreeWidgetItem) -> None:
        """List a round's entries, with the branches that leave the line in it."""
        entries = self._pending.pop(id(holder), None)
        if entries is None:
            return
        kids, on_line, names, marks = self._context
        shown: QTreeWidgetItem = holder
        for e in entries:
            branches = [c for c in kids.get(e.id, []) if c.id not in on_line]
            if quiet(e) and not branches and (e.id or 0) not in marks:
                self.items[e.id or 0] = shown  # selecting it selects the line before
                continue
            item = shown = self._entry_item(e, names, marks)
            holder.addChild(item)
            for child in branches:  # leaving the line after this entry
                self._branch(item, child, kids, names, marks)

    def _expanded(self, item: QTreeWidgetItem) -> None:
        if id(item) in self._pending:
            self._fill_round(item)

    def _branch(
        self,
        parent: QTreeWidgetItem,
        first: Entry,
        kids: dict[int | None, list[Entry]],
        names: dict[str, str],
        marks: dict[int, list[Bookmark]],
    ) -> None:
        chain = [first]
        while kids.get(chain[-1].id):
            chain.append(kids[chain[-1].id][-1])
        label = f"↳ Undone branch: {len(chain)} command{'s' if len(chain) != 1 else ''}"
        holder = QTreeWidgetItem([label, "", ""])
        holder.setData(0, ENTRY_ROLE, chain[-1].id)
        holder.setData(0, BRANCH_ROLE, chain[-1].id)
        holder.setToolTip(0, "Double-click to see where it led; right-click to restore it")
        font = QFont()
        font.setItalic(True)
        holder.setFont(0, font)
        parent.addChild(holder)
        expand: QTreeWidgetItem | None = parent
        while expand is not None:  # an undone branch is worth seeing at once
            expand.setExpanded(True)
            expand = expand.parent()
        grey = QBrush(QColor("#777777"))
        for e in chain:
            item = self._entry_item(e, names, marks)
            item.setForeground(0, grey)
            item.setData(0, BRANCH_ROLE, chain[-1].id)
            holder.addChild(item)
            for other in kids.get(e.id, [])[:-1]:
                self._branch(item, other, kids, names, marks)

    def _entry_item(
        self, e: Entry, names: dict[str, str], marks: dict[int, list[Bookmark]]
    ) -> QTreeWidgetItem:
        summary, tooltip = describe(e, names)
        bookmarks = marks.get(e.id or 0, [])
        mark = "; ".join(f"★ {b.label}" if b.label else "✎ note" for b in bookmarks)
        item = QTreeWidgetItem([summary, names.get(e.player, e.player), mark])
        item.setData(0, ENTRY_ROLE, e.id)
        notes = "\n".join(b.note for b in bookmarks if b.note)
        item.setToolTip(0, f"Entry {e.id}, {e.time[:19].replace('T', ' ')} UTC\n{tooltip}")
        if notes:
            item.setToolTip(2, notes)
        self.items[e.id or 0] = item
        return item

    # ---- actions

    def _entry_of(self, item: QTreeWidgetItem | None) -> int | bool | None:
        """The entry id of an item; 0 stands for the start; False for a heading."""
        if item is None:
            return False
        value = item.data(0, ENTRY_ROLE)
        return False if value is None else int(value)

    def _activated(self, item: QTreeWidgetItem) -> None:
        entry = self._entry_of(item)
        if entry is not False:
            self.view_entry.emit(entry or None)

    def _menu(self, pos: QPoint) -> None:
        item = self.itemAt(pos)
        entry = self._entry_of(item)
        if entry is False or item is None:
            return
        menu = QMenu(self)
        view = menu.addAction("Show on the Map (Replay)")
        view.triggered.connect(lambda: self.view_entry.emit(entry or None))
        writable = self.file is not None and not self.file.read_only
        branch = item.data(0, BRANCH_ROLE)
        if branch is not None:
            restore = menu.addAction("Restore This Branch")
            restore.setEnabled(writable)
            restore.triggered.connect(lambda: self.restore_entry.emit(int(branch)))
        elif self.record is not None and entry != (self.record.head or 0):
            go_on = menu.addAction("Go On From Here (later commands become a branch)")
            go_on.setEnabled(writable)
            go_on.triggered.connect(lambda: self.restore_entry.emit(entry or None))
        if entry:
            menu.addSeparator()
            mark = menu.addAction("Bookmark…")
            mark.setEnabled(writable)
            mark.triggered.connect(lambda: self.bookmark(int(entry), note=False))
            note = menu.addAction("Note…")
            note.setEnabled(writable)
            note.triggered.connect(lambda: self.bookmark(int(entry), note=True))
            existing = self._bookmarks_of(int(entry))
            if existing:
                remove = menu.addAction("Remove Bookmarks and Notes")
                remove.setEnabled(writable)
                remove.triggered.connect(lambda: self.remove_marks(int(entry)))
        menu.exec(self.viewport().mapToGlobal(pos))

    def _bookmarks_of(self, entry: int) -> list[Bookmark]:
        if self.file is None:
            return []
        return [b for b in self.file.bookmarks() if b.entry_id == entry]

    def bookmark(self, entry: int, *, note: bool) -> None:
        """Ask for a bookmark's name (or a note) and keep it with the entry."""
        if self.file is None:
            return
        existing = self._bookmarks_of(entry)
        if note:
            old = existing[0].note if existing else ""
            text, ok = QInputDialog.getMultiLineText(self, "Note", "Note on this entry:", old)
        else:
            old = existing[0].label if existing else ""
            text, ok = QInputDialog.getText(self, "Bookmark", "Bookmark name:", text=old)
        if not ok:
            return
        self.set_mark(entry, text.strip(), note=note)

    def set_mark(self, entry: int, text: str, *, note: bool) -> None:
        assert self.file is not None
        existing = self._bookmarks_of(entry)
        if existing:
            b = existing[0]
            label, body = (b.label, text) if note else (text, b.note)
            self.file.edit_bookmark(b.id or 0, label, body)
        elif note:
            self.file.add_bookmark(entry, note=text)
        else:
            self.file.add_bookmark(entry, label=text)
        self.refresh()
        self.changed.emit()

    def remove_marks(self, entry: int) -> None:
        assert self.file is not None
        for b in self._bookmarks_of(entry):
            self.file.remove_bookmark(b.id or 0)
        self.refresh()
        self.changed.emit()
