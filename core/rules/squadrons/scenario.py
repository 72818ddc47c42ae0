"""Squadron scenarios: TOML files (``scenarios/squadrons/``) read into a
:class:`~core.rules.squadrons.setup.Setup`, every problem named by file, field and line.

A scenario names its subsector (a built-in one, or a folder beside the file), its cost
scheme, the two sides with their points, the designs, every counter where it starts (with
the fuel, supply counters and admirals it carries), the "?" counters placed and in hand,
the switches and how it is won. Each side's navy is checked against its points under the
cost scheme, so a scenario cannot hand out more than it says. The format is
``docs/rules/squadrons.md`` ("Scenario files").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.board.hexgrid import Hex
from core.board.problems import FileProblems, Problem, Problems
from core.files import tomlio
from core.files.resources import SCENARIOS
from core.rules.squadrons import geography as geo
from core.rules.squadrons.boards import BoardProblems, Subsector, load_builtin, load_subsector
from core.rules.squadrons.cost_schemes import DEFAULT_SCHEME, load_scheme
from core.rules.squadrons.costs import check_purchase, purchase_price
from core.rules.squadrons.design import Design, Purchase, PurchaseLine
from core.rules.squadrons.design_file import design_from_table
from core.rules.squadrons.setup import Setup
from core.rules.squadrons.state import DEFAULT_SWITCHES, Counter, Place, Veil, Victory

FORMAT = "ecliptic-squadrons-scenario"
#: where the built-in squadron scenarios live
FOLDER = SCENARIOS / "squadrons"
_TOP = {
    "format", "version", "title", "description", "subsector", "costs", "sides", "designs",
    "counters", "veils", "victory", "switches",
}  # fmt: skip


_SIDE_KEYS = {"name", "points", "hand", "deploy"}


class ScenarioProblems(FileProblems):
    """A squadron scenario that cannot be played; every problem with its place."""


def builtin_scenarios() -> dict[str, Path]:
    """The squadron scenarios Ecliptic ships, by file stem."""
    return {p.stem: p for p in sorted(FOLDER.glob("*.toml"))}


def load_scenario(path: str | Path) -> Setup:
    """The setup a scenario file describes (a built-in one by its stem)."""
    found = builtin_scenarios().get(str(path))
    path = found or Path(path)
    data, text = tomlio.read_toml(path)
    return parse_scenario(data, text, str(path), path.parent)


def parse_scenario(data: dict[str, Any], text: str, file: str | None, folder: Path) -> Setup:
    problems: Problems = Problems()
    reader = _Reader(data, problems)
    if data.get("format") != FORMAT:
        problems.append(Problem(f'must be "{FORMAT}"', "format"))
    for key in sorted(set(data) - _TOP):
        problems.append(Problem(f"unknown field (known: {', '.join(sorted(_TOP))})", key))
    title = reader.text(data, "title", "title")
    world = _world(reader.text(data, "subsector", "subsector"), folder, problems)
    sides = reader.sides()
    designs = reader.designs()
    counters = reader.counters(sides, designs, world)
    veils = reader.veils(sides, world)
    victory = reader.victory(sides, world)
    switches = reader.switches()
    deploy = reader.deploy(sides, world)
    spent: dict[str, int] = {}
    if not problems:
        spent = _check_budgets(data, sides, designs, counters, veils, problems)
    if problems:
        raise ScenarioProblems(tomlio.located(list(problems), text, file).problems)
    assert world is not None and victory is not None
    hand = tuple((name, int(side.get("hand", 0))) for name, side in sides.items())
    budgets = tuple(
        (name, int(sides[name].get("points", 0)) - spent.get(name, 0)) for name in deploy
    )
    return Setup(
        title,
        world,
        tuple(sides),
        tuple(counters),
        tuple(veils),
        hand,
        victory,
        switches,
        budgets,
        tuple(deploy.items()),
        str(data.get("costs", DEFAULT_SCHEME)),
    )


def _world(name: str, folder: Path, problems: Problems) -> Subsector | None:
    if not name:
        return None
    try:
        if "/" in name or "\\" in name:
            return load_subsector(tomlio_inside(name, folder))
        return load_builtin(name)
    except (BoardProblems, FileProblems) as exc:
        problems.extend(
            Problem(f"{p.message} ({p.file or name})", "subsector") for p in exc.problems
        )
    return None


def tomlio_inside(name: str, folder: Path) -> Path:
    """A subsector folder named relative to the scenario's own folder."""
    path = (folder / name).resolve()
    if folder.resolve() not in path.parents:
        raise FileProblems([Problem("the subsector must be in a folder beside the scenario")])
    return path


def _check_budgets(
    data: dict[str, Any],
    sides: dict[str, dict[str, Any]],
    designs: dict[str, Design],
    counters: list[Counter],
    veils: list[Veil],
    problems: Problems,
) -> dict[str, int]:
    """Each side's counters and extras must be a purchase its points pay for; what
    each side's given navy costs."""
    scheme_id = data.get("costs", DEFAULT_SCHEME)
    try:
        scheme = load_scheme(str(scheme_id))
    except (FileProblems, KeyError, ValueError) as exc:
        problems.append(Problem(f"no cost scheme {scheme_id!r}: {exc}", "costs"))
        return {}
    spent: dict[str, int] = {}
    for i, (name, side) in enumerate(sides.items()):
        own = [c for c in counters if c.side == name]
        lines = tuple(
            PurchaseLine(d, sum(1 for c in own if c.design.name == d.name))
            for d in designs.values()
            if any(c.design.name == d.name for c in own)
        )
        purchase = Purchase(
            lines,
            unknowns=sum(1 for v in veils if v.side == name) + int(side.get("hand", 0)),
            supply=sum(c.supply for c in own),
            admirals=sum(c.admirals for c in own),
        )
        for refusal in check_purchase(purchase, int(side.get("points", 0)), scheme):
            problems.append(Problem(f"{name}: {refusal.reason}", f"sides[{i}].points"))
        spent[name] = purchase_price(purchase, scheme)
    return spent


class _Reader:
    """Reads the parts of a scenario table, adding every problem with its field."""

    def __init__(self, data: dict[str, Any], problems: Problems) -> None:
        self.data = data
        self.problems = problems

    def text(self, table: dict[str, Any], key: str, where: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            self.problems.append(Problem("must be some text", where))
            return ""
        return value.strip()

    def whole(self, table: dict[str, Any], key: str, where: str, default: int = 0) -> int:
        value = table.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self.problems.append(Problem(f"must be a whole number from 0 up, not {value!r}", where))
            return default
        return value

    def tables(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
            self.problems.append(Problem(f"must be a list of [[{key}]] tables", key))
            return []
        return value

    def sides(self) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for i, table in enumerate(self.tables("sides")):
            for key in sorted(set(table) - _SIDE_KEYS):
                known = ", ".join(sorted(_SIDE_KEYS))
                where = f"sides[{i}].{key}"
                self.problems.append(Problem(f"unknown field (known: {known})", where))
            name = self.text(table, "name", f"sides[{i}].name")
            self.whole(table, "points", f"sides[{i}].points")
            self.whole(table, "hand", f"sides[{i}].hand")
            if name in found:
                self.problems.append(Problem(f"two sides are called {name}", f"sides[{i}].name"))
            found[name] = table
        if len(found) != 2:
            self.problems.append(Problem("a squadron scenario has two [[sides]]", "sides"))
        return found

    def designs(self) -> dict[str, Design]:
        found: dict[str, Design] = {}
        for i, table in enumerate(self.tables("designs")):
            design = design_from_table(table, f"designs[{i}]", self.problems)
            if design is not None:
                if design.name in found:
                    where = f"designs[{i}].name"
                    self.problems.append(Problem(f"two designs are called {design.name}", where))
                found[design.name] = design
        return found

    def _place(
        self, table: dict[str, Any], where: str, world: Subsector | None, *, hex_needed: bool
    ) -> tuple[str, Hex | None]:
        system = self.text(table, "system", f"{where}.system")
        if world is None or not system:
            return system, None
        if system not in geo.system_names(world):
            self.problems.append(
                Problem(f"no system {system!r} on the jump board", f"{where}.system")
            )
            return system, None
        label = table.get("hex")
        if label is None and not hex_needed:
            return system, None
        try:
            hex_ = world.board(system).parse(str(label))
        except ValueError as exc:
            self.problems.append(Problem(f"not a hex of {system}'s board: {exc}", f"{where}.hex"))
            return system, None
        if not geo.on_board(world, system, hex_):
            self.problems.append(Problem(f"{label} is off {system}'s board", f"{where}.hex"))
            return system, None
        return system, hex_

    def counters(
        self, sides: dict[str, Any], designs: dict[str, Design], world: Subsector | None
    ) -> list[Counter]:
        found: list[Counter] = []
        seen: set[str] = set()
        for i, table in enumerate(self.tables("counters")):
            where = f"counters[{i}]"
            side = self.text(table, "side", f"{where}.side")
            if side and side not in sides:
                self.problems.append(Problem(f"no side called {side!r}", f"{where}.side"))
            design = designs.get(str(table.get("design")))
            if design is None:
                self.problems.append(Problem("names no design of [[designs]]", f"{where}.design"))
            system, hex_ = self._place(table, where, world, hex_needed=True)
            counter_id = str(table.get("id") or f"{side[:3].lower()}-{i + 1}")
            if counter_id in seen:
                self.problems.append(Problem(f"two counters are {counter_id!r}", f"{where}.id"))
            seen.add(counter_id)
            carried = {
                k: self.whole(table, k, f"{where}.{k}") for k in ("fuel", "supply", "admirals")
            }
            if design is not None:
                limits = (("fuel", design.factors.jump), ("supply", design.factors.supply))
                for key, most in limits:
                    if carried[key] > most:
                        what = "jump factor" if key == "fuel" else "supply factor"
                        why = f"{design.name} carries at most {most} ({what})"
                        self.problems.append(Problem(why, f"{where}.{key}"))
            if design is not None and hex_ is not None:
                place = Place(system, hex_)
                found.append(
                    Counter(
                        counter_id,
                        side,
                        design,
                        place,
                        fuel=carried["fuel"],
                        supply=carried["supply"],
                        admirals=carried["admirals"],
                    )
                )
        return found

    def veils(self, sides: dict[str, Any], world: Subsector | None) -> list[Veil]:
        found: list[Veil] = []
        for i, table in enumerate(self.tables("veils")):
            where = f"veils[{i}]"
            side = self.text(table, "side", f"{where}.side")
            if side and side not in sides:
                self.problems.append(Problem(f"no side called {side!r}", f"{where}.side"))
            system, hex_ = self._place(table, where, world, hex_needed=False)
            if system:
                found.append(Veil(f"?{i + 1}", side, system, hex_))
        return found

    def deploy(self, sides: dict[str, dict[str, Any]], world: Subsector | None) -> dict[str, Place]:
        """Where the sides that buy their navy before play place it (``deploy``)."""
        found: dict[str, Place] = {}
        for i, (name, side) in enumerate(sides.items()):
            table = side.get("deploy")
            if table is None:
                continue
            where = f"sides[{i}].deploy"
            if not isinstance(table, dict):
                self.problems.append(Problem("must be a table with system and hex", where))
                continue
            system, hex_ = self._place(table, where, world, hex_needed=True)
            if hex_ is not None:
                found[name] = Place(system, hex_)
        return found

    def victory(self, sides: dict[str, Any], world: Subsector | None) -> Victory | None:
        table = self.data.get("victory")
        if not isinstance(table, dict):
            self.problems.append(Problem("a scenario needs a [victory] table", "victory"))
            return None
        attacker = self.text(table, "attacker", "victory.attacker")
        if attacker not in sides:
            self.problems.append(Problem(f"no side called {attacker!r}", "victory.attacker"))
            return None
        objectives = table.get("objectives", [])
        names = geo.system_names(world) if world is not None else ()
        if not isinstance(objectives, list) or not objectives:
            self.problems.append(Problem("list the systems to hold", "victory.objectives"))
            objectives = []
        for name in objectives:
            if world is not None and name not in names:
                self.problems.append(Problem(f"no system {name!r}", "victory.objectives"))
        needed = self.whole(table, "needed", "victory.needed", 1)
        days = self.whole(table, "days", "victory.days", 10)
        defender = next((s for s in sides if s != attacker), "")
        return Victory(attacker, defender, tuple(str(o) for o in objectives), needed, days)

    def switches(self) -> tuple[tuple[str, bool], ...]:
        table = self.data.get("switches", {})
        known = dict(DEFAULT_SWITCHES)
        if not isinstance(table, dict):
            self.problems.append(Problem("must be a table of switches", "switches"))
            return ()
        out = []
        for key, value in table.items():
            if key not in known:
                names = ", ".join(sorted(known))
                self.problems.append(Problem(f"unknown switch (known: {names})", f"switches.{key}"))
            elif not isinstance(value, bool):
                self.problems.append(Problem("must be true or false", f"switches.{key}"))
            else:
                out.append((key, value))
        return tuple(out)
