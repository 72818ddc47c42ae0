"""The two play-by-mail files: the player file (what one player may see, from the
referee) and the order file (that player's orders, back to the referee).

Both are JSON, one object, written atomically. Each carries a ``digest``, the SHA-256 of
its canonical text without the digest, so a file cut short or changed by hand is told
apart from one that is merely for another turn. An order file also carries a ``seal``:
an HMAC of the same text under the ``token`` its player file gave that seat for that
turn, which only the referee can recompute, so an order file cannot be made for another
seat or edited and resealed without that player's file.

A player file holds the player's view (:func:`core.engine.play.view`, built from the rule
system's whitelist), the log of the game as that player may read it, and nothing else of
the master: no dice seed or dice state, no state hash of the master (from which a small
seed could be searched for), no other player's token.

Every problem is a :class:`MailFileError` naming the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, is_dataclass
from pathlib import Path
from typing import Any

from core.board.problems import FileProblems
from core.campaign.errors import CampaignError
from core.campaign.mail import ORDERS_EXTENSION, PLAYER_EXTENSION
from core.engine import serial

# imported for what it tells the reader: the built-in systems' modules, loaded when a
# state names a type of theirs, so a program that has started no game of a system yet
# (a player opening their first file) still reads its player files
from core.engine import system as _systems  # noqa: F401
from core.engine.commands import Command
from core.engine.events import Event
from core.files.reading import read_bytes
from core.files.tomlio import write_atomic
from core.files.version import version_text

PLAYER_FORMAT = "ecliptic-player"
ORDERS_FORMAT = "ecliptic-orders"
#: the version of both formats this program writes and reads
VERSION = 1
#: the largest player file read (a view holds the map and the ruleset)
PLAYER_LIMIT = 64 * 2**20
#: the largest order file read (a turn's orders are a few kilobytes)
ORDERS_LIMIT = 4 * 2**20


class MailFileError(CampaignError):
    """A player or order file that cannot be used; the message names the file and says
    what is wrong with it."""


@dataclass(frozen=True)
class LoggedTurn:
    """One command of the game as a player may read it: the round, whose it was and the
    events it had (redacted for that player)."""

    round: int
    player: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class PlayerFile:
    """What one player receives for one turn of a refereed game.

    ``game`` names the master game (the campaign's mail id and the game's number);
    ``turn`` counts the referee's turns of that game; ``expected`` says whether the
    referee waits for this player's orders this turn; ``view`` is the state as the player
    may see it and ``view_hash`` its hash, which the order file repeats."""

    game: str
    campaign: str
    title: str
    turn: int
    round: int
    phase: str
    player: str
    name: str
    expected: bool
    token: str
    view: Any
    view_hash: str
    log: tuple[LoggedTurn, ...]
    program: str


@dataclass(frozen=True)
class OrderFile:
    """One player's orders for one turn, as sent back to the referee. ``orders`` are the
    commands given, in order; ending the phase is implied."""

    game: str
    turn: int
    round: int
    phase: str
    player: str
    view_hash: str
    orders: tuple[Command, ...]
    program: str
    seal: str


# ---- writing


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _digested(data: dict[str, Any]) -> str:
    """The file's text: its ``format`` first (so the first bytes say what it is:
    ``{"format": "ecliptic-player"``), the rest with sorted keys, then the digest."""
    digest = hashlib.sha256(_canonical(data).encode()).hexdigest()
    rest = {k: v for k, v in data.items() if k != "format"}
    body = json.dumps({**rest, "digest": digest}, sort_keys=True, indent=1)
    return '{"format": ' + json.dumps(data.get("format")) + ",\n" + body[2:] + "\n"


def player_data(pf: PlayerFile) -> dict[str, Any]:
    """The player file's content as plain data (without its digest)."""
    return {
        "format": PLAYER_FORMAT,
        "version": VERSION,
        "program": pf.program,
        "game": pf.game,
        "campaign": pf.campaign,
        "title": pf.title,
        "turn": pf.turn,
        "round": pf.round,
        "phase": pf.phase,
        "player": pf.player,
        "name": pf.name,
        "expected": pf.expected,
        "token": pf.token,
        "view_hash": pf.view_hash,
        "view": serial.to_data(pf.view),
        "log": [
            {"round": t.round, "player": t.player, "events": serial.to_data(list(t.events))}
            for t in pf.log
        ],
    }


def player_text(pf: PlayerFile) -> str:
    """The player file's text, as written."""
    return _digested(player_data(pf))


def write_player_file(pf: PlayerFile, path: Path | str) -> Path:
    """Write ``pf`` to ``path`` whole or not at all."""
    path = Path(path)
    write_atomic(path, player_text(pf))
    return path


def _body(of: OrderFile) -> dict[str, Any]:
    return {
        "format": ORDERS_FORMAT,
        "version": VERSION,
        "program": of.program,
        "game": of.game,
        "turn": of.turn,
        "round": of.round,
        "phase": of.phase,
        "player": of.player,
        "view_hash": of.view_hash,
        "orders": serial.to_data(list(of.orders)),
    }


def seal_of(body: dict[str, Any], token: str) -> str:
    """The HMAC of an order file's body under its player's token."""
    return hmac.new(token.encode(), _canonical(body).encode(), hashlib.sha256).hexdigest()


def make_orders(pf: PlayerFile, orders: Sequence[Command]) -> OrderFile:
    """The order file answering player file ``pf`` with ``orders`` (in the order given)."""
    of = OrderFile(
        pf.game,
        pf.turn,
        pf.round,
        pf.phase,
        pf.player,
        pf.view_hash,
        tuple(orders),
        version_text(),
        "",
    )
    return OrderFile(**{**of.__dict__, "seal": seal_of(_body(of), pf.token)})


def order_text(of: OrderFile) -> str:
    """The order file's text, as written."""
    return _digested({**_body(of), "seal": of.seal})


def write_order_file(of: OrderFile, path: Path | str) -> Path:
    """Write ``of`` to ``path`` whole or not at all."""
    path = Path(path)
    write_atomic(path, order_text(of))
    return path


def order_file_name(pf: PlayerFile) -> str:
    """A name for the order file answering ``pf``: game title, turn and player."""
    return f"{_safe(pf.title)} turn {pf.turn} {_safe(pf.name)}{ORDERS_EXTENSION}"


def player_file_name(title: str, turn: int, name: str) -> str:
    """A name for a player file: game title, turn and player."""
    return f"{_safe(title)} turn {turn} {_safe(name)}{PLAYER_EXTENSION}"


def _safe(text: str) -> str:
    kept = "".join(c if c.isalnum() or c in " -_" else "_" for c in text).strip()
    return kept[:60] or "game"


# ---- reading


def _load(path: Path, kind: str, fmt: str, limit: int) -> dict[str, Any]:
    """The file's object once its digest is right; a :class:`MailFileError` saying what
    is wrong otherwise."""
    try:
        raw = read_bytes(path, limit)
    except FileProblems as exc:
        raise MailFileError(path, exc.problems[0].message) from None
    return _parse(raw, path, kind, fmt)


def _parse(raw: bytes, path: Path, kind: str, fmt: str) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
        raise MailFileError(
            path, f"is not an {kind}: it is cut short, damaged or another kind of file"
        ) from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        other = data.get("format") if isinstance(data, dict) else None
        said = f" (it is an {other} file)" if isinstance(other, str) else ""
        raise MailFileError(path, f"is not an {kind}{said}")
    version = data.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise MailFileError(
            path, f"was written by a newer Ecliptic ({data.get('program', '?')}); update to read it"
        )
    digest = data.pop("digest", None)
    if digest != hashlib.sha256(_canonical(data).encode()).hexdigest():
        raise MailFileError(
            path, f"has been changed since it was written; ask for the {kind} again"
        )
    return data


def _field(path: Path, data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MailFileError(path, f"has no valid {name!r}")
    return value


def _typed(path: Path, data: Any, what: str) -> Any:
    try:
        return serial.from_data(data)
    except Exception as exc:  # any damage in the serial form: see serial.SerialError
        raise MailFileError(path, f"has {what} this program cannot read ({exc})") from None


def read_player_file(path: Path | str) -> PlayerFile:
    """The player file at ``path``, checked; :class:`MailFileError` if it cannot be used."""
    path = Path(path)
    data = _load(path, "Ecliptic player file", PLAYER_FORMAT, PLAYER_LIMIT)
    strings = {k: _field(path, data, k, str) for k in _PLAYER_STRINGS}
    numbers = {k: _field(path, data, k, int) for k in ("turn", "round")}
    log = []
    for item in _field(path, data, "log", list):
        if not isinstance(item, dict):
            raise MailFileError(path, "has a damaged log")
        events = _typed(path, item.get("events"), "a log entry")
        round_, player = item.get("round"), item.get("player")
        if not (
            isinstance(events, list | tuple)
            and all(isinstance(e, Event) for e in events)
            and isinstance(round_, int)
            and isinstance(player, str)
        ):
            raise MailFileError(path, "has a damaged log")
        log.append(LoggedTurn(round_, player, tuple(events)))
    view = _typed(path, data.get("view"), "a game state")
    if not is_dataclass(view) or not hasattr(view, "players"):
        raise MailFileError(path, "holds no game state")
    return PlayerFile(
        view=view,
        log=tuple(log),
        expected=bool(data.get("expected")),
        **strings,
        **numbers,
    )


_PLAYER_STRINGS = (
    "game",
    "campaign",
    "title",
    "phase",
    "player",
    "name",
    "token",
    "view_hash",
    "program",
)
_ORDER_STRINGS = ("game", "phase", "player", "view_hash", "program", "seal")


def read_order_file(path: Path | str) -> OrderFile:
    """The order file at ``path``, checked for damage (not yet against a game: see
    :func:`core.campaign.mail.referee.check_order_file`)."""
    path = Path(path)
    return _order(path, _load(path, ORDER_KIND, ORDERS_FORMAT, ORDERS_LIMIT))


def order_from_text(text: str, name: str) -> OrderFile:
    """An order file kept as text (the referee's inbox), checked as when read; ``name``
    says where it came from in messages."""
    return _order(Path(name), _parse(text.encode(), Path(name), ORDER_KIND, ORDERS_FORMAT))


ORDER_KIND = "Ecliptic order file"


def _order(path: Path, data: dict[str, Any]) -> OrderFile:
    strings = {k: _field(path, data, k, str) for k in _ORDER_STRINGS}
    numbers = {k: _field(path, data, k, int) for k in ("turn", "round")}
    orders = _typed(path, _field(path, data, "orders", list), "orders")
    if not all(isinstance(o, Command) for o in orders):
        raise MailFileError(path, "holds something that is not an order")
    return OrderFile(orders=tuple(orders), **strings, **numbers)


def body_seal(of: OrderFile, token: str) -> str:
    """The seal ``of`` should carry if it was made from the player file with ``token``."""
    return seal_of(_body(of), token)
