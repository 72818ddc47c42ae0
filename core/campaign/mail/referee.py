"""The referee's side of a refereed campaign: the master campaign stays whole on the
referee's computer; players receive player files and send back order files.

A turn goes: :func:`export_player_files` writes one player file per player (each holding
only that player's view); the players whose orders the game waits for answer with an
order file; :func:`import_order_file` checks each (right game, turn, seat, version, not
already sent, sealed by that seat's player file, made from the view the master shows
now, every order legal) and keeps it in the campaign's inbox without playing it;
:func:`play_turn` plays every order kept, in seat order (an order file ends its
player's phase with an ``EndPhase`` among its orders), and the turn counter moves on;
then phases offering the next player nothing pass by themselves (:func:`pass_idle`).
Nothing is written to the campaign by a refused file. What the master keeps for this
(mode, mail id, secret, turn, inbox) is :mod:`core.campaign.mail.master`'s.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.campaign import playing
from core.campaign.errors import CampaignError, GameFrozen, reading
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
from core.campaign.mail.master import (
    MODES,
    OPEN,
    REFEREED,
    Inbox,
    NotRefereed,
    OrdersRefused,
    game_name,
    inbox,
    inbox_of,
    main_game,
    mode_of,
    new_seed,
    refereed,
    set_mode,
    token,
    turn_of,
    weak_seeds,
    write_meta,
)
from core.campaign.store import CampaignFile
from core.engine import play, serial
from core.engine.commands import Command, EndPhase
from core.engine.dice import Dice
from core.engine.errors import IllegalCommand
from core.engine.events import Event
from core.engine.states import state_hash
from core.engine.whitelist import redact
from core.files.version import version_text
from core.vector import idle

__all__ = [
    "MODES", "OPEN", "REFEREED", "Inbox", "NotRefereed", "OrdersRefused", "check_order_file",
    "export_player_files", "import_all", "import_order_file", "inbox", "main_game",
    "mode_of", "new_seed", "pass_idle", "play_turn", "player_file", "set_mode", "turn_of",
    "weak_seeds",
]  # fmt: skip

# ---- player files


def player_file(campaign: CampaignFile, game_id: int, player: str) -> PlayerFile:
    """What ``player`` receives this turn: their view of the master and the log as they
    may read it, and the token that seals their orders."""
    record = GameRecord(campaign, game_id)
    return _player_file(campaign, record, inbox_of(campaign, record), player)


def _player_file(campaign: CampaignFile, record: GameRecord, box: Inbox, player: str) -> PlayerFile:
    _, secret = refereed(campaign)
    if player not in box.names:
        raise CampaignError(campaign.path, f"game {record.id} has no player {player!r}")
    game = game_name(campaign, record.id)
    state = record.state
    view = play.view(state, player)
    _no_dice(campaign, view)
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
        token=token(secret, game, box.turn, player),
        view=view,
        view_hash=state_hash(view),
        log=_log(record, state, player),
        program=version_text(),
    )


def _no_dice(campaign: CampaignFile, view: Any) -> None:
    """Refuse a view that shows the dice (a rule system whose ``view`` is not built from
    a whitelist): the seed would tell every roll to come."""
    todo = [serial.to_data(view)]
    while todo:
        data = todo.pop()
        if isinstance(data, dict):
            if data.get("$type") == serial.name_of(Dice) and (
                data.get("seed") or data.get("loaded")
            ):
                system = play.system_of(view).name
                raise CampaignError(
                    campaign.path,
                    f"cannot be played refereed: {system}'s view of a player shows the dice",
                )
            todo.extend(data.values())
        elif isinstance(data, list):
            todo.extend(data)


def _log(record: GameRecord, state: Any, player: str) -> tuple[LoggedTurn, ...]:
    """The game's log on its current line, after what was said as the game began (the
    first day's start: stored with the game, not with an entry), each entry's events
    redacted for ``player`` (entries left with nothing to say are left out)."""
    begun = redact(state, player, record.start_events)
    out = [LoggedTurn(int(getattr(record.start, "round", 1)), "", tuple(begun))] if begun else []
    ids = record.line_ids()
    if not ids:
        return tuple(out)
    with record.file.reading() as conn:
        rows = conn.execute(
            "SELECT id, player, round, events FROM entry WHERE game_id = ? ORDER BY depth",
            (record.id,),
        ).fetchall()
    for entry_id, who, round_, text in rows:
        if entry_id not in ids:
            continue
        with reading(record.file.path, f"log entry {entry_id}'s events"):
            events = redact(state, player, serial.from_data(json.loads(text)))
        if events:
            out.append(LoggedTurn(int(round_), str(who), tuple(events)))
    return tuple(out)


def export_player_files(
    campaign: CampaignFile, folder: Path | str, game_id: int | None = None
) -> list[Path]:
    """Write this turn's player file of every player of the game into ``folder`` (each
    whole or not at all), empty phases passed first (:func:`pass_idle`, unless the
    campaign is open read-only); the paths written, in seat order."""
    game_id = main_game(campaign) if game_id is None else game_id
    if not campaign.read_only:
        pass_idle(campaign, game_id)
    record = GameRecord(campaign, game_id)
    box = inbox_of(campaign, record)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made = [_player_file(campaign, record, box, p) for p in box.names]  # all made, then written
    names = [pf.name for pf in made]
    return [
        files.write_player_file(pf, folder / player_file_name(record.title, box.turn, label))
        for pf in made
        for label in [pf.name if names.count(pf.name) == 1 else f"{pf.name} {pf.player}"]
    ]


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
    mail_id, _ = refereed(campaign)
    ours, _, number = of.game.partition(":")
    if ours != mail_id or not number.isdigit():
        raise OrdersRefused(path, f"is for another game ({of.game}), not {campaign.name()}")
    if int(number) not in {g.id for g in campaign.games()}:
        raise OrdersRefused(path, f"is for game {number}, which {campaign.name()} does not have")
    return int(number)


def _check(campaign: CampaignFile, record: GameRecord, path: Path, of: OrderFile) -> Inbox:
    box = inbox_of(campaign, record)
    name = box.names.get(of.player, of.player)
    if of.player not in box.names:
        raise OrdersRefused(path, f"is from {of.player!r}, who does not play in this game")
    if of.turn < box.turn or _played(campaign, record.id, of):
        raise OrdersRefused(path, f"is {name}'s orders for turn {of.turn}, played already")
    if of.turn > box.turn:
        raise OrdersRefused(path, f"is for turn {of.turn}; the game is at turn {box.turn}")
    _, secret = refereed(campaign)
    if not hmac.compare_digest(
        of.seal, files.body_seal(of, token(secret, of.game, of.turn, of.player))
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
    write_meta(campaign, {f"mail.inbox.{record.id}.{of.turn}.{of.player}": order_text(of)})
    return of


def play_turn(
    campaign: CampaignFile, game_id: int | None = None, *, without_missing: bool = False
) -> list[Event]:
    """Play the orders in the inbox as given (an order file ends its player's phase with
    an ``EndPhase`` among its orders), in seat order; the events, as the referee sees
    them. Refused while an expected player's orders are missing, unless
    ``without_missing``: then those players give no orders and their phase is ended (a
    ruling: a silent player's ships coast).

    Everyone's orders are played together on a copy in memory first, so a turn that
    cannot be played whole writes nothing. Each command is then stored as it is played;
    a play cut short (the program closed meanwhile) goes on from where it stopped the
    next time, without playing any order twice."""
    game_id = main_game(campaign) if game_id is None else game_id
    record = GameRecord(campaign, game_id)
    box = inbox_of(campaign, record)
    if box.missing and not without_missing:
        names = ", ".join(box.names[p] for p in box.missing)
        raise CampaignError(campaign.path, f"turn {box.turn} still waits for orders from {names}")
    started = f"mail.started.{game_id}.{box.turn}"
    at = campaign.meta(started)
    if at is None:
        planned = _planned(campaign, record.state, box)
        write_meta(campaign, {started: str(record.head or 0)})
        done = 0
    else:  # an interrupted play: the same plan, from the state it started at
        start = int(at) or None
        planned = _planned(campaign, record.state_at(start), box)
        done = _done_already(campaign, record, start, planned)
    events: list[Event] = []
    for command in planned[done:]:
        events += record.play(command)
    finished = {f"mail.played.{game_id}.{box.turn}.{p}": of.seal for p, of in box.received.items()}
    finished[f"mail.turn.{game_id}"] = str(box.turn + 1)
    prefix = f"mail.inbox.{game_id}.{box.turn}."
    with campaign.writing() as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", list(finished.items())
        )
        conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix))
        conn.execute("DELETE FROM meta WHERE key = ?", (started,))
    return events + pass_idle(campaign, game_id)


def pass_idle(campaign: CampaignFile, game_id: int | None = None) -> list[Event]:
    """End each phase in which the player the game waits for has nothing to do, the
    log saying why, as the window does when it shows the master
    (:func:`core.vector.idle.passing`: the same rule), so no player file is made for a
    phase its player could do nothing in; the events. Stops where the game cannot go
    on by itself (a battle inside it to be fought first)."""
    game_id = main_game(campaign) if game_id is None else game_id
    record = GameRecord(campaign, game_id)
    events: list[Event] = []
    while (note := idle.passing(record.state)) is not None:
        try:
            events += record.play(EndPhase(note.player), auto=True, noted=[note])
        except (IllegalCommand, GameFrozen):
            break
    return events


def _planned(campaign: CampaignFile, state: Any, box: Inbox) -> list[Command]:
    """The turn's commands in the order they are played, tried together in memory on
    ``state``, where the turn began (whose orders it waited for is asked of it)."""
    planned: list[Command] = []
    for player in [p.id for p in play.waiting_for(state)]:
        of = box.received.get(player)
        if of is None:  # a silent player's phase ends without orders, where it can
            try:
                state, _ = playing.apply(state, EndPhase(player))
                planned.append(EndPhase(player))
            except IllegalCommand:
                pass
            continue
        for n, order in enumerate(of.orders, 1):
            try:
                state, _ = playing.apply(state, order)
            except IllegalCommand as exc:
                raise CampaignError(
                    campaign.path,
                    f"turn {box.turn} cannot be played: order {n} of {box.names[player]} "
                    f"cannot follow the orders played before it: {exc}",
                ) from None
            planned.append(order)
    return planned


def _done_already(
    campaign: CampaignFile, record: GameRecord, start: int | None, planned: list[Command]
) -> int:
    """How many of ``planned`` an interrupted play stored after entry ``start``."""
    line = record.line()
    ids = [step.id for step in line]
    after = line[ids.index(start) + 1 :] if start in ids else line if start is None else None
    texts = [serial.dumps(c) for c in planned]
    if after is None or [s.command for s in after] != texts[: len(after)]:
        raise CampaignError(
            campaign.path,
            "a turn was being played when the campaign was closed, and the game has been "
            "changed since; undo to where the turn began (or restore that branch) to play it",
        )
    return len(after)


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
