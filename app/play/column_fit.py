"""Columns fitted to a list's width: the short columns that must stay whole (a ship's
fuel and speed) keep their width; the long ones (names, status, goal) share what is left,
the narrowest first, each cut to an ellipsis only as far as needed. So a dock as narrow
as its default shows every column, without a horizontal scroll bar."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def fitted(natural: Sequence[int], whole: Collection[int], room: int, least: int) -> list[int]:
    """Column widths for ``room`` pixels: each column's ``natural`` width when they all
    fit; else the columns in ``whole`` keep theirs and the others share the rest fairly,
    none above its natural width nor, if it is wider, below ``least``."""
    widths = list(natural)
    if sum(natural) <= room:
        return widths
    flexible = sorted((i for i in range(len(natural)) if i not in whole), key=natural.__getitem__)
    left = room - sum(natural[i] for i in whole)
    for n, i in enumerate(flexible):
        share = left // (len(flexible) - n)
        widths[i] = min(natural[i], max(least, share))
        left -= widths[i]
    return widths
