"""Vector movement shared by the Triplanetary-family games: gravity, motion, orbit, plans to
moves, preview, victory."""
