"""A ship veering off the mine or buckyball it has just dropped (the ruling switch
``veering_clears_own_mine``).

The manual has the launching ship swerve aside so as not to run into its own mine, and
its mine figure shows it doing so. Read on the hex grid, "meeting" a mine's vector means
sharing a hex with it; but a course one hex aside of a vector of speed 2 or more still
shares the hex next to the launch hex with it, so no burn would ever clear the mine.
Read as lines drawn on the map, two arrows leaving one point meet again only if one runs
along the other. With the switch on, Ecliptic takes the drawn reading for the launcher:
a ship and the piece it dropped, setting off from the same hex, meet only when the
ship's arrow points along the piece's (no burn, or a burn straight ahead or back).
Everyone else still meets the piece hex by hex, as before.
"""

from __future__ import annotations

from core.board.hexgrid import Hex, Vector

#: the ruling switch; off in games recorded before it, on for a game started now
VEER_SWITCH = "veering_clears_own_mine"


def along(piece: Vector, course: Vector) -> bool:
    """Whether two arrows drawn from one point run along the same line the same way,
    so that one lies on the other (parallel, pointing alike, neither of length 0)."""
    if piece.speed == 0 or course.speed == 0:
        return False
    cross = piece.q * course.r - piece.r * course.q
    return cross == 0 and piece.q * course.q + piece.r * course.r > 0


def veered_off(
    dropped_by: str | None, piece_start: Hex, piece_end: Hex, ship: str, start: Hex, end: Hex
) -> bool:
    """Whether ship ``ship``, flying ``start`` to ``end``, cleared the piece it dropped,
    flying ``piece_start`` to ``piece_end``: they set off together and part at once."""
    if dropped_by != ship or piece_start != start:
        return False
    return not along(piece_start.to(piece_end), start.to(end))
