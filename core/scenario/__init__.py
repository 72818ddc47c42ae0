"""Scenario documents and the generic parts of victory."""
