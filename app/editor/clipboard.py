"""Copy, cut and paste of a region of hexes with what is on it: terrain, bodies (by
centre), bases, hand-set gravity and the scenario's ships. Pasting moves it all by one
offset (in place: none) as one undo step; pasted names that clash get a number."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from app.editor.commands import MapCommand, ScenarioCommand, TerrainCommand
from app.editor.document import Cell, Document
from app.editor.tools.objects import unique
from core.board.hexgrid import Hex, HexError
from core.board.starmap import Base, Body, GravityOverride


@dataclass(frozen=True)
class Region:
    """What was copied, at the hexes it was copied from."""

    hexes: frozenset[Hex]
    cells: tuple[tuple[Hex, Cell], ...]
    bodies: tuple[Body, ...]
    bases: tuple[Base, ...]
    overrides: tuple[GravityOverride, ...]
    ships: tuple[tuple[Hex, Hex | None, dict[str, Any]], ...]

    def anchor(self) -> Hex:
        """The region's top-left hex, which a paste puts under the mouse."""
        return min(self.hexes, key=lambda h: (h.r + h.q / 2, h.q))


def _ships(document: Document, hexes: frozenset[Hex]) -> list[tuple[int, Hex, Hex | None]]:
    labels = document.map.objects.bounds.labels
    out = []
    for i, s in enumerate((document.scenario or {}).get("ships", [])):
        try:
            at = labels.parse(str(s.get("hex", "")))
            came = labels.parse(str(s["came_from"])) if "came_from" in s else None
        except HexError:
            continue
        if at in hexes:
            out.append((i, at, came))
    return out


def copy_region(document: Document, hexes: frozenset[Hex]) -> Region:
    m = document.map.objects
    cells = document.map.cells
    ships = (document.scenario or {}).get("ships", [])
    return Region(
        hexes,
        tuple((h, cells[h]) for h in hexes if h in cells),
        tuple(b for b in m.bodies if b.centre in hexes),
        tuple(b for b in m.bases if b.hex in hexes),
        tuple(o for o in m.overrides if o.hex in hexes),
        tuple((at, came, dict(ships[i])) for i, at, came in _ships(document, hexes)),
    )


def clear_region(document: Document, hexes: frozenset[Hex], text: str) -> None:
    """Take everything off the hexes, as one step."""
    m = document.map.objects
    stack = document.stack
    stack.beginMacro(text)
    cells = {h: document.map.cells[h] for h in hexes if h in document.map.cells}
    if cells:
        stack.push(TerrainCommand(document, cells, dict.fromkeys(cells), "Clear terrain"))
    after = replace(
        m,
        bodies=tuple(b for b in m.bodies if b.centre not in hexes),
        bases=tuple(b for b in m.bases if b.hex not in hexes),
        overrides=tuple(o for o in m.overrides if o.hex not in hexes),
    )
    if after != m:
        stack.push(MapCommand(document, m, after, "Remove objects"))
    gone = {i for i, _, _ in _ships(document, hexes)}
    if gone and document.scenario is not None:
        data = document.scenario_copy()
        data["ships"] = [s for i, s in enumerate(data["ships"]) if i not in gone]
        stack.push(ScenarioCommand(document, document.scenario_copy(), data, "Remove ships"))
    stack.endMacro()


def paste_region(document: Document, region: Region, at: Hex | None) -> frozenset[Hex]:
    """Paste with the region's anchor on ``at`` (None: in place); returns the hexes
    pasted onto, on the map."""
    shift = Hex(0, 0) if at is None else at - region.anchor()
    m = document.map.objects
    inside = m.bounds.contains

    def moved(h: Hex) -> Hex:
        return h + shift

    stack = document.stack
    stack.beginMacro("Paste in place" if at is None else "Paste")
    cells = {moved(h): c for h, c in region.cells if inside(moved(h))}
    cleared = {moved(h): None for h in region.hexes if inside(moved(h)) and moved(h) not in cells}
    change = {**cleared, **cells}
    old = {h: document.map.cells.get(h) for h in change}
    if any(old[h] != c for h, c in change.items()):
        stack.push(TerrainCommand(document, old, change, "Paste terrain"))
    names = {b.name for b in m.bodies}
    bodies = []
    for b in region.bodies:
        bodies.append(replace(b, centre=moved(b.centre), name=unique(b.name, names)))
        names.add(bodies[-1].name)
    base_names = {b.name for b in m.bases}
    bases = []
    for base in region.bases:
        bases.append(replace(base, hex=moved(base.hex), name=unique(base.name, base_names)))
        base_names.add(bases[-1].name)
    pasted_at = {o.hex + shift for o in region.overrides}
    overrides = [o for o in m.overrides if o.hex not in pasted_at]
    overrides += [replace(o, hex=moved(o.hex)) for o in region.overrides]
    after = replace(
        m,
        bodies=(*m.bodies, *bodies),
        bases=(*m.bases, *bases),
        overrides=tuple(overrides),
    )
    if after != m:
        stack.push(MapCommand(document, m, after, "Paste objects"))
    if region.ships and document.scenario is not None:
        data = document.scenario_copy()
        labels = m.bounds.labels
        ids = {str(s.get("id")) for s in data.get("ships", [])}
        for start, came, ship in region.ships:
            new = dict(ship)
            new["id"] = unique(str(ship.get("id")), ids).replace(" ", "-")
            ids.add(new["id"])
            try:
                new["hex"] = labels.format(moved(start))
                if came is not None:
                    new["came_from"] = labels.format(moved(came))
            except ValueError:
                continue
            data.setdefault("ships", []).append(new)
        stack.push(ScenarioCommand(document, document.scenario_copy(), data, "Paste ships"))
    stack.endMacro()
    return frozenset(moved(h) for h in region.hexes if inside(moved(h)))
