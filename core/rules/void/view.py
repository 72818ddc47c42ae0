"""What one System III Void player may see, as whitelists (:mod:`core.engine.whitelist`):
the strategic game and a tactical battle on top of the vector games'
(:mod:`core.vector.view`), and a battle resolved by strategic combat or by hand (a
:class:`~core.rules.void.fight.Fight`) whole.

Ruling: the seed has no fog of war, so what is on the board is public: every ship's kit
(torpedoes aboard, juice, strain, crew out), the narrative points, the battles opened
with their setups and results, each tactical ship's burns and damage tracks, where
torpedo groups fly and how many they are. Hidden: the dice (seed and rolls to come),
every other player's sealed orders, the target of another player's torpedo group (shown
blank: it is known when the group strikes, or once a ship of the player's side has scanned
it), and in strategic combat the other players'
aggression levels and narrative dice until everyone's are in (they are rolled together).
Each field is named here, so a field added to a Void value later stays out of the views
until it is listed.

Events: every Void event tells of something done in the open (a launch says only that
torpedoes flew, the Totals of strategic combat come once every level is in), so every
player reads them all, except what a scan found (the scanning side and the owner); a Void
event of a new type is read by nobody until it is listed
here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from core.engine.dice import Dice
from core.engine.whitelist import EventRules, Shown, Whitelist, project
from core.rules.void import engagement
from core.rules.void.battle import Approach, BattleResult, BattleSetup, BattleShip, ShipAfter
from core.rules.void.crew import Kit
from core.rules.void.engage import BattleOver, Engaged
from core.rules.void.fight import AGGRESSION, Fight, Totals, phases
from core.rules.void.said import Said
from core.rules.void.strategic_combat import Strike
from core.rules.void.tactical.scan import TargetScanned, reads_scan
from core.rules.void.tactical.terms import Log, Situation, TacticalTerms, Torpedoes
from core.rules.void.terms import Fought, VoidTerms
from core.vector import view
from core.vector.state import GameState, Player, Ship


def everything(cls: type, *walked: str) -> Shown:
    """Every field of ``cls`` public: ``walked`` ones listed in turn, the rest whole."""
    names = frozenset(f.name for f in dataclasses.fields(cls))
    return Shown(fields=frozenset(walked), whole=names - frozenset(walked))


#: the values public at both scales and in a fight, each field named
COMMON: Whitelist = {
    Ship: everything(Ship, "manifest"),
    Kit: everything(Kit),
    BattleSetup: everything(BattleSetup, "ships", "approach"),
    BattleShip: everything(BattleShip, "kit"),
    Approach: everything(Approach),
    BattleResult: everything(BattleResult, "ships"),
    ShipAfter: everything(ShipAfter, "kit"),
    VoidTerms: everything(VoidTerms, "battle", "fought"),
    Fought: everything(Fought),
    TacticalTerms: everything(TacticalTerms, "setup", "situation", "torpedoes", "logs"),
    Situation: everything(Situation),
    Log: everything(Log),
}

_GROUP = everything(Torpedoes)
_GROUP_SEEN = Shown(whole=_GROUP.whole - {"target", "burn"}, blanks={"target": "", "burn": None})
_GROUP_SCANNED = Shown(whole=_GROUP.whole - {"burn"}, blanks={"burn": None})


def _groups(player: str, side: str | None) -> Callable[[Any], Shown]:
    """A torpedo group: whole to its owner; to a side that scanned it without the
    guidance its owner plotted for this turn; to everyone else without that or its
    target."""

    def shown(group: Torpedoes) -> Shown:
        if group.owner == player:
            return _GROUP
        return _GROUP_SCANNED if side in group.revealed else _GROUP_SEEN

    return shown


def entries(state: GameState, player: str) -> Whitelist:
    """Void's whitelist entries for a strategic game or a tactical battle."""
    side = next((p.side for p in state.players if p.id == player), None)
    return {**COMMON, Torpedoes: _groups(player, side)}


def _fight_shown(state: Fight, player: str) -> Shown:
    """A fight: the dice blank, of the sealed orders only the player's own, and the
    aggression levels and narrative dice of others once everyone's are in."""
    open_ = state.over or phases(state)[state.phase] is not AGGRESSION
    walked = frozenset({"players", "setup", "result"})
    return Shown(
        fields=walked,
        whole=frozenset(f.name for f in dataclasses.fields(Fight)) - walked - {"dice"},
        blanks={"dice": Dice(0)},
        members={
            "sealed": lambda order: getattr(order, "player", None) == player,
            "levels": lambda item: open_ or item[0] == player,
            "boosts": lambda item: open_ or item[0] == player,
        },
    )


def fight_view(state: Fight, player: str) -> Fight:
    """What ``player`` may see of a battle resolved by strategic combat or by hand."""
    whitelist: Whitelist = {
        **COMMON,
        Fight: _fight_shown(state, player),
        Player: everything(Player),
    }
    seen: Fight = project(state, whitelist)
    return seen


#: every Void event, and who reads it: everyone
EVENT_RULES: EventRules = view.event_rules(
    own={
        Said: True,
        engagement.EngagementFuel: True,
        Engaged: True,
        BattleOver: True,
        Totals: True,
        Strike: True,
        TargetScanned: reads_scan,
    }
)
