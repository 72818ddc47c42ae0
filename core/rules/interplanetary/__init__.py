"""Interplanetary: its play aid, combat, optional rules and scenario terms."""
