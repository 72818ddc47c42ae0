"""The Manifest dock: the selected ship's sheet during play, and refits at a base on it.

The sheet follows the selection and every change of the game: damage circles checked,
fuel left, launched weapons spent (against :attr:`~core.vector.state.Ship.fitted`), disabled
with its turns left, guns and systems switched off while disabled or without power.

In its owner's resupply phase, a ship at a base gets an editable sheet: a mount's menu
(right-click, or Enter on a focused mount) lists what may go there, each priced by the
engine itself (the command is tried on the state, nothing kept), and choosing one gives
the base command (:class:`~core.rules.interplanetary.bases.Refit` for guns and systems, one for one;
:class:`~core.rules.interplanetary.bases.Load` for an empty launcher). A refusal says which slot
and why. Commands go through the session, so the window's undo takes them back.

Hidden information (a ruling, ``docs/RULES-MAPPING.md``): sheets lie open on the table,
so without fog of war an enemy's sheet is shown whole. Under fog of war an enemy ship
the seated player has not detected (:mod:`core.rules.interplanetary.fog`) shows only what the table
has seen: its name, whether it is disabled or destroyed, the guns that have fired and the launched
weapons it has spent (announced when launched); its other modules, damage and fuel are
unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from app.play.session import GameSession
from app.rules.interplanetary.combat_words import MARKET_WORDS
from app.rules.interplanetary.manifest.layout import SheetData
from app.rules.interplanetary.manifest.widget import SheetWidget
from core.engine import play as engine
from core.engine.commands import Command
from core.engine.errors import IllegalCommand
from core.rules.interplanetary.aid import outfitting
from core.rules.interplanetary.aid.carried import aid_of, fitted_of, manifest_of, manifest_or_empty
from core.rules.interplanetary.aid.manifest import Manifest, empty
from core.rules.interplanetary.aid.outfitting import Slot
from core.vector.state import GameState, Player, Ship, ShipStatus

RESUPPLY = "resupply"


@dataclass(frozen=True)
class Offer:
    """One choice in a mount's menu: the command, its price in ship points (None: the
    engine refuses it) and the refusal's reason."""

    label: str
    command: Command | None
    price: int | None = None
    reason: str = ""

    @property
    def allowed(self) -> bool:
        return self.command is not None and self.price is not None


def hidden_from(state: GameState, viewer: Player | None, ship: Ship) -> bool:
    """Whether fog of war hides ``ship``'s sheet from the player at the table
    (:func:`core.rules.interplanetary.fog.detected`; nobody is seated in the replay view: all is
    shown)."""
    if viewer is None or ship.status is ShipStatus.DESTROYED:
        return False
    from core.rules.interplanetary.fog import detected

    return not detected(state, viewer.id, ship)


def table_view(state: GameState, viewer: Player, ship: Ship) -> tuple[Manifest, Manifest | None]:
    """What the table knows of a hidden enemy sheet: the guns that have fired, no other
    module, no damage; the launchers it has emptied since it was fitted, as spent
    weapons (launches are announced)."""
    from core.rules.interplanetary.fog import sight

    aid = aid_of(state.rules)
    assert aid is not None
    bare = empty(aid)
    guns = list(bare.guns)
    for point, gun in sight(state, viewer.id).guns_of(ship.id):
        if point < len(guns):
            guns[point] = gun
    known = replace(bare, guns=tuple(guns))
    fitted, manifest = fitted_of(ship), manifest_of(ship)
    if fitted is None or manifest is None:
        return known, None
    spent = tuple(
        was if now is None else None
        for was, now in zip(fitted.launchers, manifest.launchers, strict=False)
    )
    return known, replace(bare, launchers=spent)


def sheet_for(state: GameState, ship: Ship, viewer: Player | None) -> SheetData:
    """The live sheet of ``ship`` as ``viewer`` (the player at the table) may see it."""
    aid = aid_of(state.rules)
    assert aid is not None
    tank = int(state.rules.unit(ship.unit).fuel)
    owner = state.player(ship.owner).name
    data = SheetData.of_ship(aid, ship, tank=tank)
    data = replace(data, subtitle=f"{owner}'s ship · round {state.round}")
    if viewer is not None and hidden_from(state, viewer, ship):
        manifest, fitted = table_view(state, viewer, ship)
        return replace(data, manifest=manifest, fitted=fitted, hidden=True)
    return replace(data, off=_off(state, ship))


def _off(state: GameState, ship: Ship) -> str:
    """Why working guns and systems are switched off now ("" when they are on)."""
    if not ship.in_play:
        return ""
    if ship.disabled:
        return "disabled"
    from core.rules.interplanetary.combat.systems import powered

    return "" if powered(state, ship) else "Reactor down"


SHEET_MIN = QSize(240, 330)
"""The least size a sheet is drawn at in the dock (it scrolls below that height)."""


class ManifestPanel(QWidget):
    """Reads the session; gives refits and loads through ``session.apply``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manifest_panel")
        self.session: GameSession | None = None
        self.ship_id: str | None = None
        self.base: str | None = None
        self._refusal = ""
        self._giving = ""  # the slot a command is being given for, to name in a refusal
        self._listening: GameSession | None = None
        self.title = QLabel("Select a ship to see its manifest sheet.")
        self.title.setObjectName("manifest_title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.message = QLabel("")
        self.message.setObjectName("manifest_message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.sheet: SheetWidget | None = None
        # The sheet scrolls rather than holding the dock (tabbed with the ship list) at
        # its full height: that height was taken from the Course and Combat docks.
        self._scroll = QScrollArea()
        self._scroll.setObjectName("manifest_scroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll.hide()
        # as wide as the sheet's least width, so the column keeps the width it had
        bar = self._scroll.verticalScrollBar().sizeHint().width()
        self._scroll.setMinimumWidth(SHEET_MIN.width() + bar)
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.title)
        self._layout.addWidget(self._scroll, 1)
        self._layout.addStretch(1)
        self._layout.addWidget(self.message)

    # ---- what is shown

    def refresh(self, session: GameSession | None, ship_id: str | None) -> None:
        if session is not self.session:
            self._refusal = ""
        self.session = session
        if session is not None and self._listening is not session:
            session.refused.connect(self._refused)
            self._listening = session
        state = session.state if session is not None else None
        if state is None or aid_of(state.rules) is None:
            self._clear("Manifest sheets need a ruleset with a play aid (Interplanetary).")
            return
        ship = _find(state, ship_id)
        if ship is None:
            self._clear("Select a ship to see its manifest sheet.")
            return
        if ship.id != self.ship_id:
            self._refusal = ""
        self.ship_id = ship.id
        assert session is not None
        viewer = session.shown_to()  # in the replay view too: whose view is on show
        data = sheet_for(state, ship, viewer)
        base = self._refit_base(state, ship)
        self.base = base
        self._show_sheet(data, editable=base is not None)
        self.title.setText(self._title(state, ship, data, base))
        self._show_message()

    def _title(self, state: GameState, ship: Ship, data: SheetData, base: str | None) -> str:
        name, owner = escape(ship.name), escape(state.player(ship.owner).name)
        if base is not None:
            market = MARKET_WORDS.get(state.market, "")
            points = f"{ship.points} ship point{'s' if ship.points != 1 else ''}"
            return (
                f"<b>{name} at {escape(base)}</b>: {points} to spend; the base {market}.<br>"
                "Refit guns and systems one for one, load empty launchers: right-click "
                "a mount (or Enter on it)."
            )
        if data.hidden:
            return (
                f"<b>{name}</b> ({owner}): fog of war hides its manifest until one of your "
                "ships is within detector range."
            )
        return f"<b>{name}</b> ({owner})"

    def _refit_base(self, state: GameState, ship: Ship) -> str | None:
        """The base whose services the player at the table may use on this sheet now."""
        session = self.session
        if session is None or session.replaying or session.read_only or state.over:
            return None
        seat = session.seat()
        if seat is None or ship.owner != seat.id or state.pending or not ship.in_play:
            return None
        if engine.current_phase(state) != RESUPPLY:
            return None
        from core.rules.interplanetary.bases import base_of

        base = base_of(state, ship)
        return base.name if base is not None else None

    def _show_sheet(self, data: SheetData, *, editable: bool) -> None:
        if self.sheet is None or self.sheet.read_only == editable:
            old = self.sheet
            self.sheet = SheetWidget(data, read_only=not editable)
            self.sheet.setMinimumSize(SHEET_MIN)
            self.sheet.menu_requested.connect(self.show_mount_menu)
            self.sheet.remove_requested.connect(self.take_out)
            self.sheet.dropped.connect(self._dropped)
            if old is not None:
                self._scroll.takeWidget()
                old.hide()
                old.deleteLater()
            self._scroll.setWidget(self.sheet)
        self.sheet.set_data(data)
        self.sheet.show()
        self._scroll.show()
        self._layout.setStretch(2, 0)  # the sheet takes the room below the title

    def _clear(self, text: str) -> None:
        self.ship_id = None
        self.base = None
        self.title.setText(text)
        if self.sheet is not None:
            self.sheet.hide()
        self._scroll.hide()
        self._layout.setStretch(2, 1)  # the message stays at the foot of the dock
        self.message.setText("")

    def _show_message(self) -> None:
        self.message.setText(f"Not done: {self._refusal}" if self._refusal else "")
        self.message.setStyleSheet("color: #b03a2e;" if self._refusal else "")

    # ---- refits and loads

    def offers(self, slot: Slot) -> list[Offer]:
        """Every choice for a mount point, each tried on the engine for its price or
        the reason it is refused."""
        state, ship = self._state_and_ship()
        if state is None or ship is None or self.base is None:
            return []
        aid = aid_of(state.rules)
        assert aid is not None
        current = outfitting.item_at(aid, manifest_or_empty(aid, ship), slot)
        player = ship.owner
        from core.rules.interplanetary.bases import Load, Refit

        if slot.role == "single_use":
            return [Offer("Single-use modules are not changed at a base", None)]
        if slot.role == "launchers":
            if current is not None:
                return [Offer(f"{current.name} is loaded: launch it in the launch phase", None)]
            return [
                self._try(state, ship, f"Load a {w.name}", Load(player, ship.id, slot.point, w.id))
                for w in aid.launched
            ]
        role, kind = slot.role, outfitting.KIND_OF_ROLE[slot.role]
        offers = [
            self._try(state, ship, item.name, Refit(player, ship.id, role, slot.point, item.id))
            for item in outfitting.catalogue(aid, kind)
            if current is None or item.id != current.id
        ]
        if current is not None:
            take = Refit(player, ship.id, role, slot.point, None)
            offers.append(self._try(state, ship, f"Take out the {current.name}", take))
        return offers

    def _try(self, state: GameState, ship: Ship, label: str, command: Command) -> Offer:
        try:
            after, _ = engine.apply(state, command)
        except IllegalCommand as exc:
            return Offer(label, command, None, str(exc))
        return Offer(label, command, ship.points - after.ship(ship.id).points)

    def mount_menu(self, slot: Slot) -> QMenu:
        """The mount's menu: each offer with its price, or why it cannot be had."""
        menu = QMenu(self)
        menu.setObjectName("refit_menu")
        state, _ = self._state_and_ship()
        aid = aid_of(state.rules) if state is not None else None
        if aid is not None:
            menu.setTitle(outfitting.slot_name(aid, slot))
        for offer in self.offers(slot):
            if offer.command is None:
                action = menu.addAction(offer.label)
                action.setEnabled(False)
                continue
            if offer.allowed:
                price = "free" if offer.price == 0 else f"{offer.price} pt"
                text = f"{offer.label}  ({price})"
            else:
                text = f"{offer.label}  (not possible)"
            action = menu.addAction(text)
            action.setToolTip(offer.reason)
            action.setData(offer)
            action.triggered.connect(lambda _=False, s=slot, o=offer: self.choose(s, o))
        menu.setToolTipsVisible(True)
        return menu

    def show_mount_menu(self, slot: Slot, at: QPoint) -> QAction | None:
        if self.base is None:
            return None
        return self.mount_menu(slot).exec(at)

    def choose(self, slot: Slot, offer: Offer) -> bool:
        """Give the offer's command; a refusal is shown naming the slot."""
        state, _ = self._state_and_ship()
        if offer.command is None or self.session is None or state is None:
            return False
        aid = aid_of(state.rules)
        assert aid is not None
        where = outfitting.slot_name(aid, slot)
        self._refusal = ""
        self._giving = where
        try:
            done = self.session.apply(offer.command)
        finally:
            self._giving = ""
        if done:
            self._refusal = ""
            self._show_message()
        return done

    def take_out(self, slot: Slot) -> bool:
        """Delete on a mount: take the gun or system module out (a refit to nothing)."""
        for offer in self.offers(slot):
            if offer.label.startswith("Take out"):
                return self.choose(slot, offer)
        state, _ = self._state_and_ship()
        aid = aid_of(state.rules) if state is not None else None
        if aid is not None and self.base is not None:
            where = outfitting.slot_name(aid, slot)
            what = "launched weapons are launched, not taken out"
            if slot.role == "single_use":
                what = "single-use modules are not changed at a base"
            elif slot.role != "launchers":
                what = "it is already empty"
            self._refusal = f"{where}: {what}"
            self._show_message()
        return False

    def _dropped(self, slot: Slot, payload: str) -> None:
        state, _ = self._state_and_ship()
        aid = aid_of(state.rules) if state is not None else None
        if aid is None:
            return
        where = outfitting.slot_name(aid, slot)
        self._refusal = (
            f"{where}: a base refits one mount at a time; right-click it to choose what goes there"
        )
        self._show_message()

    def _refused(self, reason: str) -> None:
        if self._giving:
            self._refusal = f"{self._giving}: {reason}"
            self._show_message()

    def refusal(self) -> str:
        return self._refusal

    def _state_and_ship(self) -> tuple[GameState | None, Ship | None]:
        if self.session is None:
            return None, None
        state = self.session.state
        return state, _find(state, self.ship_id)


def _find(state: GameState, ship_id: str | None) -> Ship | None:
    if ship_id is None:
        return None
    try:
        return state.ship(ship_id)
    except KeyError:
        return None
