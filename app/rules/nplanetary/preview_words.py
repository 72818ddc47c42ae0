"""The combat preview in words, before an attack is sealed: for each target the share of
the strength committed, the range, the velocity term and what reaches it; then, with the
player's own attacks already given this phase added in, the ratio to the target's
strength and the band it falls in (what the die will then decide)."""

from __future__ import annotations

from fractions import Fraction

from app.rules.nplanetary.reading import name_of
from core.files.ruleset import show_amount
from core.rules.nplanetary import model
from core.rules.nplanetary.combat_math import hex_range, share_strength, velocity_term
from core.rules.nplanetary.combat_sight import blocking_body
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


def _motion(state: GameState, thing_id: str) -> object:
    inst = model.find_installation(state, thing_id)
    if inst is not None:
        return inst.motion
    try:
        return state.ship(thing_id).motion
    except KeyError:
        return state.piece(thing_id).motion


def _defence(state: GameState, thing_id: str) -> int | None:
    """The target's base strength (None: ordnance, destroyed by any strength of 1)."""
    inst = model.find_installation(state, thing_id)
    if inst is not None:
        return model.strength(state, inst)
    try:
        return model.strength(state, state.ship(thing_id))
    except KeyError:
        return None


def tally(
    state: GameState, attacker: str, targets: tuple[str, ...], strength: int
) -> list[tuple[str, Fraction, int, int, Fraction]]:
    """For each target: (id, share, range, velocity term, strength that reaches it)."""
    a = _motion(state, attacker)
    rows = []
    for target in targets:
        t = _motion(state, target)
        towards = t.position - a.position  # type: ignore[attr-defined]
        relative = a.velocity - t.velocity  # type: ignore[attr-defined]
        term = velocity_term(towards, relative)
        far = hex_range(a.position, t.position)  # type: ignore[attr-defined]
        share, net = share_strength(Fraction(strength), len(targets), far, term)
        rows.append((target, share, far, term, net))
    return rows


def preview_text(state: GameState, attacker: str, targets: tuple[str, ...], strength: int) -> str:
    given: dict[str, Fraction] = {}
    for order in state.sealed:  # the seat's own attacks of this phase (the view's)
        if isinstance(order, Attack) and order.attacker != attacker:
            top = _defence(state, order.attacker) or 0
            committed = top if order.strength is None else order.strength
            for target, _s, _r, _v, net in tally(state, order.attacker, order.targets, committed):
                given[target] = given.get(target, Fraction(0)) + net
    lines = []
    tables = model.tables_of(state)
    here = _motion(state, attacker).position  # type: ignore[attr-defined]
    for target, share, far, term, net in tally(state, attacker, targets, strength):
        sign = f"+{term}" if term >= 0 else str(term)
        body = blocking_body(state.starmap, here, _motion(state, target).position)  # type: ignore[attr-defined]
        if body is not None:
            lines.append(f"{name_of(state, target)}: no line of fire, {body.name} is in the way")
            continue
        lines.append(
            f"{name_of(state, target)}: share {show_amount(share)}, range {far} (−{far}), "
            f"velocity term {sign}: {show_amount(net)} reaches it"
        )
        total = net + given.get(target, Fraction(0))
        defence = _defence(state, target)
        with_others = f" with your other attacks {show_amount(total)}," if target in given else ""
        if defence is None:
            fate = "destroyed" if total >= 1 else "survives (it needs 1 or more)"
            lines.append(f"  ordnance:{with_others} {fate}")
            continue
        index, _band = tables.band(total, defence)
        ratio = total / defence if defence else Fraction(0)
        words = BAND_WORDS[index] if index < len(BAND_WORDS) else f"band {index + 1}"
        lines.append(
            f"  against strength {defence}:{with_others} ratio {float(ratio):.2f}, band {words}"
        )
    return "\n".join(lines)
