"""The squadron game's dock panels (:class:`app.play.systems.SystemDocks`): the
squadron sheet, filled by the game page as counters are selected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QWidget

from app.rules.squadrons.play.sheet import SquadronSheet

SHEET_KEY = "squadron_sheet"


class SheetDocks:
    """One window's squadron sheet."""

    def __init__(self) -> None:
        self.sheet = SquadronSheet()
        self.panels: Mapping[str, QWidget] = {SHEET_KEY: self.sheet}

    def refresh(self, session: Any, ship_id: str | None) -> str | None:
        return None  # the page fills the sheet itself

    def clear(self) -> None:
        self.sheet.show_counter(None, None, "")
