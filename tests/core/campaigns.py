"""What the campaign tests share: a Training campaign, its commands, and a fingerprint
of a campaign file to tell whether anything touched it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from core.campaign import CampaignFile, GameRecord
from core.engine import serial
from core.engine.commands import Command
from core.engine.play import apply
from core.vector.state import GameState, state_hash
from tests.core.campaign_writer import next_command, training

__all__ = ["Expected", "fingerprint", "new_campaign", "next_command", "play", "training"]


def new_campaign(folder: Path, name: str = "Test", file: str = "test.ecliptic") -> CampaignFile:
    return CampaignFile.create(folder / file, name, training(), scenario="training")


def play(game: GameRecord, n: int) -> list[Command]:
    """Play the next ``n`` commands of the durability test's sequence."""
    played = []
    for _ in range(n):
        command = next_command(game.state, len(game.line()))
        game.play(command)
        played.append(command)
    return played


@dataclass
class Expected:
    """The commands, states and hashes of the sequence :func:`next_command` gives, as
    far as asked for."""

    states: list[GameState]
    commands: list[str]
    hashes: list[str]

    @classmethod
    def start(cls, state: GameState | None = None) -> Expected:
        return cls([state or training()], [], [])

    def upto(self, n: int) -> Expected:
        while len(self.commands) < n:
            depth = len(self.commands)
            command = next_command(self.states[-1], depth)
            after, _ = apply(self.states[-1], command)
            self.states.append(after)
            self.commands.append(serial.dumps(command))
            self.hashes.append(state_hash(after))
        return self


def fingerprint(path: Path) -> tuple[str, list[str]]:
    """The file's bytes (digested) and the files beside it that belong to it (``-wal``,
    ``-shm``, ``.lock``, backups)."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"
    beside = sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name))
    return digest, beside
