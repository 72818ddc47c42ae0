"""Fleet purchases at New Game (issue 7 requirement 5): where the scenario gives ship
points to spend, a row in the New Game and New Campaign dialogs shows each player's
points left and opens the fleet dialog
(:class:`~app.rules.interplanetary.manifest.fleet.FleetDialog`), where players outfit their ships
on the sheet or pick library designs within their budget.

The purchases go to :meth:`core.scenario.document.Scenario.start` as ``outfits``, which checks
them again; they are part of the game's starting state, so a campaign holds them from its
first entry and replays with them. Points not spent stay aboard each player's first ship
to buy at bases.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QWidget

from app.designs.purchases import PurchaseRow
from core.rules.interplanetary.aid.carried import aid_of
from core.rules.interplanetary.aid.manifest import Manifest
from core.scenario.document import Scenario, Seat


class PurchasesRow(PurchaseRow):
    """Points left per player and a Fleet Purchases button (:mod:`app.designs.purchases`);
    ``outfits()`` are the purchases by ship id."""

    unspent_fate = "Points not spent stay aboard each player's first ship, to spend at bases."

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, "purchases", "Fleet &Purchases…", "ship point")
        self.scenario: Scenario | None = None
        self.seats: list[Seat] = []
        self._outfits: dict[str, Manifest] = {}

    def set_game(self, scenario: Scenario | None, seats: Sequence[Seat]) -> None:
        """The scenario and seats chosen so far; purchases are forgotten when the
        scenario or the number of seats changes (the ships are others then)."""
        if scenario is not self.scenario or len(seats) != len(self.seats):
            self._outfits = {}
        self.scenario, self.seats = scenario, list(seats)
        self.setVisible(self.has_purchases())
        self.show_left()

    def has_purchases(self) -> bool:
        s = self.scenario
        if s is None or aid_of(s.rules) is None or not self.seats:
            return False
        return any(s.budget_for(p.side) is not None for p in s.seat(self.seats))

    def outfits(self) -> dict[str, Manifest]:
        return dict(self._outfits) if self.has_purchases() else {}

    def dialog(self) -> QDialog:
        """The fleet dialog for the seats and ships of this scenario."""
        from app.rules.interplanetary.manifest.fleet import FleetDialog
        from app.rules.interplanetary.manifest.library_paths import library

        s = self.scenario
        assert s is not None
        aid = aid_of(s.rules)
        assert aid is not None
        players = s.seat(self.seats)
        ships = s.fleet(players)
        buyers = [p for p in players if s.budget_for(p.side) is not None]
        listed = {p.name: [(x.id, x.name) for x in ships if x.owner == p.id] for p in buyers}
        budgets = {p.name: s.budget_for(p.side) or 0 for p in buyers}
        most = {p.name: s.max_ships_for(p.side) for p in buyers}
        return FleetDialog.for_scenario(
            aid, listed, budgets, most, self._outfits, lib=library(), parent=self
        )

    def take(self, dialog: QDialog) -> None:
        """Keep an accepted fleet dialog's purchases."""
        from app.rules.interplanetary.manifest.fleet import FleetDialog

        assert isinstance(dialog, FleetDialog)
        self._outfits = dialog.outfits()
        self.show_left()

    def left(self) -> list[tuple[str, int, int]]:
        """Each buying player's name, points left and budget."""
        if not self.has_purchases():
            return []
        s = self.scenario
        assert s is not None
        aid = aid_of(s.rules)
        assert aid is not None
        left = []
        players = s.seat(self.seats)
        ships = s.fleet(players)
        for p in players:
            budget = s.budget_for(p.side)
            if budget is None:
                continue
            mine = [x.id for x in ships if x.owner == p.id]
            spent = sum(aid.cost(m.outfit(aid)) for i, m in self._outfits.items() if i in mine)
            left.append((p.name, budget - spent, budget))
        return left
