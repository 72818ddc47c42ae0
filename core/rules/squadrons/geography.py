"""What the rules ask of the boards (:mod:`core.rules.squadrons.boards`), in one place:
the jump board's systems and distances, and of a system board its hexes, 100-diameter
limits, fuel sources and starports. A game keeps its :class:`Subsector` as ``world``."""

from __future__ import annotations

from core.board.hexgrid import Hex
from core.rules.squadrons.boards import Subsector


def system_names(world: Subsector) -> tuple[str, ...]:
    return tuple(s.name for s in world.systems)


def jump_distance(world: Subsector, origin: str, destination: str) -> int:
    return world.jump_distance(origin, destination)


def on_board(world: Subsector, system: str, hex: Hex) -> bool:
    return world.board(system).contains(hex)


def inside_limit(world: Subsector, system: str, hex: Hex) -> bool:
    return world.board(system).inside_limit(hex)


def fuel_source(world: Subsector, system: str, hex: Hex) -> bool:
    """A gas giant or starport within the boards' fuel reach of ``hex``."""
    return bool(world.board(system).fuel_sources(hex))


def starport(world: Subsector, system: str, hex: Hex) -> bool:
    return any(s.kind == "starport" for s in world.board(system).fuel_sources(hex))


def label(world: Subsector, system: str, hex: Hex) -> str:
    """A hex as players read it on that board ("1310")."""
    return world.board(system).label(hex)
