"""The referee's side of a refereed campaign: the master campaign stays whole on the
referee's computer; players receive player files and send back order files.

A turn goes: :func:`export_player_files` writes one player file per player (each holding
only that player's view); the players whose orders the game waits for answer with an
order file; :func:`import_order_file` checks each (right game, turn, seat, version, not
already sent, sealed by that seat's player file, made from the view the master shows
now, every order legal) and keeps it in the campaign's inbox without playing it;
:func:`play_turn` plays every order kept, in seat order, then ends each sender's phase,
and the turn counter moves on. Nothing is written to the campaign by a refused file.

The mode, the campaign's mail id, the referee's secret and the inbox are kept in the
``meta`` table (keys ``mail.*``), so no schema change was needed and old files open as
before (they are open campaigns).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.campaign import playing
from core.campaign.errors import CampaignError
from core.campaign.history import GameRecord
from core.campaign.mail import files
from core.campaign.mail.files import (
    LoggedTurn,
    MailFileError,
    OrderFile,
    PlayerFile,
    order_text,
    player_file_name,
    read_order_file,
)
from core.campaign.store import CampaignFile
from core.engine import play, serial
from core.engine.commands import EndPhase
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.states import state_hash
from core.engine.whitelist import redact
from core.files.version import version_text

OPEN, REFEREED = "open", "refereed"
MODES = (OPEN, REFEREED)
_MODE, _ID, _SECRET = "mail.mode", "mail.id", "mail.secret"


class OrdersRefused(MailFileError):
    """An order file the referee's campaign does not take; the message says why. The
    campaign is unchanged."""


class NotRefereed(CampaignError):
    """A referee's action asked of a campaign played openly."""


# ---- the mode


def mode_of(campaign: CampaignFile) -> str:
    """``"open"`` or ``"refereed"``; campaigns made before modes existed are open."""
    return campaign.meta(_MODE) or OPEN


def set_mode(campaign: CampaignFile, mode: str) -> None:
    """Make the campaign open or refereed (a refereed one gets its mail id and the
    referee's secret, which never leave the master)."""
    if mode not in MODES:
        raise ValueError(f"a campaign is played open or refereed, not {mode!r}")
    values = {_MODE: mode}
    if mode == REFEREED and campaign.meta(_ID) is None:
        values[_ID] = secrets.token_hex(8)
        values[_SECRET] = secrets.token_hex(32)
    _write_meta(campaign, values)


def _write_meta(campaign: CampaignFile, values: dict[str, str]) -> None:
    with campaign.writing() as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", list(values.items())
        )


def _refereed(campaign: CampaignFile) -> tuple[str, str]:
    mail_id, secret = campaign.meta(_ID), campaign.meta(_SECRET)
    if mode_of(campaign) != REFEREED or mail_id is None or secret is None:
        raise NotRefereed(campaign.path, "is played openly, not by a referee")
    return mail_id, secret


# ---- where a game stands


def main_game(campaign: CampaignFile) -> int:
    """The game the referee plays now: the newest game not finished (a battle inside a
    turn before its strategic game), else the last."""
    games = campaign.games()
    if not games:
        raise CampaignError(campaign.path, "holds no game")
    running = [g for g in games if g.result is None]
    return (running or games)[-1].id


def turn_of(campaign: CampaignFile, game_id: int) -> int:
    """The referee's turn of game ``game_id``: 1, then one more for each turn played."""
    return int(campaign.meta(f"mail.turn.{game_id}") or 1)


def game_name(campaign: CampaignFile, game_id: int) -> str:
    """How order and player files name the game: the campaign's mail id and the game."""
    mail_id, _ = _refereed(campaign)
    return f"{mail_id}:{game_id}"


def _token(secret: str, game: str, turn: int, player: str) -> str:
    text = f"{game}|{turn}|{player}".encode()
    return hmac.new(secret.encode(), text, hashlib.sha256).hexdigest()[:32]


@dataclass(frozen=True)
class Inbox:
    """Where a refereed game's turn stands: the players whose orders it waits for (ids,
    seat order) and the order files received so far by player."""

    game_id: int
    turn: int
    round: int
    phase: str
    expected: tuple[str, ...]
    received: dict[str, OrderFile]
    names: dict[str, str]

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(p for p in self.expected if p not in self.received)


def inbox(campaign: CampaignFile, game_id: int | None = None) -> Inbox:
    """Who must send orders this turn and whose order files are in."""
    game_id = main_game(campaign) if game_id is None else game_id
    record = GameRecord(campaign, game_id)
    return _inbox(campaign, record)


def _inbox(campaign: CampaignFile, record: GameRecord) -> Inbox:
    _refereed(campaign)
    state = record.state
    turn = turn_of(campaign, record.id)
    prefix = f"mail.inbox.{record.id}.{turn}."
    received = {}
    for key, text in _meta_like(campaign, prefix):
        received[key[len(prefix) :]] = _stored_orders(campaign, text)
    expected = () if playing.is_over(state) else tuple(p.id for p in play.waiting_for(state))
    names = {p.id: p.name for p in state.players}
    return Inbox(
        record.id,
        turn,
        playing.round_of(state),
        play.current_phase(state),
        expected,
        received,
        names,
    )


def _meta_like(campaign: CampaignFile, prefix: str) -> list[tuple[str, str]]:
    with campaign.reading() as db:
        rows = db.execute(
            "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key",
            (len(prefix), prefix),
        ).fetchall()
    return [(str(k), str(v)) for k, v in rows]


def _stored_orders(campaign: CampaignFile, text: str) -> OrderFile:
    try:
        return files.order_from_text(text, "an order file kept in the inbox")
    except MailFileError as exc:
        raise CampaignError(campaign.path, f"{exc.reason} (an order file in its inbox)") from None


# ---- player files


def player_file(campaign: CampaignFile, game_id: int, player: str) -> PlayerFile:
    """What ``player`` receives this turn: their view of the master and the log as they
    may read it, and the token that seals their orders."""
    record = GameRecord(campaign, game_id)
    return _player_file(campaign, record, _inbox(campaign, record), player)


def _player_file(campaign: CampaignFile, record: GameRecord, box: Inbox, player: str) -> PlayerFile:
    _, secret = _refereed(campaign)
    if player not in box.names:
        raise CampaignError(campaign.path, f"game {record.id} has no player {player!r}")
    game = game_name(campaign, record.id)
    state = record.state
    view = play.view(state, player)
    return PlayerFile(
        game=game,
        campaign=campaign.name(),
        title=record.title,
        turn=box.turn,
        round=box.round,
        phase=box.phase,
        player=player,
        name=box.names[player],
        expected=player in box.expected,
        token=_token(secret, game, box.turn, player),
        view=view,
        view_hash=state_hash(view),
        log=_log(record, state, player),
        program=version_text(),
    )


def _log(record: GameRecord, state: Any, player: str) -> tuple[LoggedTurn, ...]:
    """The game's log on its current line, each entry's events redacted for ``player``
    (entries left with nothing to say are left out)."""
    ids = record.line_ids()
    if not ids:
        return ()
    with record.file.reading() as conn:
        rows = conn.execute(
            "SELECT id, player, round, events FROM entry WHERE game_id = ? ORDER BY depth",
            (record.id,),
        ).fetchall()
    out = []
    for entry_id, who, round_, text in rows:
        if entry_id not in ids:
            continue
        events = redact(state, player, serial.from_data(json.loads(text)))
        if events:
            out.append(LoggedTurn(int(round_), str(who), tuple(events)))
    return tuple(out)


def export_player_files(
    campaign: CampaignFile, folder: Path | str, game_id: int | None = None
) -> list[Path]:
    """Write this turn's player file of every player of the game into ``folder`` (each
    whole or not at all); the paths written, in seat order."""
    game_id = main_game(campaign) if game_id is None else game_id
    record = GameRecord(campaign, game_id)
    box = _inbox(campaign, record)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for player, name in box.names.items():
        pf = _player_file(campaign, record, box, player)
        target = folder / player_file_name(record.title, box.turn, name)
        written.append(files.write_player_file(pf, target))
    return written


# ---- order files


def check_order_file(campaign: CampaignFile, path: Path | str) -> OrderFile:
    """The order file at ``path`` if the campaign would take it now; :class:`OrdersRefused`
    (or :class:`MailFileError` for a damaged file) saying why not. Changes nothing."""
    path = Path(path)
    of = read_order_file(path)
    record = GameRecord(campaign, _game_of(campaign, path, of))
    _check(campaign, record, path, of)
    return of


def _game_of(campaign: CampaignFile, path: Path, of: OrderFile) -> int:
    mail_id, _ = _refereed(campaign)
    ours, _, number = of.game.partition(":")
    if ours != mail_id or not number.isdigit():
        raise OrdersRefused(path, f"is for another game ({of.game}), not {campaign.name()}")
    if int(number) not in {g.id for g in campaign.games()}:
        raise OrdersRefused(path, f"is for game {number}, which {campaign.name()} does not have")
    return int(number)


def _check(campaign: CampaignFile, record: GameRecord, path: Path, of: OrderFile) -> Inbox:
    box = _inbox(campaign, record)
    name = box.names.get(of.player, of.player)
    if of.player not in box.names:
        raise OrdersRefused(path, f"is from {of.player!r}, who does not play in this game")
    if of.turn < box.turn or _played(campaign, record.id, of):
        raise OrdersRefused(path, f"is {name}'s orders for turn {of.turn}, played already")
    if of.turn > box.turn:
        raise OrdersRefused(path, f"is for turn {of.turn}; the game is at turn {box.turn}")
    _, secret = _refereed(campaign)
    if not hmac.compare_digest(
        of.seal, files.body_seal(of, _token(secret, of.game, of.turn, of.player))
    ):
        raise OrdersRefused(
            path,
            f"is not sealed by {name}'s player file for turn {of.turn}: made for another "
            "seat or changed after it was written",
        )
    if _version(of.program) != _version(version_text()):
        raise OrdersRefused(
            path,
            f"was made with Ecliptic {of.program}; this referee runs {version_text()}, "
            "and both must run the same version",
        )
    if of.player in box.received:
        raise OrdersRefused(path, f"{name}'s orders for turn {of.turn} are in already")
    if of.player not in box.expected:
        raise OrdersRefused(path, f"the game does not wait for {name}'s orders this turn")
    if of.view_hash != state_hash(play.view(record.state, of.player)):
        raise OrdersRefused(
            path,
            f"was made from a view of the game other than {name}'s view now "
            "(an older player file?)",
        )
    _trial(path, record.state, of, name)
    return box


def _played(campaign: CampaignFile, game_id: int, of: OrderFile) -> bool:
    return campaign.meta(f"mail.played.{game_id}.{of.turn}.{of.player}") is not None


def _trial(path: Path, state: Any, of: OrderFile, name: str) -> None:
    """Every order played on a copy of the master in memory, and the phase ended."""
    for n, order in enumerate(of.orders, 1):
        if order.player != of.player:
            raise OrdersRefused(path, f"order {n} is given for another player ({order.player})")
        try:
            state, _ = playing.apply(state, order)
        except IllegalCommand as exc:
            raise OrdersRefused(path, f"order {n} of {name} cannot be played: {exc}") from None


def import_order_file(campaign: CampaignFile, path: Path | str) -> OrderFile:
    """Check the order file at ``path`` and keep it in the campaign's inbox for
    :func:`play_turn`; refused (:class:`OrdersRefused`) with the campaign unchanged."""
    path = Path(path)
    of = read_order_file(path)
    record = GameRecord(campaign, _game_of(campaign, path, of))
    _check(campaign, record, path, of)
    _write_meta(campaign, {f"mail.inbox.{record.id}.{of.turn}.{of.player}": order_text(of)})
    return of


def play_turn(
    campaign: CampaignFile, game_id: int | None = None, *, without_missing: bool = False
) -> list[Event]:
    """Play the orders in the inbox as given (an order file ends its player's phase with
    an ``EndPhase`` among its orders), in seat order; the events, as the referee sees
    them. Refused while an expected player's orders are missing, unless
    ``without_missing``: then those players give no orders and their phase is ended (a
    ruling: a silent player's ships coast)."""
    game_id = main_game(campaign) if game_id is None else game_id
    record = GameRecord(campaign, game_id)
    box = _inbox(campaign, record)
    if box.missing and not without_missing:
        names = ", ".join(box.names[p] for p in box.missing)
        raise CampaignError(campaign.path, f"turn {box.turn} still waits for orders from {names}")
    events: list[Event] = []
    for player in box.expected:
        of = box.received.get(player)
        if of is not None:
            for order in of.orders:
                events += record.play(order)
        else:  # a silent player's phase ends without orders, where it can
            with suppress(IllegalCommand):
                events += record.play(EndPhase(player))
    done = {f"mail.played.{game_id}.{box.turn}.{p}": box.received[p].seal for p in box.received}
    done[f"mail.turn.{game_id}"] = str(box.turn + 1)
    prefix = f"mail.inbox.{game_id}.{box.turn}."
    with campaign.writing() as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", list(done.items())
        )
        conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
    return events


def import_all(campaign: CampaignFile, paths: Sequence[Path | str]) -> list[tuple[Path, str]]:
    """Import several order files: for each, "" when taken, else why it was refused."""
    out = []
    for path in paths:
        try:
            import_order_file(campaign, path)
            out.append((Path(path), ""))
        except MailFileError as exc:
            out.append((Path(path), exc.reason))
    return out


def _version(program: str) -> str:
    """The version in a program's line ("Ecliptic 0.2.0 (revision ...)": "0.2.0")."""
    words = program.split()
    return words[1] if len(words) > 1 else program
