"""The Keyboard Shortcuts page, made from the window's own actions each time it is shown,
so it lists exactly the keys that work (and the map view's own keys, from the view)."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar, QWidget

from app.board.view import NAVIGATION


@dataclass(frozen=True)
class Shortcut:
    """One row: where the command is found, what it is called, its keys."""

    place: str
    command: str
    keys: str


def _place(action: QAction) -> str:
    for owner in action.associatedObjects():
        if isinstance(owner, QMenu) and owner.title():
            return owner.title().replace("&", "")
    for owner in action.associatedObjects():
        if isinstance(owner, QToolBar):
            return owner.windowTitle()
    return "Window"


def shortcuts(window: QWidget) -> list[Shortcut]:
    """Every action of ``window`` (and the widgets inside it) that has keys, menu by menu,
    then the map's own keys."""
    rows: dict[tuple[str, str], Shortcut] = {}
    for action in window.findChildren(QAction):
        keys = [k for k in action.shortcuts() if not k.isEmpty()]
        name = action.text().replace("&", "").rstrip("…").strip()
        if not keys or not name:
            continue
        text = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
        row = Shortcut(_place(action), name, text)
        rows.setdefault((row.place, row.command), row)
    ordered = sorted(rows.values(), key=lambda r: (r.place, r.command))
    return ordered + [Shortcut("Map", what, keys) for keys, what in NAVIGATION]


def shortcuts_html(window: QWidget) -> str:
    """The rows as an HTML table, one section per menu."""
    parts = ["<h2>Keyboard Shortcuts</h2>"]
    place = None
    for row in shortcuts(window):
        if row.place != place:
            if place is not None:
                parts.append("</table>")
            place = row.place
            parts.append(f"<h3>{escape(place)}</h3><table cellpadding='3'>")
        parts.append(
            f"<tr><td width='220'><b>{escape(row.keys)}</b></td><td>{escape(row.command)}</td></tr>"
        )
    parts.append("</table>")
    return "".join(parts)
