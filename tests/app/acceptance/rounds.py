"""Three rounds of a built-in scenario, as the acceptance modules play them."""

from __future__ import annotations

from tests.app.acceptance.user import Player


def three_rounds(you: Player) -> list[str]:
    """Play rounds 1 to 3 with the window's controls only; the event log after."""
    you.play_rounds(3)
    you.take_seat()
    assert you.round() == 4, f"round {you.round()}: {you.log()[-3:]}"
    assert not you.over()
    return you.log()
