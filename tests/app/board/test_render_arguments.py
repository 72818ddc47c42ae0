"""The render command reads its usual command lines without argparse (4 ms of a 0.2 s
command) and reads them exactly as argparse does; everything else, help and mistakes
included, is argparse's to explain."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.board import render
from app.board.render import DEFAULT_WIDTH, Arguments, parse_args

PROG = "ecliptic render"

USUAL = [
    ["map.toml", "out.png"],
    ["map.toml", "out.png", "--size", "1740x1365"],
    ["map.toml", "out.png", "--size", " 64 X 48 "],
    ["--size", "64x48", "map.toml", "out.png"],
    ["map.toml", "--labels", "out.png", "--width", "300"],
    ["map.toml", "out.png", "--width", "1_000", "--labels"],
    ["a map.tmx", "out dir/x.png", "--width", "+7"],
]


@pytest.mark.parametrize("words", USUAL)
def test_a_usual_command_line_reads_as_argparse_reads_it(words: list[str]) -> None:
    assert parse_args(words, PROG) == render._argparse(words, PROG)


def test_the_defaults_are_argparse_defaults() -> None:
    assert parse_args(["m.toml", "o.png"], PROG) == Arguments(
        Path("m.toml"), Path("o.png"), False, None, DEFAULT_WIDTH
    )


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["map.toml", "out.png", "--size", "wide"], "is not a size like 1920x1080"),
        (["map.toml", "out.png", "--size", "0x10"], "each side must be 1 to"),
        (["map.toml", "out.png", "--width", "0"], "--width must be 1 to"),
        (["map.toml", "out.png", "--width", "ten"], "invalid int value"),
        (["map.toml", "out.png", "--size", "9x9", "--width", "9"], "not allowed with"),
        (["map.toml"], "the following arguments are required: OUT.png"),
        (["map.toml", "out.png", "extra.png"], "unrecognized arguments"),
        (["map.toml", "out.png", "--size"], "expected one argument"),
        (["map.toml", "out.png", "--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_a_mistake_is_explained_by_argparse_with_status_2(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args(words, PROG)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: {PROG}") and said in err


@pytest.mark.parametrize(
    "words",
    [
        ["map.toml", "out.png", "--size=64x48"],
        ["map.toml", "out.png", "--lab"],
        ["map.toml", "out.png", "--labels", "--labels"],
        ["map.toml", "out.png", "--width", "50", "--width", "60"],
        ["--", "map.toml", "out.png"],
    ],
)
def test_other_spellings_argparse_accepts_still_work(words: list[str]) -> None:
    assert parse_args(words, PROG) == render._argparse(words, PROG)


def test_help_is_argparse_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args(["--help"], PROG)
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--size WxH" in out and "--labels" in out and "Tiled map" in out
