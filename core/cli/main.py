"""The engine's command line: ``python -m core validate FILE...`` and ``info FILE``
(and ``plot FILE``; ``campaign info|replay|check FILE``: see :mod:`core.cli.campaign`;
``referee mode|status|import|play|export`` and ``orders check``: see :mod:`core.cli.mail`;
``tmx export|import``: see :mod:`core.cli.tmx`).

Both take map, ruleset and scenario files, told apart by their top-level ``format`` key
(``"ecliptic-ruleset"``, ``"ecliptic-scenario"``; anything else is read as a map); validate
also checks ship designs (``"ecliptic-design"``). Never shows a
traceback for a bad file: problems are printed one per line with their location, and the
exit status says whether everything was valid.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

from core.board.problems import FileProblems
from core.board.starmap import StarMap
from core.cli import campaign as campaign_cli
from core.cli import mail as mail_cli
from core.engine.words import plural
from core.files.ruleset import Ruleset, show_amount
from core.files.version import VersionAction
from core.rules.interplanetary.aid.carried import ForeignValue, aid_of
from core.scenario.document import Scenario
from core.scenario.documents import check_document, load_document
from core.vector.victory import describe


def _validate(files: list[Path]) -> int:
    from core.rules.interplanetary.aid.design import Design  # pydantic: only to validate

    status = 0
    for path in files:
        try:
            loaded = check_document(path)
        except FileProblems as exc:
            status = 1
            print(f"{path}: {plural(exc.total, 'problem')}", file=sys.stderr)
            for p in exc.problems:
                print(f"  {p}", file=sys.stderr)
            continue
        if isinstance(loaded, Ruleset):
            print(f"{path}: valid ruleset {loaded.name!r}, {_ruleset_summary(loaded)}")
        elif isinstance(loaded, Scenario):
            print(f"{path}: valid scenario {loaded.name!r}, {_scenario_summary(loaded)}")
        elif isinstance(loaded, Design):
            print(f"{path}: valid design {loaded.name!r} for the {loaded.ruleset} ruleset")
        else:
            print(f"{path}: valid map {loaded.name!r}, {_summary(loaded)}")
    return status


def _ruleset_summary(r: Ruleset) -> str:
    return (
        f"{r.id} version {r.version}, {r.sequence.order} turns, "
        f"{len(r.sequence.phases)} phases, {len(r.units)} unit classes"
    )


def _scenario_summary(s: Scenario) -> str:
    ships = _ship_counts(s)
    conditions = len(s.victory)
    return (
        f"{s.players_text} on {s.starmap.name!r} ({s.rules.id}), {', '.join(ships)}, "
        f"{conditions} victory condition{'s' if conditions != 1 else ''}"
    )


def _ship_counts(s: Scenario) -> list[str]:
    """ "1 ship per player"; "2 ships per player of Guards", "1 ship for Guards"."""

    def ships(n: int) -> str:
        return f"{n} ship{'s' if n != 1 else ''}"

    every = sum(1 for ship in s.ships if ship.side is None)
    counts = [f"{ships(every)} per player"] if every else []
    for side in s.sides:
        each = sum(1 for ship in s.ships if ship.side == side and ship.each)
        fixed = sum(1 for ship in s.ships if ship.side == side and not ship.each)
        counts += [f"{ships(each)} per player of {side}"] if each else []
        counts += [f"{ships(fixed)} for {side}"] if fixed else []
    return counts


def _summary(m: StarMap) -> str:
    b = m.bounds
    return (
        f"{b.width}x{b.height} {b.orientation.value} hexes, {len(m.bodies)} bodies, "
        f"{len(m.bases)} bases, {len(m.zones)} zones"
    )


def _info(path: Path) -> int:
    try:
        loaded = load_document(path)
    except FileProblems as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 1
    if isinstance(loaded, Ruleset):
        _ruleset_info(loaded, path)
    elif isinstance(loaded, Scenario):
        _scenario_info(loaded, path)
    else:
        _map_info(loaded, path)
    return 0


def _ruleset_info(r: Ruleset, path: Path) -> None:
    def amounts(values: tuple[object, ...]) -> str:
        return ", ".join(show_amount(v) if isinstance(v, Fraction) else str(v) for v in values)

    print(f"{r.name}  ({path})")
    print(f"  id {r.id}, ruleset version {r.version}")
    if r.description:
        print(f"  {r.description.strip().splitlines()[0]}")
    seq = r.sequence
    phases = ", ".join(f"[{p}]" if p == seq.movement_phase else p for p in seq.phases)
    print(f"  turns: {seq.order}; phases: {phases} (ships move in [brackets])")
    gravity = "off"
    if r.gravity:
        gravity = "on" if r.start_hex_gravity else "on, except in the hex a move starts from"
    print(f"  gravity: {gravity}; fuel per engagement: {show_amount(r.engagement_fuel)}")
    switches = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in r.switches) or "none"
    print(f"  switches: {switches}")
    print(f"  burn profiles ({len(r.profiles)}):")
    for name, pr in r.profiles:
        costs = (
            f"1 hex per {pr.g_per_hex} G of max acceleration, free"
            if pr.derive_from_max_accel
            else f"fuel for 1, 2... hexes: {amounts(pr.costs)}"
        )
        high = f"; high acceleration from {pr.high_from} hexes" if pr.high_from else ""
        cool = f"; cooldowns {amounts(pr.cooldown)}" if pr.cooldown else ""
        print(f"    {name:<12} {costs}{high}{cool}")
    print(f"  unit classes ({len(r.units)}):")
    for u in r.units:
        extra = [
            f"{label} {value}"
            for label, value in (
                ("max accel", u.max_accel),
                ("combat", u.combat),
                ("defence", u.defence),
                ("cargo", u.cargo),
                ("cost", u.cost),
            )
            if value is not None
        ]
        kind = "military" if u.military else "civilian"
        details = ", ".join([f"fuel {show_amount(u.fuel)}", *extra])
        print(f"    {u.name:<34} {kind:<8} {u.profile:<10} {details}")
    print("  asteroid roll:")
    for row in r.asteroid_table:
        rolls = str(row.low) if row.low == row.high else f"{row.low}-{row.high}"
        print(f"    {rolls:<4} {row.effect:<9} {row.text}")
    try:
        aid = aid_of(r)
    except ForeignValue:
        aid = None  # another system's tables (NPlanetary's)
    if aid is not None:
        print("  play aid:")
        first = aid.tables[0]
        totals = [str(first.first_roll + i) for i in range(len(first.results))]
        totals[0], totals[-1] = f"{totals[0]}-", f"{totals[-1]}+"
        print(f"    {'d6 + modifiers':<16} {' '.join(f'{t:<3}' for t in totals)}".rstrip())
        for t in aid.tables:
            cells = " ".join(f"{x.code:<3}" for x in t.results)
            print(f"    {t.name + ' table':<16} {cells}".rstrip())
        print(f"    hit locations    {', '.join(f'{s.location} {s.name}' for s in aid.subsystems)}")
        for label, items in (
            ("guns", aid.guns),
            ("launched", aid.launched),
            ("systems", aid.systems),
            ("single-use", aid.single_use),
        ):
            names = ", ".join(f"{i.name} ({'-' if i.cost is None else i.cost})" for i in items)
            print(f"    {label:<16} {names}")
        outfits = ", ".join(f"{x.name} ({x.budget})" for x in aid.loadouts)
        print(f"    example outfits  {outfits}")


def _scenario_info(s: Scenario, path: Path) -> None:
    print(f"{s.name}  ({path})")
    print(f"  id {s.id}; {s.players_text}; map {s.starmap.name!r}; ruleset {s.rules.name}")
    if s.description:
        print(f"  {s.description.strip().splitlines()[0]}")
    switches = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in s.switches) or "as the ruleset"
    print(f"  switches: {switches}")
    sides = ", ".join(s.sides) or "every player is a side of their own"
    print(f"  sides: {sides}")
    labels = s.starmap.bounds.labels
    print(f"  ships ({len(s.ships)}):")
    for ship in s.ships:
        whose = "every player" if ship.side is None else ship.side
        whose = f"each of {whose}" if ship.each else whose
        where = (
            f"landed on {ship.landed_at}"
            if ship.landed_at is not None
            else f"at {labels.format(ship.motion.position)}, speed {ship.motion.velocity.speed}"
        )
        fuel = show_amount(ship.fuel)
        print(f"    {ship.name:<26} {ship.unit:<10} {whose:<22} {where}, fuel {fuel}")
    print(f"  victory ({len(s.victory)}):")
    for condition in s.victory:
        print(f"    {describe(condition)}")


def _map_info(m: StarMap, path: Path) -> None:
    b = m.bounds
    print(f"{m.name}  ({path})")
    if m.description:
        print(f"  {m.description.strip().splitlines()[0]}")
    print(f"  size: {b.width} columns x {b.height} rows, {b.orientation.value}-top hexes")
    print(f"  leaving the map: {m.leaving.rule.value}")
    kinds = Counter(a.kind.value for g in m.gravity.values() for a in g.arrows)
    two = sum(1 for g in m.gravity.values() if g.two_directed)
    detail = ", ".join(f"{n} {k} arrows" for k, n in sorted(kinds.items())) or "none"
    print(
        f"  gravity hexes: {len(m.gravity)} ({detail}; {two} two-directed; "
        f"{len(m.overrides)} set by hand)"
    )
    print(f"  asteroid hexes: {len(m.asteroids)}, special: {len(m.special_owner)}")
    labels = b.labels
    print(f"  bodies ({len(m.bodies)}):")
    for body in m.bodies:
        gravity = body.gravity.value if body.gravity else "no"
        print(
            f"    {body.name:<12} {body.kind.value:<8} at {labels.format(body.centre)}, "
            f"{gravity} gravity"
        )
    print(f"  bases ({len(m.bases)}):")
    for base in m.bases:
        owner = f", owner {base.owner}" if base.owner else ""
        print(f"    {base.name:<26} {base.kind.value:<9} at {labels.format(base.hex)}{owner}")
    print(f"  zones ({len(m.zones)}):")
    for zone in m.zones:
        print(f"    {zone.name:<26} {len(zone.hexes)} hexes")
    if m.atmospheres:
        print(f"  atmospheres: {', '.join(a.name for a in m.atmospheres)}")


def program_name() -> str:
    """``ecliptic-core`` when run as the installed program, else ``python -m core``."""
    called = Path(sys.argv[0]).name.lower()
    return "ecliptic-core" if called.startswith("ecliptic-core") else "python -m core"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=program_name(), description="Ecliptic engine tools")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser(
        "validate",
        help="check map, ruleset, scenario and design files; exit 1 if any has a problem",
    )
    v.add_argument("files", nargs="+", type=Path)
    i = sub.add_parser("info", help="summarise a map, ruleset or scenario file")
    i.add_argument("file", type=Path)
    p = sub.add_parser("plot", help="a ship's options this turn, from a small TOML file")
    p.add_argument("file", type=Path)
    t = sub.add_parser("tmx", help="convert a map to or from a Tiled TMX file")
    tmx_sub = t.add_subparsers(dest="tmx_command", required=True)
    for name, help_text in (
        ("export", "MAP.toml (or a scenario) to OUT.tmx"),
        ("import", "IN.tmx to OUT.toml"),
    ):
        c = tmx_sub.add_parser(name, help=help_text)
        c.add_argument("source", type=Path)
        c.add_argument("target", type=Path)
    campaign_cli.add_parser(sub)
    mail_cli.add_parsers(sub)
    args = parser.parse_args(argv)
    if args.command == "tmx":
        from core.cli import tmx

        return tmx.run(args.tmx_command, args.source, args.target)
    if args.command == "campaign":
        return campaign_cli.run(args)
    if args.command in ("referee", "orders"):
        return mail_cli.run(args)
    if args.command == "validate":
        return _validate(args.files)
    if args.command == "plot":
        from core.cli.plot import main as plot_main

        return plot_main(args.file)
    return _info(args.file)
