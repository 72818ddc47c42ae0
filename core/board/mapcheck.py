"""Everything that can be wrong with a star map, found on the model itself.

The loader runs these checks before accepting a file and the saver before writing one;
the editor will run them as the map is edited. Each problem names its field by path
(``bases[3].hex``) so a file loader can add the line and an editor can select the object.
"""

from __future__ import annotations

from collections.abc import Callable

from core.board.hexgrid import Hex
from core.board.problems import Problem, Problems
from core.board.starmap import BaseKind, StarMap


def map_problems(m: StarMap) -> list[Problem]:
    """Every problem with ``m``, in file order; an empty list means the map is sound."""
    out: list[Problem] = Problems()
    label = _labeller(m)
    inside = m.bounds.contains

    if not m.name.strip():
        out.append(Problem("the map needs a name", "name"))

    seen_names: dict[str, int] = {}
    owner_of_hex: dict[Hex, str] = {}
    for i, body in enumerate(m.bodies):
        where = f"bodies[{i}]"
        if body.name in seen_names:
            out.append(Problem(f"a second body is called {body.name!r}", f"{where}.name"))
        seen_names.setdefault(body.name, i)
        if body.radius <= 0 or body.radius > body.size + 0.5:
            out.append(
                Problem(
                    f"disc radius {body.radius} must be above 0 and at most "
                    f"{body.size + 0.5} (half a hex beyond the body's {body.size} rings)",
                    f"{where}.radius",
                )
            )
        if body.limit is not None and body.limit < 0:
            out.append(Problem("a 100-diameter limit is 0 hexes or more", f"{where}.limit"))
        outside = [h for h in body.hexes() if not inside(h)]
        if outside:
            out.append(
                Problem(
                    f"{body.name} lies off the map at {label(outside[0])}: "
                    f"the bounds ({m.bounds.width}x{m.bounds.height}) are too small for it",
                    f"{where}.hex",
                    hex=body.centre,
                )
            )
        elif body.gravity is not None and any(not inside(h) for h in body.ring()):
            out.append(
                Problem(
                    f"{body.name}'s gravity ring runs off the map: the bounds "
                    f"({m.bounds.width}x{m.bounds.height}) are too small for it",
                    f"{where}.hex",
                    hex=body.centre,
                )
            )
        for h in body.hexes():
            other = owner_of_hex.get(h)
            if other is not None:
                out.append(
                    Problem(
                        f"{body.name} and {other} are both on hex {label(h)}", f"{where}.hex", hex=h
                    )
                )
            owner_of_hex.setdefault(h, body.name)

    overridden = {o.hex for o in m.overrides}
    # Which bodies' rings each hex is in, built once: O(bodies), not O(bodies squared).
    rings: dict[Hex, list[int]] = {}
    for j, puller in enumerate(m.bodies):
        if puller.gravity is not None:
            for h in puller.ring():
                rings.setdefault(h, []).append(j)
    for i, body in enumerate(m.bodies):
        hits: dict[int, list[Hex]] = {}
        for h in body.hexes():
            for j in rings.get(h, ()):
                if j != i:
                    hits.setdefault(j, []).append(h)
        for j in sorted(hits):
            first = hits[j][0]
            out.append(
                Problem(
                    f"{body.name} sits in {m.bodies[j].name}'s gravity ring at "
                    f"{label(first)}: move it at least two hexes away",
                    f"bodies[{i}].hex",
                    hex=first,
                )
            )
    for h, g in sorted(m.derived_gravity.items()):
        if len(g.arrows) > 2 and h not in overridden:
            names = ", ".join(a.body or "?" for a in g.arrows)
            out.append(
                Problem(
                    f"hex {label(h)} is pulled by {len(g.arrows)} bodies ({names}); a hex "
                    "takes at most two arrows: set its gravity by hand with an override",
                    "gravity",
                    hex=h,
                )
            )

    for i, o in enumerate(m.overrides):
        where = f"gravity[{i}]"
        if not inside(o.hex):
            out.append(Problem(f"hex {label(o.hex)} is off the map", f"{where}.hex", hex=o.hex))
            continue
        if o.hex in m.body_hexes:
            out.append(
                Problem(
                    f"hex {label(o.hex)} is inside {m.body_hexes[o.hex].name}: "
                    "a body's own hexes have no gravity arrows",
                    f"{where}.hex",
                    hex=o.hex,
                )
            )
        if len(o.directions) > 2:
            out.append(Problem("a hex has at most two arrows", f"{where}.arrows", hex=o.hex))
        if len(set(o.directions)) != len(o.directions):
            out.append(Problem("the same arrow is given twice", f"{where}.arrows", hex=o.hex))
        for d in o.directions:
            target = o.hex.neighbour(d)
            if not inside(target):
                name = d.name_in(m.bounds.orientation)
                out.append(
                    Problem(
                        f"the {name} arrow at {label(o.hex)} points off the map",
                        f"{where}.arrows",
                        hex=o.hex,
                    )
                )
    if len(overridden) != len(m.overrides):
        out.append(Problem("a hex has two gravity overrides", "gravity"))

    for h in sorted(m.asteroids):
        if not inside(h):
            out.append(Problem(f"asteroid hex {label(h)} is off the map", "asteroids.hexes", hex=h))
        elif h in m.body_hexes:
            out.append(
                Problem(
                    f"asteroid hex {label(h)} is inside {m.body_hexes[h].name}",
                    "asteroids.hexes",
                    hex=h,
                )
            )
    for i, s in enumerate(m.special_asteroids):
        if not s.owner.strip():
            out.append(Problem("special asteroids need an owner", f"special_asteroids[{i}].owner"))
        for h in sorted(s.hexes):
            if not inside(h) or h in m.body_hexes:
                out.append(
                    Problem(
                        f"special asteroid hex {label(h)} is "
                        + ("off the map" if not inside(h) else "inside a body"),
                        f"special_asteroids[{i}].hexes",
                        hex=h,
                    )
                )

    out.extend(_base_problems(m, label))

    for i, z in enumerate(m.zones):
        where = f"zones[{i}]"
        if not z.hexes:
            out.append(Problem(f"zone {z.name!r} has no hexes", f"{where}.hexes"))
        off = sorted(h for h in z.hexes if not inside(h))
        if off:
            out.append(
                Problem(f"zone hex {label(off[0])} is off the map", f"{where}.hexes", hex=off[0])
            )
        if z.base is not None and m.base(z.base) is None:
            out.append(Problem(f"there is no base called {z.base!r}", f"{where}.base"))

    for i, a in enumerate(m.atmospheres):
        where = f"atmospheres[{i}]"
        across = m.bounds.height if a.edge.value in ("top", "bottom") else m.bounds.width
        if len(a.layers) + 1 > across:
            out.append(
                Problem(
                    f"{len(a.layers)} layers and the floor need {len(a.layers) + 1} rows; "
                    f"the map has {across}",
                    f"{where}.layers",
                )
            )
        if any(level < 0 for level in a.layers):
            out.append(Problem("atmosphere levels are 0 or more", f"{where}.layers"))
    edges = [a.edge for a in m.atmospheres]
    if len(set(edges)) != len(edges):
        out.append(Problem("two atmospheres on the same map edge", "atmospheres"))

    if m.leaving.penalty_turns < 0:
        out.append(Problem("penalty turns must be 0 or more", "leaving.penalty_turns"))
    return out


def _base_problems(m: StarMap, label: Callable[[Hex], str]) -> list[Problem]:
    out: list[Problem] = []
    names: set[str] = set()
    for i, b in enumerate(m.bases):
        where = f"bases[{i}]"
        if b.name in names:
            out.append(Problem(f"a second base is called {b.name!r}", f"{where}.name"))
        names.add(b.name)
        if not m.bounds.contains(b.hex):
            out.append(Problem(f"hex {label(b.hex)} is off the map", f"{where}.hex"))
            continue
        at = label(b.hex)
        if b.kind is BaseKind.ORBITAL:
            if m.gravity_at(b.hex) is None:
                out.append(
                    Problem(
                        f"orbital base {b.name!r} must sit on a gravity hex; {at} has no gravity",
                        f"{where}.hex",
                    )
                )
        elif b.kind is BaseKind.PLANETARY:
            body = m.body_at(b.hex)
            if body is None:
                out.append(
                    Problem(
                        f"planetary base {b.name!r} must be on a body's hex; {at} is empty space",
                        f"{where}.hex",
                    )
                )
            elif b.side is None:
                out.append(
                    Problem(
                        f"planetary base {b.name!r} needs the hexside of {body.name} it is on",
                        f"{where}.side",
                    )
                )
            elif b.approach in m.body_hexes or not m.bounds.contains(b.approach):
                side = b.side.name_in(m.bounds.orientation)
                out.append(
                    Problem(
                        f"the {side} side of {at} does not face open space on the map",
                        f"{where}.side",
                    )
                )
        elif b.kind is BaseKind.ASTEROID and (
            b.hex not in m.asteroids and b.hex not in m.special_owner
        ):
            out.append(
                Problem(
                    f"asteroid base {b.name!r} must be on an asteroid hex; {at} is not one",
                    f"{where}.hex",
                )
            )
        if b.kind is not BaseKind.PLANETARY and b.side is not None:
            out.append(Problem("only planetary bases sit on a hexside", f"{where}.side"))
    return out


def _labeller(m: StarMap) -> Callable[[Hex], str]:
    labels = m.bounds.labels

    def label(h: Hex) -> str:
        try:
            return labels.format(h)
        except ValueError:
            return f"(q={h.q}, r={h.r})"

    return label


def map_warnings(m: StarMap) -> list[Problem]:
    """What is legal but probably a mistake, for the editor to point out: a gravity
    override whose arrow points at no body (looking along it to the map's edge), so
    ships there would be pulled towards empty space. Hand-made pulls in open space are
    allowed (the format says so), hence a warning rather than a problem. And a
    100-diameter limit smaller than its body, which a squadron game's board refuses."""
    label = _labeller(m)
    out: list[Problem] = [
        Problem(
            f"{b.name}'s 100-diameter limit ({b.limit}) is smaller than the body "
            f"({b.size} rings): the squadron game will refuse this board",
            f"bodies[{i}].limit",
            hex=b.centre,
            warning=True,
        )
        for i, b in enumerate(m.bodies)
        if b.limit is not None and 0 <= b.limit < b.size
    ]
    for i, o in enumerate(m.overrides):
        for d in o.directions:
            h = o.hex.neighbour(d)
            while m.bounds.contains(h) and h not in m.body_hexes:
                h = h.neighbour(d)
            if h not in m.body_hexes:
                name = d.name_in(m.bounds.orientation)
                out.append(
                    Problem(
                        f"the {name} arrow at {label(o.hex)} points at no body: ships there "
                        "will be pulled towards empty space",
                        f"gravity[{i}].arrows",
                        hex=o.hex,
                        warning=True,
                    )
                )
    return out
