"""Games the optional-rules tests share: open space, armed ships, a phase to reach."""

from __future__ import annotations

from fractions import Fraction

from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import EndPhase
from core.engine.play import active_player, apply, current_phase, new_game
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.manifest import fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.vector.motion import Motion
from core.vector.state import GameState, Player, Ship

OPEN = StarMap("Open space", Bounds(40, 40))
CENTRE = OPEN.bounds.labels.from_offset(20, 20)
RIVALS = (Player("a", "Ann", "red"), Player("b", "Bob", "blue"))
ALLIES = (Player("a", "Ann", "red"), Player("b", "Bob", "red"))


def aid() -> PlayAid:
    play_aid = load_ruleset("interplanetary").play_aid
    assert play_aid is not None
    return play_aid


def armed(
    sid: str,
    owner: str,
    side: str,
    at: Hex = CENTRE,
    v: Vector = ZERO,
    *,
    fuel: int = 10,
    launched: tuple[str, ...] = ("missile",),
    unit: str = "ship",
) -> Ship:
    manifest = fit(aid(), Outfit(guns=("artillery",), launched=launched))
    return Ship(
        sid, sid.title(), owner, side, unit, Motion(at, v), Fraction(fuel), manifest=manifest
    )


def game(
    *ships: Ship,
    players: tuple[Player, ...] = RIVALS,
    seed: int = 1,
    **switches: bool,
) -> GameState:
    state, _ = new_game(
        "interplanetary", OPEN, players, ships, seed=seed, switches=tuple(switches.items())
    )
    return state


def to_phase(state: GameState, phase: str, player: str | None = None) -> GameState:
    """End phases until ``phase`` of ``player`` (default: whoever's turn it is)."""
    while current_phase(state) != phase or (
        player is not None and getattr(active_player(state), "id", None) != player
    ):
        current = active_player(state)
        assert current is not None
        state, _ = apply(state, EndPhase(current.id))
    return state
