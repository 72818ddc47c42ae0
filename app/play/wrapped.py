"""Panels with word-wrapped text inside docks: keep them tall enough for that text.

A dock asks its panel for a minimum size that does not know how many lines wrapped text
takes at the dock's width, so a long line squeezed the panel's other controls (the Combat
dock's Gun and Target boxes shrank to a few pixels). The filter sets the panel's minimum
height to what its layout needs at its present width, whenever it resizes or relays out.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class _KeepWrappedHeight(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest) and isinstance(watched, QWidget):
            layout = watched.layout()
            if layout is not None and watched.width() > 0:
                need = layout.totalMinimumHeightForWidth(watched.width())
                if need > 0 and need != watched.minimumHeight():
                    watched.setMinimumHeight(need)
        return False


def keep_wrapped_height(panel: QWidget) -> None:
    """Keep ``panel`` at least as tall as its layout needs at its width."""
    panel.installEventFilter(_KeepWrappedHeight(panel))
