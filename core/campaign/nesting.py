"""Nested games: a battle opened inside a turn of its parent game, the parent frozen
while the battle is fought, and the battle's result fed back.

The rulings, carried out by :class:`~core.campaign.history.GameRecord`:

* **Opening.** When a command played in a game makes its system's ``encounter`` return
  an :class:`~core.engine.encounter.Encounter`, the child game is added in the same
  transaction as the command: its row names the parent game, the entry of that command
  (``parent_entry_id``) and the encounter's scale, and it starts at
  ``system_for(encounter.system).start(encounter.ruleset, seats, seed, encounter.setup)``
  with the campaign's players the encounter names as seats.
* **The seed** is :func:`core.engine.states.secret_seed` of the parent's state after the
  opening command: the same on every replay of the parent's log, and unknowable from
  what the players see (it hashes the whole state, its dice's seed included, behind a
  purpose of its own, so not even the state hash a log shows gives it away).
* **Frozen.** While a child game has no result, its parent refuses every change (a
  command, undo, redo, restoring a branch) with :class:`GameFrozen`, naming the battle.
* **Feeding back.** The command that ends a child game (its state ``over``) stores, in
  its own transaction, the child's result (the :class:`~core.engine.encounter.Outcome`,
  JSON) and plays ``Resume(player, outcome)`` in the parent, for the player whose
  command opened the battle, as a command the program gave.
* **Undo across the boundary** is refused with :class:`BattleSettled`: a finished child
  game's log can no longer move (its result is part of the parent's log), and a parent's
  head cannot move to where an entry that opened a child game would leave its line (the
  battle would be an orphan). Everything played after the ``Resume`` undoes as usual.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from core.campaign import results
from core.campaign.errors import BattleSettled, CampaignError, GameFrozen
from core.campaign.rows import game_values, insert_game, touch
from core.campaign.store import SCALES, CampaignFile
from core.engine import states
from core.engine.encounter import Encounter, Outcome
from core.engine.events import Event
from core.engine.system import Seat, system_for


@dataclass(frozen=True)
class Standing:
    """What the file says of a game now: its head, its parent and result, and the child
    game it waits for (id and title), if any."""

    head: int | None
    parent: int | None
    result: str | None
    open_child: tuple[int, str] | None


def standing(file: CampaignFile, game_id: int) -> Standing:
    with file.reading() as conn:
        row = conn.execute(
            "WITH open AS (SELECT id, title FROM game WHERE parent_id = :g"
            " AND result IS NULL ORDER BY id LIMIT 1)"
            " SELECT head_id, parent_id, result, (SELECT id FROM open),"
            " (SELECT title FROM open) FROM game WHERE id = :g",
            {"g": game_id},
        ).fetchone()
    if row is None:
        raise CampaignError(file.path, f"has no game {game_id}")
    child = (int(row[3]), str(row[4])) if row[3] is not None else None
    return Standing(row[0], row[1], row[2], child)


def check_playable(file: CampaignFile, title: str, now: Standing) -> None:
    """Refuse a change to a game waiting for its battle, or to a battle already settled."""
    if now.open_child is not None:
        raise GameFrozen(file.path, title, *now.open_child)
    if now.parent is not None and now.result is not None:
        raise BattleSettled(
            file.path,
            f"{title} is over and its result went back to the game it was fought in; "
            "it can no longer change",
        )


def openings(file: CampaignFile, game_id: int) -> set[int]:
    """The entries of a game that opened child games."""
    with file.reading() as conn:
        rows = conn.execute(
            "SELECT parent_entry_id FROM game WHERE parent_id = ?", (game_id,)
        ).fetchall()
    return {r[0] for r in rows if r[0] is not None}


def check_move(file: CampaignFile, title: str, left: set[int]) -> None:
    """Refuse a move of the head that would leave entries that opened battles off the
    game's line (``left``: those entries)."""
    if left:
        raise BattleSettled(
            file.path,
            f"a battle was fought from {title} at log entry {min(left)}; it cannot be undone "
            "to before that battle",
        )


@dataclass(frozen=True)
class Child:
    """A child game to add once the entry that opens it is written."""

    encounter: Encounter
    start: Any
    events: list[Event]
    campaign: int


def open_child(file: CampaignFile, parent_state: object, encounter: Encounter) -> Child:
    """Start the game an encounter opens (nothing is written yet)."""
    if encounter.scale not in SCALES:
        raise CampaignError(
            file.path, f"a battle's scale is strategic or tactical, not {encounter.scale!r}"
        )
    seed = states.secret_seed(parent_state, "encounter")
    start, events = system_for(encounter.system).start(
        encounter.ruleset, seats(file, encounter.seats), seed, encounter.setup
    )
    return Child(encounter, start, events, file.campaign().id or 1)


def seats(file: CampaignFile, players: tuple[str, ...]) -> list[Seat]:
    """The campaign's players named by their game ids, as seats of a new game."""
    sides = {s.id: s.name for s in file.sides()}
    known = {p.key: p for p in file.players()}
    found = []
    for key in players:
        player = known.get(key)
        if player is None:
            raise CampaignError(file.path, f"a battle names {key!r}, who is not in the campaign")
        side = sides.get(player.side_id, "") if player.side_id is not None else ""
        found.append(Seat(player.key, player.name, side, player.colour))
    return found


def add_child(conn: sqlite3.Connection, child: Child, parent: int, entry_id: int) -> int:
    """Write the child game's row, inside the transaction of the entry that opened it."""
    values = game_values(child.campaign, child.start, child.encounter.title, "", child.events)
    values.update(scale=child.encounter.scale, parent_id=parent, parent_entry_id=entry_id)
    return insert_game(conn, values)


def settle(conn: sqlite3.Connection, game_id: int, outcome: Outcome) -> None:
    """Store a finished battle's result, inside the transaction of its last command."""
    results.write(conn, game_id, outcome)
    touch(conn)
