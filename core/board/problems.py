"""Problems found in a user's file, each naming where it is: file, field and line.

Every loader and validator reports through these so the command line, the editor's
issues dock and error dialogs can all say the same thing in the same form.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.hexgrid import Hex


@dataclass(frozen=True)
class Problem:
    """One thing wrong, with as much of its location as is known."""

    message: str
    field: str | None = None
    line: int | None = None
    file: str | None = None
    hex: Hex | None = None
    """The map hex the problem is at, where one hex says it (the editor shows it)."""
    warning: bool = False
    """Probably a mistake, but the file can still be played (the editor lists it)."""

    def __str__(self) -> str:
        where = ":".join(p for p in (self.file, str(self.line) if self.line else None) if p)
        text = f"{self.field}: {self.message}" if self.field else self.message
        if self.warning:
            text = f"warning: {text}"
        return f"{where}: {text}" if where else text


class FileProblems(Exception):
    """A file could not be loaded or saved; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
