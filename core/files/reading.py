"""Reading a user's file with bounds: regular files only, a size limit checked before a
byte is parsed, and text that must be UTF-8, with a message saying what it is instead.

Every document reader (maps, scenarios, rulesets, designs, TMX) starts here, so a shared
file can neither block Ecliptic (a FIFO, a device) nor make it read without end
(``/dev/zero``, a 50 MB list of labels): see ``docs/RELIABILITY.md``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from core.board.problems import FileProblems, Problem

MIB = 1024 * 1024
#: the largest map, scenario, ruleset or design file Ecliptic reads (the built-in map is
#: under 7 KB; a 2000x2000 map with a quarter of a million asteroid hexes fits)
DOCUMENT_LIMIT = 4 * MIB
#: the largest TMX file (tiles are embedded as PNG, layers written as CSV)
TMX_LIMIT = 32 * MIB


def read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes, if it is a regular file of at most ``limit`` bytes; anything else
    raises FileProblems naming the file. Opening does not wait on a FIFO (non-blocking),
    and a file that grows while it is read is still cut at the limit."""
    file = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblems([Problem("no such file", file=file)]) from None
    except OSError as exc:
        raise FileProblems([Problem(f"cannot read the file: {_reason(exc)}", file=file)]) from None
    info = os.fstat(handle)
    problem = (
        _not_regular(info.st_mode)
        if not stat.S_ISREG(info.st_mode)
        else too_big(info.st_size, limit)
        if info.st_size > limit
        else None
    )
    if problem is not None:
        os.close(handle)
        raise FileProblems([Problem(problem, file=file)])
    with os.fdopen(handle, "rb") as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as exc:
            raise FileProblems(
                [Problem(f"cannot read the file: {_reason(exc)}", file=file)]
            ) from None
    if len(data) > limit:
        raise FileProblems([Problem(too_big(len(data), limit), file=file)])
    return data


def read_text(path: Path, limit: int) -> str:
    """The file as text: :func:`read_bytes`, then :func:`decode`."""
    return decode(read_bytes(path, limit), str(path))


def decode(data: bytes, file: str | None) -> str:
    """UTF-8 text (a byte-order mark is dropped); UTF-16, UTF-32 and 8-bit text raise
    FileProblems naming the encoding it seems to be and asking for UTF-8."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    guess = _wide_encoding(data)
    if guess is not None:
        raise FileProblems([Problem(_ask_for_utf8(guess), line=1, file=file)])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        guess = "Latin-1 or Windows-1252 (8-bit) text"
        raise FileProblems([Problem(_ask_for_utf8(guess), line=line, file=file)]) from None


def too_big(size: int, limit: int) -> str:
    return (
        f"the file is {_size(size)}: Ecliptic reads files of this kind up to {_size(limit)} "
        "(see docs/RELIABILITY.md)"
    )


def _ask_for_utf8(guess: str) -> str:
    return (
        f"the file is not UTF-8: it looks like {guess}. Save it as UTF-8 "
        "(in most editors: Save As, then Encoding: UTF-8) and open it again"
    )


def _wide_encoding(data: bytes) -> str | None:
    """UTF-32 or UTF-16 by their byte-order marks, or by the zero bytes that ASCII text
    written in UTF-16 has between its letters."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "UTF-32 text"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16 text"
    head = data[:200]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):
        return "UTF-16 text"
    return None


def _not_regular(mode: int) -> str:
    kind = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "not an ordinary file"
    )
    return f"this is {kind}, not a file: Ecliptic reads only ordinary files"


def _size(n: int) -> str:
    if n >= MIB:
        return f"{n / MIB:.1f} MB"
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} bytes"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
