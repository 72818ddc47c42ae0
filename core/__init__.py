"""Ecliptic engine: rules, data model and geometry. Pure Python, never imports Qt."""
