"""The squadron boards by keyboard alone, through visible controls only: the arrows bring
up a hex cursor and move it (its tooltip names its hex), Enter on a system of the jump
board opens that system's board with the keyboard still on it, Enter on a hex selects
what is there as a click does, Enter on a marked hex moves the squadron, and Escape lets
the selection go. The boards' tabs say which keys do this."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView
from pytestqt.qtbot import QtBot

from app.rules.squadrons.boards.cursor import CURSOR_ROLE
from app.rules.squadrons.play.orders_panel import NOTHING_SELECTED
from app.vector.overlay import ROLE_KEY
from tests.app.acceptance.squadron_table import SquadronTable, plain

FRIGATE = "Frigate Squadron (Imperium"


def focused_board() -> QGraphicsView:
    found = QApplication.focusWidget()
    assert isinstance(found, QGraphicsView), f"the keyboard is on {found!r}"
    return found


def press(table: SquadronTable, key: Qt.Key) -> None:
    """A key pressed where the keyboard is."""
    table.qtbot.keyClick(focused_board(), key)


def cursor(view: QGraphicsView) -> QGraphicsItem | None:
    found = [i for i in view.scene().items() if i.data(ROLE_KEY) == CURSOR_ROLE]
    return found[0] if found and found[0].isVisible() else None


def cursor_hex(view: QGraphicsView) -> str:
    """The hex the cursor's tooltip names ("Hex 0604: Enter acts here" → "0604")."""
    item = cursor(view)
    assert item is not None, "no hex cursor shown"
    return item.toolTip().split()[1].rstrip(":")


def hex_of(view: QGraphicsView, item: QGraphicsItem) -> str:
    """The label of the hex ``item`` is drawn on (as the player reads the board)."""
    scene = view.scene()
    h = scene.hex_at(item.sceneBoundingRect().center())  # type: ignore[attr-defined]
    return str(scene.starmap.bounds.labels.format(h))  # type: ignore[attr-defined]


def go_to(table: SquadronTable, label: str) -> None:
    """Arrow keys until the cursor is on hex ``label`` (column digits, then row)."""
    view = focused_board()
    if cursor(view) is None:
        press(table, Qt.Key.Key_Right)  # the first arrow shows the cursor
    for _ in range(80):
        at = cursor_hex(view)
        if at == label:
            return
        half = len(label) // 2
        col, row = int(at[:half]), int(at[half:])
        want_col, want_row = int(label[:half]), int(label[half:])
        if col != want_col:
            press(table, Qt.Key.Key_Right if want_col > col else Qt.Key.Key_Left)
        else:
            press(table, Qt.Key.Key_Down if want_row > row else Qt.Key.Key_Up)
    raise AssertionError(f"the cursor never reached {label}")


def test_a_squadron_is_selected_and_moved_with_the_keys(qtbot: QtBot, tmp_path: Path) -> None:
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    assert table.take_seat() == "Ann"
    tabs = table.tabs()
    assert "arrows move the hex cursor" in tabs.tabToolTip(0)
    assert "Enter" in tabs.tabToolTip(1) and "Escape" in tabs.tabToolTip(1)
    qtbot.waitUntil(table.win.isActiveWindow)
    jump = focused_board()  # a new seat starts on the jump board, with the keyboard
    assert plain(tabs.tabText(tabs.currentIndex())) == "Jump Board"

    # the arrows bring up the cursor on the jump board; Enter on Tessaly opens its board
    press(table, Qt.Key.Key_Down)
    assert cursor(jump) is not None
    star = next(i for i in jump.scene().items() if i.data(0) == "body" and i.toolTip() == "Tessaly")
    go_to(table, hex_of(jump, star))
    press(table, Qt.Key.Key_Return)
    assert plain(tabs.tabText(tabs.currentIndex())) == "Tessaly"
    board = focused_board()
    assert board is tabs.currentWidget()

    # to the frigate, Enter: selected as a click would
    frigate = next(
        i for i in table.items("Tessaly", "squadron counter") if i.toolTip().startswith(FRIGATE)
    )
    start = hex_of(board, frigate)
    go_to(table, start)
    press(table, Qt.Key.Key_Enter)
    assert table.label("selected_hex") == f"Tessaly {start}"
    assert any("Frigate Squadron" in row for row in table.stack_rows())

    # Enter on a hex marked for the move moves it there
    marks = table.items("Tessaly", "squadron mark")
    assert marks
    goal = hex_of(board, marks[len(marks) // 2])
    assert focused_board() is board
    go_to(table, goal)
    press(table, Qt.Key.Key_Return)
    assert table.label("selected_hex") == f"Tessaly {goal}"
    assert goal != start

    # Escape lets the selection go
    press(table, Qt.Key.Key_Escape)
    assert table.label("selected_hex") == NOTHING_SELECTED
    assert table.items("Tessaly", "squadron mark") == []
    assert "Cancelled" in table.win.status_label.text()


def test_an_arrow_on_a_board_says_in_the_status_bar_how_to_scroll(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """On the squadron boards the plain arrows move a hex cursor, where the star map's
    scroll: the status bar says so, with the hex, whenever an arrow moves the cursor."""
    table = SquadronTable(qtbot, tmp_path)
    table.new_game("The Battle for Tessaly")
    assert table.take_seat() == "Ann"
    qtbot.waitUntil(table.win.isActiveWindow)
    jump = focused_board()
    press(table, Qt.Key.Key_Right)
    said = table.win.status_label.text()
    assert said.startswith(f"Hex {cursor_hex(jump)}:")
    assert "Shift+arrows scroll" in said
    press(table, Qt.Key.Key_Down)
    assert table.win.status_label.text().startswith(f"Hex {cursor_hex(jump)}:")
