"""The squadron game's boards on screen: the jump board and the system boards as map
views, the transit track as a strip, counters drawn as counters. They draw plain data
(:mod:`.faces`) so the play page feeds them from whatever each side may see."""
