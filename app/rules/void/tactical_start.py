"""Ships › Void Tactical Battle…: one of System III Void's tactical-only scenarios
(:mod:`core.rules.void.tactical.scenarios`) started as a quick game on its generated map
(open space, or a planet's edge with its atmosphere zones)."""

from __future__ import annotations

import secrets
from typing import Any

from PySide6.QtWidgets import QInputDialog, QWidget

from core.engine.play import start
from core.rules.void.tactical.scenarios import SCENARIOS
from core.vector.state import Player

#: the players' colours, attacker first (the palette the New Game dialog uses)
COLOURS = ("#E69F00", "#56B4E9", "#009E73")
TACTICAL_RULESET = "system3void-tactical"


def choose_and_start(parent: QWidget) -> None:
    """Ask which scenario, start it with a fresh seed and show it in the window."""
    titles = [s.title for s in SCENARIOS]
    title, ok = QInputDialog.getItem(
        parent,
        "Void Tactical Battle",
        "A battle at tactical scale only:\n"
        + "\n".join(f"• {s.title}: {s.description}" for s in SCENARIOS),
        titles,
        0,
        False,
    )
    if not ok:
        return
    chosen = SCENARIOS[titles.index(title)]
    from core.files.rulesets import load_ruleset

    setup = chosen.make(load_ruleset(TACTICAL_RULESET))
    names = {s.owner: s.side for s in setup.ships}
    players = tuple(
        Player(p, p.title(), names[p], COLOURS[i % len(COLOURS)]) for i, p in enumerate(setup.seats)
    )
    state, events = start(TACTICAL_RULESET, players, seed=secrets.randbits(32), setup=setup)
    window: Any = parent
    window.play(state, events, chosen.title)
