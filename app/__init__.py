"""Ecliptic desktop application (PySide6)."""
