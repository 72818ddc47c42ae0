"""Positions and orders for the economy's unit tests, written in the adjudication case
format (:mod:`tests.core.rules.nplanetary.casefile`)."""

from __future__ import annotations

from pathlib import Path

from core.engine.commands import Command
from core.vector.state import GameState
from tests.core.rules.nplanetary.casefile import build, parse_order, read_case


def position(tmp: Path, text: str) -> GameState:
    """The position a case's header and ``before:`` block describe."""
    path = tmp / "position.case"
    path.write_text(f"rule: a unit test\n{text}", encoding="utf-8")
    return build(read_case(path))


def orders(*lines: str) -> list[Command]:
    """Each ``"player: order"`` as a command, in the order given."""
    found = []
    for line in lines:
        who, _, text = line.partition(":")
        found.append(parse_order(who.strip(), text.strip()))
    return found
