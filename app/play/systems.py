"""The rule systems' user interfaces, found by the id of the rule system a game is played
by: the one way the generic app (shell, play, board, vector, campaign) reaches a rule
system's widgets and the questions only that system can answer.

Like the engine's registry (:mod:`core.engine.system`), a system's interface is named by
``"module:attribute"`` and imported only when a game of that system is shown, so start-up
loads none of them. What the window must lay out before that (the system's docks, so a
saved window layout can be restored, and its menu tools) is declared here as plain data,
the way a plug-in manifest declares its views before the plug-in is activated.

A system without an interface of its own gets :class:`PlainUI`: its games open with the
generic docks only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from core.engine.work import Work

__all__ = ["Work"]  # core's, named here for the systems' interfaces

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QGraphicsItem, QWidget

    from core.board.hexgrid import Hex
    from core.campaign.mail.files import PlayerFile
    from core.engine.commands import Command
    from core.scenario.document import Scenario, Seat
    from core.vector.state import GameState

#: the players' purchases by ship id, as a purchases step gives them to ``Scenario.start``
Outfits = Mapping[str, Any]


@dataclass(frozen=True)
class DockSlot:
    """A dock a system's interface fills during its games. The window builds it at
    start-up with ``placeholder`` in it, in ``area``, tabbed behind the generic dock
    ``tab_with`` if given."""

    key: str
    title: str
    placeholder: str
    area: Literal["left", "right", "bottom"] = "right"
    tab_with: str | None = None


@dataclass(frozen=True)
class Tool:
    """A menu entry of a system's interface that needs no game (Ship Designs…): the
    window calls ``ui.run_tool(name, window)`` when it is chosen."""

    name: str
    label: str
    tip: str = ""


@dataclass(frozen=True)
class UIEntry:
    """A registered interface: where to import it from, and what it declares before."""

    path: str
    docks: tuple[DockSlot, ...] = ()
    tools: tuple[Tool, ...] = ()
    rules_page: str = ""
    """A Markdown file of the system's rules for the Help window (the built-in systems'
    pages are in ``resources/help/rules/``)."""
    own_page: bool = False
    """The system's games are not vector games on a star map: its interface offers its
    own scenarios and shows its games on a page of its own (:class:`OwnGame`)."""
    round_word: str = "Round"
    """What a round of play is called (the Campaign dock's headings): "Day" in the
    squadron game, whose turn bar counts days."""


class PurchaseStep(Protocol):
    """The row of the New Game and New Campaign dialogs where players spend their
    points (a QWidget, hidden when the scenario has nothing to buy)."""

    def set_game(self, scenario: Scenario | None, seats: Sequence[Seat]) -> None: ...

    def outfits(self) -> Outfits: ...

    def unspent(self) -> str:
        """Who would start with points unspent, in words ('' when nobody)."""
        ...

    #: what the rule system does with points left unspent, one sentence for players
    unspent_fate: str


class SystemDocks(Protocol):
    """One window's panels of one system, by dock key (see :class:`DockSlot`). Panels
    that list the seat's own sealed orders say ``cleared_at_hand_over = True``: the
    window empties them (:meth:`clear`) while the seat is handed over."""

    panels: Mapping[str, QWidget]

    def refresh(self, session: Any, ship_id: str | None) -> str | None:
        """Show the game (``session``, the window's :class:`~app.play.session.GameSession`)
        and the selected ship; the key of a dock that has just begun to ask for the
        player's attention, to bring to the front, else None."""
        ...

    def clear(self) -> None:
        """The game has left the screen."""
        ...


class SystemUI(Protocol):
    """What the generic window asks of a rule system's interface."""

    @property
    def id(self) -> str:
        """The rule system's id (read-only: :class:`PlainUI` is frozen)."""
        ...

    def docks(self) -> SystemDocks:
        """New panels for the docks the system declared (one set per window)."""
        ...

    def can_act(self, state: GameState) -> bool:
        """Whether the player the game waits for has anything to do but end the phase
        (plotting aside); the session ends phases for them otherwise."""
        ...

    def work(self, state: GameState) -> Work:
        """What the current phase offers the player the game waits for (plotting
        aside), in the words the turn bar shows. Whether the game stops there is
        core's decision (:mod:`core.vector.idle`, from the rule system's ``work``),
        which this must agree with."""
        ...

    def phase_title(self, phase: str) -> str:
        """The players' name of a phase of the turn, capitalised, as the turn bar and
        its button show it ("Gun" for Interplanetary's guns: "End Gun Phase")."""
        ...

    def exact(self, command: Command) -> bool:
        """Whether ``command`` rolls no dice, so a quick game may take it back (orders
        always are)."""
        ...

    def hidden_ships(self, state: GameState, player: str) -> frozenset[str]:
        """The ships whose manifests (fuel, outfit) ``player`` may not see."""
        ...

    def purchases(self, parent: QWidget) -> PurchaseStep | None:
        """The purchases step of the new-game dialogs, or None for a system without."""
        ...

    def weapon_behaviour(self, state: GameState, weapon: str) -> str:
        """How the board draws a launched weapon in flight: ``"missile"``, ``"mine"``,
        ``"buckyball"`` or ``"buster"`` (a mine when the system does not say)."""
        ...

    def design_names(self) -> list[str]:
        """Names of the ship designs a scenario's ship may start with (map editor)."""
        ...

    def run_tool(self, name: str, parent: QWidget) -> None:
        """Run one of the system's :class:`Tool` entries."""
        ...


@runtime_checkable
class TellsShipState(Protocol):
    """A system's interface that says more of a ship than the generic docks know (System
    III Void's crew juice, railguns and cooldown): a few words for the Ships dock's
    Status column, and lines for the Course dock (and the row's tooltip)."""

    def ship_tags(self, state: GameState, ship_id: str) -> tuple[str, ...]:
        """Short words ("juiced", "cooldown 2") added to the ship's status."""
        ...

    def ship_lines(self, state: GameState, ship_id: str) -> tuple[str, ...]:
        """The ship's state in full sentences."""
        ...


@runtime_checkable
class NamesPlaces(Protocol):
    """A system's interface whose ships land at places of its own (NPlanetary's bases,
    kept by id): the name players know a place by, for the Ships dock."""

    def place_name(self, state: GameState, place: str) -> str: ...


@runtime_checkable
class DescribesHexes(Protocol):
    """A system's interface with words of its own for a hex, added to the status bar's
    when the mouse is over it (NPlanetary: whether an asteroid holds ore or water)."""

    def hex_words(self, state: GameState, where: Hex) -> tuple[str, ...]: ...


@runtime_checkable
class DrawsOnMap(Protocol):
    """A system's interface that draws pieces of its own on the map (NPlanetary's bases
    and outposts), beside the ships and ordnance the board draws for every system."""

    def map_pieces(self, state: GameState, centre: Callable[[Any], QPointF]) -> list[QGraphicsItem]:
        """New items for the state on show; ``centre`` gives a hex's centre on the map."""
        ...


@dataclass(frozen=True)
class HexAsk:
    """A rule system's dock asks the player for a hex on the map (System III Void: an
    extra ship's start, a torpedo group's aim). The dock sends it with the session's
    ``asked`` signal (None: it asks no more); the board marks ``hexes``, each with
    ``tip``, and gives a click on one of them to ``answer`` before plotting or selecting.
    The dock keeps its own controls for the same choice, the keyboard's way."""

    hexes: frozenset[Hex]
    tip: str
    answer: Callable[[Hex], None]
    #: Esc on the window: the dock stops asking (its map button comes back up)
    cancel: Callable[[], None] | None = field(default=None, compare=False)


class GameHost(Protocol):
    """What the main window lends a system's own game page: the turn bar (the page
    shows its steps, side and primary button there), the status line, the system's
    dock panels, and a call to make after every change so the window's menu actions
    and title follow the game."""

    turn_bar: Any
    status_label: Any

    def panel(self, key: str) -> QWidget | None: ...

    def own_game_changed(self) -> None: ...

    def activateWindow(self) -> None: ...


class GamePage(Protocol):
    """A game of a system with its own page, on show in the window's centre in place
    of the star map. The window's primary action (Ctrl+Enter) and Undo act on it.

    Optionally, ``zoom_view()``: the map view View › Zoom In, Zoom Out and Fit Map act on
    (None: nothing to zoom just now); without it they do nothing on the page."""

    title: str

    def widget(self) -> QWidget: ...

    def primary(self) -> None:
        """The turn bar's button: end the step (or seal the orders) for the side."""
        ...

    def primary_enabled(self) -> bool: ...

    def over(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def leave(self) -> None:
        """The game leaves the screen (its campaign, if any, is closed by the window)."""
        ...


@runtime_checkable
class MailPage(GamePage, Protocol):
    """A :class:`GamePage` that plays by mail (:mod:`app.campaign.mail`): it shows a
    player file for its player's orders, or a refereed master whole and read-only."""

    #: the player file shown, for its player's orders (None: not a player file)
    mail: PlayerFile | None
    #: why nothing may be ordered, said on the page when the game is read-only
    read_only_why: str

    def play_by_mail(self, mail: PlayerFile) -> None:
        """Show player file ``mail``: its player at the table, for their orders."""
        ...

    def refresh(self) -> None:
        """Show the game again (after ``read_only_why`` changed)."""
        ...

    def mail_orders(self) -> Sequence[Command]:
        """The orders given on a player file's page, for the order file."""
        ...

    def orders_saved(self) -> None:
        """The orders given so far are in an order file."""
        ...

    def unsaved(self) -> bool:
        """Orders given on a player file's page and not yet saved to an order file."""
        ...

    def referee(self, why: str) -> None:
        """Show the refereed master: everything, read-only (``why``)."""
        ...


class OwnGame(Protocol):
    """The optional part of a :class:`SystemUI` whose entry says ``own_page``: the
    scenarios New Game and New Campaign list for it (each with what
    :class:`~core.scenario.document.Scenario` offers those dialogs: ``id``, ``name``,
    ``description``, ``min_players``, ``max_players``, ``switches``, ``rules`` with
    ``system_id`` and ``switch_values``, and ``start(seats, seed, outfits=)``), and the
    page that shows a game from a state (kept in a campaign when ``record`` is given).

    Optionally, ``public_events(events)``: the events of a log entry every player may
    read, for the campaign dock everyone at the table shares (a system whose log tells
    one side what the other may not know)."""

    def scenarios(self) -> Sequence[Any]: ...

    def game_page(
        self,
        host: GameHost,
        state: Any,
        events: Sequence[Any],
        title: str,
        record: Any | None,
        read_only: bool,
    ) -> GamePage: ...


class PlainDocks:
    """No panels: the generic docks are all there is."""

    panels: Mapping[str, QWidget] = {}

    def refresh(self, session: Any, ship_id: str | None) -> str | None:
        return None

    def clear(self) -> None:
        pass


@dataclass(frozen=True)
class PlainUI:
    """The interface of a system without one of its own: plotting only."""

    id: str

    def docks(self) -> SystemDocks:
        return PlainDocks()

    def can_act(self, state: GameState) -> bool:
        return bool(state.pending)

    def work(self, state: GameState) -> Work:
        from core.vector.idle import system_work  # the engine loads with the first game

        return system_work(state)

    def phase_title(self, phase: str) -> str:
        return phase.capitalize()

    def exact(self, command: Command) -> bool:
        return False

    def hidden_ships(self, state: GameState, player: str) -> frozenset[str]:
        return frozenset()

    def purchases(self, parent: QWidget) -> PurchaseStep | None:
        return None

    def weapon_behaviour(self, state: GameState, weapon: str) -> str:
        return "mine"

    def design_names(self) -> list[str]:
        return []

    def run_tool(self, name: str, parent: QWidget) -> None:
        pass


COMBAT_PLACEHOLDER = "Combat controls appear when a game is on."
BATTLES_PLACEHOLDER = "A System III Void game's battles and encounters, during its games."
MANIFEST_PLACEHOLDER = "The selected ship's manifest sheet, during a game."
ORDERS_PLACEHOLDER = "Your orders for the phase, in a game of sealed orders."
ECONOMY_PLACEHOLDER = "Bases' stocks, ships' holds, purchases and transfers, during a game."
SHIP_PLACEHOLDER = "The selected ship's hold and damage tracks, during a game."
SHEET_PLACEHOLDER = "The selected squadron's sheet, during a squadron game."

#: the built-in interfaces, by rule-system id
BUILT_IN: dict[str, UIEntry] = {
    "interplanetary": UIEntry(
        "app.rules.interplanetary.ui:UI",
        docks=(
            DockSlot("combat", "Combat", COMBAT_PLACEHOLDER),
            # The sheet shares the ship list's place, so the map keeps the middle of the
            # window; it comes to the front when a hit is to be placed or a ship refits.
            DockSlot("manifest", "Manifest", MANIFEST_PLACEHOLDER, tab_with="ships"),
        ),
        tools=(Tool("designs", "Ship &Designs…", "Outfit, keep, print and share ship designs"),),
    ),
    "void": UIEntry(
        "app.rules.void.ui:UI",
        # hidden in the other systems' games, as theirs are in Void's
        # (its tactical-only scenarios are files New Game and New Campaign list)
        docks=(DockSlot("void", "Battles", BATTLES_PLACEHOLDER, tab_with="combat"),),
    ),
    "squadrons": UIEntry(
        "app.rules.squadrons.ui:UI",
        docks=(DockSlot("squadron_sheet", "Squadron Sheet", SHEET_PLACEHOLDER, tab_with="ships"),),
        own_page=True,
        round_word="Day",
        tools=(
            Tool(
                "squadron-designs",
                "S&quadron Designs…",
                "Design squadrons within a points budget, keep, print and share them",
            ),
        ),
        rules_page="",  # shipped: resources/help/rules/squadrons.md, found by the system's id
    ),
    "nplanetary": UIEntry(
        "app.rules.nplanetary.ui:UI",
        docks=(
            # Hidden in other systems' games; the dock the phase's orders are given in
            # comes to the front; the Ship dock shares the ship list's place.
            DockSlot("orders", "Orders", ORDERS_PLACEHOLDER, area="left"),
            DockSlot("economy", "Cargo && Economy", ECONOMY_PLACEHOLDER, tab_with="orders"),
            DockSlot("np_ship", "Ship", SHIP_PLACEHOLDER, tab_with="ships"),
        ),
        rules_page="",
    ),
}

_ENTRIES: dict[str, UIEntry] = dict(BUILT_IN)
_LOADED: dict[str, SystemUI] = {}


def register_ui(system_id: str, entry: UIEntry) -> None:
    """Make an interface known for the games of ``system_id``."""
    _ENTRIES[system_id] = entry
    _LOADED.pop(system_id, None)


def unregister_ui(system_id: str) -> None:
    """Forget an interface (tests clean up with this); a built-in one comes back."""
    _ENTRIES.pop(system_id, None)
    _LOADED.pop(system_id, None)
    if system_id in BUILT_IN:
        _ENTRIES[system_id] = BUILT_IN[system_id]


def round_word(state: Any) -> str:
    """What the rule system of a game ``state`` calls a round ("Round" if unknown)."""
    system = getattr(getattr(state, "rules", None), "system_id", "")
    entry = _ENTRIES.get(system)
    return entry.round_word if entry is not None else "Round"


def entries() -> Mapping[str, UIEntry]:
    """Every registered interface by system id, none of them imported."""
    return dict(_ENTRIES)


def own_game(system_id: str) -> OwnGame | None:
    """The interface of ``system_id`` when its games have a page of their own (not
    the star map), else None; only such a system's interface is imported."""
    entry = _ENTRIES.get(system_id)
    if entry is None or not entry.own_page:
        return None
    found: OwnGame = ui_for(system_id)  # type: ignore[assignment]
    return found


def own_scenarios() -> list[Any]:
    """The scenarios of every system with its own game page, for New Game."""
    found: list[Any] = []
    for system_id, entry in sorted(_ENTRIES.items()):
        if entry.own_page:
            game = own_game(system_id)
            if game is not None:
                found.extend(game.scenarios())
    return found


def ui_for(system_id: str) -> SystemUI:
    """The interface of ``system_id``'s games, imported now if it was not yet;
    :class:`PlainUI` for a system without one."""
    known = _LOADED.get(system_id)
    if known is not None:
        return known
    entry = _ENTRIES.get(system_id)
    if entry is None:
        ui: SystemUI = PlainUI(system_id)
    else:
        module, _, attribute = entry.path.partition(":")
        ui = getattr(importlib.import_module(module), attribute or "UI")
    _LOADED[system_id] = ui
    return ui
