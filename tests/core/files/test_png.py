"""core.files.png writes PNGs that any reader decodes to the exact pixels given."""

from __future__ import annotations

import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.files import png


def decode(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """A small reader for what :func:`png.encode` writes: width, height, colour type, rows."""
    assert data[:8] == png.SIGNATURE
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        tag, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(tag + body)
        if tag == b"IHDR":
            header = body
        elif tag == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", header)
    assert depth == 8
    raw = zlib.decompress(idat)
    step = 1 + width * (3 if colour == 2 else 4)
    rows = [raw[i * step : (i + 1) * step] for i in range(height)]
    assert all(r[0] == 0 for r in rows)
    return width, height, colour, [r[1:] for r in rows]


@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from([3, 4]),
    st.integers(0, 9),
    st.randoms(use_true_random=False),
)
def test_png_rows_come_back_exactly(
    width: int, height: int, channels: int, level: int, rng: object
) -> None:
    rows = [bytes(rng.randrange(256) for _ in range(width * channels)) for _ in range(height)]  # type: ignore[attr-defined]
    got = decode(png.encode(width, height, rows, channels, level))
    assert got == (width, height, png.COLOUR_TYPES[channels], rows)


def test_png_refuses_rows_of_the_wrong_length_or_count() -> None:
    with pytest.raises(ValueError, match="row 1 has 5 bytes"):
        png.encode(2, 2, [b"\0" * 6, b"\0" * 5], 3)
    with pytest.raises(ValueError, match="1 rows given for an image 2 high"):
        png.encode(2, 2, [b"\0" * 6], 3)
    with pytest.raises(ValueError, match="3 \\(RGB\\) or 4"):
        png.encode(2, 1, [b"\0" * 4], 2)


@pytest.mark.parametrize("fast", [True, False], ids=["isal-when-installed", "zlib"])
def test_png_from_either_deflater_decodes_with_zlib(
    fast: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not fast:
        monkeypatch.setattr(png, "FAST", None)
    rows = [bytes((x * 7 + y) % 256 for x in range(30)) for y in range(9)]
    for level in (0, 1, 3, 6, 9):
        assert decode(png.encode(10, 9, rows, 3, level)) == (10, 9, 2, rows)
    assert png.deflater(9) is zlib


@pytest.mark.parametrize(
    "height", [png.ROWS_A_CALL - 1, png.ROWS_A_CALL, png.ROWS_A_CALL + 1, 3 * png.ROWS_A_CALL + 5]
)
def test_png_rows_handed_to_the_deflater_in_blocks_come_back_exactly(height: int) -> None:
    """Rows go to the deflater :data:`png.ROWS_A_CALL` at a time: every row comes back
    in its place whatever the height, memory views (as the render command gives) too."""
    picture = bytes((x * 31 + y * 17) % 256 for y in range(height) for x in range(12))
    rows = [memoryview(picture)[y * 12 : (y + 1) * 12] for y in range(height)]
    got = decode(png.encode(4, height, rows, 3))
    assert got == (4, height, 2, [bytes(r) for r in rows])
