"""The transfer dialog: one of the player's ships or bases, the ship or base it exchanges
with (docked at the same base, or in the same hex at the same velocity), and for each
good what it gives and what it takes. Between two players a transfer goes through only
if both order exactly the same one, so the dialog says what the other side must order;
once a logistics phase has resolved, it lists whether each transfer's other side
matched."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.rules.nplanetary import reading
from app.rules.nplanetary.forms import fill
from core.rules.nplanetary import model
from core.rules.nplanetary.orders import Transfer
from core.vector.state import GameState

LIMIT = 999


def items_of(state: GameState) -> list[str]:
    """Every good and carried item a transfer may move, in the dock's order."""
    tables = model.tables_of(state)
    found = list(reading.GOODS)
    found += [k.id for k in tables.ordnance]
    found += [k.id for k in tables.installations]
    return found


class TransferDialog(QDialog):
    """See the module's docstring; ``order()`` is the transfer chosen."""

    def __init__(
        self, state: GameState, player: str, results: list[str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("np_transfer_dialog")
        self.setWindowTitle("Transfer")
        self.setMinimumWidth(460)  # the stocks and the note read on few lines
        self.state = state
        self.player = player
        self.party = QComboBox()
        self.party.setObjectName("np_transfer_from")
        self.party.currentIndexChanged.connect(self._party_changed)
        self.other = QComboBox()
        self.other.setObjectName("np_transfer_with")
        self.other.currentIndexChanged.connect(self._update)
        self.stocks = QLabel("")
        self.stocks.setObjectName("np_transfer_stocks")
        self.stocks.setWordWrap(True)
        self.gives: dict[str, QSpinBox] = {}
        self.takes: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Gives</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Takes</b>"), 0, 2)
        for row, item in enumerate(items_of(state), start=1):
            grid.addWidget(QLabel(item.capitalize()), row, 0)
            for col, spins, name in ((1, self.gives, "give"), (2, self.takes, "take")):
                spin = QSpinBox()
                spin.setRange(0, LIMIT)
                spin.setObjectName(f"np_{name}_{item}")
                spin.valueChanged.connect(self._update)
                spins[item] = spin
                grid.addWidget(spin, row, col)
        self.note = QLabel("")
        self.note.setObjectName("np_transfer_note")
        self.note.setWordWrap(True)
        self.results = QLabel(
            "Last logistics phase:\n" + "\n".join(results) if results else "No transfers yet."
        )
        self.results.setObjectName("np_transfer_results")
        self.results.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Order Transfer")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("From:", self.party)
        form.addRow("With:", self.other)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.stocks)
        layout.addLayout(grid)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        layout.addWidget(self.results)
        ends = [(h.name, h.id) for h in reading.holders(state, player)]
        fill(self.party, ends, None)
        self._party_changed()

    def _party_changed(self) -> None:
        party = self.party.currentData()
        rows = [] if party is None else reading.partners(self.state, party)
        fill(self.other, [(reading.name_of(self.state, r), r) for r in rows], None)
        self._update()

    def _goods(self, spins: dict[str, QSpinBox]) -> tuple[tuple[str, int], ...]:
        return tuple((k, s.value()) for k, s in spins.items() if s.value())

    def _update(self) -> None:
        party, other = self.party.currentData(), self.other.currentData()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if party is None or other is None:
            self.stocks.setText("None of your ships or bases has anyone to exchange with.")
            self.note.setText("")
            ok.setEnabled(False)
            return
        lines = []
        for end in (party, other):
            h = reading.holder(self.state, end)
            if h is not None:
                lines.append(f"{h.name}: " + "; ".join(h.stock_lines()))
        self.stocks.setText("\n".join(lines))
        them = reading.holder(self.state, other)
        give, take = self._goods(self.gives), self._goods(self.takes)
        ok.setEnabled(bool(give or take))
        if them is not None and them.owner != self.player and not them.open:
            self.note.setText(
                f"{them.owner_name} must order the same transfer from {them.name}'s side "
                "(giving what you take, taking what you give), or it fails."
            )
        else:
            self.note.setText("")

    def order(self) -> Transfer | None:
        party, other = self.party.currentData(), self.other.currentData()
        if party is None or other is None:
            return None
        return Transfer(self.player, party, other, self._goods(self.gives), self._goods(self.takes))
