"""The squadron game's interface for the generic window (:class:`app.play.systems.SystemUI`):
the Squadron Designs tool, the start purchase of the new-game dialogs, and plain answers to
the questions the session asks of a vector game (the squadron game has no ships, weapons
or dice of that kind; its own game page extends this object).

Imported when the first squadron game is shown or a squadron tool is chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.play.systems import SystemDocks, Work

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.play.systems import GameHost, GamePage, PurchaseStep
    from core.engine.commands import Command
    from core.vector.state import GameState

#: the Ships-menu tool that opens the design library (named apart from Interplanetary's)
DESIGNS_TOOL = "squadron-designs"


class SquadronsUI:
    """See the module's docstring."""

    id = "squadrons"
    #: what only a refereed game's referee sees (New Campaign's note): no dice here
    referee_secrets = 'the squadrons under a "?" or sealed fire orders'

    def docks(self) -> SystemDocks:
        from app.rules.squadrons.play.docks import SheetDocks

        return SheetDocks()

    def can_act(self, state: GameState) -> bool:
        return bool(state.pending)

    def work(self, state: GameState) -> Work:
        if state.pending:
            return Work("action", state.pending[0].prompt())
        return Work("nothing", "there is nothing to do in this phase")

    def phase_title(self, phase: str) -> str:
        return phase.replace("_", " ").capitalize()

    def exact(self, command: Command) -> bool:
        return True  # the squadron game rolls no dice

    def hidden_ships(self, state: GameState, player: str) -> frozenset[str]:
        return frozenset()

    def purchases(self, parent: QWidget) -> PurchaseStep | None:
        from app.rules.squadrons.design.purchase_step import SquadronPurchaseStep

        return SquadronPurchaseStep(parent)

    def weapon_behaviour(self, state: GameState, weapon: str) -> str:
        return "mine"

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

    # ---- the game's own page (app.play.systems.OwnGame), in app.rules.squadrons.play

    def public_events(self, events: list[Any]) -> list[Any]:
        """What every player may read of a log entry (the shared campaign dock): none
        of what only one side is told (its moves, secret jumps, repairs)."""
        from app.rules.squadrons.play.session import public

        return public(events)

    def scenarios(self) -> list[Any]:
        from app.rules.squadrons.play.offers import scenarios

        return scenarios()

    def game_page(
        self,
        host: GameHost,
        state: Any,
        events: Sequence[Any],
        title: str,
        record: Any | None,
        read_only: bool,
    ) -> GamePage:
        from app.rules.squadrons.play.page import SquadronPage

        return SquadronPage(host, state, events, title, record, read_only)


UI = SquadronsUI()
