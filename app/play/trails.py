"""The trails ships leave on the map: where each ended its moves, by how many commands
had been given (the depth), so the replay view shows them as they were."""

from __future__ import annotations

from core.board.hexgrid import Hex
from core.vector.state import GameState, ShipStatus


class Trails:
    """Each ship's trail as ``(depth, hex)`` stops."""

    def __init__(self, state: GameState, depth: int) -> None:
        self._trails: dict[str, list[tuple[int, Hex]]] = {
            s.id: [(depth, s.motion.position)] for s in state.ships if s.status is ShipStatus.ACTIVE
        }

    def upto(self, depth: int) -> dict[str, list[Hex]]:
        """Each ship's trail after ``depth`` commands."""
        return {sid: [h for d, h in trail if d <= depth] for sid, trail in self._trails.items()}

    def extend(self, before: GameState, after: GameState, depth: int) -> None:
        """Extend each ship's trail with where it ended a move (a ship lifting off
        starts a new one)."""
        old = {s.id: s for s in before.ships}
        for ship in after.ships:
            prev = old.get(ship.id)
            if prev is None or prev.motion == ship.motion:
                continue
            trail = self._trails.setdefault(ship.id, [])
            if prev.status is ShipStatus.LANDED:
                trail.append((depth, ship.motion.position))
                trail[:] = [(d, h) for d, h in trail if d >= depth]
            elif not trail or trail[-1][1] != ship.motion.position:
                trail.append((depth, ship.motion.position))

    def cut(self, state: GameState, depth: int) -> None:
        """The game went back (or to another branch) to ``state`` after ``depth``
        commands: forget what came later, and start from where each ship is."""
        for trail in self._trails.values():
            trail[:] = [(d, h) for d, h in trail if d <= depth]
        for ship in state.ships:
            trail = self._trails.setdefault(ship.id, [])
            if ship.in_play and (not trail or trail[-1][1] != ship.motion.position):
                trail.append((depth, ship.motion.position))
