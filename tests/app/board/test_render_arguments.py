"""The render command reads its usual command lines without argparse (4 ms of a 0.2 s
command) and reads them exactly as argparse does; everything else, help and mistakes
included, is argparse's to read or explain. Each line of the table is read both ways,
through the fast path and through argparse alone, and must come out the same: the same
arguments, or the same exit status with the same message."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from app.board import render
from app.board.render import DEFAULT_WIDTH, MAX_SIDE, Arguments, parse_args

PROG = "ecliptic render"
M, OUT = Path("m.toml"), Path("o.png")

#: a command line; whether the fast path reads it (else argparse does); what comes of
#: it: the arguments, or the exit status and words of what is printed
LINES: list[tuple[list[str], bool, Arguments | tuple[int, str]]] = [
    # the usual lines: read without argparse
    (["m.toml", "o.png"], True, Arguments(M, OUT, False, None, DEFAULT_WIDTH)),
    (["m.toml", "o.png", "--size", "1740x1365"], True, Arguments(M, OUT, size=(1740, 1365))),
    (["m.toml", "o.png", "--size", " 64 X 48 "], True, Arguments(M, OUT, size=(64, 48))),
    (["--size", "64×48", "m.toml", "o.png"], True, Arguments(M, OUT, size=(64, 48))),
    (["m.toml", "--labels", "o.png", "--width", "300"], True, Arguments(M, OUT, True, width=300)),
    (
        ["m.toml", "o.png", "--width", "1_000", "--labels"],
        True,
        Arguments(M, OUT, True, width=1000),
    ),
    (
        ["a map.tmx", "out dir/x.png", "--width", "+7"],
        True,
        Arguments(Path("a map.tmx"), Path("out dir/x.png"), width=7),
    ),
    (["m.toml", "o.png", "--size", f"{MAX_SIDE}x1"], True, Arguments(M, OUT, size=(MAX_SIDE, 1))),
    # other spellings argparse accepts: argparse reads them
    (["m.toml", "o.png", "--size=64x48"], False, Arguments(M, OUT, size=(64, 48))),
    (["m.toml", "o.png", "--width=12"], False, Arguments(M, OUT, width=12)),
    (["m.toml", "o.png", "--lab"], False, Arguments(M, OUT, True)),
    (["m.toml", "o.png", "--si", "8x8"], False, Arguments(M, OUT, size=(8, 8))),
    (["m.toml", "o.png", "--labels", "--labels"], False, Arguments(M, OUT, True)),
    (["m.toml", "o.png", "--width", "50", "--width", "60"], False, Arguments(M, OUT, width=60)),
    (["--", "m.toml", "o.png"], False, Arguments(M, OUT)),
    (["-", "o.png"], False, Arguments(Path("-"), OUT)),
    (["m.toml", "o.png", "--size", "8x8", "--size", "9x9"], False, Arguments(M, OUT, size=(9, 9))),
    # help
    (["--help"], False, (0, "--size WxH")),
    (["m.toml", "-h"], False, (0, "Tiled map")),
    # mistakes: status 2 and what is wrong
    (["m.toml", "o.png", "--size", "wide"], False, (2, "'wide' is not a size like 1920x1080")),
    (["m.toml", "o.png", "--size", "0x10"], False, (2, "each side must be 1 to")),
    (["m.toml", "o.png", "--size", f"{MAX_SIDE + 1}x1"], False, (2, "each side must be 1 to")),
    (["m.toml", "o.png", "--size", "-3x3"], False, (2, "--size: expected one argument")),
    (["m.toml", "o.png", "--width", "0"], False, (2, f"--width must be 1 to {MAX_SIDE}")),
    (["m.toml", "o.png", "--width", "-5"], False, (2, f"--width must be 1 to {MAX_SIDE}")),
    (["m.toml", "o.png", "--width", "ten"], False, (2, "invalid int value: 'ten'")),
    (["m.toml", "o.png", "--width", ""], False, (2, "invalid int value: ''")),
    (["m.toml", "o.png", "--size", "9x9", "--width", "9"], False, (2, "not allowed with")),
    (["m.toml"], False, (2, "the following arguments are required: OUT.png")),
    ([], False, (2, "the following arguments are required: FILE, OUT.png")),
    (["m.toml", "o.png", "extra.png"], False, (2, "unrecognized arguments: extra.png")),
    (["m.toml", "o.png", "--size"], False, (2, "--size: expected one argument")),
    (["m.toml", "o.png", "--colour"], False, (2, "unrecognized arguments: --colour")),
]


def outcome(read: Callable[[list[str]], Arguments], words: list[str]) -> tuple[object, ...]:
    """What reading ``words`` comes to: the arguments, or the exit status; and what was
    printed (out, err)."""
    out, err = StringIO(), StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            result: object = read(words)
    except SystemExit as exit_:
        result = ("exit", exit_.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("words", "fast", "comes"), LINES, ids=[repr(" ".join(line[0])) for line in LINES]
)
def test_a_command_line_reads_as_argparse_reads_it(
    words: list[str], fast: bool, comes: Arguments | tuple[int, str]
) -> None:
    read = outcome(lambda w: parse_args(w, PROG), words)
    assert read == outcome(lambda w: render._argparse(w, PROG), words)
    assert (render._plain(words) is not None) is fast  # the usual lines: no argparse
    result, out, err = read
    if isinstance(comes, Arguments):
        assert result == comes and out == err == ""
        return
    status, said = comes
    assert result == ("exit", status)
    if status == 0:  # help, on the standard output
        assert out.startswith(f"usage: {PROG}") and said in out and err == ""
    else:
        assert err.startswith(f"usage: {PROG}") and f"{PROG}: error: " in err
        assert said in err and out == ""


#: the words every line of up to four is made of, for the check below
WORDS = ("m", "o.png", "--labels", "--size", "--width", "9x9", "0x9", "12", "0", "-5", "--lab")
WORDS += ("--", "-", "", " 7 ", "--size=3x3", "-h", "a b", "-x y")


def test_no_line_of_a_few_words_reads_otherwise_than_with_argparse() -> None:
    """Every line of up to four of :data:`WORDS`: the fast path reads it as argparse
    does, or leaves it to argparse."""
    read = 0
    for count in range(5):
        for line in itertools.product(WORDS, repeat=count):
            words = list(line)
            fast = render._plain(words)
            if fast is not None:
                read += 1
                assert outcome(lambda w: render._argparse(w, PROG), words) == (fast, "", "")
    assert read > 500  # the fast path reads many of them
