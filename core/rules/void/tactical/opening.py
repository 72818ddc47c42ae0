"""A tactical battle as a scenario file's opening: a scenario with no map of its own whose
``[opening]`` names Void's generated tactical map (``map = "void-tactical"``), the side
that attacks, the sides' strategic vectors as they met, and the body whose gravity the
meeting is in. It becomes the same :class:`~core.rules.void.battle.BattleSetup` a
strategic game opens, so the battle starts, and its map is generated, exactly as one
opened by a campaign.

The scenario reader asks :func:`read_opening` (checked, every problem with its field) and
takes the generated map and the ships' places from the :class:`BattleOpening`; the game
starts from :func:`battle_setup` once the players are seated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from core.board.hexgrid import ZERO, Hex, Vector
from core.board.starmap import BodyKind, Bounds, StarMap
from core.engine.serial import register
from core.files.ruleset import Ruleset
from core.rules.void.battle import Approach, BattleSetup, BattleShip, Role
from core.rules.void.crew import Kit
from core.rules.void.tables import tables_of
from core.rules.void.tactical.arena import arena
from core.rules.void.tactical.situation import start as situation_start
from core.vector.motion import Motion
from core.vector.state import Player, Ship

#: the maps Void generates, by the name an opening gives (``[opening] map``)
GENERATED_MAPS = ("void-tactical",)
#: where the strategic meeting is taken to be (a tactical battle's ships all start here)
HERE = Hex(0, 0)
FIELDS = ("map", "attacker", "place", "vectors", "body", "body_kind")
#: the body kinds a battle can meet (a star has no edge to fight at)
KINDS = tuple(k.value for k in BodyKind if k is not BodyKind.STAR)

Problems = list[tuple[str, str]]
#: the map of an opening still being read
_UNSET = StarMap("", Bounds(1, 1))


@register
@dataclass(frozen=True)
class BattleOpening:
    """A scenario's tactical battle: the attacking side, the place's name, each side's
    strategic vector (a side not listed is at rest), the body (and its kind) whose gravity
    the meeting is in, and what the reader needs before anyone is seated: the generated
    map and each ship's start on it."""

    attacker: str
    place: str
    vectors: tuple[tuple[str, Vector], ...]
    body: str | None
    body_kind: str | None
    starmap: StarMap
    places: tuple[tuple[str, Motion], ...]

    def vector(self, side: str) -> Vector:
        return dict(self.vectors).get(side, ZERO)


def read_opening(
    data: Mapping[str, Any],
    starmap: StarMap | None,
    rules: Ruleset,
    sides: Sequence[str],
    ships: Mapping[str, str | None],
) -> tuple[BattleOpening | None, Problems]:
    """The battle of a scenario's ``[opening]`` and its problems (field relative to
    ``opening``, message)."""
    problems: Problems = []
    for key in data:
        if key not in FIELDS:
            problems.append((key, f"unknown field {key!r} (fields: {', '.join(FIELDS)})"))
    name = data.get("map")
    if starmap is not None:
        problems.append(
            ("map", "a Void battle is fought on a generated map: leave out the scenario's map")
        )
    elif name not in GENERATED_MAPS:
        problems.append(("map", f"name the generated map: map = {GENERATED_MAPS[0]!r}"))
    attacker = _text(data, "attacker", problems)
    if attacker is not None and attacker not in sides:
        known = ", ".join(sides) or "none: give the scenario [[sides]]"
        problems.append(("attacker", f"there is no side {attacker!r} (sides: {known})"))
    if len(sides) < 2:
        problems.append(("attacker", "a battle needs two sides or more in [[sides]]"))
    for ship, side in ships.items():
        if side is None:
            problems.append(("attacker", f"ship {ship!r} has no side: give every ship a side"))
    fielded = set(ships.values())
    if attacker in sides and (attacker not in fielded or not fielded - {attacker, None}):
        problems.append(("attacker", "the attacking side and another need ships in [[ships]]"))
    vectors = _vectors(data.get("vectors", {}), sides, problems)
    body = _text(data, "body", problems, needed=False)
    kind = _text(data, "body_kind", problems, needed=False)
    if kind is not None and kind not in KINDS:
        problems.append(("body_kind", f"{kind!r} is not a body kind ({', '.join(KINDS)})"))
    if (body is None) != (kind is None):
        problems.append(("body", "give both body and body_kind, or neither (open space)"))
    place = _text(data, "place", problems, needed=False)
    if problems or attacker is None:
        return None, problems
    place = place or (f"near {body}" if body is not None else "in deep space")
    given = dict(vectors)
    provisional = tuple(
        BattleShip(
            i,
            i,
            str(side),
            str(side),
            "",
            "attacker" if side == attacker else "defender",
            HERE,
            given.get(str(side), ZERO),
            Fraction(0),
        )
        for i, side in ships.items()
    )
    # the map and the places depend only on the sides' vectors, not on who is seated
    opening = BattleOpening(attacker, place, vectors, body, kind, _UNSET, ())
    setup = _setup(opening, provisional, attacker, tuple(s for s in sides if s != attacker))
    generated, places = arena(situation_start(setup).places, body, kind)
    where = tuple((i, Motion(h, v)) for i, h, v in places)
    return replace(opening, starmap=generated, places=where), []


def battle_setup(
    opening: BattleOpening,
    rules: Ruleset,
    players: Sequence[Player],
    ships: Sequence[Ship],
    *,
    advanced: bool = False,
) -> BattleSetup:
    """The battle the seated scenario starts: each ship as a strategic game would bring it
    (at its side's vector, its fuel, a full missile load), the attacking side's first
    player the attacker and every other side's players the defenders."""
    battle = []
    for s in ships:
        role: Role = "attacker" if s.side == opening.attacker else "defender"
        load = tables_of(rules).row(s.unit).missile_load
        vector = opening.vector(s.side)
        battle.append(
            BattleShip(s.id, s.name, s.owner, s.side, s.unit, role, HERE, vector, s.fuel, Kit(load))
        )
    attacker = next((p.id for p in players if p.side == opening.attacker), players[0].id)
    defenders = tuple(dict.fromkeys(b.owner for b in battle if b.role == "defender"))
    return _setup(opening, tuple(battle), attacker, defenders, advanced=advanced)


def _setup(
    opening: BattleOpening,
    ships: tuple[BattleShip, ...],
    attacker: str,
    defenders: tuple[str, ...],
    *,
    advanced: bool = False,
) -> BattleSetup:
    va = opening.vector(opening.attacker)
    vd = next((s.velocity for s in ships if s.role == "defender"), ZERO)
    approach = Approach(HERE + -va, HERE, HERE, 0, (va - vd).speed, "free")
    return BattleSetup(
        attacker,
        defenders,
        ships,
        approach,
        "tactical",
        HERE,
        opening.place,
        1,
        opening.body,
        opening.body_kind,
        advanced=advanced,
    )


def _text(data: Mapping[str, Any], key: str, problems: Problems, *, needed: bool = True) -> Any:
    value = data.get(key)
    if value is None:
        if needed:
            problems.append((key, f"give the battle's {key}"))
        return None
    if not isinstance(value, str) or not value.strip():
        problems.append((key, f"{key} must be a name in quotes"))
        return None
    return value


def _vectors(
    value: Any, sides: Sequence[str], problems: Problems
) -> tuple[tuple[str, Vector], ...]:
    if not isinstance(value, Mapping):
        problems.append(("vectors", "give each side's vector: vectors = { Mars = [1, 0] }"))
        return ()
    out = []
    for side, v in value.items():
        where = f"vectors.{side}"
        if side not in sides:
            problems.append((where, f"there is no side {side!r} (sides: {', '.join(sides)})"))
        elif (
            not isinstance(v, list)
            or len(v) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in v)
        ):
            problems.append((where, "a vector is two whole numbers [q, r], hexes a turn"))
        else:
            out.append((side, Vector(v[0], v[1])))
    return tuple(sorted(out))
