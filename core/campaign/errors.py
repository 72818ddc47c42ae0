"""Why a campaign file could not be opened or used, in words a player can act on.

Every error names the file. None of them is raised after the file was changed: opening
checks everything it can read-only first.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class CampaignError(Exception):
    """A campaign file that cannot be used; the message says why and what to do."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = Path(path)
        self.reason = message


class NotACampaign(CampaignError):
    """Not a SQLite file, or a SQLite file that Ecliptic did not write."""


class DamagedCampaign(CampaignError):
    """Truncated or corrupted: SQLite cannot read it, or its integrity check fails."""


class TooNew(CampaignError):
    """Written by a newer Ecliptic, with a schema this program does not know."""


class CampaignInUse(CampaignError):
    """Another Ecliptic has the campaign open for writing. ``holder`` says who."""

    def __init__(self, path: Path | str, holder: str) -> None:
        super().__init__(
            path,
            f"is open in another Ecliptic ({holder}); it can be opened read-only until that "
            "one closes it",
        )
        self.holder = holder


class ReadOnly(CampaignError):
    """A change was asked of a campaign opened read-only."""


class NotWritable(CampaignError):
    """The campaign cannot be opened for playing where it is: a read-only folder or file
    (a CD, a share, a mail attachment). It opens read-only; a copy can be played.
    ``why`` says what is in the way, in a few words ("is in a read-only folder")."""

    def __init__(self, path: Path | str, why: str, because: str = "") -> None:
        super().__init__(
            path,
            f"{why}{because}, so it can only be opened read-only; save a copy elsewhere to play on",
        )
        self.why = why


class HardLinked(NotWritable):
    """The file has more than one name (hard links). SQLite names its write-ahead log
    after the name it was opened by, so two writers through two names would corrupt it:
    such a file opens read-only, and a copy can be played."""

    def __init__(self, path: Path | str, links: int) -> None:
        super().__init__(
            path,
            f"has {links} names (hard links to the same file), and two Ecliptics writing "
            "through two names would damage it",
        )
        self.links = links


class ReplayMismatch(CampaignError):
    """Replaying the log did not give the state it recorded: the file was altered, or it
    was played with rules this version of Ecliptic applies differently."""

    def __init__(self, path: Path | str, entry: int, where: str, stored: str, got: str) -> None:
        super().__init__(
            path,
            f"the log does not replay: after entry {entry} ({where}) the recorded state "
            f"hash is {stored} but replaying gives {got}. The file may have been altered, "
            "or played with a different version of the rules",
        )
        self.entry = entry
        self.stored = stored
        self.got = got


class GameFrozen(CampaignError):
    """A game waits for a battle fought inside it (a child game) to end: nothing in it
    can change until then. ``battle`` is the open child game's id."""

    def __init__(self, path: Path | str, game: str, battle: int, title: str) -> None:
        super().__init__(
            path,
            f"{game} waits for the battle {title!r} (game {battle}) to end; play the battle "
            "out first",
        )
        self.battle = battle


class BattleSettled(CampaignError):
    """A change that would take back a battle: undoing in a finished battle, whose result
    its parent game already has, or undoing its parent to before the battle opened."""


def said(exc: BaseException) -> str:
    """An unexpected error in a few words, on one line, for a message about a file."""
    text = " ".join(str(exc).split()) or "no details"
    if len(text) > 160:
        text = text[:157] + "..."
    return f"{type(exc).__name__}: {text}"


def as_campaign_error(path: Path | str, exc: Exception) -> CampaignError:
    """Any error a campaign file caused, as a :class:`CampaignError` for its message."""
    if isinstance(exc, CampaignError):
        return exc
    return DamagedCampaign(path, f"cannot be read ({said(exc)}); restore it from a backup copy")


@contextmanager
def reading(path: Path | str, part: str) -> Iterator[None]:
    """Read ``part`` of a campaign (``log entry 12``, ``game 1's start``): whatever a
    damaged row makes go wrong becomes a :class:`DamagedCampaign` naming that part."""
    try:
        yield
    except (CampaignError, BrokenPipeError):  # the second: output, not the file
        raise
    except Exception as exc:
        raise DamagedCampaign(
            path, f"is damaged: {part} cannot be read ({said(exc)}); restore it from a backup copy"
        ) from None
