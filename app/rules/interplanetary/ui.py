"""Interplanetary's interface for the generic window (:class:`app.play.systems.SystemUI`):
the Combat and Manifest docks, the fleet purchases of the new-game dialogs, the Ship
Designs tool, and the rule questions the session asks (what the player can do now,
which base services may be taken back, what fog of war hides).

Imported when the first Interplanetary game is shown; its widgets load with their docks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from app.play.systems import Work
from core.engine.commands import Command
from core.rules.interplanetary import actions, fog
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.bases import Load, Refit, Refuel
from core.rules.interplanetary.phases import phase_word
from core.vector.state import GameState

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.play.session import GameSession
    from app.play.systems import PurchaseStep
    from app.rules.interplanetary.combat import CombatPanel
    from app.rules.interplanetary.manifest.in_play import ManifestPanel


class InterplanetaryDocks:
    """One window's Combat and Manifest panels."""

    def __init__(self) -> None:
        from app.rules.interplanetary.combat import CombatPanel
        from app.rules.interplanetary.manifest.in_play import ManifestPanel

        self.combat: CombatPanel = CombatPanel()
        self.manifest: ManifestPanel = ManifestPanel()
        self.panels: Mapping[str, QWidget] = {"combat": self.combat, "manifest": self.manifest}
        self._sheet_wanted: tuple[str, str | None] | None = None

    def refresh(self, session: GameSession, ship_id: str | None) -> str | None:
        """Both panels; the sheet is brought forward when the Combat dock starts asking
        for work on it (placing a hit, refitting at a base), once, so the player may
        turn back to the ship list."""
        self.combat.refresh(session, ship_id)
        wanted = self.combat.needs_sheet()
        self.manifest.refresh(session, ship_id)
        front = "manifest" if wanted is not None and wanted != self._sheet_wanted else None
        self._sheet_wanted = wanted
        return front

    def clear(self) -> None:
        self.manifest.refresh(None, None)


class InterplanetaryUI:
    """See the module's docstring."""

    id = "interplanetary"
    #: what only a refereed game's referee sees (New Campaign's note)
    referee_secrets = "hidden manifests, sealed orders or the dice"

    def docks(self) -> InterplanetaryDocks:
        return InterplanetaryDocks()

    def can_act(self, state: GameState) -> bool:
        return actions.has_something_to_do(state)

    def work(self, state: GameState) -> Work:
        level, what = actions.what_to_do(state)
        return Work(level, what)  # type: ignore[arg-type]

    def phase_title(self, phase: str) -> str:
        return phase_word(phase).capitalize()  # the engine's word, as its log says it

    def exact(self, command: Command) -> bool:
        return isinstance(command, Refuel | Refit | Load)

    def hidden_ships(self, state: GameState, player: str) -> frozenset[str]:
        return fog.sight(state, player).hidden

    def purchases(self, parent: QWidget) -> PurchaseStep:
        from app.rules.interplanetary.purchases import PurchasesRow

        return PurchasesRow(parent)

    def weapon_behaviour(self, state: GameState, weapon: str) -> str:
        aid = aid_of(state.rules)
        try:
            return aid.launched_weapon(weapon).behaviour if aid is not None else "mine"
        except KeyError:
            return "mine"

    def design_names(self) -> list[str]:
        from app.rules.interplanetary.manifest.library_paths import library

        try:
            return [e.name for e in library().entries() if e.design is not None]
        except OSError:
            return []

    def run_tool(self, name: str, parent: QWidget) -> None:
        if name == "designs":
            from app.rules.interplanetary.manifest.library_dialog import LibraryDialog

            LibraryDialog(parent).exec()


UI = InterplanetaryUI()
