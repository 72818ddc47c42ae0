"""The combat preview in words, before an attack is sealed: for each target the share of
the strength committed, the range, the velocity term and what reaches it; then, with the
player's own attacks already given this phase added in, the ratio to the target's
strength and the band it falls in (what the die will then decide). The figures are the
rule system's (:func:`core.rules.nplanetary.combat_preview.preview`), the ones the combat
phase rolls against; only the words are the dock's."""

from __future__ import annotations

from fractions import Fraction

from app.rules.nplanetary.reading import name_of
from core.files.ruleset import show_amount
from core.rules.nplanetary.combat_preview import Odds, preview
from core.rules.nplanetary.combat_sight import blocking_body
from core.rules.nplanetary.combat_things import find_thing, seen
from core.rules.nplanetary.orders import Attack
from core.vector.state import GameState

#: the seven bands, weakest first, as the players' guide names them
BAND_WORDS = (
    "under 1:4, no effect",
    "1:4, a hit on a 6",
    "1:2, a hit on a 5 or 6",
    "1:1, one or two hits on a 4 to 6",
    "2:1, one or two hits on a 3 to 6",
    "3:1, one to three hits on a 2 to 6",
    "4:1, one to three hits on any roll",
)


def _fate(odds: Odds, together: bool) -> str:
    """What the target's total does, in words."""
    with_others = f" with your other attacks {show_amount(odds.total)}," if together else ""
    if odds.band is None:
        fate = "destroyed" if odds.total >= 1 else "survives (it needs 1 or more)"
        return f"  ordnance:{with_others} {fate}"
    ratio = odds.ratio if odds.ratio is not None else Fraction(0)
    band = BAND_WORDS[odds.band] if odds.band < len(BAND_WORDS) else f"band {odds.band + 1}"
    return f"  against strength {odds.defence}:{with_others} ratio {float(ratio):.2f}, band {band}"


def preview_text(state: GameState, attacker: str, targets: tuple[str, ...], strength: int) -> str:
    """The preview of ``attacker`` committing ``strength`` against ``targets``, with
    the seat's own attacks of this phase (the view's sealed orders) added in."""
    found = find_thing(state, attacker)
    if found is None:
        return ""
    owner = seen(state, found).owner
    draft = Attack(owner, attacker, targets, strength)
    given = [o for o in state.sealed if isinstance(o, Attack) and o.attacker != attacker]
    alone = {o.target: o for o in preview(state, [draft])}
    together = {o.target: o for o in preview(state, [*given, draft])}
    here = seen(state, found).position
    lines = []
    for target in targets:
        odds = alone.get(target)
        if odds is None:
            continue
        body = blocking_body(state.starmap, here, seen(state, find_thing(state, target)).position)  # type: ignore[arg-type]
        if body is not None:
            lines.append(f"{name_of(state, target)}: no line of fire, {body.name} is in the way")
            continue
        for s in odds.shares:
            sign = f"+{s.velocity}" if s.velocity >= 0 else str(s.velocity)
            lines.append(
                f"{odds.name}: share {show_amount(s.portion)}, range {s.range} (−{s.range}), "
                f"velocity term {sign}: {show_amount(s.applied)} reaches it"
            )
        both = together[target]
        lines.append(_fate(both, len(both.shares) > len(odds.shares)))
    return "\n".join(lines)
