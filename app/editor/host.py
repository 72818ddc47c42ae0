"""What the editor's tools, inspector and file keeper need from the editor they work in:
the document (with its undo stack), the selection, the scene, a status line, the lists a
scenario's ships choose from, and a widget for dialogs to open over.

They are handed an :class:`EditorHost`, not the editor window, so they do not depend on
the window that builds them (and the window's module does not import itself back
through them); a test may hand them any object that has these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from app.editor.document import Document
    from app.editor.scene import EditorScene
    from app.editor.selection import Selection


class EditorHost(Protocol):
    """The editor as its parts see it (see the module's docstring)."""

    #: the map or scenario being edited; every edit goes on ``document.stack`` (undo)
    document: Document
    selection: Selection
    scene: EditorScene

    def show_status(self, text: str) -> None:
        """Say what the current tool does or did, in the editor's status line."""
        ...

    def unit_ids(self) -> list[str]:
        """The unit classes of the scenario's ruleset (the Ships tool's list)."""
        ...

    def design_names(self) -> list[str]:
        """The ship designs a scenario's ship may start with."""
        ...

    def dialog_parent(self) -> QWidget:
        """The widget the parts' dialogs and message boxes open over."""
        ...
