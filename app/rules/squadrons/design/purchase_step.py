"""The squadron game's purchases step of the New Game and New Campaign dialogs
(:class:`app.play.systems.PurchaseStep`): each side's points left (until it has bought:
then only that it has, as its purchase is a secret from the other side at the table),
and Navy Purchases… to spend them on library designs and extras.

A scenario offers purchases by having ``squadron_budgets()`` (points by side name; a side
left out buys nothing) and ``cost_scheme`` (a cost scheme id); the step reads those and
nothing else, so it works with whichever scenario type the squadron game's loader makes.
The purchases come out of ``outfits()`` as :class:`~core.rules.squadrons.design.Purchase`
values by side name, for the scenario's start to check again and place, with the cost
scheme chosen (the scenario's by default) under :data:`SCHEME_KEY`, kept with the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QWidget

from app.designs.purchases import PurchaseRow
from core.board.problems import FileProblems
from core.engine.words import plural
from core.rules.squadrons.cost_schemes import DEFAULT_SCHEME, load_scheme, scheme_ids
from core.rules.squadrons.costs import CostScheme, purchase_price
from core.rules.squadrons.design import Purchase


@runtime_checkable
class BuysSquadrons(Protocol):
    """A scenario whose sides buy their navies before play."""

    cost_scheme: str

    def squadron_budgets(self) -> Mapping[str, int]: ...


#: the key of the chosen cost scheme's id among the outfits (no side has an empty name)
SCHEME_KEY = ""


def scheme_name(scheme_id: str) -> str:
    """A cost scheme's name as players read it ("" when it cannot be read)."""
    try:
        scheme = load_scheme(scheme_id)
    except (FileProblems, OSError, ValueError):
        return ""
    return scheme.name or scheme.id


class SquadronPurchaseStep(PurchaseRow):
    """Points left per side, the cost scheme and a Navy Purchases… button
    (:mod:`app.designs.purchases`); hidden when nobody buys."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, "squadron_purchases", "Navy &Purchases…", "point")
        self.budgets: dict[str, int] = {}
        self.scheme: CostScheme = load_scheme(DEFAULT_SCHEME)
        self._given = ""  # the scenario's own scheme, chosen first
        self._bought: dict[str, Purchase] = {}
        self.schemes = QComboBox()
        self.schemes.setObjectName("squadron_cost_scheme")
        self.schemes.setToolTip(
            "The cost scheme both navies are bought under (the scenario's is chosen "
            "first); it is kept with the game. Changing it forgets the purchases."
        )
        for scheme_id in scheme_ids():
            name = scheme_name(scheme_id) or scheme_id
            self.schemes.addItem(name.split(":")[0], scheme_id)  # "Seed", "Flat"...
            self.schemes.setItemData(self.schemes.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        self.schemes.currentIndexChanged.connect(lambda _: self._scheme_chosen())
        costs = QLabel("&Costs:")
        costs.setBuddy(self.schemes)
        self.row.insertWidget(0, costs)
        self.row.insertWidget(1, self.schemes)

    # ---- the PurchaseStep protocol

    def set_game(self, scenario: Any, seats: Sequence[Any]) -> None:
        if isinstance(scenario, BuysSquadrons) and seats:
            self.set_budgets(scenario.squadron_budgets(), scenario.cost_scheme)
        else:
            self.set_budgets({}, DEFAULT_SCHEME)

    def outfits(self) -> dict[str, Any]:
        bought: dict[str, Any] = {s: self._bought.get(s, Purchase()) for s in self.budgets}
        if self.budgets:
            bought[SCHEME_KEY] = self.scheme.id
        return bought

    # ---- the squadron game's own

    def set_budgets(self, budgets: Mapping[str, int], scheme_id: str) -> None:
        """The sides that buy and their points, and the cost scheme; purchases made are
        forgotten when these change."""
        budgets = dict(budgets)
        if budgets == self.budgets and scheme_id == self._given:
            return  # the same scenario (seats renamed): the scheme chosen stays
        self._given = scheme_id
        scheme = load_scheme(scheme_id)
        self._bought = {}
        self.budgets, self.scheme = budgets, scheme
        index = self.schemes.findData(scheme.id)
        if index >= 0 and index != self.schemes.currentIndex():
            self.schemes.blockSignals(True)
            self.schemes.setCurrentIndex(index)
            self.schemes.blockSignals(False)
        self.setVisible(bool(budgets))
        self.show_left()

    def _scheme_chosen(self) -> None:
        """Another cost scheme picked: prices change, so the purchases start again."""
        scheme_id = self.schemes.currentData()
        if isinstance(scheme_id, str) and scheme_id != self.scheme.id:
            self._bought = {}
            self.scheme = load_scheme(scheme_id)
            self.show_left()

    # ---- the purchases row's questions

    def has_purchases(self) -> bool:
        return bool(self.budgets)

    def dialog(self) -> QDialog:
        from app.rules.squadrons.design.library import library
        from app.rules.squadrons.design.purchase_dialog import PurchaseDialog

        designs = library().designs()
        return PurchaseDialog(self.budgets, designs, self.scheme, self._bought, parent=self)

    def take(self, dialog: QDialog) -> None:
        from app.rules.squadrons.design.purchase_dialog import PurchaseDialog

        assert isinstance(dialog, PurchaseDialog)
        self._bought = dialog.purchases()
        self.show_left()

    def show_left(self) -> None:
        """Each side's points left, until it has bought: then only that it has (what
        it spent would tell the other side at the table something of its navy)."""
        parts = [
            f"{side} has bought its navy"
            if self._has_bought(side)
            else f"{side} {left} of {budget} left"
            for side, left, budget in self.left()
        ]
        self.label.setText("Points to spend: " + ", ".join(parts) if parts else "")

    def unspent(self) -> str:
        """Who would start with points unspent, in words ('' when nobody); how many only
        for a side that has bought nothing (so no secret)."""
        return "; ".join(
            f"{side} has points left unspent"
            if self._has_bought(side)
            else f"{side} has {left} of {plural(budget, 'point')} unspent"
            for side, left, budget in self.left()
            if left > 0
        )

    def _has_bought(self, side: str) -> bool:
        return self._bought.get(side, Purchase()) != Purchase()

    def left(self) -> list[tuple[str, int, int]]:
        return [
            (side, budget - purchase_price(self._bought.get(side, Purchase()), self.scheme), budget)
            for side, budget in self.budgets.items()
        ]
