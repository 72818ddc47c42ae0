"""What the window says about a campaign file that is not quite right: the log's seals
checked in the background once the map is on screen, the warning of damaged snapshots
passed over, and the notice of a campaign that could only be opened read-only (a
read-only folder or file, a file with several names), which offers to save a copy and
play that.

The seal check runs in the window's own thread a chunk of rows at a time between
events (a zero-interval timer), so opening stays fast and the map stays responsive;
a long log is checked in a fraction of a second of background work.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from core.campaign import CampaignFile
from core.campaign.errors import said
from core.campaign.seal import STEP_ROWS, SealCheck

#: broken entries named in the warning; the rest are counted
SHOWN = 5


class SealWatch(QObject):
    """Checks an open campaign's seals in the background; ``finished`` carries the
    problems found, in words (empty: the log is as it was written)."""

    finished = Signal(list)

    def __init__(self, campaign: CampaignFile, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.check = SealCheck(campaign)
        self.problems: list[str] | None = None  # None until finished
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _step(self) -> None:
        failed = []
        try:
            done = self.check.step(STEP_ROWS)
        except Exception as exc:  # pages SQLite cannot read: the check ends there
            failed.append(f"the log cannot be read to its end ({said(exc)})")
            done = True
        if not done:
            return
        self._timer.stop()
        self.problems = [str(p) for p in self.check.problems] + failed
        if self.check.more:
            self.problems.append(f"and {self.check.more} more")
        self.finished.emit(self.problems)


def seal_warning(parent: QWidget, name: str, problems: list[str]) -> QMessageBox:
    """The warning that part of the log is not as it was written."""
    shown = problems[:SHOWN]
    more = len(problems) - len(shown)
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "Campaign log changed",
        f"Part of the log of {name} was damaged or edited after it was written.",
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setObjectName("seal_warning_box")
    box.setInformativeText(
        "\n".join(f"• {p[:1].upper()}{p[1:]}" for p in shown)
        + (f"\n… and {more} more" if more else "")
        + "\n\nThe game stands where its log replays to. A backup copy holds the log as "
        "it was; `python -m core campaign check` tells more."
    )
    box.open()
    return box


def read_only_notice(parent: QWidget, name: str, reason: str) -> tuple[QMessageBox, QPushButton]:
    """The notice of a campaign opened read-only because it cannot be written where it
    is, with its "Save a Copy As…" button (the caller connects it)."""
    box = QMessageBox(
        QMessageBox.Icon.Information,
        "Opened read-only",
        f"{name} is open read-only.",
        QMessageBox.StandardButton.Close,
        parent,
    )
    box.setObjectName("read_only_box")
    box.setInformativeText(
        f"It {reason}.\n\nYou can look at it and replay it, but not play on here. To play "
        "on, save a copy in a folder you can write to, and play the copy."
    )
    button = box.addButton("Save a Copy As…", QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(button)
    box.open()
    return box, button


def rebuilt_warning(parent: QWidget, name: str, warnings: list[str]) -> QMessageBox:
    """The warning that damaged snapshots were passed over and the game replayed past
    them (on opening, or first met on undo or in the replay view)."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Campaign rebuilt", "", parent=parent)
    box.setText(f"{name} had a damaged snapshot; the game was rebuilt from an earlier point.")
    box.setObjectName("rebuilt_warning_box")
    box.setInformativeText(
        "\n".join(f"• {w[:1].upper()}{w[1:]}." for w in warnings)
        + "\n\nNothing played is lost. `python -m core campaign check` tells more."
    )
    box.open()
    return box
