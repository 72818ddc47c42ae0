"""What became of the transfers of the last logistics phase, from the event log: each
transfer that went through or was refused, and whether the other side had ordered the
same one. The sealed orders themselves are gone once the phase resolves; the events
the engine logged then are what every player may read."""

from __future__ import annotations

from app.play.session import GameSession
from core.rules.nplanetary.logistics import Transferred, TransferRefused


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
        matched = getattr(entry.event, "matched", False)
        mark = "✓ matched" if matched else "✗ not matched"
        found.append(f"{entry.event.text} ({mark})")
    return list(reversed(found))
