"""The adjudication case format of NPlanetary and its runner, in the spirit of the
Diplomacy adjudicator's test cases: a position before, every player's orders, the
position after, and a result for each order.

A case file (``cases/<section>/<name>.case``) is plain text, one statement a line, ``#``
starting a comment::

    rule: Movement - one fuel per hex of burn     # the rule it checks (required)
    map: open 30x30                               # or: map: solar-system
    players: a b
    phase: movement                               # the phase the orders are given in
    seed: 1
    dice: 6 2                                     # optional: faces to come up first

    before:
      ship f1 a freighter at 5,5 velocity 0,0 fuel 10 hold supplies=3 damage drives=1
      ship o1 a frigate at 10,-1 velocity 1,-1 fuel 5 orbit Mars pulled  # gravity waits
      base B1 a base space at 5,5 velocity 0,0 stocks supplies=40
      outpost O1 a outpost asteroid at 9,2
      base S1 b base surface Earth at 10,3      # site then (for orbit/surface/minor) body
      ordnance m1 b mine at 7,7 velocity 0,0 launcher d1 fresh

    orders:
      a: plot f1 burn NE => ok
      a: land f1 S1 => refused: must be in orbit
      b: transfer t1 f1 give fuel=5 => failed: did not order the same

    after:
      ship f1 at 6,4 velocity 1,-1 fuel 9 hold supplies=3 docked none
      ship x1 destroyed
      base B1 stocks supplies=40 damage structure=1
      ordnance m1 at 7,7
      gone m2                                     # no such ship, installation or piece

Positions are axial ``q,r`` (or a map label such as ``0104``). A result is ``ok`` (given
and not failed when resolved), ``refused: TEXT`` (refused when given, the message
containing TEXT) or ``failed: TEXT`` (accepted, then an :class:`OrderFailed` event of
that player containing TEXT when the phase resolved).

Orders are given in the listed order (the property tests shuffle them), then the phase is
resolved as when every player has ended it; later phases do not run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from core.board.hexgrid import ZERO, Direction, Hex, Vector
from core.board.starmap import Bounds, StarMap
from core.engine.commands import Command
from core.engine.dice import Dice
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.play import apply, new_game
from core.files.mapfile import load_map
from core.files.resources import resource_path
from core.rules.nplanetary.model import (
    Damage,
    Hold,
    Holdings,
    Installation,
    OrderFailed,
    hold_of,
    holdings_of,
    with_holdings,
)
from core.rules.nplanetary.orders import Attack, Deploy, Dock, Land, LayOrdnance, Purchase, Transfer
from core.rules.nplanetary.system import SYSTEM
from core.vector.gravity import ENTERED, GravityPull
from core.vector.motion import Motion, Order
from core.vector.orders import Plot
from core.vector.state import GameState, Ordnance, Player, Ship, ShipStatus, state_hash

CASES = Path(__file__).parent / "cases"


@dataclass
class Given:
    player: str
    text: str
    command: Command | None
    expect: str  # "ok", "refused: ...", "failed: ..."
    line: int


@dataclass
class Case:
    path: Path
    rule: str = ""
    map: str = "open 30x30"
    players: tuple[str, ...] = ()
    phase: str = "movement"
    seed: int = 1
    dice: tuple[int, ...] = ()
    before: list[tuple[int, str]] = field(default_factory=list)
    orders: list[Given] = field(default_factory=list)
    after: list[tuple[int, str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.path.parent.name}/{self.path.stem}"


class CaseError(AssertionError):
    """A case that is badly written or whose result differs, naming file and line."""


def all_cases() -> list[Path]:
    return sorted(CASES.glob("*/*.case"))


# ---- reading ----


def read_case(path: Path) -> Case:
    case = Case(path)
    block = ""
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line in ("before:", "orders:", "after:"):
            block = line[:-1]
            continue
        if block == "before":
            case.before.append((n, line))
        elif block == "after":
            case.after.append((n, line))
        elif block == "orders":
            who, _, rest = line.partition(":")
            text, _, expect = rest.partition("=>")
            case.orders.append(Given(who.strip(), text.strip(), None, expect.strip() or "ok", n))
        else:
            key, _, value = line.partition(":")
            value = value.strip()
            if key == "rule":
                case.rule = value
            elif key == "map":
                case.map = value
            elif key == "players":
                case.players = tuple(value.split())
            elif key == "phase":
                case.phase = value
            elif key == "seed":
                case.seed = int(value)
            elif key == "dice":
                case.dice = tuple(int(v) for v in value.split())
            else:
                raise CaseError(f"{path}:{n}: unknown key {key!r}")
    if not case.rule:
        raise CaseError(f"{path}: every case names the rule it checks (rule: ...)")
    return case


def _starmap(text: str) -> StarMap:
    if text.startswith("open"):
        w, h = (int(v) for v in text.split()[1].split("x"))
        return StarMap("Open space", Bounds(w, h))
    return load_map(resource_path("maps", f"{text}.toml"))


def _hex(m: StarMap, text: str) -> Hex:
    if "," in text:
        q, r = (int(v) for v in text.split(","))
        return Hex(q, r)
    return m.bounds.labels.parse(text)


def _vector(text: str) -> Vector:
    q, r = (int(v) for v in text.split(","))
    return Vector(q, r)


def _pairs(words: list[str]) -> tuple[tuple[str, int], ...]:
    out = []
    for w in words:
        k, _, v = w.partition("=")
        out.append((k, int(v)))
    return tuple(sorted(out))


def _fields(words: list[str]) -> dict[str, list[str]]:
    """``key value... key value...`` split at the known keys."""
    keys = {
        "at", "velocity", "fuel", "hold", "damage", "stocks", "launcher", "status",
        "docked", "landed", "orbit", "fresh", "destroyed", "pulled",
    }  # fmt: skip
    out: dict[str, list[str]] = {}
    current = ""
    for w in words:
        if w in keys and not (current == "status" and not out[current]):
            current = w
            out[current] = []
        elif current:
            out[current].append(w)
        else:
            raise CaseError(f"unexpected {w!r}")
    return out


def _motion(m: StarMap, f: dict[str, list[str]]) -> Motion:
    """Where a thing is and its vector; ``pulled``: it entered its hex last turn, so
    the hex's gravity waits to act on it (as for a ship in orbit)."""
    where = _hex(m, f["at"][0])
    pulls: tuple[GravityPull, ...] = ()
    gravity = m.gravity_at(where)
    if "pulled" in f and gravity is not None:
        pulls = (GravityPull(where, gravity.arrows, ENTERED),)
    return Motion(where, _vector(f.get("velocity", ["0,0"])[0]), pulls)


def _damage(words: list[str]) -> Damage:
    return Damage(**dict(_pairs(words)))


def build(case: Case) -> GameState:
    """The position before, in the case's phase, with its seed and loaded dice."""
    m = _starmap(case.map)
    players = tuple(Player(p, p.upper(), p) for p in case.players)
    ships: list[Ship] = []
    insts: list[Installation] = []
    pieces: list[Ordnance] = []
    fresh: set[str] = set()
    for n, line in case.before:
        try:
            words = line.split()
            kind, ident, owner = words[0], words[1], words[2]
            if kind == "ship":
                f = _fields(words[4:])
                motion = _motion(m, f)
                hold = Hold(_pairs(f.get("hold", [])), _damage(f.get("damage", [])))
                status = ShipStatus(f.get("status", ["active"])[0])
                landed = f.get("landed", [None])[0]
                ship = Ship(
                    ident, ident, owner, owner, words[3], motion, Fraction(f.get("fuel", ["0"])[0])
                )
                ship = replace(
                    ship,
                    manifest=hold,
                    status=ShipStatus.LANDED if landed else status,
                    landed_at=landed,
                    docked_at=f.get("docked", [landed])[0],
                    orbit=f.get("orbit", [None])[0],
                )
                ships.append(ship)
            elif kind in ("base", "outpost"):
                site = words[3]
                rest = words[4:]
                body = None
                if site in ("orbit", "surface", "minor"):
                    body, rest = rest[0], rest[1:]
                f = _fields(rest)
                motion = _motion(m, f)
                insts.append(
                    Installation(
                        ident,
                        ident,
                        kind,
                        owner,
                        motion,
                        site,  # type: ignore[arg-type]
                        body,
                        _pairs(f.get("stocks", [])),
                        _damage(f.get("damage", [])),
                    )
                )
            elif kind == "ordnance":
                f = _fields(words[4:])
                motion = Motion(_hex(m, f["at"][0]), _vector(f.get("velocity", ["0,0"])[0]))
                launcher = f.get("launcher", [None])[0]
                pieces.append(Ordnance(ident, words[3], owner, owner, motion, ship=launcher))
                if "fresh" in f:
                    fresh.add(ident)
            else:
                raise CaseError(f"unknown thing {kind!r}")
        except (KeyError, IndexError, ValueError, CaseError) as exc:
            raise CaseError(f"{case.path}:{n}: cannot read {line!r}: {exc}") from exc
    state, _ = new_game("nplanetary", m, players, ships, seed=case.seed)
    phase = state.rules.sequence.phases.index(case.phase)
    state = replace(
        state,
        ships=tuple(ships),
        phase=phase,
        ordnance=tuple(pieces),
        dice=Dice(case.seed, 0, case.dice),
        done=frozenset(),
        sealed=(),
        plans=(),
    )
    return with_holdings(state, Holdings(tuple(insts), frozenset(fresh)))


# ---- orders ----


def _dirs(words: list[str]) -> tuple[Direction, ...]:
    return tuple(Direction[w] for w in words)


def parse_order(player: str, text: str) -> Command:
    w = text.split()
    verb = w[0]
    if verb == "plot":
        burn = _dirs(w[3:]) if len(w) > 2 and w[2] == "burn" else ()
        return Plot(player, w[1], Order(burn))
    if verb == "land":
        return Land(player, w[1], w[2])
    if verb == "dock":
        return Dock(player, w[1], w[2])
    if verb == "lay":
        burn = _dirs(w[4:]) if len(w) > 3 and w[3] == "burn" else ()
        return LayOrdnance(player, w[1], w[2], burn)
    if verb == "attack":
        strength = None
        targets = w[2:]
        if "strength" in targets:
            at = targets.index("strength")
            strength, targets = int(targets[at + 1]), targets[:at]
        return Attack(player, w[1], tuple(targets), strength)
    if verb == "buy":
        return Purchase(player, w[1], w[2], int(w[3]) if len(w) > 3 else 1)
    if verb == "deploy":
        return Deploy(player, w[1], w[2])
    if verb == "transfer":
        give: list[str] = []
        take: list[str] = []
        into = give
        for word in w[3:]:
            if word in ("give", "take"):
                into = give if word == "give" else take
            else:
                into.append(word)
        return Transfer(player, w[1], w[2], _pairs(give), _pairs(take))
    raise CaseError(f"unknown order {verb!r}")


# ---- running ----


@dataclass
class Outcome:
    state: GameState
    events: list[Event]
    refused: dict[int, str]  # order's line -> message


def run(case: Case, order: Sequence[Given] | None = None) -> Outcome:
    """Give the case's orders (in ``order``, default as listed), then resolve the phase."""
    state = build(case)
    refused: dict[int, str] = {}
    for given in order if order is not None else case.orders:
        command = parse_order(given.player, given.text)
        try:
            state, _ = apply(state, command)
        except IllegalCommand as exc:
            refused[given.line] = str(exc)
    orders = state.sealed
    state = replace(state, sealed=(), done=frozenset())
    state, events = SYSTEM.resolve_phase(state, orders)
    return Outcome(state, events, refused)


def _find(state: GameState, ident: str) -> Any:
    for s in state.ships:
        if s.id == ident:
            return s
    for i in holdings_of(state).installations:
        if i.id == ident:
            return i
    for o in state.ordnance:
        if o.id == ident:
            return o
    return None


def check(case: Case, outcome: Outcome) -> list[str]:
    """What differs from the case's expectations (empty: the case holds)."""
    wrong: list[str] = []
    state = outcome.state
    labels = state.starmap.bounds.labels
    for given in case.orders:
        where = f"{case.path.name}:{given.line}"
        message = outcome.refused.get(given.line)
        failures = [
            e.text
            for e in outcome.events
            if isinstance(e, OrderFailed)
            and e.player == given.player
            and given.text.split()[1] in e.order
        ]
        expect = given.expect
        if expect == "ok":
            if message is not None:
                wrong.append(f"{where}: {given.text!r} was refused: {message}")
            elif failures:
                wrong.append(f"{where}: {given.text!r} failed: {failures}")
        elif expect.startswith("refused:"):
            text = expect.partition(":")[2].strip()
            if message is None or text.lower() not in message.lower():
                wrong.append(f"{where}: {given.text!r} should be refused ({text}); got {message}")
        elif expect.startswith("failed:"):
            text = expect.partition(":")[2].strip()
            if not any(text.lower() in f.lower() for f in failures):
                wrong.append(f"{where}: {given.text!r} should fail ({text}); got {failures}")
        else:
            wrong.append(f"{where}: unknown result {expect!r}")
    for n, line in case.after:
        where = f"{case.path.name}:{n}"
        words = line.split()
        kind, ident = words[0], words[1]
        thing = _find(state, ident)
        if kind == "gone":
            gone = thing is None or (isinstance(thing, Ship) and not thing.in_play)
            if not gone:
                wrong.append(f"{where}: {ident} should be gone")
            continue
        if thing is None:
            wrong.append(f"{where}: there is no {ident}")
            continue
        f = _fields(words[2:])
        motion = thing.motion
        if "at" in f and motion.position != _hex(state.starmap, f["at"][0]):
            wrong.append(f"{where}: {ident} is at {labels.describe(motion.position)}")
        if "velocity" in f and motion.velocity != _vector(f["velocity"][0]):
            wrong.append(f"{where}: {ident}'s velocity is {tuple(motion.velocity)}")
        if "fuel" in f and thing.fuel != Fraction(f["fuel"][0]):
            wrong.append(f"{where}: {ident} has {thing.fuel} fuel")
        if "destroyed" in f and thing.status is not ShipStatus.DESTROYED:
            wrong.append(f"{where}: {ident} is {thing.status.value}, not destroyed")
        if "status" in f and thing.status.value != " ".join(f["status"]):
            wrong.append(f"{where}: {ident} is {thing.status.value}")
        if "docked" in f:
            want = None if f["docked"][0] == "none" else f["docked"][0]
            if thing.docked_at != want:
                wrong.append(f"{where}: {ident} is docked at {thing.docked_at}")
        if "hold" in f and hold_of(thing).items != _pairs(f["hold"]):
            wrong.append(f"{where}: {ident} holds {hold_of(thing).items}")
        if "stocks" in f and thing.stocks != _pairs(f["stocks"]):
            wrong.append(f"{where}: {ident} stocks {thing.stocks}")
        if "damage" in f:
            have = thing.damage if isinstance(thing, Installation) else hold_of(thing).damage
            if have != _damage(f["damage"]):
                wrong.append(f"{where}: {ident}'s damage is {have}")
    return wrong


def shuffled(case: Case, seed: int) -> list[Given]:
    """The case's orders in another order of arrival (each player's own kept in order)."""
    rng = random.Random(seed)
    by_player: dict[str, list[Given]] = {}
    for g in case.orders:
        by_player.setdefault(g.player, []).append(g)
    out: list[Given] = []
    queues = {p: list(gs) for p, gs in by_player.items()}
    while queues:
        p = rng.choice(sorted(queues))
        out.append(queues[p].pop(0))
        if not queues[p]:
            del queues[p]
    return out


def outcome_hash(outcome: Outcome) -> str:
    return state_hash(outcome.state)


__all__ = ["ZERO", "all_cases", "check", "outcome_hash", "read_case", "run", "shuffled"]
