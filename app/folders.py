"""Where file dialogs open: the folder last used, else the user's documents, never a
folder inside Ecliptic itself (its built-in maps and scenarios are not the user's).

Every open and save dialog of the app goes through :func:`ask_open` or :func:`ask_save`,
which remember the folder of the file chosen (in the app's settings) for the next one.
``ECLIPTIC_DATA_DIR``, when set, stands in for the documents folder (tests use it).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget

LAST_FOLDER_KEY = "files/last_folder"
#: the folder Ecliptic runs from: its code, resources and scenarios
PROGRAM = Path(__file__).resolve().parents[1]


def documents() -> Path:
    override = os.environ.get("ECLIPTIC_DATA_DIR")
    if override:
        folder = Path(override) / "Documents"
        folder.mkdir(parents=True, exist_ok=True)
    else:
        import platformdirs  # here: only a file dialog needs it

        folder = platformdirs.user_documents_path()
    return folder if folder.is_dir() else Path.home()


def inside_program(path: Path) -> bool:
    return path.resolve().is_relative_to(PROGRAM)


def start_folder() -> Path:
    """The folder the next file dialog opens in."""
    last = QSettings("Ecliptic", "Ecliptic").value(LAST_FOLDER_KEY)
    if isinstance(last, str) and last:
        folder = Path(last)
        if folder.is_dir() and not inside_program(folder):
            return folder
    return documents()


def remember(chosen: Path) -> None:
    """Open the next dialog where this file was chosen (unless inside the program)."""
    if not inside_program(chosen.parent):
        QSettings("Ecliptic", "Ecliptic").setValue(LAST_FOLDER_KEY, str(chosen.parent))


def start_at(suggested: Path | str = "") -> str:
    """Where a dialog opens: ``suggested`` as given when it is a path outside the
    program, else its file name in :func:`start_folder`."""
    path = Path(suggested) if suggested else None
    if path is not None and path.is_absolute() and not inside_program(path.parent):
        return str(path)
    folder = start_folder()
    return str(folder / path.name) if path is not None and path.name else str(folder)


def ask_open(parent: QWidget | None, title: str, file_filter: str) -> Path | None:
    """Ask for a file to open; None when cancelled."""
    name, _ = QFileDialog.getOpenFileName(parent, title, start_at(), file_filter)
    if not name:
        return None
    remember(Path(name))
    return Path(name)


def ask_save(
    parent: QWidget | None, title: str, suggested: Path | str, file_filter: str
) -> tuple[Path | None, str]:
    """Ask where to save, offering ``suggested`` (a file name or a path); the path
    (None when cancelled) and the filter chosen."""
    name, chosen = QFileDialog.getSaveFileName(parent, title, start_at(suggested), file_filter)
    if not name:
        return None, chosen
    remember(Path(name))
    return Path(name), chosen
