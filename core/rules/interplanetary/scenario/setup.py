"""What a scenario file (version 2) adds to a game beyond players and ships: outfits,
the market, bases' sides and stocks, no-fire zones, mine fields, another side at the
helm, ships coming back, and ships spread round a circle. Checked against the map and
the ruleset with every problem by field; laid onto the first game state by
:func:`apply_setup` (``docs/formats/scenario.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from core.board.hexgrid import Hex, HexError
from core.board.problems import FileProblems, Problem
from core.board.starmap import Leaving, LeavingRule, StarMap
from core.engine.errors import IllegalCommand, UnknownName
from core.engine.events import Event
from core.files.references import inside
from core.files.ruleset import Ruleset
from core.files.scenario_file import Scenario as _Scenario
from core.files.scenario_file import Ship as _Ship
from core.files.scenario_file import no_side
from core.rules.interplanetary.aid.carried import scenario_aid
from core.rules.interplanetary.aid.manifest import Manifest, OutfitError, fit
from core.rules.interplanetary.aid.playaid import Outfit, PlayAid
from core.rules.interplanetary.scenario.terms import BaseTerms, Control, NoFire, Start, Terms
from core.vector.state import GameState

#: the optional rule that lays a scenario's mine fields (on when a ruleset lacks it)
MINE_FIELDS = "mine_fields"


@dataclass(frozen=True)
class MineFieldSpec:
    side: str
    hexes: tuple[Hex, ...]
    weapon: str = "mine"


@dataclass(frozen=True)
class Setup:
    """A scenario's additions to its first game state. ``base_sides``: base and its side,
    ``neutral`` or ``closed``, for "Bases pick sides"."""

    market: str = "sell"
    terms: Terms | None = None
    mine_fields: tuple[MineFieldSpec, ...] = ()
    base_sides: tuple[tuple[str, str], ...] = ()
    missile_every: int | None = None
    #: the scenario's leaving rule for every ship (None: the map's)
    leaving: Leaving | None = None


def build_setup(
    m: _Scenario,
    sides: tuple[str, ...],
    fixed: dict[str, str],
    starmap: StarMap | None,
    rules: Ruleset | None,
    problems: list[Problem],
) -> Setup:
    """Check the version 2 tables; ``fixed`` maps the fixed sides' ship ids to sides."""
    aid = scenario_aid(rules) if rules is not None else None
    market = m.market.terms if m.market is not None else "sell"
    closed_others = m.market is not None and m.market.other_bases == "closed"
    bases = tuple(_bases(m, sides, starmap, aid, problems))
    no_fire = tuple(_no_fire(m, starmap, problems))
    mines = tuple(_mine_fields(m, sides, starmap, aid, problems))
    control: list[Control] = []
    for i, c in enumerate(m.control):
        where = f"control[{i}]"
        if c.ship not in fixed:
            problems.append(
                Problem(f"there is no ship {c.ship!r} of a fixed side", f"{where}.ship")
            )
        if c.side not in sides:
            problems.append(Problem(no_side(c.side, sides), f"{where}.side"))
        elif fixed.get(c.ship) == c.side:
            problems.append(Problem(f"{c.ship} is already {c.side}'s", f"{where}.side"))
        control.append(Control(c.ship, c.side, c.every, c.safe))
    respawn = m.special is not None and m.special.respawn
    ship_ids = {s.id for s in m.ships}
    late = tuple(m.special.moves_last) if m.special is not None else ()
    for i, ship in enumerate(late):
        if ship not in ship_ids:
            problems.append(Problem(f"there is no ship {ship!r}", f"special.moves_last[{i}]"))
    leaving, own_leaving = _leaving(m, ship_ids, problems)
    terms = Terms(
        no_fire=no_fire,
        bases=bases,
        closed_others=closed_others,
        control=tuple(control),
        respawn=respawn,
        moves_last=late,
        leaving=own_leaving,
    )
    base_sides: list[tuple[str, str]] = []
    if starmap is not None and (bases or closed_others):
        for base in starmap.bases:
            own = terms.base(base.name)
            if own is None:
                base_sides.append((base.name, "closed" if closed_others else "neutral"))
            else:
                side = "closed" if own.closed else own.side or "neutral"
                base_sides.append((base.name, side))
    every = {b.missile_every for b in bases if b.missile_every is not None}
    if len(every) > 1:
        problems.append(Problem("every base must launch missiles equally often", "bases"))
    return Setup(
        market=market,
        terms=terms if terms != Terms() else None,
        mine_fields=mines,
        base_sides=tuple(base_sides),
        missile_every=every.pop() if len(every) == 1 else None,
        leaving=leaving,
    )


def _leaving(
    m: _Scenario, ship_ids: set[str], problems: list[Problem]
) -> tuple[Leaving | None, tuple[tuple[str, Leaving], ...]]:
    """The scenario's ``[leaving]``: a rule for the whole game, or for some ships."""
    if m.leaving is None:
        return None, ()
    rule = Leaving(LeavingRule(m.leaving.rule), m.leaving.penalty_turns)
    for i, ship in enumerate(m.leaving.ships):
        if ship not in ship_ids:
            problems.append(Problem(f"there is no ship {ship!r}", f"leaving.ships[{i}]"))
    if not m.leaving.ships:
        return rule, ()
    return None, tuple((ship, rule) for ship in m.leaving.ships)


def _bases(
    m: _Scenario,
    sides: tuple[str, ...],
    starmap: StarMap | None,
    aid: PlayAid | None,
    problems: list[Problem],
) -> list[BaseTerms]:
    out = []
    for i, b in enumerate(m.bases):
        where = f"bases[{i}]"
        if starmap is not None and starmap.base(b.name) is None:
            known = ", ".join(x.name for x in starmap.bases) or "none"
            problems.append(
                Problem(
                    f"there is no base {b.name!r} on this map (bases: {known})", f"{where}.name"
                )
            )
        if any(o.name == b.name for o in m.bases[:i]):
            problems.append(Problem(f"{b.name} is listed twice", f"{where}.name"))
        if b.side is not None and b.side not in sides:
            problems.append(Problem(no_side(b.side, sides), f"{where}.side"))
        if b.closed and b.side is not None:
            problems.append(Problem("a closed base belongs to nobody", f"{where}.closed"))
        for field, names in (("stock", b.stock), ("produce", b.produce)):
            for name in names:
                _weapon(aid, name, f"{where}.{field}.{name}", problems)
        for j, gun in enumerate(b.guns):
            if aid is not None:
                try:
                    aid.gun(gun)
                except UnknownName as exc:
                    problems.append(Problem(str(exc), f"{where}.guns[{j}]"))
        out.append(
            BaseTerms(
                b.name,
                b.side,
                b.closed,
                tuple(sorted(b.stock.items())),
                tuple(sorted(b.produce.items())),
                b.missile_every,
                tuple(b.guns),
            )
        )
    return out


def _weapon(aid: PlayAid | None, name: str, where: str, problems: list[Problem]) -> None:
    if aid is None:
        problems.append(Problem("this ruleset has no launched weapons", where))
        return
    try:
        aid.launched_weapon(name)
    except UnknownName as exc:
        problems.append(Problem(str(exc), where))


def _no_fire(m: _Scenario, starmap: StarMap | None, problems: list[Problem]) -> list[NoFire]:
    out = []
    known = {z.name for z in starmap.zones} if starmap is not None else set()
    for i, entry in enumerate(m.no_fire):
        for j, zone in enumerate(entry.zones):
            if starmap is not None and zone not in known:
                listed = ", ".join(sorted(known)) or "none"
                problems.append(
                    Problem(
                        f"there is no zone {zone!r} on this map (zones: {listed})",
                        f"no_fire[{i}].zones[{j}]",
                    )
                )
        out.append(NoFire(tuple(entry.zones), entry.until_left))
    return out


def _mine_fields(
    m: _Scenario,
    sides: tuple[str, ...],
    starmap: StarMap | None,
    aid: PlayAid | None,
    problems: list[Problem],
) -> list[MineFieldSpec]:
    out = []
    for i, f in enumerate(m.mine_fields):
        where = f"mine_fields[{i}]"
        if f.side not in sides:
            problems.append(Problem(no_side(f.side, sides), f"{where}.side"))
        _weapon(aid, f.weapon, f"{where}.weapon", problems)
        hexes = []
        for j, label in enumerate(f.hexes):
            h = _hex(label, f"{where}.hexes[{j}]", starmap, problems)
            if h is not None:
                hexes.append(h)
        out.append(MineFieldSpec(f.side, tuple(hexes), f.weapon))
    return out


def _hex(label: str, where: str, starmap: StarMap | None, problems: list[Problem]) -> Hex | None:
    """A hex label on the map and outside every body."""
    if starmap is None:
        return None
    try:
        h = starmap.bounds.labels.parse(label)
    except HexError as exc:
        problems.append(Problem(str(exc), where))
        return None
    if not starmap.bounds.contains(h):
        problems.append(Problem(f"{label} is off the map", where))
        return None
    body = starmap.body_at(h)
    if body is not None:
        problems.append(Problem(f"{label} is inside {body.name}", where))
        return None
    return h


# ---- ships ----


def outfit_of(
    s: _Ship, where: str, rules: Ruleset | None, folder: Path, problems: list[Problem]
) -> Manifest | None:
    """The ship's manifest: a library design by name or file, or modules by count."""
    if not s.outfit and s.design is None:
        return None
    aid = scenario_aid(rules) if rules is not None else None
    if aid is None:
        if rules is not None:
            problems.append(Problem(f"the {rules.name} ruleset outfits no ships", where))
        return None
    if s.outfit and s.design is not None:
        problems.append(Problem("give either 'design' or 'outfit', not both", f"{where}.design"))
        return None
    if s.design is not None:
        return _design(s.design, f"{where}.design", folder, problems)
    try:
        return fit(aid, _outfit(aid, s.outfit))
    except (UnknownName, OutfitError) as exc:
        problems.append(Problem(str(exc), f"{where}.outfit"))
        return None


def _outfit(aid: PlayAid, counts: dict[str, int]) -> Outfit:
    kinds: dict[str, list[str]] = {"guns": [], "launched": [], "systems": [], "single_use": []}
    for name, count in counts.items():
        for kind, items in (
            ("guns", aid.guns),
            ("launched", aid.launched),
            ("systems", aid.systems),
            ("single_use", aid.single_use),
        ):
            if any(item.id == name for item in items):
                kinds[kind].extend([name] * count)
                break
        else:
            raise UnknownName(f"the play aid has no module {name!r}")
    return Outfit(*(tuple(kinds[k]) for k in ("guns", "launched", "systems", "single_use")))


def _design(name: str, where: str, folder: Path, problems: list[Problem]) -> Manifest | None:
    # here: only scenarios with designs need it
    from core.rules.interplanetary.aid.design_library import Library

    try:
        if name.endswith(".toml"):  # a design file beside the scenario
            from core.rules.interplanetary.aid.design import load_design

            return load_design(inside(name, folder)).manifest
        return Library(folder / "designs").find(name).manifest
    except FileProblems as exc:
        for p in exc.problems:
            problems.append(Problem(f"cannot use the design {name!r}: {p.message}", where))
        return None


def circle_hexes(centre: Hex, radius: int, count: int) -> list[Hex]:
    """``count`` hexes spread evenly round the ring of ``radius`` about ``centre``."""
    ring = centre.ring(radius)
    return [ring[round(i * len(ring) / count) % len(ring)] for i in range(count)]


def check_circle(
    s: _Ship, where: str, m: _Scenario, starmap: StarMap, problems: list[Problem]
) -> tuple[Hex, int] | None:
    """A circle of starts, checked for every number of players the scenario seats."""
    assert s.circle is not None
    if s.side is not None:
        problems.append(Problem("only ships every player gets start round a circle", where))
        return None
    centre = _hex_anywhere(s.circle.centre, f"{where}.circle.centre", starmap, problems)
    if centre is None:
        return None
    for n in range(m.players.min, m.players.max + 1):
        for h in circle_hexes(centre, s.circle.radius, n):
            label = starmap.bounds.labels.format(h)
            bad = starmap.body_at(h) is not None or starmap.gravity_at(h) is not None
            if not starmap.bounds.contains(h) or bad:
                problems.append(
                    Problem(
                        f"with {n} players a ship would start at {label}, off the map, in "
                        "a body or in gravity: choose another centre or radius",
                        f"{where}.circle",
                    )
                )
                return None
    return centre, s.circle.radius


def _hex_anywhere(label: str, where: str, starmap: StarMap, problems: list[Problem]) -> Hex | None:
    try:
        return starmap.bounds.labels.parse(label)
    except HexError as exc:
        problems.append(Problem(str(exc), where))
        return None


# ---- the first state ----


def apply_setup(
    state: GameState,
    setup: Setup,
    starts: tuple[Start, ...],
    copies: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[GameState, list[Event]]:
    """Lay the scenario's additions onto the first state: market, terms, mine fields,
    bases' sides (when the game has "Bases pick sides"). ``copies``: the ids of the
    ships made from each of the file's ships (every player's copy), for the rules that
    name ships by the file's ids."""
    terms = setup.terms
    if terms is not None and terms.respawn:
        terms = replace(terms, starts=starts)
    if terms is not None and copies is not None:
        ids = dict(copies)
        late = tuple(c for ship in terms.moves_last for c in ids.get(ship, (ship,)))
        own = tuple((c, rule) for ship, rule in terms.leaving for c in ids.get(ship, (ship,)))
        terms = replace(terms, moves_last=late, leaving=own)
    state = replace(state, market=setup.market, terms=terms)
    extra: dict[str, Any] = {}
    names = {f.name for f in fields(state)}
    if setup.base_sides and "base_sides" in names:
        extra["base_sides"] = setup.base_sides
    if setup.missile_every is not None and "base_missile_every" in names:
        extra["base_missile_every"] = setup.missile_every
    state = replace(state, **extra)
    events: list[Event] = []
    if setup.mine_fields and state.rules.switch_values(state.switches).get(MINE_FIELDS, True):
        from core.rules.interplanetary.combat.ordnance import mine_field

        for f in setup.mine_fields:
            owner = next((p for p in state.players if p.side == f.side), None)
            if owner is None:
                raise IllegalCommand(f"nobody plays {f.side} to lay its mine field")
            state, laid = mine_field(state, owner.id, f.hexes, f.weapon)
            events.extend(laid)
    return state, events
