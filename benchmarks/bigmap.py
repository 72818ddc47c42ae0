"""A generated 100,000-hex star map (400 x 250) for the map view and render benchmarks.

It is built from ``core.board.starmap`` values the way ``core/files/mapfile.py`` builds a loaded
map, with the same proportions of things as a busy printed map: a double-gravity sun, planets
(some two rings wide) with gravity rings, moons close enough to their planets to make
two-directed hexes, asteroid fields, special asteroids, bases of all three kinds and
zones of control. The same seed always gives the same map, and the result passes
``core.board.mapcheck`` (``save_map`` refuses anything else).

Run ``python benchmarks/bigmap.py OUT.toml`` to write it as a map file.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.board.hexgrid import Direction, Hex, Orientation
from core.board.starmap import (
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    GravityKind,
    SpecialAsteroids,
    StarMap,
    Zone,
)

WIDTH, HEIGHT = 400, 250
PLANETS = 150
ASTEROID_FIELDS = 40


def build_bigmap(seed: int = 7) -> StarMap:
    """The generated map; about 2% gravity hexes and 7% asteroid hexes."""
    rng = random.Random(seed)
    bounds = Bounds(WIDTH, HEIGHT, Orientation.FLAT)
    at = bounds.labels.from_offset
    sun = at(WIDTH // 2, HEIGHT // 2)
    bodies = [Body("Sun", BodyKind.STAR, sun, radius=0.5, gravity=GravityKind.DOUBLE)]
    taken: set[Hex] = set(sun.spiral(6))  # bodies, rings and a gap around them
    inside = bounds.contains

    def free(h: Hex, radius: int) -> bool:
        return all(inside(x) and x not in taken for x in h.spiral(radius))

    planets: list[Body] = []
    while len(planets) < PLANETS:
        centre = at(rng.randrange(6, WIDTH - 6), rng.randrange(6, HEIGHT - 6))
        giant = rng.random() < 0.25
        size = 1 if giant else 0
        if not free(centre, size + 6):
            continue
        name = f"Planet {len(planets) + 1}"
        planet = Body(name, BodyKind.PLANET, centre, 1.2 if giant else 0.4, size=size)
        planets.append(planet)
        bodies.append(planet)
        # Moons: the first close enough for two-directed hexes, the rest three hexes clear.
        moons: list[Hex] = []
        for m in range(rng.randrange(0, 4)):
            gap = size + (2 if m == 0 else 3 + m)
            for _attempt in range(20):
                moon_at = rng.choice(centre.ring(gap))
                if free(moon_at, 1) and all(moon_at.distance(x) >= 4 for x in moons):
                    moons.append(moon_at)
                    bodies.append(
                        Body(
                            f"{name} {'abcd'[m]}",
                            BodyKind.MOON,
                            moon_at,
                            0.25,
                            GravityKind.WEAK,
                        )
                    )
                    taken.update(moon_at.spiral(2))
                    break
        taken.update(centre.spiral(size + 7))

    body_hexes = {h for b in bodies for h in b.hexes()}
    rings = {h for b in bodies if b.gravity is not None for h in b.ring()} - body_hexes
    asteroids: set[Hex] = set()
    for _ in range(ASTEROID_FIELDS):
        cx, cy = rng.randrange(WIDTH), rng.randrange(HEIGHT)
        for _step in range(rng.randrange(100, 300)):
            cx = min(WIDTH - 1, max(0, cx + rng.randint(-2, 2)))
            cy = min(HEIGHT - 1, max(0, cy + rng.randint(-1, 1)))
            for h in at(cx, cy).spiral(1):
                if inside(h) and rng.random() < 0.5:
                    asteroids.add(h)
    asteroids -= body_hexes | rings

    hide = sorted(asteroids)[len(asteroids) // 2]
    special = {h for h in hide.spiral(2) if h in asteroids}
    asteroids -= special

    bases: list[Base] = []
    zones: list[Zone] = []
    for i, planet in enumerate(planets):
        ring = [h for h in planet.ring() if h in rings]
        if i % 2 == 0 and ring:
            bases.append(Base(f"{planet.name} Station", BaseKind.ORBITAL, ring[0]))
        sides = [d for d in Direction if planet.centre.neighbour(d) not in body_hexes]
        if i % 3 != 1 and planet.size == 0 and sides:
            side = rng.choice(sides)
            bases.append(Base(f"{planet.name} Port", BaseKind.PLANETARY, planet.centre, side))
        if i % 4 == 0:
            hexes = frozenset(h for h in planet.centre.spiral(planet.size + 2) if inside(h))
            zones.append(Zone(f"{planet.name} Space", hexes, owner=planet.name))
    for i, h in enumerate(sorted(asteroids)[::150]):
        bases.append(Base(f"Rock {i + 1}", BaseKind.ASTEROID, h))
    bases.append(Base("Hideout", BaseKind.ASTEROID, hide))

    return StarMap(
        name="Generated 400x250",
        bounds=bounds,
        bodies=tuple(bodies),
        asteroids=frozenset(asteroids),
        special_asteroids=(SpecialAsteroids("Hideout", frozenset(special)),),
        bases=tuple(bases),
        zones=tuple(zones),
        description="A generated 100,000-hex map for benchmarks.",
    )


def write_bigmap(path: Path | str, seed: int = 7) -> Path:
    """Save the generated map as a map file (checked by ``save_map`` first)."""
    from core.files.mapfile import save_map

    out = Path(path)
    save_map(build_bigmap(seed), out)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python benchmarks/bigmap.py OUT.toml", file=sys.stderr)
        return 2
    m = build_bigmap()
    out = write_bigmap(argv[0])
    print(
        f"Wrote {out}: {m.bounds.width}x{m.bounds.height} hexes, {len(m.bodies)} bodies, "
        f"{len(m.gravity)} gravity hexes, {len(m.asteroids)} asteroid hexes, "
        f"{len(m.bases)} bases, {len(m.zones)} zones"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
