"""What each board shows of a squadron game as one side sees it: the stacks of counters
on a system board (a "?" on top of what it hides; a fleet counter in place of its
members) and, on the jump board, each system's presence of either side."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from app.rules.squadrons.play.board_view import Face
from core.board.hexgrid import Hex
from core.engine.words import plural
from core.rules.squadrons.damage import now
from core.rules.squadrons.state import Counter, SquadronGame

#: the factors printed on a counter: jump-maneuver-sensor over attack-range-defense
TOP = ("jump", "maneuver", "sensor")
BOTTOM = ("attack", "attack_range", "defense")


def describe(state: SquadronGame, c: Counter) -> str:
    """A counter as its tooltip reads: name, side and factors now, hits."""
    f = now(state, c)
    kind = "planet" if c.is_planet else "squadron"
    text = (
        f"{c.name} ({c.side} {kind}): jump {f.jump}, maneuver {f.maneuver}, sensor range "
        f"{f.sensor}, attack {f.attack}, attack range {f.attack_range}, defense {f.defense}, "
        f"supply {f.supply}"
    )
    if c.hits:
        text += f"; {plural(c.hits, 'hit')}"
    return text


def face(state: SquadronGame, c: Counter, colour: str, selected: bool = False) -> Face:
    f = now(state, c)
    return Face(
        c.id,
        c.name,
        colour,
        describe(state, c),
        "-".join(str(f.get(n)) for n in TOP),
        "-".join(str(f.get(n)) for n in BOTTOM),
        c.hits,
        selected=selected,
    )


def colours(state: SquadronGame) -> dict[str, str]:
    """Each side's colour: its first player's."""
    found: dict[str, str] = {}
    for p in state.players:
        found.setdefault(p.side, p.colour or "#cccccc")
    return found


def stacks(
    state: SquadronGame, system: str, side: str, selected: Callable[[str], bool]
) -> list[tuple[Hex, list[Face]]]:
    """The stacks on ``system``'s board, top counter first."""
    colour = colours(state)
    by_hex: dict[Hex, list[Face]] = defaultdict(list)
    in_fleet = {m: f for f in state.fleets for m in f.members}
    shown_fleets: set[str] = set()
    for v in state.veils:
        if v.system == system and v.hex is not None:
            owner = "yours" if v.side == side else v.side
            tip = f'"?" counter ({owner}): hides what is under it'
            by_hex[v.hex].append(Face(v.id, "?", colour.get(v.side, ""), tip, unknown=True))
    for c in state.on_board():
        if c.place is None or c.place.system != system:
            continue
        fleet = in_fleet.get(c.id)
        if fleet is not None:
            if fleet.id not in shown_fleets:
                shown_fleets.add(fleet.id)
                tip = f"Fleet {fleet.name} ({c.side}): {plural(len(fleet.members), 'counter')}"
                by_hex[c.place.hex].append(
                    Face(fleet.id, fleet.name, colour.get(c.side, ""), tip, "Fleet", "")
                )
            continue
        by_hex[c.place.hex].append(face(state, c, colour.get(c.side, ""), selected(c.id)))
    return list(by_hex.items())


def presence(state: SquadronGame, side: str) -> list[tuple[Hex, list[Face]]]:
    """The jump board: per system, a counter for each side present there as ``side``
    sees it, and a "?" for a system hidden by a "?" on the jump board."""
    world = state.world
    colour = colours(state)
    found: list[tuple[Hex, list[Face]]] = []
    for system in world.systems:
        faces: list[Face] = []
        for s in state.sides:
            here = [c for c in state.on_board(s) if c.place and c.place.system == system.name]
            if here:
                words = plural(len(here), "counter")
                tip = f"{system.name}: {s}, {words}"
                face = Face(f"{system.name}:{s}", s, colour.get(s, ""), tip, "", f"×{len(here)}")
                faces.append(face)
        for v in state.veils:
            if v.system == system.name and v.hex is None:
                owner = "yours" if v.side == side else v.side
                tip = f'{system.name}: a "?" on the jump board ({owner})'
                faces.append(Face(v.id, "?", colour.get(v.side, ""), tip, unknown=True))
        if faces:
            found.append((system.hex, faces))
    return found
