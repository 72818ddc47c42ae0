"""Issue 23 requirement 4, golden player files: a few fixed positions' player files, as
the program writes them, compared with the committed ones (``tests/core/data/mail``), so
any change in what a player file holds is seen and reviewed. The map and ruleset are
compared by digest and the program's version is left out; everything else is compared
whole. ``ECLIPTIC_WRITE_GOLDEN=1`` writes them again (then read the difference)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from core.board.hexgrid import Direction
from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import referee
from core.campaign.mail.files import player_data
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.play import current_phase, waiting_for
from core.rules.interplanetary.combat.guns import Fire
from core.vector.motion import Order
from core.vector.orders import Plot
from tests.core.mail.games import Position, fixed

GOLDEN = Path(__file__).parents[1] / "data" / "mail"


def fire_under_fog(record: GameRecord) -> None:
    """Interplanetary, fog of war: Ann's and Bob's ships 2 hexes apart, Ann fires; then
    Ann's ship is seen, and Bob's gun is known once it answers."""
    while current_phase(record.state) != "guns":
        record.play(EndPhase("a"))
    record.play(Fire("a", "a0", 0, "b0"))


def sealed_movement(record: GameRecord) -> None:
    """NPlanetary: Ann has sealed her plot in the movement phase, Bob has not yet."""
    while current_phase(record.state) != "movement":
        record.play(EndPhase("a"))
        record.play(EndPhase("b"))
    record.play(Plot("a", "a0", Order(burn=(Direction.N,))))


def void_turn(record: GameRecord) -> None:
    """System III Void: a plotted astrogation and a move."""
    record.play(Plot("a", "a0", Order(burn=(Direction.S,))))
    record.play(EndPhase("a"))


def squadron_steps(record: GameRecord) -> None:
    """The squadron game: the Battle for Tessaly, the first three steps by the autopilot
    ("?" counters on the boards, each side's moves told to it alone)."""
    from core.rules.squadrons import autopilot

    for _ in range(3):
        for seat in waiting_for(record.state):
            for command in autopilot.orders(record.state, seat.id):
                record.play(command)


def squadrons(folder: Path) -> CampaignFile:
    from core.engine.play import start
    from core.engine.system import Seat
    from core.rules.squadrons.scenario import load_scenario
    from core.rules.squadrons.state import RULES

    seats = (Seat("a", "Ann", "Imperium", "#aa2222"), Seat("b", "Bob", "Zhodani", "#2222aa"))
    first, _ = start(RULES, seats, seed=0, setup=load_scenario("battle-for-tessaly"))
    return Position("squadrons", first, ()).campaign(folder)


POSITIONS: dict[str, tuple[str, int, Callable[[GameRecord], None]]] = {
    "interplanetary-fog": ("interplanetary", 2, fire_under_fog),
    "interplanetary-hidden": ("interplanetary", 12, lambda record: None),
    "nplanetary-sealed": ("nplanetary", 12, sealed_movement),
    "void": ("void", 12, void_turn),
    "squadrons-tessaly": ("squadrons", 0, squadron_steps),
}


def normalised(data: dict[str, Any]) -> dict[str, Any]:
    """The player file's data with the map and ruleset as their digests, no version."""
    view = dict(data["view"])
    for shared in ("rules", "starmap", "world"):
        if shared in view:
            view[shared] = serial.digest(serial.from_data(view[shared]))
    return {**data, "view": view, "program": "(any)"}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_golden_player_files(tmp_path: Path, name: str) -> None:
    system, apart, moves = POSITIONS[name]
    if system == "squadrons":
        campaign = squadrons(tmp_path)
    else:
        campaign = fixed(system, apart=apart).campaign(tmp_path)
    try:
        with campaign.writing() as conn:  # the same mail id and secret on every run
            conn.execute("UPDATE meta SET value = 'golden00' WHERE key = 'mail.id'")
            conn.execute("UPDATE meta SET value = 'not a secret' WHERE key = 'mail.secret'")
        moves(GameRecord(campaign, 1))
        for player in ("a", "b"):
            got = normalised(player_data(referee.player_file(campaign, 1, player)))
            path = GOLDEN / f"{name}-{player}.json"
            if os.environ.get("ECLIPTIC_WRITE_GOLDEN"):
                path.parent.mkdir(exist_ok=True)
                path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
            assert got == json.loads(path.read_text()), f"{path.name} differs"
    finally:
        campaign.close()
