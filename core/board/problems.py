"""Problems found in a user's file, each naming where it is: file, field and line.

Every loader and validator reports through these so the command line, the editor's
issues dock and error dialogs can all say the same thing in the same form.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.board.hexgrid import Hex
from core.engine.words import plural


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


#: the problems a file reports at most; the rest are only counted ("and 1234 more")
MAX_PROBLEMS = 200


class Problems(list[Problem]):
    """Problems as they are found: the first :data:`MAX_PROBLEMS` kept, the rest counted,
    so a hostile file with millions of bad entries costs no more memory than one with a
    few hundred."""

    def __init__(self, items: Iterable[Problem] = ()) -> None:
        super().__init__()
        self.dropped = 0
        self.extend(items)

    def append(self, problem: Problem) -> None:
        if len(self) < MAX_PROBLEMS:
            super().append(problem)
        else:
            self.dropped += 1

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.append(problem)

    @property
    def total(self) -> int:
        """How many were found, the ones only counted included."""
        return len(self) + self.dropped


class FileProblems(Exception):
    """A file could not be loaded or saved; ``problems`` lists the reasons: the first
    :data:`MAX_PROBLEMS`, then one saying how many more there were (``total`` counts all)."""

    def __init__(self, problems: list[Problem], more: int = 0) -> None:
        more += getattr(problems, "dropped", 0) + max(0, len(problems) - MAX_PROBLEMS)
        kept = list(problems[:MAX_PROBLEMS])
        self.total = len(kept) + more
        self.listed = list(kept)  # without the line counting the rest
        if more:
            file = kept[-1].file if kept else None
            kept.append(Problem(f"and {plural(more, 'more problem')}, not listed", file=file))
        self.problems = kept
        super().__init__("\n".join(str(p) for p in kept))
