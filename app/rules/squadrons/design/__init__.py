"""Designing squadrons: the design dialog, the design library (import, export, counter
sheets to PDF) and the start purchase of the new-game dialogs."""
