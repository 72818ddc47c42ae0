"""What the boards show of a squadron game as one side sees it, as the board widgets'
plain values (:mod:`app.rules.squadrons.boards.faces`): the stacks on a system board (a
"?" on top of what it hides, a fleet counter in place of its members), each system's
counters on the jump board, and the transit track (where a squadron is bound only for
its own side).

The viewing side's own counters under its own "?" are shown to it on top of that "?",
each marked as veiled (:attr:`CounterFace.veiled`): a player sees at a glance what their
"?" hides, where the enemy sees the "?" alone (the side's view holds no enemy counter
under a "?", so no mark can tell the enemy anything)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from app.rules.squadrons.boards.faces import (
    FLEET,
    PLANET,
    SQUADRON,
    UNKNOWN,
    CounterFace,
    TransitEntry,
)
from core.board.hexgrid import Hex
from core.rules.squadrons.damage import now
from core.rules.squadrons.fog import hidden
from core.rules.squadrons.state import TRANSIT_DAYS, Counter, SquadronGame, Veil


def colours(state: SquadronGame) -> dict[str, str]:
    """Each side's colour: its first player's."""
    found: dict[str, str] = {}
    for p in state.players:
        found.setdefault(p.side, p.colour or "#cccccc")
    return found


def face(
    state: SquadronGame, c: Counter, colour: str, selected: bool = False, side: str = ""
) -> CounterFace:
    """Counter ``c`` as drawn for ``side`` (marked veiled when it is that side's own and
    under that side's "?"; never for another side, nor for an onlooker's "")."""
    return CounterFace(
        c.id,
        c.name,
        c.side,
        colour,
        PLANET if c.is_planet else SQUADRON,
        now(state, c),
        c.design.factors,
        c.hits,
        c.fuel,
        c.supply,
        c.admirals,
        selected=selected,
        veiled=bool(side) and c.side == side and hidden(state, c),
    )


def veil_face(v: Veil, colour: str) -> CounterFace:
    return CounterFace(v.id, "?", v.side, colour, UNKNOWN)


def stacks(
    state: SquadronGame, system: str, selected: Callable[[str], bool], side: str = ""
) -> list[tuple[Hex, list[CounterFace]]]:
    """The stacks on ``system``'s board, top counter first, as ``side`` sees them (its
    own counters under its own "?" on top of it, marked)."""
    colour = colours(state)
    by_hex: dict[Hex, list[CounterFace]] = defaultdict(list)
    in_fleet = {m: f for f in state.fleets for m in f.members}
    shown_fleets: set[str] = set()
    here = [(v, v.hex) for v in state.veils if v.system == system and v.hex is not None]
    for v, at in here:  # another side's "?" lies over all it hides
        if not side or v.side != side:
            by_hex[at].append(veil_face(v, colour.get(v.side, "")))
    for c in state.on_board():
        if c.place is None or c.place.system != system:
            continue
        fleet = in_fleet.get(c.id)
        if fleet is None:
            by_hex[c.place.hex].append(face(state, c, colour.get(c.side, ""), selected(c.id), side))
        elif fleet.id not in shown_fleets:
            shown_fleets.add(fleet.id)
            count = len(fleet.members)
            fleet_face = CounterFace(
                fleet.id,
                fleet.name,
                c.side,
                colour.get(c.side, ""),
                FLEET,
                count=count,
                veiled=bool(side) and c.side == side and hidden(state, c),
            )
            by_hex[c.place.hex].append(fleet_face)
    for v, at in here:  # the side's own "?" under what it hides, for that side
        if side and v.side == side:
            by_hex[at].append(veil_face(v, colour.get(v.side, "")))
    return list(by_hex.items())


def presence(state: SquadronGame, side: str = "") -> dict[str, list[CounterFace]]:
    """The jump board: each system's counters as ``side`` may see them, and the "?"
    counters placed on the jump board over a system (the side's own under its own
    counters there, which are marked)."""
    colour = colours(state)
    found: dict[str, list[CounterFace]] = defaultdict(list)
    jump_veils = [v for v in state.veils if v.hex is None]
    for v in jump_veils:
        if not side or v.side != side:
            found[v.system].append(veil_face(v, colour.get(v.side, "")))
    for c in state.on_board():
        if c.place is not None:
            found[c.place.system].append(face(state, c, colour.get(c.side, ""), side=side))
    for v in jump_veils:
        if side and v.side == side:
            found[v.system].append(veil_face(v, colour.get(v.side, "")))
    return dict(found)


def transit(state: SquadronGame, side: str) -> list[TransitEntry]:
    """The transit track: days to arrival, and the destination of ``side``'s own."""
    colour = colours(state)
    entries = []
    for c in state.in_transit():
        assert c.transit is not None
        days = min(max(TRANSIT_DAYS - c.transit.day, 1), TRANSIT_DAYS)
        bound = c.transit.destination if c.side == side else ""
        entries.append(TransitEntry(face(state, c, colour.get(c.side, "")), days, bound))
    return entries
