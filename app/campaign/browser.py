"""The campaign browser dock: the campaign's games (a finished one's result), their
rounds and every command of the log with the reasons the engine gave, undone branches,
bookmarks and notes.

Double-click an entry to see the map as it was after it (the replay view). It lists only what
the reader may read (:mod:`app.campaign.reading`). The context
menu bookmarks an entry or notes on it, and restores an undone branch or goes on from
any entry (what comes after it is kept as a branch).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QInputDialog,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from app.campaign.outline import log_outline, log_rows, outline_of, quiet, result_item
from app.campaign.reading import Reading, describe, phase_of
from app.play.systems import round_word

if TYPE_CHECKING:
    from core.campaign import CampaignFile, GameRecord
    from core.campaign.tables import BookmarkRow as Bookmark
    from core.campaign.tables import EntryRow as Entry

ENTRY_ROLE = Qt.ItemDataRole.UserRole
BRANCH_ROLE = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("Log", "Who", "Bookmark")


class CampaignBrowser(QTreeWidget):
    """Lists the campaign; emits what the player asks for, the window does it."""

    view_entry = Signal(object)  # an entry id (None: the game's start)
    restore_entry = Signal(object)
    #: why going on from an entry is greyed in the menu just opened, in players' words
    refused = Signal(str)
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaign_browser")
        self.setToolTip("The campaign's games and moves: double-click one to replay it on the map")
        self.setHeaderLabels(list(COLUMNS))
        # the entries take the dock's width, cut short with an ellipsis (whole in the
        # tooltip) rather than running off under a horizontal scroll bar
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        room = self.fontMetrics().horizontalAdvance
        self.setColumnWidth(1, room("Wwwww") + 8)  # a player's name, cut if long
        self.setColumnWidth(2, room(COLUMNS[2]) + 16)  # its heading whole
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
        self._pending: dict[int, list[int]] = {}  # entries of rounds not listed yet, by item id
        self._context: tuple[Any, ...] = ({}, set(), {}, {})
        self._rounds: dict[int, QTreeWidgetItem] = {}
        self._listed: dict[int, list[int]] = {}  # entries of rounds listed, by item id
        #: rounds listed holding an entry whose reading depends on the reader, by item id
        self._personal: dict[int, QTreeWidgetItem] = {}
        #: what the tree shows: (file, record, games, head, last entry read), or None
        self._shown: tuple[Any, ...] | None = None
        #: who reads the dock: a player's id, reading.EVERYTHING or None (an onlooker)
        self.reader: Callable[[], str | None] = lambda: None
        #: why play may not go on from an entry now ("" when it may): a sealed phase
        #: keeps it off another player's orders, as Undo (see GameSession.restore_refused)
        self.reach: Callable[[int | None], str] = lambda entry: ""
        self._reading = Reading(None, None)

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
        if not (self._stale and self.isVisible()):
            return
        if not self._read_as(self.reader()) or not self._append_played():
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
        self._listed = {}
        self._personal = {}
        self._rounds = {}
        self._shown = None
        self._reading = Reading(self.record, self.reader())
        if self.file is None or self.record is None:
            return
        names = {p.key: p.name for p in self.file.players()}
        marks: dict[int, list[Bookmark]] = {}
        for b in self.file.bookmarks():
            marks.setdefault(b.entry_id, []).append(b)
        games = self.file.games()
        for game in games:
            top = QTreeWidgetItem([f"{game.title}", game.scale, ""])
            top.setData(0, ENTRY_ROLE, None)
            if game.parent_id is not None:
                top.setText(1, f"{game.scale}, inside game {game.parent_id}")
            self.addTopLevelItem(top)
            if game.id != self.record.id:
                top.setToolTip(0, "Another game of this campaign")
                result_item(top, game.result)
                top.setExpanded(game.result is not None)
                continue
            last = self._fill_game(top, game.id, names, marks)
            result_item(top, game.result)
            top.setExpanded(True)
            self._shown = (self.file, self.record, outline_of(games), self.record.head, last)
        self.select_entry(self.record.head)

    def _append_played(self) -> bool:
        """Add the entries played on from the head on show, as a refresh would list them,
        without reading the rest of the log again (End Turn late in a long campaign).
        False if anything else changed (undo, a branch, a battle opened): refresh."""
        shown, file, record = self._shown, self.file, self.record
        if shown is None or file is None or record is None or shown[:2] != (file, record):
            return False
        if outline_of(file.games()) != shown[2]:
            return False
        played = log_outline(file, record.id, after=shown[4])
        at = shown[3]
        for entry, parent, _ in played:
            if parent != at:
                return False
            at = entry
        if at != record.head:
            return False
        self._stale = False
        on_line = self._context[1]
        top = next(iter(self._rounds.values())).parent() if self._rounds else None
        listed: dict[int, tuple[QTreeWidgetItem, list[int]]] = {}
        for entry, _, round_ in played:
            on_line.add(entry)
            holder = self._rounds.get(round_)
            if holder is None:
                if top is None:
                    return self._refresh_instead()
                if self._rounds:  # a refresh would show only the newest round open
                    self._rounds[max(self._rounds)].setExpanded(False)
                holder = self._round_item(round_)
                top.addChild(holder)
            waiting = self._pending.get(id(holder))
            if waiting is not None:
                waiting.append(entry)
            else:
                listed.setdefault(id(holder), (holder, []))[1].append(entry)
            self._round_of[entry] = holder
        for holder, entries in listed.values():
            self._list(holder, entries)
        if played:
            self._shown = (*shown[:3], record.head, played[-1][0])
        self.select_entry(record.head)
        return True

    def _read_as(self, reader: str | None) -> bool:
        """Another reader (a seat handed over): list anew the rounds on show that hold
        an entry whose reading depends on the reader, and only those: a hand-over costs
        the same whatever the length of the game (not a walk over every round). False
        if nothing is listed yet (refresh)."""
        if self._reading.reader == reader and self._reading.phase == phase_of(self.record):
            return True  # (a phase played out since may have opened sealed orders)
        if self._shown is None:
            return False
        old = self._reading
        self._reading = Reading(self.record, reader)
        self._reading.personal = old.personal
        marked, self._personal = self._personal, {}
        for key, holder in marked.items():
            ids = self._listed.get(key)
            if ids is None or key in self._pending:
                continue
            holder.takeChildren()
            for entry in ids:
                self.items.pop(entry, None)
            self._pending[key] = list(ids)
            del self._listed[key]
            if holder.isExpanded():
                self._fill_round(holder)
        return True

    def _refresh_instead(self) -> bool:
        self.refresh()
        return True

    def _round_item(self, round_: int) -> QTreeWidgetItem:
        holder = QTreeWidgetItem([f"{self._round_word()} {round_}", "", ""])  # a heading
        holder.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        self._rounds[round_] = holder
        self._pending[id(holder)] = []
        return holder

    def _round_word(self) -> str:
        """What the game's rule system calls a round ("Day" in the squadron game)."""
        return round_word(getattr(self.record, "start", None))

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
    ) -> int:
        """The game's rounds; each round's entries are read and listed when it is opened
        (a long campaign has thousands), the last round's at once. Returns the id of the
        game's last entry (0: none)."""
        assert self.file is not None and self.record is not None
        outline = log_outline(self.file, game_id)
        parents = {entry: parent for entry, parent, _ in outline}
        on_line: set[int] = set()
        at = self.record.head
        while at is not None:
            on_line.add(at)
            at = parents.get(at)
        kids: dict[int | None, list[int]] = {}  # of the entries off the line, by parent
        start = QTreeWidgetItem(["Start of the game", "", ""])
        start.setData(0, ENTRY_ROLE, 0)
        top.addChild(start)
        self.items[0] = start
        self._context = (kids, on_line, names, marks)
        rounds = self._rounds
        pending, round_of = self._pending, self._round_of
        for entry, parent, round_ in outline:
            if entry not in on_line:
                kids.setdefault(parent, []).append(entry)
                continue
            holder = rounds.get(round_)
            if holder is None:
                holder = self._round_item(round_)
            pending[id(holder)].append(entry)
            round_of[entry] = holder
        top.addChildren(list(rounds.values()))
        for child in kids.get(None, []):
            if child not in on_line:
                self._branch(start, child)
        if rounds:
            self._fill_round(rounds[max(rounds)])
            rounds[max(rounds)].setExpanded(True)
        return outline[-1][0] if outline else 0

    def _fill_round(self, holder: QTreeWidgetItem) -> None:
        """List a round's entries, with the branches that leave the line in it."""
        ids = self._pending.pop(id(holder), None)
        if ids is not None:
            self._list(holder, ids)

    def _list(self, holder: QTreeWidgetItem, ids: list[int]) -> None:
        """List entries of a round after those it lists already."""
        if self.file is None:
            return
        kids, on_line, names, marks = self._context
        rows = log_rows(self.file, ids)
        self._listed.setdefault(id(holder), []).extend(ids)
        count = holder.childCount()
        last = holder.child(count - 1) if count else holder
        assert last is not None  # a child below childCount()
        shown: QTreeWidgetItem = last
        for entry in ids:
            e = rows[entry]
            branches = [c for c in kids.get(entry, []) if c not in on_line]
            if quiet(e) and not branches and entry not in marks:
                self.items[entry] = shown  # selecting it selects the line before
                continue
            item = self._entry_item(e, names, marks)
            if item is None:  # nothing of it the reader may read: not even a row
                self.items[entry] = shown
            else:
                holder.addChild(item)
                shown = item
            for child in branches:  # leaving the line after this entry
                self._branch(shown, child)
        if not self._reading.personal.isdisjoint(ids):
            self._personal[id(holder)] = holder

    def _expanded(self, item: QTreeWidgetItem) -> None:
        if id(item) in self._pending:
            self._fill_round(item)

    def _branch(self, parent: QTreeWidgetItem, first: int) -> None:
        assert self.file is not None
        kids, _on_line, names, marks = self._context
        chain = [first]
        while kids.get(chain[-1]):
            chain.append(kids[chain[-1]][-1])
        rows = log_rows(self.file, chain)
        items = {entry: self._entry_item(rows[entry], names, marks) for entry in chain}
        count = sum(1 for item in items.values() if item is not None)
        if not count:
            return  # only what the reader may not read: no trace of it
        label = f"↳ Undone branch: {count} command{'s' if count != 1 else ''}"
        holder = QTreeWidgetItem([label, "", ""])
        holder.setData(0, ENTRY_ROLE, chain[-1])
        holder.setData(0, BRANCH_ROLE, chain[-1])
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
        last: QTreeWidgetItem = holder
        for entry in chain:
            item = items[entry]
            if item is None:
                self.items[entry] = last
            else:
                item.setForeground(0, grey)
                item.setData(0, BRANCH_ROLE, chain[-1])
                holder.addChild(item)
                last = item
            for other in kids.get(entry, [])[:-1]:
                self._branch(last, other)

    def _entry_item(
        self, e: Entry, names: dict[str, str], marks: dict[int, list[Bookmark]]
    ) -> QTreeWidgetItem | None:
        """The entry's row; None if the reader may read nothing of it."""
        summary, tooltip = describe(e, names, self._reading)
        if not summary:
            return None
        bookmarks = marks.get(e.id or 0, [])
        mark = "; ".join(f"★ {b.label}" if b.label else "✎ note" for b in bookmarks)
        item = QTreeWidgetItem([summary, names.get(e.player, e.player), mark])
        item.setData(0, ENTRY_ROLE, e.id)
        notes = "\n".join(b.note for b in bookmarks if b.note)
        whole = tooltip if tooltip.startswith(summary) else f"{summary}\n{tooltip}".rstrip()
        item.setToolTip(0, f"Entry {e.id}, {e.time[:19].replace('T', ' ')} UTC\n{whole}")
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
        moving: tuple[str, int | None] | None = None
        if branch is not None:
            moving = ("Restore This Branch", int(branch))
        elif self.record is not None and entry != (self.record.head or 0):
            moving = ("Go On From Here (later commands become a branch)", entry or None)
        if moving is not None:
            text, there = moving
            go_on = menu.addAction(text)
            why = self.reach(there) if writable else ""
            go_on.setEnabled(writable and not why)
            why = why[:1].upper() + why[1:]
            go_on.setToolTip(why or text)
            go_on.setStatusTip(why)
            menu.setToolTipsVisible(bool(why))
            go_on.triggered.connect(lambda: self.restore_entry.emit(there))
            if why:
                self.refused.emit(why)
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
