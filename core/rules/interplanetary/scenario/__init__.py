"""Interplanetary's scenario terms: special rules, setup checks and graded victory."""
