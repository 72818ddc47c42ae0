"""What the optional rules forbid a ship for now: why it may not attack, launch or plot.

Three rules take a ship out of the fight for a while (seed "Optional rules"): a ship that
surrendered fires and launches no more; ships meeting in a space rendezvous sit out their
owner's next turn; a ship whose crew went boarding makes no other attack, and does not
fire back, that round. Guns, launches and plots ask here, so each rule's reason reaches
the player in the same words wherever it stops them.
"""

from __future__ import annotations

from core.vector.state import GameState, Ship


def sits_out(ship: Ship) -> str | None:
    """Why ``ship`` may do nothing this turn (no plot, launch, attack), or None."""
    if ship.skips:
        return f"{ship.name} sits out this turn after its rendezvous and drifts on its vector"
    return None


def held_back(state: GameState, ship: Ship) -> str | None:
    """Why ``ship`` may not attack or launch now, or None when nothing holds it back."""
    if ship.surrendered is not None:
        return f"{ship.name} has surrendered"
    if ship.id in state.boarded:
        return f"{ship.name}'s crew is away boarding this round"
    return sits_out(ship)
