"""Play by mail with a referee, through the windows' own controls (issue 23): the
referee makes a refereed campaign and exports the player files; each player opens
theirs in their own Ecliptic, sees only their side, gives orders and saves the order
file; the referee's inbox shows who has sent theirs; the referee plays the turn and
exports the next files in one step. An edited or a duplicate order file is refused
with a clear message, and the campaign is left as it was.

Each person has their own window and settings (their own computer); the files go
between them as mail attachments would, through folders."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from tests.app.acceptance.user import Player

PICKET = Path(__file__).parent / "scenarios" / "far-picket.toml"
NAMES = ("Ann", "Bob")


def new_refereed_campaign(referee: Player, file: Path, fog: bool = True) -> None:
    """File › New Campaign: the far picket scenario (browsed to), two players, fog of war,
    played refereed by mail, kept in ``file``."""

    def fill(dialog: QWidget) -> None:
        referee.answer(
            lambda: referee.press("Browse", dialog), lambda d: referee.pick_file(d, PICKET)
        )
        combo = referee.find(QComboBox, "scenario_box", dialog)
        assert isinstance(combo, QComboBox)
        referee.pick(combo, "Acceptance Far Picket")
        referee.type_into(referee.find(QLineEdit, "campaign_name", dialog), "Picket by mail")
        referee.type_into(referee.find(QLineEdit, "campaign_file", dialog), str(file))
        referee.type_into(referee.find(QSpinBox, "player_count", dialog), "2")
        for i, name in enumerate(NAMES):
            referee.type_into(referee.find(QLineEdit, f"seat_name_{i}", dialog), name)
        fixed = referee.find(QCheckBox, "fixed_seed", dialog)
        referee.click(fixed)
        referee.type_into(referee.find(QSpinBox, "dice_seed", dialog), "11")
        if fog:
            fog_box = referee.find(QCheckBox, "rule_fog_of_war", dialog)
            assert isinstance(fog_box, QCheckBox)
            if not fog_box.isChecked():  # by the keyboard: the box may be below the screen
                fog_box.setFocus()
                referee.qtbot.keyClick(fog_box, Qt.Key.Key_Space)
            assert fog_box.isChecked()
        referee.click(referee.find(QRadioButton, "mode_refereed", dialog))
        referee.agree_to_questions()
        referee.press("Create", dialog)

    referee.answer(lambda: referee.choose("File", "New Campaign"), fill)
    referee.dismiss_questions()
    referee.qtbot.waitUntil(referee.win.referee_panel.isVisible)


def inbox(referee: Player) -> dict[str, str]:
    """What the Referee dock's inbox says of each player."""
    panel = referee.win.referee_panel
    assert panel.isVisible()
    table = panel.table
    return {
        table.topLevelItem(i).text(0): table.topLevelItem(i).text(1)
        for i in range(table.topLevelItemCount())
    }


def export(referee: Player, button: str, folder: Path) -> list[Path]:
    """Press one of the Referee dock's export buttons; the player files it wrote into
    ``folder`` (the one the dock names)."""
    assert str(folder) in referee.label("referee_folder")
    before = set(folder.glob("*.ecliptic-player")) if folder.exists() else set()
    referee.press(button)
    referee.qtbot.waitUntil(lambda: set(folder.glob("*.ecliptic-player")) - before != set())
    return sorted(set(folder.glob("*.ecliptic-player")) - before)


def open_file(person: Player, path: Path) -> None:
    """File › Open, and the file's name typed into the dialog."""
    person.answer(lambda: person.choose("File", "Open"), lambda d: person.pick_file(d, path))


def import_orders(referee: Player, path: Path) -> None:
    referee.answer(
        lambda: referee.press("Import Order Files"), lambda d: referee.pick_file(d, path)
    )


def refusal(referee: Player) -> str:
    """The text of the refusal box on screen, which the referee then closes."""

    def shown() -> QMessageBox | None:
        boxes = referee.win.findChildren(QMessageBox, "orders_refused_box")
        return next((b for b in boxes if b.isVisible()), None)

    assert shown() is not None, referee.status()
    box = shown()
    assert isinstance(box, QMessageBox)
    text = box.informativeText()
    referee.click(box.button(QMessageBox.StandardButton.Ok))
    return text


def give_orders(person: Player, target: Path) -> None:
    """The seated player steers every ship of theirs, then saves the order file with
    the primary button."""
    person.steer()
    button = person.win.turn_bar.end_button
    assert button.text() == "Save Order File"
    person.answer(lambda: person.click(button), lambda d: person.pick_file(d, target))
    person.qtbot.waitUntil(target.exists)


def player_file_of(files: list[Path], name: str) -> Path:
    return next(f for f in files if f.stem.endswith(name))


def test_a_refereed_turn_by_mail_from_new_campaign_to_the_next_player_files(
    qtbot: QtBot, tmp_path: Path
) -> None:
    referee = Player(qtbot, tmp_path / "referee")
    master = tmp_path / "referee" / "picket.ecliptic"
    mail = tmp_path / "referee" / "picket files"  # beside the campaign, unless changed
    new_refereed_campaign(referee, master)
    # the referee sees the whole game, and play moves on only by order files
    assert referee.win.docks["referee"].isVisible()
    assert not referee.menu("File", "Export for Mail").isEnabled()
    waiting = {n for n, s in inbox(referee).items() if s == "waiting for orders"}
    assert len(waiting) == 1  # Interplanetary's players take turns
    (mover,) = waiting
    other = next(n for n in NAMES if n != mover)
    assert inbox(referee)[other] == "nothing to order this turn"

    files = export(referee, "Export Player Files", mail)
    assert len(files) == 2

    # the player whose turn it is opens their file: their side only
    you = Player(qtbot, tmp_path / mover)
    open_file(you, player_file_of(files, mover))
    assert you.seated() == mover
    assert you.win.windowTitle().startswith(f"Acceptance Far Picket: {mover}'s side, turn 1")
    assert not you.menu("File", "Export for Mail").isEnabled()
    orders = tmp_path / f"{mover} turn 1.ecliptic-orders"
    give_orders(you, orders)
    assert "mail it to the referee" in you.status()

    # the other player's file shows the game, but nothing to order
    them = Player(qtbot, tmp_path / other)
    open_file(them, player_file_of(files, other))
    assert them.label("turn_hint").startswith("Read-only: the referee waits for nobody's")
    # ...and only their side: under fog of war the far Blue picket's manifest is not
    # in Ann's file, while the referee, who keeps the master, sees it
    assert other == "Ann"
    them.select_ship("Blue picket")
    them.show_tab("Manifest")
    assert "fog of war hides its manifest" in them.label("manifest_title")
    referee.select_ship("Blue picket")
    referee.show_tab("Manifest")
    assert "fog of war" not in referee.label("manifest_title")

    # an order file edited after it was written is refused, and nothing changes
    edited = tmp_path / "edited.ecliptic-orders"
    edited.write_text(orders.read_text().replace('"turn": 1', '"turn": 2', 1))
    import_orders(referee, edited)
    assert "has been changed since it was written" in refusal(referee)
    assert inbox(referee)[mover] == "waiting for orders"

    import_orders(referee, orders)
    assert inbox(referee)[mover] == "orders in"
    # ...the same file twice is refused
    import_orders(referee, orders)
    assert "are in already" in refusal(referee)

    # one step: play the turn and write the next player files
    files = export(referee, "Play Turn and Export", mail)
    assert len(files) == 2 and all("turn 2" in f.name for f in files)
    assert referee.win.referee_panel.heading.text().startswith("<b>Turn 2</b>")
    # ...and the played file is refused from now on
    import_orders(referee, orders)
    assert "played already" in refusal(referee)

    # turn 2: whoever the game waits for now opens their new file and orders in turn
    (mover,) = {n for n, s in inbox(referee).items() if s == "waiting for orders"}
    player = them if mover == other else you
    open_file(player, player_file_of(files, mover))
    assert player.seated() == mover and "turn 2" in player.win.windowTitle()
    orders = tmp_path / f"{mover} turn 2.ecliptic-orders"
    give_orders(player, orders)
    import_orders(referee, orders)
    assert inbox(referee)[mover] == "orders in"


def test_new_campaign_offers_open_or_refereed_and_open_is_the_default(
    qtbot: QtBot, tmp_path: Path
) -> None:
    you = Player(qtbot, tmp_path)

    def look(dialog: QWidget) -> None:
        open_mode = you.find(QRadioButton, "mode_open", dialog)
        refereed = you.find(QRadioButton, "mode_refereed", dialog)
        assert isinstance(open_mode, QRadioButton) and isinstance(refereed, QRadioButton)
        assert open_mode.isChecked() and not refereed.isChecked()
        assert "Export for Mail" in you.label("mode_note")
        you.click(refereed)
        assert "player file" in you.label("mode_note")
        assert "Nobody but you sees" in you.label("mode_note")
        you.press("Cancel", dialog)

    you.answer(lambda: you.choose("File", "New Campaign"), look)
    assert you.win.campaign is None
