"""The pictures of How to Play, rendered from a real game of Training in the window:
``python -m app.help.illustrate [FOLDER]`` (default ``resources/help/images``).

Run offscreen (``QT_QPA_PLATFORM=offscreen``) after a change to the map's look or the
plotter, and look at the pictures before committing them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from app.board.placement import counter_spot
from app.help.pages import HELP_DIR
from app.play.new_game import NewGameDialog
from app.shell.main_window import MainWindow
from core.board.hexgrid import Hex
from core.scenario.document import Seat
from core.scenario.reader import builtin_scenarios, load_scenario

SEATS = [Seat("Ann", "#E69F00"), Seat("Bob", "#56B4E9")]
CROP = (560, 380)


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _point(win: MainWindow, h: Hex) -> QPoint:
    assert win.scene is not None
    return win.map_view.mapFromScene(win.scene.centre_of(h))


def _hover(win: MainWindow, h: Hex) -> None:
    QTest.mouseMove(win.map_view.viewport(), _point(win, h))
    _settle()


def _click(win: MainWindow, h: Hex) -> None:
    _hover(win, h)
    QTest.mouseClick(win.map_view.viewport(), Qt.MouseButton.LeftButton, pos=_point(win, h))
    _settle()


def _sit(win: MainWindow) -> None:
    if win.stack.currentWidget() is win.hand_over:
        QTest.mouseClick(win.hand_over.button, Qt.MouseButton.LeftButton)
    _settle()


def _names_under(win: MainWindow, h: Hex) -> float:
    """How much of the map's names a counter in hex ``h`` would cover (the pictures keep
    the names readable)."""
    assert win.scene is not None
    spot = counter_spot(win.scene.centre_of(h))
    covered = 0.0
    for name in win.scene.items_with_role("name"):
        common = spot.intersected(name.sceneBoundingRect())
        covered += common.width() * common.height()
    return covered


def _crop(win: MainWindow, around: Hex, out: Path) -> None:
    """The map around a hex, as the player sees it."""
    viewport: QWidget = win.map_view.viewport()
    win.map_view.resetCachedContent()  # a fresh picture, nothing kept from before
    _settle()
    w, h = CROP
    centre = _point(win, around)
    box = QRect(centre.x() - w // 2, centre.y() - h // 2, w, h).intersected(viewport.rect())
    viewport.grab(box).save(str(out))


def illustrate(folder: Path) -> list[Path]:
    """Play the first two rounds of Training and keep a picture of each step."""
    folder.mkdir(parents=True, exist_ok=True)
    training = next(p for p in builtin_scenarios() if p.stem == "training")
    made = [folder / n for n in ("new-game.png", "launch.png", "course.png", "moving.png")]

    dialog = NewGameDialog(scenario=training)
    dialog.count.setValue(len(SEATS))
    dialog.seed.setValue(11)  # the same picture every time
    dialog.resize(560, dialog.sizeHint().height())
    dialog.show()
    _settle()
    dialog.grab().save(str(made[0]))
    dialog.close()

    settings = QSettings(str(folder / ".illustrate.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    win.resize(1400, 900)
    win.show()
    _settle()
    win.start_game(load_scenario(training), SEATS, seed=11)
    _sit(win)
    assert win.session is not None and win.board is not None
    board, session = win.board, win.session
    ship = session.state.ship(board.selected or "")
    _crop(win, ship.motion.position, made[1])

    for _ in SEATS:  # each player launches into orbit round Earth
        _sit(win)
        assert board.preview is not None
        _click(win, min(board.preview.launch, key=lambda h: _names_under(win, h)))
        QTest.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
        _settle()
    _sit(win)
    preview = board.preview
    assert preview is not None
    start = preview.options[0].result.start
    safe = [o for o in preview.options if o.fuel == 1 and not o.result.hazards]
    burn = max(safe, key=lambda o: o.tip.distance(start))  # the fastest safe burn
    _hover(win, burn.tip)
    _crop(win, burn.result.start, made[2])
    ship_id = board.selected or ""
    _click(win, burn.tip)
    QTest.mouseClick(win.turn_bar.end_button, Qt.MouseButton.LeftButton)
    _settle()
    moved = session.state.ship(ship_id)
    _sit(win)
    _crop(win, moved.motion.position, made[3])
    win.close()
    (folder / ".illustrate.ini").unlink(missing_ok=True)
    return made


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(argv[:1])
    folder = Path(argv[1]) if len(argv) > 1 else HELP_DIR / "images"
    for path in illustrate(folder):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
