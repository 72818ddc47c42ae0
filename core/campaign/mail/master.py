"""What a refereed campaign keeps about play by mail, beside its log: the mode, the
campaign's mail id, the referee's secret, each game's turn counter and the inbox of
order files imported and not yet played. All are rows of the ``meta`` table (keys
``mail.*``): no schema change, so files made before open as before, as open campaigns.
The secret never leaves the master; the tokens made from it seal order files.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass

from core.campaign import playing
from core.campaign.errors import CampaignError
from core.campaign.history import GameRecord
from core.campaign.mail import files
from core.campaign.mail.files import MailFileError, OrderFile
from core.campaign.store import CampaignFile
from core.engine import play

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


def set_mode(campaign: CampaignFile, mode: str) -> list[str]:
    """Make the campaign open or refereed (a refereed one gets its mail id and the
    referee's secret, which never leave the master). Returns warnings: the games whose
    dice seed is small enough to be searched for (:func:`weak_seeds`)."""
    if mode not in MODES:
        raise ValueError(f"a campaign is played open or refereed, not {mode!r}")
    values = {_MODE: mode}
    if mode == REFEREED and campaign.meta(_ID) is None:
        values[_ID] = secrets.token_hex(8)
        values[_SECRET] = secrets.token_hex(32)
    write_meta(campaign, values)
    return weak_seeds(campaign) if mode == REFEREED else []


#: a refereed game's dice seed has this many bits: the rolls every player reads in the
#: log are a function of the seed, so a seed that could be searched for (the New Game
#: dialog's fit in 31 bits) would let a player foretell every roll
SEED_BITS = 128


def new_seed() -> int:
    """A dice seed for a refereed game: random, of :data:`SEED_BITS` bits."""
    return secrets.randbits(SEED_BITS) | (1 << (SEED_BITS - 1))


def weak_seeds(campaign: CampaignFile) -> list[str]:
    """A warning for each game whose dice seed is small enough for a player to find
    from the rolls in their log (its start cannot change: the log's hashes hold it)."""
    warnings = []
    for game in campaign.games():
        try:
            seed = json.loads(campaign.game_row(game.id).start)["dice"]["seed"]
        except (ValueError, KeyError, TypeError):
            continue  # a state without dice of that shape: nothing to say
        if isinstance(seed, int) and seed.bit_length() < SEED_BITS - 8:
            warnings.append(
                f"game {game.id} ({game.title}) was started with a dice seed small enough "
                "to be found from the rolls players read: start refereed games anew, with "
                "a random seed, to keep future rolls secret"
            )
    return warnings


def write_meta(campaign: CampaignFile, values: dict[str, str]) -> None:
    with campaign.writing() as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", list(values.items())
        )


def mail_id(campaign: CampaignFile) -> str | None:
    """The mail id order files name a refereed campaign by (None: played openly)."""
    return campaign.meta(_ID) if mode_of(campaign) == REFEREED else None


def refereed(campaign: CampaignFile) -> tuple[str, str]:
    mail_id, secret = campaign.meta(_ID), campaign.meta(_SECRET)
    if mode_of(campaign) != REFEREED or mail_id is None or secret is None:
        raise NotRefereed(campaign.path, "is played openly, not by a referee")
    return mail_id, secret


# ---- where a game stands


def main_game(campaign: CampaignFile) -> int:
    """The game the referee plays now: the newest game not finished (a battle inside a
    turn before its strategic game), else the last not fought inside another."""
    games = campaign.games()
    if not games:
        raise CampaignError(campaign.path, "holds no game")
    running = [g for g in games if g.result is None]
    own = [g for g in games if g.parent_id is None]  # all over: the last of its own
    return (running or own or games)[-1].id


def turn_of(campaign: CampaignFile, game_id: int) -> int:
    """The referee's turn of game ``game_id``: 1, then one more for each turn played."""
    return int(campaign.meta(f"mail.turn.{game_id}") or 1)


def game_name(campaign: CampaignFile, game_id: int) -> str:
    """How order and player files name the game: the campaign's mail id and the game."""
    mail_id, _ = refereed(campaign)
    return f"{mail_id}:{game_id}"


def token(secret: str, game: str, turn: int, player: str) -> str:
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
    return inbox_of(campaign, record)


def inbox_of(campaign: CampaignFile, record: GameRecord) -> Inbox:
    refereed(campaign)
    state = record.state
    turn = turn_of(campaign, record.id)
    prefix = f"mail.inbox.{record.id}.{turn}."
    received = {}
    for key, text in meta_like(campaign, prefix):
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


def meta_like(campaign: CampaignFile, prefix: str) -> list[tuple[str, str]]:
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
