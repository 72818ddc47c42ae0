"""Maps and hexes only: the hex grid, the exact course tracer, geometry, the star map and its
checks."""
