"""Phases that pass by themselves: when the player a game waits for has nothing to do in
the current phase but end it, the phase is ended for them, and the log says why.

One rule for every place a game goes on: the window's hot-seat table and a referee's
master (:mod:`app.play.session`), and the referee's command line and the turn a referee
plays (:mod:`core.campaign.mail.referee`), so a player file is never made for a phase in
which its player could do nothing. What a phase offers is asked of the rule system
(its ``work``), on the view of the player it waits for: what they could do is judged on
what they may see.
"""

from __future__ import annotations

from typing import Any

from core.engine import play
from core.engine.events import PhasePassed
from core.engine.work import Work
from core.vector.turns import plotting_phases

PLOTTING = Work("action", "plot your ships' courses")


def system_work(state: Any) -> Work:
    """What the rule system says the current phase offers (plotting aside)."""
    system = play.system_of(state)
    asked = getattr(system, "work", None)
    if asked is None:
        pending = getattr(state, "pending", ())
        if pending:
            return Work("action", pending[0].prompt())
        return Work("nothing", "there is nothing to do in this phase")
    level, what = asked(state)
    return Work(level, what)


def work(state: Any) -> Work:
    """What the current phase of ``state`` offers the player it waits for: plotting in a
    plotting phase, else the rule system's answer."""
    if getattr(state, "over", False):
        return Work("nothing", "")
    # a system without a vector sequence (the squadron game) has no plotting phase
    vector = getattr(getattr(state, "rules", None), "sequence", None) is not None
    plotting = vector and play.current_phase(state) in plotting_phases(state.rules)
    if plotting and not getattr(state, "pending", ()):
        return PLOTTING
    return system_work(state)


def stops(what: Work, *, skip_optional: bool = False) -> bool:
    """Whether the game stops for a phase offering ``what`` (optional extras stop it
    unless the players chose to pass them by)."""
    return what.level == "action" or (what.level == "optional" and not skip_optional)


def passing(state: Any, *, skip_optional: bool = False) -> PhasePassed | None:
    """The log's line for the current phase passing by itself for the player the game
    waits for (the phase is theirs to end: ``EndPhase(line.player)``), or None when the
    game stops for them (or for nobody: it is over)."""
    if getattr(state, "over", False):
        return None
    waiting = play.waiting_for(state)
    if not waiting:
        return None
    seat = waiting[0]
    offered = work(play.view(state, seat.id))
    if stops(offered, skip_optional=skip_optional):
        return None
    why = offered.what or "nothing to do"
    if offered.level == "optional":
        why = f"{why}, but phases with only optional extras are passed by (Game menu)"
    phase = play.current_phase(state)
    word = getattr(play.system_of(state), "phase_word", None)
    title = (word(phase) if word is not None else phase.replace("_", " ")).lower()
    return PhasePassed(f"{seat.name}'s {title} phase passes by itself: {why}", phase, seat.id)
