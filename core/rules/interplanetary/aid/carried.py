"""Interplanetary's values as the shared ruleset and ships carry them, read back typed.

The ruleset (:class:`~core.files.ruleset.Ruleset`) and the vector games' ships
(:class:`~core.vector.state.Ship`) belong to every rule system, so they hold the play aid
and the outfits without naming Interplanetary's types (``Ruleset.play_aid``,
``Ship.manifest``, ``Ship.fitted``). Interplanetary code reads them only through these
accessors, which check that what is carried is really Interplanetary's.
"""

from __future__ import annotations

from core.engine.errors import IllegalCommand
from core.files.ruleset import Ruleset
from core.rules.interplanetary.aid.manifest import Manifest, empty
from core.rules.interplanetary.aid.playaid import PlayAid
from core.vector.state import GameState, Ship


class ForeignValue(TypeError):
    """A shared value carries something that is not Interplanetary's (a ruleset or a
    game of another rule system read as Interplanetary's)."""


def aid_of(rules: Ruleset) -> PlayAid | None:
    """The ruleset's play aid, None for a ruleset without one (or one another rule
    system plays, whose own tables travel in the same place: NPlanetary's)."""
    aid = rules.play_aid
    if aid is None or isinstance(aid, PlayAid):
        return aid
    if rules.system_id not in ("", "interplanetary"):
        return None
    raise ForeignValue(f"the {rules.name} ruleset carries no Interplanetary play aid")


def scenario_aid(rules: Ruleset) -> PlayAid | None:
    """The play aid a scenario's outfits and stocks are checked against: None for a
    ruleset carrying another rule system's tables (a System III Void scenario, which has
    no outfits), so the shared scenario file can be read for it."""
    return rules.play_aid if isinstance(rules.play_aid, PlayAid) else None


def play_aid(state: GameState) -> PlayAid:
    """The game's play aid; :class:`IllegalCommand` when its ruleset has none, so there
    is no combat."""
    aid = aid_of(state.rules)
    if aid is None:
        raise IllegalCommand(f"{state.rules.name} has no attack tables: there is no combat")
    return aid


def _manifest(ship: Ship, value: object) -> Manifest | None:
    if value is None or isinstance(value, Manifest):
        return value
    raise ForeignValue(f"{ship.name} carries no Interplanetary manifest")


def manifest_of(ship: Ship) -> Manifest | None:
    """The ship's outfit and damage (None: a bare hull, or a game without a play aid)."""
    return _manifest(ship, ship.manifest)


def fitted_of(ship: Ship) -> Manifest | None:
    """The outfit as bought or last refitted (None: the same as the manifest at the start)."""
    return _manifest(ship, ship.fitted)


def manifest_or_empty(aid: PlayAid, ship: Ship) -> Manifest:
    """The ship's manifest, or the bare hull's for a ship without one."""
    m = manifest_of(ship)
    return m if m is not None else empty(aid)
