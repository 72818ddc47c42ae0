"""The kinds of file Ecliptic owns, in one table: what the desktop is told about them.

``packaging/build.py`` writes the Linux MIME database entry, the ``.desktop`` file's
MimeType line, the macOS document types and the Windows registry entries from this
table, so the file types a bundle registers cannot drift from one system to another.
Play-by-mail player and order files get their types now, so that installed copies
already open them when that feature arrives."""

from __future__ import annotations

from dataclasses import dataclass

from core.campaign.fileformat import APPLICATION_ID, EXTENSION


@dataclass(frozen=True)
class FileType:
    """One kind of file: its MIME type, file-name extension and a name for people.

    ``magic`` is where the content says what it is, when it does: an offset and the
    bytes found there."""

    mime: str
    extension: str
    description: str
    icon: str
    magic: tuple[int, bytes] | None = None

    @property
    def uti(self) -> str:
        """The macOS type identifier: ``org.ecliptic.campaign``..."""
        return "org.ecliptic." + self.mime.removeprefix("application/x-ecliptic-")


FILE_TYPES: tuple[FileType, ...] = (
    FileType(
        "application/x-ecliptic-campaign",
        EXTENSION,
        "Ecliptic campaign",
        "application-x-ecliptic-campaign",
        # the SQLite header's application id (offset 68), which Ecliptic sets
        (68, APPLICATION_ID.to_bytes(4, "big")),
    ),
    FileType(
        "application/x-ecliptic-player",
        ".ecliptic-player",
        "Ecliptic player file (play by mail)",
        "application-x-ecliptic-player",
    ),
    FileType(
        "application/x-ecliptic-orders",
        ".ecliptic-orders",
        "Ecliptic order file (play by mail)",
        "application-x-ecliptic-orders",
    ),
)

#: maps and scenarios are TOML: Ecliptic offers to open them, without claiming them
OPENS_ALSO = ("application/toml",)
