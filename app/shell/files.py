"""The main window's files: opening a campaign, map or scenario (a bad file explained,
the map on screen kept), showing a map, exporting and printing the map on show, and
the recent files.

A mixin for the main window (:mod:`app.shell.main_window`), calling its game and
campaign methods.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QMenu, QMessageBox

from app.board.scene import StarMapScene
from app.campaign.paths import map_cache_dir
from app.folders import ask_open
from app.shell.host import WindowHost
from app.shell.sniff import not_ours
from core.board.problems import FileProblems, Problem
from core.board.starmap import StarMap
from core.campaign.fileformat import EXTENSION, MAGIC
from core.campaign.mail import ORDERS_EXTENSION, PLAYER_EXTENSION
from core.engine.words import plural
from core.files.resources import SOLAR_SYSTEM_MAP
from core.scenario.documents import load_document

MAP_FILTER = (
    f"Campaigns, maps and scenarios (*{EXTENSION} *.toml);;Campaigns (*{EXTENSION});;"
    f"Maps and scenarios (*.toml);;Player and order files (*{PLAYER_EXTENSION} "
    f"*{ORDERS_EXTENSION});;All files (*)"
)
RECENT_KEY = "recent_files"
MAX_RECENT = 8


class FileActions(WindowHost):
    """Files of the main window (see the module's docstring)."""

    #: the file the map on show was read from (None until a map is opened)
    current_path: Path | None
    starmap: StarMap | None

    def open_map(self) -> None:
        filename = ask_open(self, "Open Map or Scenario", MAP_FILTER)
        if filename is not None:
            self.open_path(filename)

    def open_path(self, path: Path) -> bool:
        """Open a campaign, load and show a map, offer a scenario in the New Game
        dialog, show a player file for orders or import an order file into the referee's
        campaign. A bad file is explained and the current map kept."""
        if is_campaign_file(path):
            return self.open_campaign(path)
        if path.name.endswith(PLAYER_EXTENSION):
            return self.open_player_file(path)
        if path.name.endswith(ORDERS_EXTENSION):
            return self.open_order_file(path)
        why = not_ours(path)
        if why is not None:
            self.show_problems(path, FileProblems([Problem(why, "format")]))
            return False
        try:
            document = load_document(path, cache=map_cache_dir())
            if not isinstance(document, StarMap) and is_ruleset(document):
                problem = Problem("this is a ruleset: open a map or a scenario", "format")
                raise FileProblems([problem])
        except FileProblems as exc:
            self.show_problems(path, exc)
            return False
        if not isinstance(document, StarMap):  # a scenario
            self._remember(path)
            return self.new_game(path)
        if not self.close_game():
            return False
        self.show_map(document, path)
        if path != SOLAR_SYSTEM_MAP:
            self._remember(path)
        return True

    def show_problems(self, path: Path, exc: FileProblems) -> None:
        shown = exc.problems[:12]
        more = len(exc.problems) - len(shown)
        text = "\n".join(f"• {p}" for p in shown) + (f"\n… and {more} more" if more else "")
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Cannot open file",
            f"{path.name} could not be opened:",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setInformativeText(text)
        box.setObjectName("problems_box")
        box.open()
        self.status_label.setText(f"Could not open {path.name}: {exc.problems[0].message}")

    def map_on_show(self) -> StarMap | None:
        """The map being edited in the Map Editor, else the game's or the one opened."""
        mode = self.editor_mode
        if mode.editor is not None and mode.mode_action.isChecked():
            return mode.editor.document.map.starmap()
        return self.starmap

    def export_map(self) -> None:
        """File › Export Map…: the map on show to a PNG or SVG picture or a PDF page."""
        starmap = self.map_on_show()
        if starmap is not None:
            from app.editor.export import ask_export_map

            ask_export_map(starmap, self)

    def print_map(self) -> None:
        starmap = self.map_on_show()
        if starmap is not None:
            from app.editor.export import print_map

            print_map(starmap, self)

    def show_map(self, starmap: StarMap, path: Path | None = None) -> None:
        self.starmap = starmap
        self.scene = StarMapScene(starmap, parent=self)
        self.scene.set_labels_visible(self.labels_action.isChecked())
        self.map_view.setScene(self.scene)
        if path is not None:
            self.current_path = path
            self.setWindowTitle(f"{starmap.name} ({path.name}) — Ecliptic")
        b = starmap.bounds
        self.status_label.setText(
            f"{starmap.name}: {b.width}x{b.height} hexes, "
            f"{plural(len(starmap.bodies), 'body', 'bodies')}, {plural(len(starmap.bases), 'base')}"
        )
        self.map_view.show_default()

    # Recent files

    def recent_files(self) -> list[str]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        name = str(path.resolve())
        recent = [name] + [p for p in self.recent_files() if p != name]
        self.settings.setValue(RECENT_KEY, recent[:MAX_RECENT])
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        """Recent campaigns (from the index in the user data folder), then recent maps
        and scenarios."""
        menu: QMenu = self.recent_menu
        menu.clear()
        campaigns = self.recent_campaign_paths()
        for item, label in zip(campaigns, campaign_labels(campaigns), strict=True):
            action = menu.addAction(label)
            action.setToolTip(item["path"])
            action.setStatusTip(item["path"])
            action.triggered.connect(lambda _=False, n=item["path"]: self.open_recent_campaign(n))
        recent = self.recent_files()
        if campaigns and recent:
            menu.addSeparator()
        for name, label in zip(recent, recent_labels(recent), strict=True):
            action = menu.addAction(label)
            action.setToolTip(name)
            action.setStatusTip(name)
            action.triggered.connect(lambda _=False, n=name: self._open_recent(n))
        menu.setEnabled(bool(recent or campaigns))
        menu.setToolTipsVisible(True)  # each entry's whole path, on hover

    def _open_recent(self, name: str) -> None:
        path = Path(name)
        if not path.exists():
            QMessageBox.warning(self, "Open Recent", f"{name} no longer exists.")
            self.settings.setValue(RECENT_KEY, [p for p in self.recent_files() if p != name])
            self._fill_recent_menu()
            return
        self.open_path(path)


class OpenRequests(QObject):
    """Files the desktop asks the running program to open (macOS sends a double-clicked
    campaign, player or order file as an event, not on the command line)."""

    def __init__(self, window: FileActions) -> None:
        super().__init__()
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self.window.open_path(Path(event.file()))
            return True
        return super().eventFilter(watched, event)


def recent_labels(paths: list[str]) -> list[str]:
    """The Open Recent entries' texts: each file's name, with its folder after it where
    several recent files share the name (two scenarios called duel.toml)."""
    names = [Path(p).name for p in paths]
    return [
        f"{name} ({Path(p).parent})" if names.count(name) > 1 else name
        for p, name in zip(paths, names, strict=True)
    ]


def campaign_labels(items: list[dict[str, str]]) -> list[str]:
    """The Open Recent entries' texts for campaigns: each campaign's name, and where
    several share it (three called "Clouds") the shortest end of each one's path that
    tells them apart: the file name if that differs, else its folders back as far as
    needed ("Clouds (…/club/clouds.ecliptic)")."""
    names = [item.get("name") or Path(item["path"]).stem for item in items]
    labels = []
    for item, name in zip(items, names, strict=True):
        others = [Path(i["path"]).parts for i, n in zip(items, names, strict=True) if n == name]
        if len(others) == 1:
            labels.append(name)
            continue
        parts = Path(item["path"]).parts
        depth = 1
        while depth < len(parts) and [o[-depth:] for o in others].count(parts[-depth:]) > 1:
            depth += 1
        end = str(Path(*parts[-depth:]))
        labels.append(f"{name} ({end if depth == 1 or depth >= len(parts) - 1 else '…/' + end})")
    return labels


def is_campaign_file(path: Path) -> bool:
    """A campaign by its extension, or any SQLite file (which the campaign opener then
    explains if it is not one of ours)."""
    if path.suffix == EXTENSION:
        return True
    if not path.is_file():  # a pipe would block the reading below
        return False
    try:
        with open(path, "rb") as f:
            return f.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def is_ruleset(document: object) -> bool:
    from core.files.ruleset import Ruleset  # not needed to open a map

    return isinstance(document, Ruleset)
