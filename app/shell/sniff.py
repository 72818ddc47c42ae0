"""What a file given to Ecliptic is, told from its first bytes, so that a picture or
an archive opened by mistake is named as such instead of failing as bad TOML."""

from __future__ import annotations

from pathlib import Path

#: first bytes of files people open by mistake, and what to call them
SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
)
#: byte-order marks of text that is not UTF-8: left to the readers, which say so
TEXT_MARKS = (b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")
WHAT_OPENS = (
    "Ecliptic opens campaigns (.ecliptic), maps and scenarios (.toml), player files "
    "(.ecliptic-player) and order files (.ecliptic-orders)"
)


def not_ours(path: Path) -> str | None:
    """Why ``path`` is not a campaign, map or scenario, when its content shows it at
    once; None when it may be one (the readers then check it in full)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return None  # the reader reports it with its own words
    for signature, name in SIGNATURES:
        if head.startswith(signature):
            return f"this is {name}, not an Ecliptic file. {WHAT_OPENS}"
    if b"\x00" in head and not head.startswith(TEXT_MARKS):
        return f"this holds binary data, not an Ecliptic file. {WHAT_OPENS}"
    return None
