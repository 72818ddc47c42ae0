"""Issue 23 requirements 2 and 5: a refereed campaign by mail. The referee writes player
files, imports order files (each checked: game, turn, seat, version, not already played,
sealed by that seat's player file, made from the view shown now, every order legal),
plays the turn and writes the next player files; a refused order file changes nothing,
and the master replays to its own hashes."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.board.hexgrid import Direction
from core.campaign import CampaignFile, GameRecord
from core.campaign.mail import files, referee
from core.campaign.mail.files import MailFileError, OrderFile
from core.campaign.mail.referee import NotRefereed
from core.engine import serial
from core.engine.commands import EndPhase
from core.engine.play import apply, current_phase
from core.engine.states import state_hash
from core.vector.motion import Order
from core.vector.orders import Plot
from tests.core.mail.games import fixed

GOLDEN_CAMPAIGN = Path(__file__).parents[1] / "data" / "golden" / "hostile-takeover-v1.ecliptic"


@pytest.fixture
def master(tmp_path: Path) -> Iterator[CampaignFile]:
    campaign = fixed("interplanetary").campaign(tmp_path)
    yield campaign
    campaign.close()


@pytest.fixture
def sealed(tmp_path: Path) -> Iterator[CampaignFile]:
    """NPlanetary (every phase sealed), both players to give orders."""
    campaign = fixed("nplanetary").campaign(tmp_path)
    yield campaign
    campaign.close()


def contents(campaign: CampaignFile) -> list[object]:
    """Every row that matters, to tell that nothing changed."""
    with campaign.reading() as db:
        return [
            db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("meta", "entry", "game", "turn", "snapshot")
        ]


def orders_of(campaign: CampaignFile, player: str, *orders: object, to: Path) -> Path:
    pf = referee.player_file(campaign, referee.main_game(campaign), player)
    of = files.make_orders(pf, [*orders, EndPhase(player)])  # type: ignore[list-item]
    to.mkdir(parents=True, exist_ok=True)
    return files.write_order_file(of, to / files.order_file_name(pf))


def refused(campaign: CampaignFile, path: Path, match: str) -> None:
    before = contents(campaign)
    with pytest.raises(MailFileError, match=match) as caught:
        referee.import_order_file(campaign, path)
    assert str(path) in str(caught.value)
    assert contents(campaign) == before


def rewrite(path: Path, change: dict[str, object], *, digest: bool = True) -> None:
    """An order file changed by hand; with ``digest`` its checksum recomputed too."""
    data = json.loads(path.read_text())
    data.pop("digest")
    data.update(change)
    text = files._digested(data) if digest else json.dumps({**data, "digest": "0" * 64})
    path.write_text(text)


# ---- requirement 2: the mode, player files, order files


def test_campaigns_are_open_unless_made_refereed(tmp_path: Path, master: CampaignFile) -> None:
    copy = tmp_path / "old.ecliptic"
    shutil.copy(GOLDEN_CAMPAIGN, copy)
    with CampaignFile.open(copy) as old:
        assert referee.mode_of(old) == referee.OPEN
        with pytest.raises(NotRefereed):
            referee.inbox(old)
    assert referee.mode_of(master) == referee.REFEREED


def test_the_refereed_mode_keeps_the_golden_campaigns_hashes(tmp_path: Path) -> None:
    copy = tmp_path / "old.ecliptic"
    shutil.copy(GOLDEN_CAMPAIGN, copy)
    with CampaignFile.open(copy) as old:
        referee.set_mode(old, referee.REFEREED)
        for game in old.games():
            record = GameRecord(old, game.id)  # replays every entry, checking its hash
            assert record.state is not None
            referee.player_file(old, game.id, record.state.players[0].id)


def test_player_file_holds_the_players_view_and_reads_back(
    tmp_path: Path, master: CampaignFile
) -> None:
    paths = referee.export_player_files(master, tmp_path / "out")
    assert [p.suffix for p in paths] == [".ecliptic-player"] * 2
    ann = files.read_player_file(paths[0])
    assert (ann.player, ann.name, ann.turn, ann.expected) == ("a", "Ann", 1, True)
    assert not files.read_player_file(paths[1]).expected  # Bob waits for Ann's turn
    record = GameRecord(master, 1)
    assert ann.view_hash == state_hash(ann.view)  # the view read back is the one hashed
    assert ann.view.ship("b0").manifest is None  # fog of war: Bob's ship is out of range
    assert ann.view.ship("a0").manifest == record.state.ship("a0").manifest


def test_order_file_holds_game_turn_phase_player_orders_view_hash_and_version(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", to=tmp_path)
    data = json.loads(path.read_text())
    assert {"game", "turn", "phase", "player", "orders", "view_hash", "program"} <= set(data)
    of = files.read_order_file(path)
    assert (of.player, of.turn, of.orders) == ("a", 1, (EndPhase("a"),))


def test_import_then_play_turn_plays_the_orders_and_moves_the_turn_on(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", to=tmp_path)
    assert referee.inbox(master).missing == ("a",)
    referee.import_order_file(master, path)
    box = referee.inbox(master)
    assert set(box.received) == {"a"} and box.missing == ()
    phase = box.phase
    referee.play_turn(master)
    after = referee.inbox(master)
    assert after.turn == 2 and after.received == {} and after.phase != phase


def test_a_sealed_phase_takes_every_players_orders_then_resolves_them(
    tmp_path: Path, sealed: CampaignFile
) -> None:
    while referee.inbox(sealed).phase != "movement":
        for p in ("a", "b"):
            referee.import_order_file(sealed, orders_of(sealed, p, to=tmp_path / p))
        referee.play_turn(sealed)
    for p in ("a", "b"):
        burn = Order(burn=(Direction.N,))
        referee.import_order_file(
            sealed, orders_of(sealed, p, Plot(p, f"{p}0", burn), to=tmp_path / p)
        )
    before = GameRecord(sealed, 1).state
    referee.play_turn(sealed)
    after = GameRecord(sealed, 1).state
    assert after.ship("a0").motion != before.ship("a0").motion
    assert after.ship("b0").motion != before.ship("b0").motion


def test_play_turn_waits_for_missing_orders_unless_told(master: CampaignFile) -> None:
    with pytest.raises(Exception, match="waits for orders from Ann"):
        referee.play_turn(master)
    referee.play_turn(master, without_missing=True)
    assert referee.inbox(master).turn == 2


# ---- requirement 5: refusals change nothing


def test_the_same_order_file_twice_is_refused(tmp_path: Path, master: CampaignFile) -> None:
    path = orders_of(master, "a", to=tmp_path)
    referee.import_order_file(master, path)
    refused(master, path, "are in already")
    referee.play_turn(master)
    refused(master, path, "played already")


def test_an_order_file_for_another_game_is_refused(tmp_path: Path, master: CampaignFile) -> None:
    other = fixed("interplanetary").campaign(tmp_path / "other")
    try:
        path = orders_of(other, "a", to=tmp_path)
    finally:
        other.close()
    refused(master, path, "is for another game")


def test_an_order_file_for_another_turn_is_refused(tmp_path: Path, master: CampaignFile) -> None:
    path = orders_of(master, "a", to=tmp_path)
    rewrite(path, {"turn": 5})
    refused(master, path, "is for turn 5; the game is at turn 1")


def test_an_order_file_edited_after_it_was_written_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", to=tmp_path)
    path.write_text(path.read_text().replace('"turn": 1', '"turn": 2'))
    refused(master, path, "has been changed since it was written")


def test_an_order_file_edited_and_checksummed_again_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", to=tmp_path)
    rewrite(path, {"orders": serial.to_data([Plot("a", "a0"), EndPhase("a")])})
    refused(master, path, "not sealed by Ann's player file")


def test_an_order_file_made_for_another_seat_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "b", to=tmp_path)
    rewrite(path, {"player": "a", "orders": serial.to_data([EndPhase("a")])})
    refused(master, path, "not sealed by Ann's player file")


def test_a_truncated_order_file_is_refused(tmp_path: Path, master: CampaignFile) -> None:
    path = orders_of(master, "a", to=tmp_path)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    refused(master, path, "is not an Ecliptic order file: it is cut short")


def test_an_order_file_of_another_program_version_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    pf = referee.player_file(master, 1, "a")
    of = files.make_orders(pf, [EndPhase("a")])
    body = {**of.__dict__, "program": "Ecliptic 0.0.1 (revision old)"}
    of = OrderFile(**{**body, "seal": files.seal_of(files._body(OrderFile(**body)), pf.token)})
    path = files.write_order_file(of, tmp_path / "old.ecliptic-orders")
    refused(master, path, "both must run the same version")


def test_an_order_file_with_an_illegal_order_is_refused_naming_it(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", Plot("a", "b0"), to=tmp_path)
    refused(
        master, path, "order 1 of Ann cannot be played: ships are plotted in the astrogation phase"
    )


def test_an_order_file_from_a_player_the_game_does_not_wait_for_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "b", to=tmp_path)
    refused(master, path, "does not wait for Bob's orders")


def test_an_order_file_made_from_an_older_view_is_refused(
    tmp_path: Path, master: CampaignFile
) -> None:
    path = orders_of(master, "a", to=tmp_path)
    GameRecord(master, 1).play(EndPhase("a"))  # the referee played on meanwhile
    refused(master, path, "view of the game other than Ann's view now")


def test_a_damaged_player_file_is_refused_with_its_name(tmp_path: Path) -> None:
    for text, reason in (
        ("not json", "is not an Ecliptic player file"),
        (
            '{"format": "ecliptic-orders"}',
            "is not an Ecliptic player file .it is an ecliptic-orders",
        ),
        ('{"format": "ecliptic-player", "version": 99}', "written by a newer Ecliptic"),
    ):
        path = tmp_path / "x.ecliptic-player"
        path.write_text(text)
        with pytest.raises(MailFileError, match=reason) as caught:
            files.read_player_file(path)
        assert str(path) in str(caught.value)
    with pytest.raises(MailFileError, match="no such file"):
        files.read_player_file(tmp_path / "missing.ecliptic-player")


def test_replaying_a_refereed_campaign_reproduces_the_masters_hashes(
    tmp_path: Path, sealed: CampaignFile
) -> None:
    for _ in range(4):
        for p in referee.inbox(sealed).missing:
            referee.import_order_file(sealed, orders_of(sealed, p, to=tmp_path / p))
        referee.play_turn(sealed)
    record = GameRecord(sealed, 1)
    state = record.start
    for step in record.line():
        state, _ = apply(state, serial.from_data(json.loads(step.command)))
        assert state_hash(state) == step.hash
    assert current_phase(state) == current_phase(record.state)


def test_a_turn_cut_short_goes_on_without_playing_an_order_twice(
    tmp_path: Path, sealed: CampaignFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    for p in ("a", "b"):
        referee.import_order_file(sealed, orders_of(sealed, p, to=tmp_path / p))
    depth = len(GameRecord(sealed, 1).line())
    real = GameRecord.play
    calls = []

    def crash_on_the_second(self: GameRecord, command: object, **kw: object) -> object:
        calls.append(command)
        if len(calls) == 2:
            raise KeyboardInterrupt  # the program closed in the middle of the turn
        return real(self, command, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(GameRecord, "play", crash_on_the_second)
    with pytest.raises(KeyboardInterrupt):
        referee.play_turn(sealed)
    monkeypatch.undo()
    assert len(GameRecord(sealed, 1).line()) == depth + 1
    referee.play_turn(sealed)
    line = GameRecord(sealed, 1).line()
    assert [json.loads(s.command)["player"] for s in line[depth:]] == ["a", "b"]
    assert referee.inbox(sealed).turn == 2


def test_hostile_mail_files_are_refused_with_a_message(tmp_path: Path) -> None:
    """Nesting beyond reason, a state that is not one, orders that are not orders: each
    one message naming the file, never a traceback."""
    deep = "[" * 100_000 + "]" * 100_000
    cases = {
        "deep.ecliptic-player": (deep, files.read_player_file, "is not an Ecliptic player file"),
        "deep.ecliptic-orders": (deep, files.read_order_file, "is not an Ecliptic order file"),
    }
    for name, (text, read, reason) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(MailFileError, match=reason):
            read(path)
    base = {"format": "ecliptic-player", "version": 1, "turn": 1, "round": 1, "log": []}
    base.update({k: "x" for k in files._PLAYER_STRINGS})
    for view, reason in ((7, "holds no game state"), ({"$type": "no.Such"}, "cannot read")):
        path = tmp_path / "bad.ecliptic-player"
        path.write_text(files._digested({**base, "view": view}))
        with pytest.raises(MailFileError, match=reason):
            files.read_player_file(path)
    orders = {"format": "ecliptic-orders", "version": 1, "turn": 1, "round": 1}
    orders.update({k: "x" for k in files._ORDER_STRINGS})
    path = tmp_path / "bad.ecliptic-orders"
    path.write_text(files._digested({**orders, "orders": [1, 2]}))
    with pytest.raises(MailFileError, match="not an order"):
        files.read_order_file(path)


def test_a_player_gives_orders_on_the_view_and_saves_the_order_file(
    tmp_path: Path, sealed: CampaignFile
) -> None:
    from core.campaign.mail.player import OrderProblem, check_orders, save_orders

    pf = files.read_player_file(referee.export_player_files(sealed, tmp_path / "out")[0])
    with pytest.raises(OrderProblem, match="order 1 cannot be given") as caught:
        check_orders(pf, [Plot("a", "b0")])  # not her ship (and not the phase)
    assert caught.value.index == 0
    path = save_orders(pf, [], tmp_path)
    assert files.read_order_file(path).orders == (EndPhase("a"),)
    referee.import_order_file(sealed, path)  # the referee takes it


def test_a_player_file_log_reads_back_and_hides_an_unseen_enemys_burns(tmp_path: Path) -> None:
    """A whole round by mail under fog of war, the ships 5 hexes apart: each player's log
    reads back with every move, but an unseen enemy's fuel burned is not in it."""
    from core.campaign.mail.player import save_orders
    from core.vector.movement import FuelBurned, Moved

    campaign = fixed("interplanetary", apart=5).campaign(tmp_path)
    try:
        for turn in range(8):
            for path in referee.export_player_files(campaign, tmp_path / str(turn)):
                pf = files.read_player_file(path)
                if pf.expected:
                    plot = [Plot(pf.player, f"{pf.player}0", Order(burn=(Direction.N,)))]
                    orders = plot if pf.phase == "astrogation" else []
                    referee.import_order_file(campaign, save_orders(pf, orders, tmp_path))
            referee.play_turn(campaign)
        for player, enemy in (("a", "b0"), ("b", "a0")):
            pf = files.read_player_file(
                referee.export_player_files(campaign, tmp_path / "end")[player == "b"]
            )
            events = [e for t in pf.log for e in t.events]
            names = {"a0": "A-ship 0", "b0": "B-ship 0"}  # movement's events name ships
            assert {e.ship for e in events if isinstance(e, Moved)} == set(names.values())
            burns = {e.ship for e in events if isinstance(e, FuelBurned)}
            assert burns == {names[f"{player}0"]} and names[enemy] not in burns
    finally:
        campaign.close()


def test_a_damaged_log_entry_is_named_when_player_files_are_made(
    tmp_path: Path, master: CampaignFile
) -> None:
    from core.campaign.errors import DamagedCampaign

    GameRecord(master, 1).play(EndPhase("a"))
    with master.writing() as conn:
        conn.execute('UPDATE entry SET events = \'[{"$type": "no.Such"}]\'')
    with pytest.raises(DamagedCampaign, match="log entry 1's events cannot be read"):
        referee.export_player_files(master, tmp_path / "out")


def test_a_rule_system_whose_view_shows_the_dice_cannot_be_refereed(
    tmp_path: Path, master: CampaignFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.engine import play

    monkeypatch.setattr(play, "view", lambda state, player: state)  # a view that is no view
    with pytest.raises(Exception, match="view of a player shows the dice"):
        referee.export_player_files(master, tmp_path / "out")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
