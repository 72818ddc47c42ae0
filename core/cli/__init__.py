"""``python -m core``: validate, info, plot, campaign and tmx commands."""

from core.cli.main import main

__all__ = ["main"]
