"""The squadron game's interface for the generic window (:class:`app.play.systems.SystemUI`):
the Squadron Designs tool, the start purchase of the new-game dialogs, and, from
:class:`~app.play.systems.PlainUI`, plain answers to the questions the session asks of a
vector game (the squadron game has no ships or weapons of that kind; its own game page
extends this object).

Imported when the first squadron game is shown or a squadron tool is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.play.systems import PlainUI

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.play.systems import PurchaseStep
    from core.engine.commands import Command

#: the Ships-menu tool that opens the design library (named apart from Interplanetary's)
DESIGNS_TOOL = "squadron-designs"


@dataclass(frozen=True)
class SquadronsUI(PlainUI):
    """See the module's docstring."""

    id: str = "squadrons"

    def phase_title(self, phase: str) -> str:
        return phase.replace("_", " ").capitalize()

    def exact(self, command: Command) -> bool:
        return True  # the squadron game rolls no dice: any order may be taken back

    def purchases(self, parent: QWidget) -> PurchaseStep | None:
        from app.rules.squadrons.design.purchase_step import SquadronPurchaseStep

        return SquadronPurchaseStep(parent)

    def design_names(self) -> list[str]:
        from app.rules.squadrons.design.library import library

        try:
            return [entry.name for entry in library().entries() if entry.design is not None]
        except OSError:
            return []

    def run_tool(self, name: str, parent: QWidget) -> None:
        if name == DESIGNS_TOOL:
            from app.rules.squadrons.design.library_dialog import SquadronLibraryDialog

            SquadronLibraryDialog(parent).exec()


UI = SquadronsUI()
