"""The public Python API: build a map, a game and a position; play; read what happened.

For scripts and tests that should not need to know where things live inside ``core``.
Everything here is a name re-exported from the layer that owns it, or a small builder
over them; ``docs/api.md`` shows it at work. Nothing inside ``core`` imports this module:
it sits on top, and its names are the contract (the modules behind them may move).

Hexes may be given as :class:`Hex` values or as the map's labels (``"0405"``); directions
as :class:`Direction` or the map's compass names (``"N"``); vectors as ``(dq, dr)``.
"""

from __future__ import annotations

from core.api.games import PlayerLike, loaded, new_game, play, position
from core.api.hexes import HexLike, direction, directions, hex_at, label
from core.api.maps import (
    ArrowSpec,
    BaseSpec,
    BodySpec,
    arrow,
    base,
    body,
    build_map,
    builtin_map,
    load_map,
    open_space,
)
from core.api.moves import (
    advance_to,
    allocate,
    end_phase,
    fire,
    hold,
    launch,
    launch_weapon,
    odds,
    order,
    plot,
    refuel,
    strike,
)
from core.api.pieces import (
    OrdnanceSpec,
    SetupError,
    ShipSpec,
    Where,
    missile,
    ordnance,
    ship,
)
from core.api.readers import (
    damage,
    events_text,
    fuel,
    in_flight,
    motion,
    next_end,
    phase,
    status,
    turn,
    velocity,
    waiting,
    where,
)
from core.api.scenarios import builtin_scenarios, scenario, start_scenario
from core.board.hexgrid import ZERO, Direction, Hex, HexError, Orientation, Vector
from core.board.problems import FileProblems, Problem
from core.board.starmap import (
    DEFAULT_SERVICES,
    Base,
    BaseKind,
    Body,
    BodyKind,
    Bounds,
    GravityKind,
    Service,
    StarMap,
)
from core.engine.commands import Command, EndPhase
from core.engine.dice import Dice, Rolled
from core.engine.errors import GameOver, IllegalCommand, NotYourTurn, UnknownShip, WrongPhase
from core.engine.events import Event
from core.files.ruleset import Ruleset
from core.files.rulesets import load_ruleset
from core.rules.interplanetary.aid.damage import Allocation, Placement
from core.rules.interplanetary.aid.manifest import Manifest
from core.rules.interplanetary.aid.playaid import Outfit
from core.rules.interplanetary.bases import Load, Refit, Refuel, Serviced
from core.rules.interplanetary.combat.attack import (
    AllocateDamage,
    AttackResolved,
    DamagePlaced,
    HitRolled,
    PendingAnswer,
    PendingHit,
    ShipDisabled,
    ShipRecovered,
)
from core.rules.interplanetary.combat.guns import Fire, FireHeld, Hold, Shot
from core.rules.interplanetary.combat.ordnance import (
    LaunchWeapon,
    OrdnanceExpired,
    OrdnanceLost,
    OrdnanceMoved,
    WeaponLaunched,
)
from core.rules.interplanetary.combat.ordnance_attacks import (
    MineAttack,
    OrdnanceSpent,
    PendingStrike,
    Strike,
    StrikeOffered,
    WeaponStruck,
)
from core.scenario.document import Scenario, Seat
from core.scenario.reader import load_scenario
from core.vector.astrogation import AsteroidOutcome, BaseVisit, OrbitReport, ShipDestroyed
from core.vector.course import AsteroidsCrossed, CrashedInto, LeftTheMap
from core.vector.gravity import GravityIgnored, GravityPull, GravityShifted
from core.vector.map_edge import ShipLeftMap, ShipReturned
from core.vector.motion import Motion, Order
from core.vector.movement import FuelBurned, Moved
from core.vector.orders import Launch, Plot, Unplot
from core.vector.plotting import PlanMade
from core.vector.pulls import GravityFelt
from core.vector.state import GameState, Ordnance, Player, Ship, ShipStatus, state_hash
from core.vector.turns import FirstPlayer, PhaseBegan, RoundBegan
from core.vector.victory import GameDrawn, GameWon

__all__ = [
    "DEFAULT_SERVICES",
    "ZERO",
    "AllocateDamage",
    "Allocation",
    "ArrowSpec",
    "AsteroidOutcome",
    "AsteroidsCrossed",
    "AttackResolved",
    "Base",
    "BaseKind",
    "BaseSpec",
    "BaseVisit",
    "Body",
    "BodyKind",
    "BodySpec",
    "Bounds",
    "Command",
    "CrashedInto",
    "DamagePlaced",
    "Dice",
    "Direction",
    "EndPhase",
    "Event",
    "FileProblems",
    "Fire",
    "FireHeld",
    "FirstPlayer",
    "FuelBurned",
    "GameDrawn",
    "GameOver",
    "GameState",
    "GameWon",
    "GravityFelt",
    "GravityIgnored",
    "GravityKind",
    "GravityPull",
    "GravityShifted",
    "Hex",
    "HexError",
    "HexLike",
    "HitRolled",
    "Hold",
    "IllegalCommand",
    "Launch",
    "LaunchWeapon",
    "LeftTheMap",
    "Load",
    "Manifest",
    "MineAttack",
    "Motion",
    "Moved",
    "NotYourTurn",
    "OrbitReport",
    "Order",
    "Ordnance",
    "OrdnanceExpired",
    "OrdnanceLost",
    "OrdnanceMoved",
    "OrdnanceSpec",
    "OrdnanceSpent",
    "Orientation",
    "Outfit",
    "PendingAnswer",
    "PendingHit",
    "PendingStrike",
    "PhaseBegan",
    "Placement",
    "PlanMade",
    "Player",
    "PlayerLike",
    "Plot",
    "Problem",
    "Refit",
    "Refuel",
    "Rolled",
    "RoundBegan",
    "Ruleset",
    "Scenario",
    "Seat",
    "Service",
    "Serviced",
    "SetupError",
    "Ship",
    "ShipDestroyed",
    "ShipDisabled",
    "ShipLeftMap",
    "ShipRecovered",
    "ShipReturned",
    "ShipSpec",
    "ShipStatus",
    "Shot",
    "StarMap",
    "Strike",
    "StrikeOffered",
    "UnknownShip",
    "Unplot",
    "Vector",
    "WeaponLaunched",
    "WeaponStruck",
    "Where",
    "WrongPhase",
    "advance_to",
    "allocate",
    "arrow",
    "base",
    "body",
    "build_map",
    "builtin_map",
    "builtin_scenarios",
    "damage",
    "direction",
    "directions",
    "end_phase",
    "events_text",
    "fire",
    "fuel",
    "hex_at",
    "hold",
    "in_flight",
    "label",
    "launch",
    "launch_weapon",
    "load_map",
    "load_ruleset",
    "load_scenario",
    "loaded",
    "missile",
    "motion",
    "new_game",
    "next_end",
    "odds",
    "open_space",
    "order",
    "ordnance",
    "phase",
    "play",
    "plot",
    "position",
    "refuel",
    "scenario",
    "ship",
    "start_scenario",
    "state_hash",
    "status",
    "strike",
    "turn",
    "velocity",
    "waiting",
    "where",
]
