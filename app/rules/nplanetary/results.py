"""What became of the transfers of the last logistics phase, from the event log: each
transfer that went through or was refused, and whether the other side had ordered the
same one. The sealed orders themselves are gone once the phase resolves; the events
the engine logged then are what every player may read."""

from __future__ import annotations

from app.play.session import GameSession
from app.rules.nplanetary.reading import holder
from core.rules.nplanetary.logistics import Transferred, TransferRefused
from core.vector.state import GameState


def _about_transfers(event: object) -> bool:
    return isinstance(event, Transferred | TransferRefused)


def transfer_results(session: GameSession) -> list[str]:
    """The lines of the most recent logistics phase that had transfers (newest last)."""
    found: list[str] = []
    depth = None
    for entry in reversed(session.visible_log()):
        if not _about_transfers(entry.event):
            if found and entry.depth != depth:
                break
            continue
        if depth is None:
            depth = entry.depth
        elif entry.depth != depth:
            break
        event = entry.event
        if isinstance(event, Transferred | TransferRefused):
            found.append(event.text + _mark(session.state, event))
    return list(reversed(found))


def _mark(state: GameState, event: Transferred | TransferRefused) -> str:
    """Whether the other side's order matched, where it had to: nothing between a
    player's own ships and bases, or with a disabled one, which need no matching order
    (a newcomer read "not matched" on a transfer of their own as the reason it failed)."""
    if event.matched:
        return " (✓ matched)"
    party, other = holder(state, event.party), holder(state, event.other)
    if party is not None and other is not None and (party.owner == other.owner or other.open):
        return ""
    return " (✗ not matched)"
