"""The campaign as the Campaign dock reads it from the file: the games (a change to
them means the tree is listed anew), each game's log as an outline of entries read in
one go, the entries themselves when a round is opened, and a finished game's result."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTreeWidgetItem

if TYPE_CHECKING:
    from core.campaign import CampaignFile
    from core.campaign.tables import EntryRow as Entry


#: a saved type's name, namespaced (engine.PhaseBegan) or, in older files, bare: the
#: namespace is left out of the match
TYPE_NAME = re.compile(r'"\$type":"(?:[\w.]+\.)?(\w+)"')
ANNOUNCEMENTS = {"PhaseBegan", "RoundBegan"}


def log_outline(
    file: CampaignFile, game_id: int, after: int = 0
) -> list[tuple[int, int | None, int]]:
    """Every log entry of a game (or those after entry ``after``) as (id, parent,
    round), oldest first: the one read of the log a refresh makes (what the entries say
    is read when they are shown)."""
    query = "SELECT id, parent_id, round FROM entry WHERE game_id = ? AND id > ? ORDER BY id"
    with file.reading() as conn:  # plain tuples: tens of thousands of rows
        return list(conn.execute(query, (game_id, after)).fetchall())


def log_rows(file: CampaignFile, ids: list[int]) -> dict[int, Any]:
    """Log entries by id (:class:`~core.campaign.tables.EntryRow`)."""
    from core.campaign.tables import EntryRow, columns

    found: dict[int, Any] = {}
    with file.reading() as conn:
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ", ".join("?" * len(chunk))
            query = f"SELECT {columns(EntryRow)} FROM entry WHERE id IN ({marks})"
            for r in conn.execute(query, chunk):
                found[r[0]] = EntryRow(*r)
    return found


def outline_of(games: list[Any]) -> list[tuple[Any, ...]]:
    """What the tree shows of the campaign's games (a battle opened or a game ended
    changes it)."""
    return [(g.id, g.title, g.scale, g.parent_id, g.result) for g in games]


def result_item(top: QTreeWidgetItem, result: str | None) -> None:
    """A finished game's result, on a line of its own at the end of the game's rows."""
    if result is None:
        return
    from core.campaign.results import words

    said = words(result)
    line = QTreeWidgetItem([f"Result: {said}", "", ""])  # no entry: a heading
    line.setToolTip(0, said)
    font = QFont(line.font(0))
    font.setBold(True)
    line.setFont(0, font)
    top.addChild(line)
    line.setFirstColumnSpanned(True)  # across the columns: only once in the tree


def quiet(entry: Entry) -> bool:
    """A phase the program ended for a player because nobody could act in it, and in
    which nothing but the next phase beginning happened: not worth a line. (Read from
    the stored text: these events hold no other values.)"""
    return entry.auto and set(TYPE_NAME.findall(entry.events)) <= ANNOUNCEMENTS
