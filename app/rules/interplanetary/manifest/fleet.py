"""Fleet purchases: where a scenario gives each player ship points to spend over several
ships (Hostile Takeover: 10 points over two), each player's ships, their outfits and what
is left to spend. Outfitting a ship opens the outfitting dialog with what that player has
left; a library design can be used as it is when it fits.

Opened from the design library, the points and the number of ships are the player's to
set. Opened for a scenario (:meth:`FleetDialog.for_scenario`, from New Game), the ships
are the scenario's, each player's budget and most ships to outfit are its own, and
:meth:`FleetDialog.outfits` gives the purchases by ship id for ``Scenario.start``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.rules.interplanetary.manifest.outfit_dialog import OutfitDialog
from core.engine.words import plural
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.design_library import Library
from core.rules.interplanetary.aid.manifest import Manifest, empty
from core.rules.interplanetary.aid.playaid import PlayAid

SHIP_ROLE = Qt.ItemDataRole.UserRole


def outfit_summary(aid: PlayAid, m: Manifest) -> str:
    """ "Artillery gun, Missile ×2, Mine" (or "bare hull")."""
    counts: dict[str, int] = {}
    for slot in outfitting.slots(aid, m):
        item = outfitting.item_at(aid, m, slot)
        if item is not None and outfitting.points_of(aid, m, slot)[0] == slot.point:
            counts[item.name] = counts.get(item.name, 0) + 1
    parts = [name + (f" ×{n}" if n > 1 else "") for name, n in counts.items()]
    return ", ".join(parts) or "bare hull"


class FleetDialog(QDialog):
    """Each player buys ``ships`` ships with ``budget`` points between them."""

    def __init__(
        self,
        aid: PlayAid,
        players: Sequence[str] = ("Player 1", "Player 2"),
        ships: int = 2,
        budget: int = 10,
        *,
        lib: Library | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("fleet_dialog")
        self.setWindowTitle("Fleet Purchases")
        self.aid = aid
        self.library = lib
        self.players = list(players)
        self.budget_spin = QSpinBox()
        self.budget_spin.setRange(0, 99)
        self.budget_spin.setValue(budget)
        self.budget_spin.setSuffix(" points")
        self.ships_spin = QSpinBox()
        self.ships_spin.setRange(1, 8)
        self.ships_spin.setValue(ships)
        self.budget_spin.valueChanged.connect(self._resize_fleet)
        self.ships_spin.valueChanged.connect(self._resize_fleet)
        self.fleets: dict[str, list[tuple[str, Manifest]]] = {}
        #: a scenario's own: each player's points, most ships to outfit, ship ids
        self.budgets: dict[str, int] = {}
        self.most: dict[str, int | None] = {}
        self.ship_ids: dict[str, list[str]] = {}

        self.tree = QTreeWidget()
        self.tree.setObjectName("fleet_tree")
        self.tree.setHeaderLabels(["Player / ship", "Outfit", "Cost", "Left to spend"])
        self.tree.setColumnWidth(0, 200)
        self.tree.setColumnWidth(1, 380)
        self.tree.itemActivated.connect(lambda _i, _c: self.outfit_current())
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())

        self.outfit_button = QPushButton("&Outfit Ship…")
        self.outfit_button.clicked.connect(self.outfit_current)
        self.design_button = QPushButton("Use &Design…")
        self.design_button.clicked.connect(self.use_design_dialog)
        self.design_button.setEnabled(lib is not None)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("fleet_status")

        self.setup = QWidget()
        setup = QHBoxLayout(self.setup)
        setup.setContentsMargins(0, 0, 0, 0)
        setup.addWidget(QLabel("Points per player:"))
        setup.addWidget(self.budget_spin)
        setup.addWidget(QLabel("Ships per player:"))
        setup.addWidget(self.ships_spin)
        setup.addStretch(1)
        actions = QHBoxLayout()
        actions.addWidget(self.outfit_button)
        actions.addWidget(self.design_button)
        actions.addStretch(1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.setup)
        layout.addWidget(self.tree, 1)
        layout.addLayout(actions)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.resize(900, 520)
        self._resize_fleet()
        if self.players:
            self.select(self.players[0], 0)

    @classmethod
    def for_scenario(
        cls,
        aid: PlayAid,
        ships: Mapping[str, Sequence[tuple[str, str]]],
        budgets: Mapping[str, int],
        most: Mapping[str, int | None],
        outfits: Mapping[str, Manifest] | None = None,
        *,
        lib: Library | None = None,
        parent: QWidget | None = None,
    ) -> FleetDialog:
        """The purchases of a scenario: ``ships`` lists each player's ships (id, name),
        ``budgets`` their points, ``most`` how many ships each may outfit (None: all);
        ``outfits`` are purchases already made, by ship id."""
        dialog = cls(aid, list(ships), ships=1, budget=0, lib=lib, parent=parent)
        dialog.setup.hide()
        dialog.budgets = dict(budgets)
        dialog.most = dict(most)
        bought = outfits or {}
        for player, listed in ships.items():
            dialog.ship_ids[player] = [ship_id for ship_id, _ in listed]
            dialog.fleets[player] = [
                (name, bought.get(ship_id, empty(aid))) for ship_id, name in listed
            ]
        dialog._fill()
        if dialog.players:
            dialog.select(dialog.players[0], 0)
        dialog._say(dialog.summary())
        return dialog

    # ---- the fleets ----

    @property
    def budget(self) -> int:
        return self.budget_spin.value()

    def budget_of(self, player: str) -> int:
        return self.budgets.get(player, self.budget)

    def outfits(self) -> dict[str, Manifest]:
        """A scenario's purchases by ship id: every ship with something aboard."""
        out: dict[str, Manifest] = {}
        for player, ids in self.ship_ids.items():
            for ship_id, (_, m) in zip(ids, self.fleets[player], strict=True):
                if m != empty(self.aid):
                    out[ship_id] = m
        return out

    def summary(self) -> str:
        """ "Ann: 1 of 6 points left; Bo: 6 of 6 left"."""
        return "; ".join(
            f"{p}: {self.left(p)} of {plural(self.budget_of(p), 'point')} left"
            for p in self.players
        )

    def fleet(self, player: str) -> list[tuple[str, Manifest]]:
        return list(self.fleets[player])

    def spent(self, player: str) -> int:
        return sum(outfitting.cost(self.aid, m) for _, m in self.fleets[player])

    def left(self, player: str, except_ship: int | None = None) -> int:
        """Points the player has left; with ``except_ship``, as if that ship were bare."""
        others = sum(
            outfitting.cost(self.aid, m)
            for i, (_, m) in enumerate(self.fleets[player])
            if i != except_ship
        )
        return self.budget_of(player) - others

    def set_ship(self, player: str, index: int, manifest: Manifest) -> bool:
        """Give a ship an outfit; refused (False, reason shown) beyond the player's points."""
        cost = outfitting.cost(self.aid, manifest)
        room = self.left(player, index)
        problems = outfitting.problems(self.aid, manifest, room)
        if problems:
            name = self.fleets[player][index][0]
            self._say(f"{name}: {problems[0][1]} ({player} has {room} left for it)", bad=True)
            return False
        name = self.fleets[player][index][0]
        most = self.most.get(player)
        others = sum(
            1 for i, (_, m) in enumerate(self.fleets[player]) if i != index and m != empty(self.aid)
        )
        if most is not None and manifest != empty(self.aid) and others >= most:
            ships = f"{most} ship{'s' if most != 1 else ''}"
            self._say(f"{name}: {player} may outfit {ships}, and has outfitted them", bad=True)
            return False
        self.fleets[player][index] = (name, manifest)
        self._say(f"{name}: {plural(cost, 'point')}; {player} has {self.left(player)} left")
        self._fill()
        return True

    def _resize_fleet(self) -> None:
        count = self.ships_spin.value()
        for player in self.players:
            ships = self.fleets.setdefault(player, [])
            del ships[count:]
            while len(ships) < count:
                ships.append((f"{player}'s ship {len(ships) + 1}", empty(self.aid)))
        self._fill()

    def _fill(self) -> None:
        current = self.current()
        self.tree.clear()
        for player in self.players:
            left = self.left(player)
            top = QTreeWidgetItem(self.tree, [player, "", str(self.spent(player)), str(left)])
            font = top.font(0)
            font.setBold(True)
            for column in range(4):
                top.setFont(column, font)
            if left < 0:
                top.setForeground(3, Qt.GlobalColor.red)
            for i, (name, m) in enumerate(self.fleets[player]):
                row = QTreeWidgetItem(
                    top, [name, outfit_summary(self.aid, m), str(outfitting.cost(self.aid, m)), ""]
                )
                row.setData(0, SHIP_ROLE, (player, i))
                if current == (player, i):
                    self.tree.setCurrentItem(row)
        self.tree.expandAll()
        self._update_buttons()

    def current(self) -> tuple[str, int] | None:
        item = self.tree.currentItem()
        data = item.data(0, SHIP_ROLE) if item is not None else None
        return (str(data[0]), int(data[1])) if data else None

    def select(self, player: str, index: int) -> None:
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            assert top is not None  # i < topLevelItemCount()
            for j in range(top.childCount()):
                child = top.child(j)
                assert child is not None  # j < childCount()
                if child.data(0, SHIP_ROLE) == (player, index):
                    self.tree.setCurrentItem(child)

    def _update_buttons(self) -> None:
        ship = self.current() is not None
        self.outfit_button.setEnabled(ship)
        self.design_button.setEnabled(ship and self.library is not None)

    def _say(self, text: str, bad: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b03a2e;" if bad else "")

    # ---- outfitting ----

    def outfit_dialog(self, player: str, index: int) -> OutfitDialog:
        name, m = self.fleets[player][index]
        room = self.left(player, index)
        return OutfitDialog(
            self.aid, m, room, title=f"Outfit {name} ({plural(room, 'point')})", parent=self
        )

    def outfit_current(self) -> None:
        chosen = self.current()
        if chosen is None:
            return
        dialog = self.outfit_dialog(*chosen)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_ship(*chosen, dialog.manifest())

    def use_design_dialog(self) -> None:
        chosen = self.current()
        if chosen is None or self.library is None:
            return
        room = self.left(*chosen)
        designs = [e.design for e in self.library.entries() if e.design is not None]
        fitting = [d for d in designs if outfitting.cost(self.aid, d.manifest) <= room]
        if not fitting:
            self._say(f"No design costs {plural(room, 'point')} or less", bad=True)
            return
        labels = [f"{d.name} ({outfitting.cost(self.aid, d.manifest)} points)" for d in fitting]
        label, ok = QInputDialog.getItem(self, "Use Design", "Design:", labels, 0, False)
        if ok:
            self.set_ship(*chosen, fitting[labels.index(label)].manifest)
