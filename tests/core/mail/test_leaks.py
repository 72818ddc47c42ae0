"""Issue 23 requirement 4, the leak test: for random positions of every registered rule
system, each player's player file holds nothing that player may not see, anywhere in the
file (the view, the log and its events, the file's own facts): no dice seed or dice
state, no hash of the master (from which a small seed could be searched for), no other
player's token, no other player's sealed order or plan (NPlanetary's own orders
included), and, under Interplanetary's fog of war, no hidden ship's manifest, fuel or
the events and rolls that tell of them.

Requirement 3 (sealed dice) is checked here too: the seed is a canary number that must
not appear in any player file, while the rolls made are in the logs."""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import referee
from core.campaign.mail.files import player_text
from core.engine import serial
from core.engine.commands import Command, EndPhase
from core.engine.dice import Dice, Rolled
from core.engine.play import OrderSealed, current_phase
from core.engine.system import system_ids
from core.vector.plotting import PlanMade
from core.vector.state import GameState, Plan
from tests.core.mail.games import POSITIONS, Position, battle, fixed

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def mentions(text: str, number: int | str) -> bool:
    """Whether ``number`` appears in ``text`` as a number or word of its own (not inside
    a longer run of letters and digits, such as a hexadecimal digest)."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(str(number))}(?![0-9A-Za-z])", text) is not None


def walk(data: Any) -> Any:
    """Every dict in plain data, depth first."""
    if isinstance(data, dict):
        yield data
        for v in data.values():
            yield from walk(v)
    elif isinstance(data, list):
        for v in data:
            yield from walk(v)


def master_secrets(campaign: CampaignFile) -> list[str]:
    """Texts of the master that no player file may hold: entry hashes and seals, the
    start hash, the referee's secret."""
    with campaign.reading() as db:
        rows = db.execute("SELECT hash, chain FROM entry").fetchall()
        start = db.execute("SELECT start_hash FROM game").fetchall()
    found = [h for row in rows for h in row if h] + [s for (s,) in start]
    return [*found, campaign.meta("mail.secret") or "no secret"]


def check_generic(
    text: str, player: str, master: GameState, campaign: CampaignFile, tokens: dict[str, str]
) -> None:
    dice = getattr(master, "dice", None)
    assert dice is None or not mentions(text, dice.seed), "the dice seed is in a player file"
    own = json.loads(text)["view_hash"]  # a master's hash only where it saw all of it
    for secret in master_secrets(campaign):
        assert secret == own or secret not in text, "a hash or secret of the master is in a file"
    for other, token in tokens.items():
        assert other == player or token not in text, f"{other}'s token is in {player}'s file"
    data = json.loads(text)
    mine = {s.id for s in getattr(master, "ships", ()) if s.owner == player}
    for item in walk(data):
        kind = serial.resolve(str(item.get("$type", "")))
        if kind is None:
            continue
        if issubclass(kind, Command):
            assert item.get("player") == player, f"another player's order is in {player}'s file"
        if kind is Dice:
            assert serial.from_data(item) == Dice(0), "the dice state is in a player file"
        if kind is PlanMade:
            assert item.get("ship") in mine, "another player's course is in the log"
        if kind is OrderSealed:
            assert item.get("player") == player, "how many orders another player sealed"
    view = serial.from_data(data["view"])
    for ship_id, plan in getattr(view, "plans", ()):
        assert isinstance(plan, Plan) and ship_id in mine, "another player's plan is in the view"


def check_interplanetary(text: str, player: str, master: GameState, start: GameState) -> None:
    """Fog of war: a ship hidden from ``player`` shows no manifest but the guns that
    fired, no fuel, and nothing in the log about its manifest or its modules' rolls."""
    from core.rules.interplanetary import fog, secrets

    sight = fog.sight(master, player)
    data = json.loads(text)
    view = serial.from_data(data["view"])
    for ship_id in sight.hidden:
        real, seen = master.ship(ship_id), view.ship(ship_id)
        assert not mentions(text, real.fuel.numerator) or real.fuel.numerator < 1000
        assert not mentions(text, start.ship(ship_id).fuel.numerator)
        guns = dict(sight.guns_of(ship_id))
        if seen.manifest is not None:
            shown = [(p, g) for p, g in enumerate(seen.manifest.guns) if g is not None]
            assert all(guns.get(p) == g for p, g in shown)
            assert seen.manifest.launchers == () or not any(seen.manifest.launchers)
        assert seen.fitted is None and seen.fuel == 0
        for turn in data["log"]:
            for event in serial.from_data(turn["events"]):
                if isinstance(event, secrets.MANIFEST) or type(event).__name__ == "FuelBurned":
                    assert getattr(event, "ship", None) not in (ship_id, real.name)
                assert f"{real.name}'s " not in event.text or not hasattr(event, "why")


def check_squadrons(text: str, player: str, master: Any, start: Any) -> None:
    """The squadron game's fog: no enemy counter under a "?" in the view, no enemy jump
    order or destination, no other side's sealed fire orders, nothing only the other
    side is told."""
    from core.rules.squadrons import fog
    from core.rules.squadrons.events import Told

    side = master.side_of(player)
    data = json.loads(text)
    view = serial.from_data(data["view"])
    seen = {c.id: c for c in view.counters}
    for c in master.counters:
        if c.side == side:
            continue
        if fog.hidden(master, c):
            assert c.id not in seen, f"{c.id}, under a '?', is in {player}'s view"
        if c.id in seen:
            shown = seen[c.id]
            assert shown.jump is None, "an enemy's jump order is in the view"
            assert shown.transit is None or shown.transit.destination == ""
    assert all(master.side_of(o.player) == side for o in view.sealed)
    for turn in data["log"]:
        for event in serial.from_data(turn["events"]):
            assert not isinstance(event, Told) or event.side == side, "another side's secret"


def check_nplanetary(text: str, player: str, master: GameState, start: GameState) -> None:
    """NPlanetary has no fog of war (a ruling, ``core/rules/nplanetary/view.py``): the
    view shows every ship's hold and damage and every base with its stocks as they are
    (the generic checks keep other players' sealed orders and plans out)."""
    from core.rules.nplanetary.model import hold_of, holdings_of

    view = serial.from_data(json.loads(text)["view"])
    assert holdings_of(view) == holdings_of(master), "bases or their stocks differ"
    for ship in master.ships:
        assert hold_of(view.ship(ship.id)) == hold_of(ship), f"{ship.name}'s hold differs"


def check_void(text: str, player: str, master: Any, start: Any) -> None:
    """System III Void has no fog of war (a ruling, ``core/rules/void/view.py``), but a
    battle keeps secrets: nowhere in the file (view or log) another player's torpedo
    target (unless the player's side scanned it), or, while strategic combat waits for
    them, their aggression level or narrative die, or the order that chose it."""
    from core.rules.void.fight import AGGRESSION, ChooseAggression, Fight, phases
    from core.rules.void.tactical.scan import TargetScanned
    from core.rules.void.tactical.terms import Torpedoes
    from core.rules.void.tactical.torpedoes import LaunchTorpedoes

    data = json.loads(text)
    side = next((p.side for p in master.players if p.id == player), None)
    for item in walk(data):
        kind = serial.resolve(str(item.get("$type", "")))
        scanned = kind is Torpedoes and side in serial.from_data(item).revealed
        if kind is Torpedoes and item.get("owner") != player and not scanned:
            assert item.get("target") == "", f"another's torpedo target in {player}'s file"
        if kind is TargetScanned:
            assert player == item.get("owner") or side == item.get("side"), "a scan's find"
        if kind in (LaunchTorpedoes, ChooseAggression):
            assert item.get("player") == player, f"another player's secret in {player}'s file"
    if isinstance(master, Fight):
        view = serial.from_data(data["view"])
        if not master.over and phases(master)[master.phase] is AGGRESSION:
            assert all(p == player for p, _ in view.levels), "another's aggression level"
            assert all(b[0] == player for b in view.boosts), "another's narrative die"
        assert view.dice == Dice(0)


SYSTEM_CHECKS = {
    "interplanetary": check_interplanetary,
    "nplanetary": check_nplanetary,
    "squadrons": check_squadrons,
    "void": check_void,
}


def player_files(position: Position) -> None:
    with tempfile.TemporaryDirectory() as folder:
        campaign = position.campaign(Path(folder))
        try:
            master = GameRecord(campaign, 1).state
            files = {p.id: referee.player_file(campaign, 1, p.id) for p in master.players}
            tokens = {p: pf.token for p, pf in files.items()}
            for player, pf in files.items():
                text = player_text(pf)
                check_generic(text, player, master, campaign, tokens)
                check = SYSTEM_CHECKS.get(position.system)
                if check is not None:
                    check(text, player, master, position.start)
        finally:
            campaign.close()


@pytest.mark.parametrize("system", system_ids())
def test_player_files_leak_nothing_a_player_may_not_see(system: str) -> None:
    assert system in POSITIONS, (
        f"rule system {system!r} has no positions for the leak test: add a strategy of its "
        "positions to tests/core/mail/games.py POSITIONS"
    )

    @SETTINGS
    @given(POSITIONS[system]())
    def leaks_nothing(position: Position) -> None:
        player_files(position)

    leaks_nothing()


def test_sealed_dice_the_seed_is_in_the_master_and_the_rolls_in_the_logs() -> None:
    """The canary is real: the seed is in the master's start; and a roll made (for first
    player) is shown after the fact in every player's log, without the seed."""
    from core.rules.interplanetary.combat.guns import Fire

    position = fixed("interplanetary", apart=2)
    with tempfile.TemporaryDirectory() as folder:
        campaign = position.campaign(Path(folder))
        try:
            assert mentions(campaign.game_row(1).start, position.start.dice.seed)
            record = GameRecord(campaign, 1)
            while current_phase(record.state) != "guns":
                record.play(EndPhase("a"))
            record.play(Fire("a", "a0", 0, "b0"))
            for player in ("a", "b"):
                pf = referee.player_file(campaign, 1, player)
                rolls = [e for t in pf.log for e in t.events if isinstance(e, Rolled)]
                assert rolls and "rolled" in rolls[-1].text
                assert not mentions(player_text(pf), position.start.dice.seed)
                assert pf.view.dice == Dice(0)
        finally:
            campaign.close()


def test_the_leak_check_catches_a_view_that_shows_everything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The checks are not vacuous: a view that is the master itself is caught (the seed),
    even without the referee's own refusal of a view that shows the dice."""
    from core.campaign.mail import referee as referee_module
    from core.engine import play

    monkeypatch.setattr(play, "view", lambda state, player: state)
    monkeypatch.setattr(referee_module, "_no_dice", lambda campaign, view: None)
    with pytest.raises(AssertionError, match="seed"):
        player_files(fixed("nplanetary"))


def test_the_leak_check_catches_a_view_that_shows_hidden_manifests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """...and a view hiding only the dice is caught under fog of war (the enemy's fuel)."""
    from core.engine import play

    monkeypatch.setattr(play, "view", lambda state, player: replace(state, dice=Dice(0)))
    with pytest.raises(AssertionError):
        player_files(fixed("interplanetary"))
    monkeypatch.undo()
    player_files(fixed("interplanetary"))  # the real view passes


def test_sealed_dice_a_refereed_game_starts_with_a_seed_too_large_to_search(
    tmp_path: Path,
) -> None:
    """The rolls every player reads are a function of the seed: a seed of 31 bits (the
    New Game dialog's) could be found from them, so refereed games take 128 bits, and
    making a campaign refereed warns of a game started with less."""
    seeds = {referee.new_seed() for _ in range(4)}
    assert len(seeds) == 4 and all(s.bit_length() == 128 for s in seeds)
    small = CampaignFile.create(tmp_path / "small.ecliptic", "Small", fixed("void", seed=7).start)
    try:
        (warning,) = referee.set_mode(small, referee.REFEREED)
        assert "game 1" in warning and "seed small enough" in warning
    finally:
        small.close()
    position = fixed("interplanetary", seed=referee.new_seed(), apart=2)
    large = CampaignFile.create(tmp_path / "large.ecliptic", "Large", position.start)
    try:
        assert referee.set_mode(large, referee.REFEREED) == []
    finally:
        large.close()
    player_files(position)  # a 128-bit seed plays, and stays out of the files


def test_the_leak_check_catches_a_squadron_view_that_shows_counters_under_a_question_mark(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The squadron game's check is not vacuous either: showing the master is caught
    where an enemy counter is under a "?"."""
    from hypothesis import find

    from core.engine import play
    from core.rules.squadrons import fog

    def veiled(position: Position) -> bool:
        state = position.start
        for command in position.commands:
            state, _ = play.apply(state, command)
        return any(fog.hidden(state, c) for c in state.counters)

    position = find(POSITIONS["squadrons"](), veiled, settings=settings(database=None))
    player_files(position)  # the real view passes
    monkeypatch.setattr(play, "view", lambda state, player: state)
    with pytest.raises(AssertionError, match="under a '\\?'"):
        player_files(position)


def every_event_type() -> list[type]:
    from core.engine.events import Event

    found, todo = [], [Event]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


@pytest.mark.parametrize("system", sorted(POSITIONS))
def test_every_event_of_a_system_with_secrets_is_listed_for_its_readers(system: str) -> None:
    """A new event a system can say is classified (public, own side, seen ships...), not
    left out of every player's log by default without anyone deciding so."""
    from core.engine.events import Event
    from core.engine.system import system_for

    rules = system_for(system).event_rules  # type: ignore[attr-defined]
    prefixes = ("core.engine.", "core.vector.", f"core.rules.{system}.")
    for kind in every_event_type():
        if kind.__module__.startswith(prefixes) and kind is not Event:
            assert any(k in rules for k in kind.__mro__), f"{kind.__name__} has no reader rule"


def played(position: Position) -> Any:
    from core.engine import play

    state = position.start
    for command in position.commands:
        state, _ = play.apply(state, command)
    return state


def test_the_leak_check_catches_a_void_view_that_shows_torpedo_targets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Void's check is not vacuous: with a group of torpedoes in flight, a view showing
    its target to the other player is caught."""
    from core.rules.void import view
    from core.rules.void.tactical.terms import terms

    position = battle("tactical")
    assert terms(played(position)).torpedoes, "no torpedoes in flight"
    player_files(position)  # the real view passes
    monkeypatch.setattr(view, "_GROUP_SEEN", view._GROUP)
    with pytest.raises(AssertionError, match="torpedo target"):
        player_files(position)


def test_the_leak_check_catches_a_void_view_that_shows_sealed_aggression(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """...and, in strategic combat with one player's aggression level sealed, a view
    showing the other player that order (or the level it chose) is caught."""
    from core.rules.void.system import VoidSystem

    position = battle("strategic")
    assert played(position).sealed, "no aggression level sealed"
    player_files(position)  # the real view passes
    monkeypatch.setattr(
        VoidSystem, "view", lambda self, state, player: replace(state, dice=Dice(0))
    )
    with pytest.raises(AssertionError, match=r"secret|order"):
        player_files(position)
