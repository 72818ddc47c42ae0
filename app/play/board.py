"""The game on the map: ship counters, selection, and plotting a course with the mouse.

Select one of your ships (click it, pick it in the ship list, or Tab): its legal end
points appear. Ships sharing a hex fan out round it, each counter clicked to select it.
Hovering one shows the engine's preview of that course; clicking it
gives the order. Clicking another end point replaces the order; Undo or Take Back
withdraws it until the phase ends.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPen, QShortcut, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPolygonItem

from app.board.items import HEX_SIZE, hex_polygon
from app.board.scene import StarMapScene
from app.board.view import MapView
from app.play.docks import player_colour
from app.play.session import GameSession
from app.play.systems import DrawsOnMap, HexAsk
from app.vector.hazards import confirm_loss, option_hazard
from app.vector.overlay import ROLE_KEY, Z_OVERLAY, PlotOverlay
from app.vector.pieces import (
    OrdnanceMarker,
    ShipCounter,
    fan_offsets,
    ordnance_next_item,
    ordnance_offsets,
    ordnance_vector_item,
    trail_item,
    vector_item,
    wreck_item,
)
from core.board.hexgrid import Direction, Hex
from core.board.starmap import BaseKind
from core.engine import play as engine
from core.engine.errors import IllegalCommand
from core.vector import course_check
from core.vector.orders import Launch, Plot
from core.vector.preview import Option, Preview, preview, projection
from core.vector.state import GameState, Ordnance, Ship, ShipStatus

PROJECTION_TURNS = 6


class GameBoard(QObject):
    """Binds a :class:`GameSession` to a map scene and view.

    ``selection_changed`` carries the selected ship id (or None); ``hovered`` the
    option under the mouse (or None), for the course panel.
    """

    selection_changed = Signal(object)
    hovered = Signal(object)

    def __init__(self, session: GameSession, scene: StarMapScene, view: MapView) -> None:
        super().__init__()
        self.session = session
        self.scene = scene
        self.view = view
        self.overlay = PlotOverlay(scene.addItem, scene.layout)
        self.selected: str | None = None
        self.preview: Preview | None = None
        self.hovered_option: Option | None = None
        self._hovered_launch: Hex | None = None
        self._asking = False  # the hazard question is open: the course stays drawn
        self._hovered_hex: Hex | None = None
        self._on_counter = False  # the mouse is on a fanned-out counter: no dot under it
        self.show_projection = False
        self._pieces: list[QGraphicsItem] = []
        self.asking: HexAsk | None = None  # a rule system's dock asks for a hex
        self._asked: list[QGraphicsItem] = []
        # Esc anywhere in the window lets an asked hex go (on only while one is asked)
        self._esc = QShortcut(QKeySequence(Qt.Key.Key_Escape), view)
        self._esc.setContext(Qt.ShortcutContext.WindowShortcut)
        self._esc.setEnabled(False)
        self._esc.activated.connect(self._cancel_ask)
        self.counters: dict[str, ShipCounter] = {}
        view.hex_clicked.connect(self.click)
        view.hex_hovered.connect(self.hover)
        view.pointer_moved.connect(self._pointer)
        session.changed.connect(self.refresh)
        session.sketched.connect(self._sketch)
        session.asked.connect(self.ask)
        # a system whose bases are its own pieces says so (NPlanetary): the map's are not drawn
        scene.show_map_bases(getattr(session.ui, "map_bases", True))
        self.refresh()

    # ---- queries

    def centre(self, h: Hex) -> QPointF:
        return self.scene.centre_of(h)

    def colour(self, ship: Ship) -> QColor:
        player = self.session.state.player(ship.owner)
        return QColor(player.colour) if player.colour else QColor("#cccccc")

    def my_ships(self) -> list[Ship]:
        seat = self.session.seat()
        if seat is None:
            return []
        return [s for s in self.session.state.ships if s.owner == seat.id and s.in_play]

    def ships_at(self, h: Hex) -> list[Ship]:
        return [s for s in self.session.state.ships if s.in_play and s.motion.position == h]

    # ---- drawing

    def refresh(self) -> None:
        """Redraw ships and plans and recompute the selected ship's preview."""
        for item in self._pieces:
            self.scene.removeItem(item)
        self._pieces.clear()
        self.counters.clear()
        state = self.session.state
        by_hex: dict[Hex, list[Ship]] = {}
        for ship in state.ships:
            if ship.in_play:
                by_hex.setdefault(ship.motion.position, []).append(ship)
        tracks = self.session.tracks
        for ship in state.ships:
            if not ship.in_play:
                continue  # a lost ship leaves nothing on the map: no counter, vector or trail
            trail = tracks.get(ship.id, [])
            if len(trail) >= 2:
                self._piece(
                    trail_item(
                        ship.id, [self.centre(h) for h in trail], self.colour(ship), HEX_SIZE
                    )
                )
        for h, ships in by_hex.items():
            for ship, offset in zip(ships, fan_offsets(len(ships)), strict=True):
                colour = self.colour(ship)
                if ship.status is ShipStatus.ACTIVE and ship.motion.velocity.speed:
                    tip = h + ship.motion.velocity
                    self._piece(
                        vector_item(ship.id, self.centre(h), self.centre(tip), colour, HEX_SIZE)
                    )
                counter = ShipCounter(ship, colour, offset)
                counter.setPos(self.centre(h))
                counter.set_selected(ship.id == self.selected)
                self._piece(counter)
                self.counters[ship.id] = counter
        self._draw_ordnance(state, by_hex)
        self._draw_wrecks(state)
        if isinstance(self.session.ui, DrawsOnMap):  # the system's own pieces (outposts)
            for item in self.session.ui.map_pieces(state, self.centre):
                self._piece(item)
        if self.selected is not None:
            chosen: Ship | None
            try:
                chosen = state.ship(self.selected)
            except KeyError:
                chosen = None
            if chosen is None or not chosen.in_play:
                self.selected = None
        self._show_plans()
        self._update_preview()

    def _draw_ordnance(self, state: GameState, ships: dict[Hex, list[Ship]]) -> None:
        """Launched weapons beside the counters of the ships in their hex (``ships``)."""
        ui = self.session.ui
        by_hex: dict[Hex, list[Ordnance]] = {}
        for piece in state.ordnance:
            by_hex.setdefault(piece.motion.position, []).append(piece)
        for h, pieces in by_hex.items():
            offsets = ordnance_offsets(len(pieces), len(ships.get(h, [])))
            for piece, offset in zip(pieces, offsets, strict=True):
                behaviour = ui.weapon_behaviour(state, piece.weapon)
                colour = player_colour(state, piece.owner)
                if len(piece.path) >= 2:
                    points = [self.centre(p) for p in piece.path]
                    self._piece(ordnance_vector_item(points, colour, HEX_SIZE))
                if piece.motion.velocity.speed:  # where it goes next turn, as a ship's
                    tip = self.centre(h + piece.motion.velocity)
                    self._piece(ordnance_next_item(piece, self.centre(h), tip, colour, HEX_SIZE))
                marker = OrdnanceMarker(piece, behaviour, colour, offset)
                marker.setPos(self.centre(h))
                self._piece(marker)

    def _draw_wrecks(self, state: GameState) -> None:
        """Bases a kinetic buster destroyed, crossed out (on the hexside of a planetary base)."""
        for name in sorted(state.bases_lost):
            base = state.starmap.base(name)
            if base is None:
                continue
            c = self.centre(base.hex)
            if base.kind is BaseKind.PLANETARY:
                a = self.centre(base.approach)
                c = QPointF((c.x() + a.x()) / 2, (c.y() + a.y()) / 2)
            self._piece(wreck_item(name, c, HEX_SIZE))

    def _sketch(self, course: object) -> None:
        """A rule system's dock shows a course that is no ship's order (or takes it away)."""
        if isinstance(course, tuple):
            self.overlay.show_sketch(*course)
        else:
            self.overlay.show_sketch(None)

    def ask(self, asking: object) -> None:
        """A rule system's dock asks for a hex (a :class:`HexAsk`: each marked, with its
        tip; the selected ship's end points wait under them), or no more (None)."""
        found = asking if isinstance(asking, HexAsk) else None
        if found == self.asking:
            return
        self.overlay.points.setVisible(found is None)
        for item in self._asked:
            self.scene.removeItem(item)
        self._asked.clear()
        self.asking = found
        self._esc.setEnabled(found is not None)
        if found is None:
            return
        shape = hex_polygon(self.scene.layout)
        colour = QColor("#f0c040")
        fill = QColor(colour)
        fill.setAlpha(60)
        for h in sorted(found.hexes):
            c = self.centre(h)
            item = QGraphicsPolygonItem(QTransform().translate(c.x(), c.y()).map(shape))
            item.setPen(QPen(colour, 0.08 * HEX_SIZE, Qt.PenStyle.DashLine))
            item.setBrush(fill)
            item.setZValue(Z_OVERLAY + 3)
            item.setData(ROLE_KEY, "asked hex")
            item.setToolTip(found.tip)
            self.scene.addItem(item)
            self._asked.append(item)

    def _cancel_ask(self) -> None:
        """Esc while a hex is asked: the dock that asked stops asking."""
        asking = self.asking
        if asking is not None and asking.cancel is not None:
            asking.cancel()
        if self.asking is not None:  # a dock that cannot be told: the map asks no more
            self.session.asked.emit(None)

    def _piece(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self._pieces.append(item)

    def _show_plans(self) -> None:
        """The seat's own orders; other players' stay hidden."""
        state = self.session.state
        seat = self.session.seat()
        shown = []
        for ship_id, plan in state.plans:
            ship = state.ship(ship_id)
            if seat is None or ship.owner != seat.id:
                continue
            if plan.launch:
                tip = plan.to if plan.to is not None else ship.motion.position
            else:
                try:
                    tip = course_check.check_plan(state, ship, plan).tip
                except IllegalCommand:
                    continue
            shown.append((ship.motion.position, tip, self.colour(ship)))
        self.overlay.show_plans(shown)

    def _update_preview(
        self,
        ignore: frozenset[int] | None = None,
        picks: tuple[tuple[int, Direction], ...] | None = None,
    ) -> None:
        state = self.session.state
        seat = self.session.seat()
        self.preview = None
        self.hovered_option = self._hovered_launch = None
        ship = state.ship(self.selected) if self.selected else None
        mine = ship if ship is not None and seat is not None and ship.owner == seat.id else None
        if mine is not None and self.session.plots_on_map():
            self.preview = preview(state, mine.id, ignore, picks)
        self.overlay.show_points(self.preview)
        self.overlay.show_projection(
            projection(state, mine.id, PROJECTION_TURNS)
            if mine is not None and self.show_projection
            else []
        )
        self.selection_changed.emit(self.selected)

    # ---- interaction

    def select(self, ship_id: str | None) -> None:
        """Select a ship (any ship may be inspected; only your own can be plotted)."""
        self.selected = ship_id
        for sid, counter in self.counters.items():
            counter.set_selected(sid == ship_id)
        self._update_preview()

    def set_choices(self, ignore: frozenset[int], picks: tuple[tuple[int, Direction], ...]) -> None:
        """The player toggled a weak or two-directed gravity choice for this turn."""
        self._update_preview(ignore, picks)

    def set_projection(self, on: bool) -> None:
        self.show_projection = on
        self._update_preview(
            self.preview.ignore if self.preview else None,
            self.preview.picks if self.preview else None,
        )

    def next_ship(self) -> None:
        """Select the seat's next ship in play (Tab)."""
        mine = self.my_ships()
        if not mine:
            return
        ids = [s.id for s in mine]
        i = ids.index(self.selected) + 1 if self.selected in ids else 0
        self.select(ids[i % len(ids)])

    def hover(self, h: Hex | None) -> None:
        """Preview the end point (or launch hex) under the mouse, if any."""
        if self._asking:
            return  # the mouse left the map for the question about this course
        self._hovered_hex = h
        # a counter fanned out over an end point is what a click there selects
        p = None if self._on_counter else self.preview
        option = p.at(h) if p is not None and h is not None else None
        launch_to = h if p is not None and h in p.launch else None
        if (option, launch_to) == (self.hovered_option, self._hovered_launch):
            return
        self.hovered_option, self._hovered_launch = option, launch_to
        self.overlay.show_course(p.start if p else Hex(0, 0), option, launch_to)
        self.hovered.emit(option)

    def click(self, h: Hex) -> None:
        """Answer a rule system's dock asking for this hex, else commit the end point
        under the mouse, else select a ship in that hex."""
        if self.asking is not None and h in self.asking.hexes:
            self.asking.answer(h)
            return
        fanned = self._fanned_counter_clicked()
        if fanned is not None:  # drawn over the end points: what the player clicked
            self.select(fanned)
            return
        p = self.preview
        seat = self.session.seat()
        if p is not None and seat is not None:
            if h in p.launch:
                self.session.apply(Launch(seat.id, p.ship, to=h))
                return
            option = p.at(h)
            if option is not None:
                self._give(p, option)
                return
        here = self.ships_at(h)
        if not here:
            return
        mine = [s for s in here if seat is not None and s.owner == seat.id] or here
        ids = [s.id for s in mine]
        i = ids.index(self.selected) + 1 if self.selected in ids else 0
        self.select(ids[i % len(ids)])

    def _pointer(self, at: QPoint) -> None:
        """The mouse moved: on or off a fanned-out counter, the end point under it is
        previewed again (or no longer), as a click there would choose."""
        on = self._fanned_counter_at(at) is not None
        if on != self._on_counter:
            self._on_counter = on
            self.hover(self._hovered_hex)

    def _fanned_counter_clicked(self) -> str | None:
        return self._fanned_counter_at(self.view.clicked_at)

    def _fanned_counter_at(self, at: QPoint | None) -> str | None:
        """The ship whose counter, fanned out round a hex it shares, lies at viewport
        point ``at`` (a lone counter is its hex: a click there still gives an order or
        selects)."""
        if at is None:
            return None
        counter = next((i for i in self.view.items(at) if isinstance(i, ShipCounter)), None)
        if counter is None or counter.offset.isNull():
            return None
        return counter.ship.id

    def coast(self) -> None:
        """Order the selected ship to coast with the gravity choices shown."""
        p = self.preview
        seat = self.session.seat()
        if p is None or seat is None or not p.options:
            return
        option = p.at(p.drift)
        if option is not None:
            self._give(p, option)

    def _give(self, p: Preview, option: Option) -> None:
        """Give the order reaching ``option``; one that loses the ship only once the
        player confirms it, named (a red end point may be clicked by mistake)."""
        seat = self.session.seat()
        if seat is None:
            return
        ship = self.session.state.ship(p.ship)
        hazard = option_hazard(self.session.state, ship, option)
        lines = [f"{ship.name} {hazard}"] if hazard and self._may_order(ship, option) else []
        if lines and not self._confirm(lines):
            return  # (an order the game refuses anyway is not asked about: it says why)
        self.session.apply(Plot(seat.id, p.ship, option.order))

    def unplotted_losses(self) -> list[str]:
        """The seat's ships without an order that coasting would lose ("Alpha crashes
        into Sun"): ending the phase gives them that course without a click on the map."""
        return [line for _, _, line in self._unplotted_losses()]

    def _unplotted_losses(self) -> list[tuple[Ship, Option, str]]:
        state = self.session.state
        if not self.session.plots_on_map():
            return []
        found = []
        for ship in self.my_ships():
            if state.plan(ship.id) is not None or ship.status is not ShipStatus.ACTIVE:
                continue
            p = preview(state, ship.id)
            option = p.at(p.drift)
            hazard = option_hazard(state, ship, option) if option is not None else None
            if hazard is None or option is None or not self._may_order(ship, option):
                continue
            found.append((ship, option, f"{ship.name} has no order: coasting, it {hazard}"))
        return found

    def _may_order(self, ship: Ship, option: Option) -> bool:
        """Whether the player may give ``ship`` an order now (one sitting out a turn,
        after a rendezvous say, drifts whatever they click: nothing to ask them)."""
        try:
            engine.apply(self.session.live, Plot(ship.owner, ship.id, option.order))
        except IllegalCommand:
            return False
        return True

    def confirm_end(self) -> bool:
        """Before the player's orders are sealed: True unless a ship left to coast would
        be lost and the player cancels."""
        found = self._unplotted_losses()
        if not found:
            return True
        if not self._confirm([line for _, _, line in found]):
            return False
        # the coasting course is given as the order the player agreed to: a game that
        # plots over several phases (System III Void) does not ask again at each one
        seat = self.session.seat()
        for ship, option, _ in found:
            if seat is not None:
                self.session.apply(Plot(seat.id, ship.id, option.order))
        return True

    def _confirm(self, lines: list[str]) -> bool:
        """Ask about orders that lose ships, the course in question left on the map."""
        self._asking = True
        try:
            return confirm_loss(self.view, lines)
        finally:
            self._asking = False

    def centre_on_seat(self) -> None:
        """Centre the view on the first ship of the player at the table, and select it."""
        mine = self.my_ships()
        if mine:
            self.select(mine[0].id)
            self.view.centre_on_hex(mine[0].motion.position)

    def detach(self) -> None:
        """Stop listening (the window is closing this game)."""
        self.view.hex_clicked.disconnect(self.click)
        self.view.hex_hovered.disconnect(self.hover)
        self.view.pointer_moved.disconnect(self._pointer)
        self.session.changed.disconnect(self.refresh)
        self.session.sketched.disconnect(self._sketch)
        self.session.asked.disconnect(self.ask)
        self.ask(None)
        self._esc.setParent(None)  # the view outlives this board
        self._esc.deleteLater()
