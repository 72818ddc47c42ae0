"""Rulesets: the tables of a rule system (turn order, phases, burns, unit classes, the
asteroid roll, and the sections one system reads itself, such as Interplanetary's play aid)
as TOML data in ``resources/rulesets/``, validated when loaded.

See ``docs/formats/ruleset.md``. Loading follows :mod:`core.files.mapfile`: pydantic models check
the structure (fields, types, allowed values), then :func:`core.files.ruleset_file._build` checks
the meaning (phases, profile names, the asteroid table covering 1-6, costs that rise); the
system that plays the ruleset checks its own sections (:mod:`core.files.ruleset_sections`).
Every problem is reported with the file, the field and the line. This module holds the values;
loading is :mod:`core.files.rulesets`, and the models live in :mod:`core.files.ruleset_file`,
imported only when a file is parsed, so that reading a ruleset's values needs no pydantic.

Fuel and costs are written in the file as TOML numbers, integers or decimals (``0.5``,
``1.5``), and become exact :class:`~fractions.Fraction` values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Literal

from core.engine.errors import UnknownName
from core.engine.serial import added, register
from core.engine.system import ruleset_system

FORMAT = "ecliptic-ruleset"
VERSION = 1

#: The switches the engine knows, with what each means when on. A ruleset lists its own
#: defaults; a game may override them. Add new switches here and in docs/formats/ruleset.md.
KNOWN_SWITCHES: dict[str, str] = {
    "hexside_entered": (
        "a course running exactly along a side of a gravity hex counts as passing through it "
        "(except along the side its arrow points away from)"
    ),
    "weak_gravity_carries_over": (
        "a run of weak gravity hexes carries over from one turn to the next: a weak hex "
        "entered first thing this turn must apply if the ship entered a weak hex last"
    ),
    "rest_ignores_weak_gravity": (
        "a ship given no order (not plotted, or sitting out a turn) that is at rest in a weak "
        "gravity hex ignores its pull and stays at rest (off: the pull applies and it drifts "
        "towards the moon)"
    ),
    "veering_clears_own_mine": (
        "a ship that drops a mine or buckyball and burns aside that turn is not attacked by "
        "it, as the arrows drawn on the map part at once (off: it is attacked wherever its "
        "course shares a hex with the piece's vector, so from speed 2 no burn clears it)"
    ),
    "kinetic_buster": (
        "the kinetic buster may be launched: a weapon against bases only, destroying one when "
        "a d6 rolls below the relative velocity"
    ),
    "rendezvous": (
        "ships with matched vectors may meet, both agreeing, to exchange fuel and launched "
        "weapons; both sit out their next turn"
    ),
    "surrender": (
        "a ship may surrender to an enemy: it fires and launches no more, and the enemy may "
        "meet it to take fuel and weapons without its agreement"
    ),
    "boarding": (
        "a ship with its vector matched to a disabled enemy may board it instead of "
        "attacking: opposed d6, the boarder wins on the higher roll"
    ),
    "boarding_takes_ship": (
        "a ship subdued by boarding passes to the boarding player, who plays it from then on"
    ),
    "civilian_ships": (
        "ships of civilian classes carry weapons only as cargo: they cannot launch them"
    ),
    "special_asteroids": (
        "only the side controlling a special asteroid field's owner may enter its hexes; "
        "others crash, and missiles entering them are lost (off: ordinary asteroids)"
    ),
    "bases_pick_sides": (
        "bases belong to sides: enemies cannot use them, and they launch missiles and fire "
        "mass drivers at enemy ships inside their zone of control"
    ),
    "mine_fields": "the scenario's mine fields are laid: stationary mines that never expire",
    "fog_of_war": (
        "enemy manifests are hidden until a ship of yours or a base of your side is within "
        "its detector range; guns are shown when they fire"
    ),
    "tactical_scale": (
        "System III Void: battles may be fought at tactical scale (off: every battle is "
        "resolved by strategic combat or by hand)"
    ),
    "narrative_points": (
        "System III Void: each player holds 2 narrative points for the campaign (+1d6 to "
        "attack or defence, or a destroyed ship saved at D5)"
    ),
    "narrative_per_ship": (
        "System III Void, with narrative points: each ship holds 1 point instead, spent "
        "only in its own battles"
    ),
    "advanced_gun_combat": (
        "System III Void: tactical battles play gun combat by hit location (weapons, "
        "drives, structure) instead of the basic Gun Combat Damage table"
    ),
}

#: Switches added after games were recorded, with their defaults: every ruleset has them
#: at that default unless its file says otherwise, and a file that gives the default is
#: read as one that does not list it, so the ruleset's data, and with it the hash of
#: every game played under it (each state digests its ruleset), are unchanged.
LATER_SWITCHES: dict[str, bool] = {
    "weak_gravity_carries_over": False,
    "advanced_gun_combat": False,
    "rest_ignores_weak_gravity": False,
    "veering_clears_own_mine": False,
}

#: later switches whose value for a game started now differs from the one games recorded
#: before keep (their LATER_SWITCHES default): New Game ticks them so unless the scenario
#: says otherwise, and the game stores the value, so neither old nor new games change
NEW_GAME_DEFAULTS: dict[str, bool] = {
    "rest_ignores_weak_gravity": True,
    "veering_clears_own_mine": True,
}

#: the later switches that belong to one rule system only (by its id): other systems'
#: rulesets do not have them, so New Game does not offer them there
LATER_SWITCH_SYSTEMS: dict[str, str] = {
    "advanced_gun_combat": "void",
    "rest_ignores_weak_gravity": "interplanetary",
    "veering_clears_own_mine": "interplanetary",
}

#: the switches that are the optional rules of a rule system (Interplanetary's "Optional
#: rules"), by their names in the rule book, in its order: what New Game offers to tick
OPTIONAL_RULES: dict[str, str] = {
    "rendezvous": "Space rendezvous",
    "surrender": "Surrender",
    "boarding": "Boarding",
    "boarding_takes_ship": "Boarding takes the ship",
    "civilian_ships": "Civilian ships",
    "special_asteroids": "Special asteroids",
    "kinetic_buster": "Kinetic buster",
    "bases_pick_sides": "Bases pick sides",
    "mine_fields": "Mine fields",
    "fog_of_war": "Fog of war",
    # a reading of a rule, not an extra rule, but chosen per game the same way
    "weak_gravity_carries_over": "Weak gravity carries over turns",
    "rest_ignores_weak_gravity": "Ships left at rest ignore weak gravity",
    "veering_clears_own_mine": "Veering off clears your own mine",
    "advanced_gun_combat": "Advanced gun combat (hit location)",
    # System III Void's campaign choices, agreed at the start (seed: "Game scales",
    # "Strategic scale combat")
    "tactical_scale": "Battles at tactical scale",
    "narrative_points": "Narrative points (2 a player)",
    "narrative_per_ship": "Narrative points per ship instead",
}

#: the switches of a ruleset that does not list its own
DEFAULT_SWITCHES: tuple[tuple[str, bool], ...] = (("hexside_entered", True),)

#: what a ruleset id, a profile name or a unit id looks like
ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


# ---- the values ----


@register
@dataclass(frozen=True)
class Sequence:
    """How a game turn runs."""

    #: rotating: players take turns and the first player moves on each round;
    #: fixed: players take turns in the same order every round (standard Triplanetary);
    #: simultaneous: everyone gives sealed orders, resolved together.
    order: Literal["rotating", "fixed", "simultaneous"]
    phases: tuple[str, ...]
    #: the phase in which ships move (one of ``phases``)
    movement_phase: str


@register
@dataclass(frozen=True)
class BurnProfile:
    """The burns a kind of ship may make in one turn, and what they cost."""

    #: costs[n-1] is the fuel for an n-hex burn; its length is the longest burn
    costs: tuple[Fraction, ...]
    #: burns of this many hexes or more are "high acceleration"
    high_from: int | None = None
    #: cooldown[n-1] is how many turns after an n-hex burn no high acceleration is allowed
    cooldown: tuple[int, ...] = ()
    #: a unit using this profile must have at least this max acceleration (in G)
    min_max_accel: int | None = None
    #: costs are not listed but derived per unit: max_accel // g_per_hex hexes, all free
    derive_from_max_accel: bool = False
    g_per_hex: int = 2


@register
@dataclass(frozen=True)
class UnitClass:
    """A class of ship in the ruleset's catalogue."""

    id: str
    name: str
    fuel: Fraction
    military: bool = True
    profile: str = "standard"
    #: maximum acceleration in G (System III Void)
    max_accel: int | None = None
    combat: int | None = None
    #: defensive combat strength, where it differs from ``combat`` (stealth hulls)
    defence: int | None = None
    cargo: int | None = None
    cost: int | None = None


@register
@dataclass(frozen=True)
class AsteroidResult:
    """One row of the asteroid roll: a d6 range (inclusive) and what happens."""

    low: int
    high: int
    effect: Literal["none", "disabled", "damage"]
    #: the players' words for the log
    text: str


@register
@dataclass(frozen=True)
class RulesetRef:
    """What a campaign stores to replay the same rules: id, version and every switch."""

    id: str
    version: int
    switches: tuple[tuple[str, bool], ...]


@register
@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """A rule system's tables. Immutable; load with :func:`core.files.rulesets.load_ruleset`."""

    id: str
    name: str
    #: the ruleset's own version (``ruleset_version`` in the file)
    version: int
    sequence: Sequence
    gravity: bool = True
    #: whether the gravity of the hex a ship starts its move in acts on it
    start_hex_gravity: bool = True
    #: defaults of the ruleset's switches, sorted by name; a game may override them
    switches: tuple[tuple[str, bool], ...] = DEFAULT_SWITCHES
    profiles: tuple[tuple[str, BurnProfile], ...]
    units: tuple[UnitClass, ...]
    #: covers the rolls 1 to 6 exactly once
    asteroid_table: tuple[AsteroidResult, ...]
    #: fuel each surviving ship pays when a combat engagement ends
    engagement_fuel: Fraction = Fraction(0)
    description: str = ""
    #: what the system read from its own sections of the file
    #: (:mod:`core.files.ruleset_sections`; Interplanetary's play aid, read back typed with
    #: :func:`core.rules.interplanetary.aid.carried.aid_of`); None for a ruleset without
    play_aid: object | None = None
    #: the rule system whose procedures play this ruleset; "" for the one named by ``id``
    #: (or, for the built-in rulesets of a system with several, the one
    #: :func:`core.engine.system.ruleset_system` names)
    system: str = added("")

    @cached_property
    def system_id(self) -> str:
        """The id of the rule system (:mod:`core.engine.system`) that plays this ruleset:
        the file's ``system`` key, else :func:`~core.engine.system.ruleset_system`'s
        choice (asked on every command, so worked out once per ruleset value)."""
        simultaneous = self.sequence.order == "simultaneous"
        return self.system or ruleset_system(self.id, simultaneous=simultaneous)

    def profile(self, name: str) -> BurnProfile:
        for key, profile in self.profiles:
            if key == name:
                return profile
        raise UnknownName(f"the {self.name} ruleset has no burn profile {name!r}")

    def unit(self, id: str) -> UnitClass:
        for unit in self.units:
            if unit.id == id:
                return unit
        raise UnknownName(f"the {self.name} ruleset has no unit class {id!r}")

    def switch(
        self, name: str, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> bool:
        """The value of a switch: the game's override if it has one, else the default."""
        values = self.switch_values(overrides)
        if name not in values:
            raise UnknownName(f"the {self.name} ruleset has no switch {name!r}")
        return values[name]

    def switch_values(
        self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> dict[str, bool]:
        """Every switch with the game's overrides applied; an unknown override is refused."""
        later = {
            name: value
            for name, value in LATER_SWITCHES.items()
            if LATER_SWITCH_SYSTEMS.get(name, self.system_id) == self.system_id
        }
        values = {**later, **dict(self.switches)}
        pairs = overrides.items() if isinstance(overrides, Mapping) else overrides
        for name, value in pairs:
            if name not in values:
                raise UnknownName(f"the {self.name} ruleset has no switch {name!r}")
            values[name] = value
        return values

    def new_game_switches(
        self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> dict[str, bool]:
        """Every switch as a game started now gets it: :data:`NEW_GAME_DEFAULTS` for the
        switches this ruleset has, then the scenario's ``overrides``."""
        return self.switch_values(self.new_game_overrides(overrides))

    def new_game_overrides(
        self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()
    ) -> tuple[tuple[str, bool], ...]:
        """A scenario's ``overrides`` with :data:`NEW_GAME_DEFAULTS` added for the
        switches this ruleset has and the scenario leaves unset: the switches a game
        started now plays by, whoever starts it (New Game, a script)."""
        known = self.switch_values()
        pairs = dict(overrides.items() if isinstance(overrides, Mapping) else overrides)
        fresh = {n: on for n, on in NEW_GAME_DEFAULTS.items() if n in known and n not in pairs}
        return tuple(sorted({**pairs, **fresh}.items()))

    def ref(self, overrides: Iterable[tuple[str, bool]] | Mapping[str, bool] = ()) -> RulesetRef:
        """What a campaign stores: this ruleset's id and version and all switch values."""
        return RulesetRef(
            self.id, self.version, tuple(sorted(self.switch_values(overrides).items()))
        )

    @property
    def asteroid_hazard(self) -> bool:
        """Whether crossing asteroids can do anything at all (else no roll is needed)."""
        return any(r.effect != "none" for r in self.asteroid_table)


def burn_costs_for(ruleset: Ruleset, unit: UnitClass) -> tuple[Fraction, ...]:
    """Fuel for a 1-, 2-, ... hex burn by this unit: what the movement parameters need."""
    profile = ruleset.profile(unit.profile)
    if profile.derive_from_max_accel:
        return (Fraction(0),) * ((unit.max_accel or 0) // profile.g_per_hex)
    return profile.costs


def show_amount(value: Fraction) -> str:
    """A fraction as people write it: 1, 0.5, 1.5 (or 1/3 where no decimal is exact)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):g}"
    return text if Fraction(text) == value else str(value)
