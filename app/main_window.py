"""The Ecliptic main window: the star map in the centre, menus, and the status bar."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from app.map.scene import StarMapScene
from app.map.view import MapView
from core.hexgrid import Hex
from core.mapfile import load_map
from core.problems import FileProblems
from core.resources import SOLAR_SYSTEM_MAP
from core.starmap import StarMap

MAP_FILTER = "Ecliptic maps (*.toml);;All files (*)"
GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"


def application_version() -> str:
    try:
        return metadata.version("ecliptic")
    except metadata.PackageNotFoundError:
        return "unknown"


class MainWindow(QMainWindow):
    """Top-level window. ``settings`` defaults to QSettings("Ecliptic", "Ecliptic")."""

    def __init__(
        self,
        path: Path | None = None,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("Ecliptic", "Ecliptic")
        self.current_path: Path | None = None
        self.setWindowTitle("Ecliptic")

        self.starmap: StarMap | None = None
        self._shown = False
        self.scene: StarMapScene | None = None
        self.map_view = MapView(self)
        self.map_view.setObjectName("map_view")
        self.map_view.hex_hovered.connect(self.show_hex)
        self.setCentralWidget(self.map_view)

        # A permanent label rather than showMessage(), so menu status tips don't erase it.
        self.status_label = QLabel("Ready")
        self.statusBar().addWidget(self.status_label, 1)
        self.hex_label = QLabel("")
        self.statusBar().addPermanentWidget(self.hex_label)

        self._create_menus()
        self._restore_settings()
        self.open_path(path if path is not None else SOLAR_SYSTEM_MAP)

    def _create_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = file_menu.addAction("&Open…")
        self.open_action.setShortcuts(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.open_map)
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction("&Quit")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        # Windows has no standard Quit binding; fall back to Ctrl+Q there.
        quit_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
        self.quit_action.setShortcuts(quit_keys or [QKeySequence("Ctrl+Q")])
        self.quit_action.triggered.connect(self.close)

        view_menu = self.menuBar().addMenu("&View")
        self.zoom_in_action = view_menu.addAction("Zoom &In")
        self.zoom_in_action.setShortcuts(QKeySequence.StandardKey.ZoomIn)
        self.zoom_in_action.triggered.connect(self.zoom_in)
        self.zoom_out_action = view_menu.addAction("Zoom &Out")
        self.zoom_out_action.setShortcuts(QKeySequence.StandardKey.ZoomOut)
        self.zoom_out_action.triggered.connect(self.zoom_out)
        self.fit_action = view_menu.addAction("&Fit Map")
        self.fit_action.setShortcut(QKeySequence("Ctrl+0"))
        self.fit_action.triggered.connect(self.fit_map)
        view_menu.addSeparator()
        self.labels_action = view_menu.addAction("Hex &Labels")
        self.labels_action.setCheckable(True)
        self.labels_action.setShortcut(QKeySequence("Ctrl+L"))
        self.labels_action.toggled.connect(self.set_labels_visible)

        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = help_menu.addAction("&About Ecliptic")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)

    # File

    def open_map(self) -> None:
        start = str(self.current_path.parent) if self.current_path else ""
        filename, _ = QFileDialog.getOpenFileName(self, "Open Map", start, MAP_FILTER)
        if filename:
            self.open_path(Path(filename))

    def open_path(self, path: Path) -> bool:
        """Load and show a map. A bad file is explained and the current map kept."""
        try:
            starmap = load_map(path)
        except FileProblems as exc:
            self.show_problems(path, exc)
            return False
        self.show_map(starmap, path)
        return True

    def show_problems(self, path: Path, exc: FileProblems) -> None:
        shown = exc.problems[:12]
        more = len(exc.problems) - len(shown)
        text = "\n".join(f"• {p}" for p in shown) + (f"\n… and {more} more" if more else "")
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Cannot open map",
            f"{path.name} could not be opened:",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setInformativeText(text)
        box.setObjectName("problems_box")
        box.open()
        self.status_label.setText(f"Could not open {path.name}: {exc.problems[0].message}")

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
            f"{starmap.name}: {b.width}x{b.height} hexes, {len(starmap.bodies)} bodies, "
            f"{len(starmap.bases)} bases"
        )
        self.fit_map()

    def show_hex(self, h: Hex | None) -> None:
        """Status bar: the label and terrain of the hex under the mouse."""
        if h is None or self.starmap is None:
            self.hex_label.setText("")
            return
        m = self.starmap
        parts = [m.bounds.labels.format(h), m.terrain_at(h).value]
        body = m.body_at(h)
        if body is not None:
            parts[1] = body.name
        gravity = m.gravity_at(h)
        if gravity is not None:
            arrows = " or ".join(
                f"{a.kind.value} {a.direction.name_in(m.bounds.orientation)}"
                for a in gravity.arrows
            )
            parts.append(f"gravity {arrows}")
        parts.extend(b.name for b in m.bases if h in (b.hex, b.approach))
        self.hex_label.setText("  ·  ".join(parts))

    # View

    def zoom_in(self) -> None:
        self.map_view.zoom(1)

    def zoom_out(self) -> None:
        self.map_view.zoom(-1)

    def fit_map(self) -> None:
        if self.scene is not None:
            rect = self.scene.map_rect()
            if not rect.isEmpty():
                self.map_view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def set_labels_visible(self, visible: bool) -> None:
        if self.scene is not None:
            self.scene.set_labels_visible(visible)

    # Help

    def about_text(self) -> str:
        return (
            f"<h3>Ecliptic {application_version()}</h3>"
            "<p>Editor and campaign manager for Triplanetary-family "
            "vector space games on a hex map.</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, "About Ecliptic", self.about_text())

    # Settings

    def _restore_settings(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1024, 768)
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def save_settings(self) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        self.settings.sync()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.fit_map()  # the view has its real size only now

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        super().closeEvent(event)
