"""The Ecliptic main window: menus, status bar and the (for now empty) map view."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

ZOOM_STEP = 1.25
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

        # Placeholder: the star map will be drawn into this scene.
        self.scene = QGraphicsScene(self)
        self.map_view = QGraphicsView(self.scene, self)
        self.map_view.setObjectName("map_view")
        self.map_view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setCentralWidget(self.map_view)

        # A permanent label rather than showMessage(), so menu status tips don't erase it.
        self.status_label = QLabel("Ready")
        self.statusBar().addWidget(self.status_label, 1)

        self._create_menus()
        self._restore_settings()
        if path is not None:
            self.set_current_path(path)

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

        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = help_menu.addAction("&About Ecliptic")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)

    # File

    def open_map(self) -> None:
        start = str(self.current_path.parent) if self.current_path else ""
        filename, _ = QFileDialog.getOpenFileName(self, "Open Map", start, MAP_FILTER)
        if filename:
            self.set_current_path(Path(filename))

    def set_current_path(self, path: Path) -> None:
        """Remember ``path`` as the open map. Loading it is not implemented yet."""
        self.current_path = path
        self.setWindowTitle(f"{path.name} — Ecliptic")
        self.status_label.setText(f"Map: {path} (loading not implemented yet)")

    # View

    def zoom_in(self) -> None:
        self.map_view.scale(ZOOM_STEP, ZOOM_STEP)

    def zoom_out(self) -> None:
        self.map_view.scale(1 / ZOOM_STEP, 1 / ZOOM_STEP)

    def fit_map(self) -> None:
        rect = self.scene.sceneRect()
        if not rect.isEmpty():
            self.map_view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

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

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        super().closeEvent(event)
