"""Fitting a list's columns to its width (app.play.column_fit)."""

from __future__ import annotations

from app.play.column_fit import fitted


def test_columns_that_fit_keep_their_natural_widths() -> None:
    assert fitted([50, 40, 30], {1}, 200, 20) == [50, 40, 30]


def test_the_whole_columns_keep_theirs_and_the_others_share_the_rest_narrowest_first() -> None:
    # 100 left beside the whole column: the 30-wide one keeps 30, the rest share 70
    assert fitted([200, 40, 30, 120], {1}, 140, 20) == [35, 40, 30, 35]


def test_a_cut_column_keeps_at_least_the_least_width() -> None:
    assert fitted([200, 100, 200], {1}, 110, 25) == [25, 100, 25]
