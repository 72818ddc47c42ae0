"""Per-player views built from a whitelist: what one player may see of a game is made
by copying only the fields a rule system lists as public into a new value; every field
not listed takes its default (or a stated blank). Nothing is deleted from a copy, so a
field added to a state later is hidden until a system says it is public.

A :class:`Whitelist` names, per type, the fields shown (walked: the values inside are
whitelisted in turn), the fields shown whole (copied as they are: a map, a ruleset,
positions), blanks for hidden fields without a default, and for collections which
members a player may see at all. A value of a type the whitelist does not name raises
:class:`Unlisted`: a new kind of value must be listed before any view shows it.

Events are redacted the same way (:func:`redact`): a system's ``event_rules`` say which
event types a player may read, always or when a test on the state says so; an event of
a type not listed is left out of that player's log. A system without ``event_rules``
declares no secrets, and its events are shown as they are. In every system a player
reads only their own "order sealed" events: how many orders another player has sealed
could tell of counters they keep hidden (who has ended the phase is in the view).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from core.engine.events import Event
from core.engine.play import OrderSealed, system_of


class Unlisted(TypeError):
    """A view met a type, or a hidden field, its whitelist says nothing about."""


@dataclass(frozen=True)
class Shown:
    """What a player sees of one value: ``fields`` whitelisted in turn, ``whole`` fields
    copied as they are, ``blanks`` for hidden fields with no default, and ``members``:
    for a collection field, which of its items the player may see."""

    fields: frozenset[str] = frozenset()
    whole: frozenset[str] = frozenset()
    blanks: Mapping[str, Any] = field(default_factory=dict)
    members: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)


#: per type, what is shown of a value of it (fixed, or decided for each value)
Whitelist = Mapping[type, Shown | Callable[[Any], Shown]]

#: per event type, whether a player reads it: always (True) or when
#: ``rule(state, player, event)`` says so
EventRules = Mapping[type, bool | Callable[[Any, str, Any], bool]]

_PLAIN = (str, int, float, bool, type(None), Enum, Fraction)


def shown(*names: str, whole: Iterable[str] = (), **blanks: Any) -> Shown:
    """A :class:`Shown` from field names (walked), ``whole`` names and blanks."""
    return Shown(frozenset(names), frozenset(whole), blanks)


def project(value: Any, whitelist: Whitelist) -> Any:
    """``value`` as the whitelist lets it be seen: a new value built from its public
    parts only."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, tuple) and type(value) is not tuple:
        return value  # a named tuple of plain values (a hex)
    if isinstance(value, tuple | list):
        return type(value)(project(v, whitelist) for v in value)
    if isinstance(value, frozenset):
        return frozenset(project(v, whitelist) for v in value)
    if isinstance(value, dict):
        return {project(k, whitelist): project(v, whitelist) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass(value, whitelist)
    raise Unlisted(f"a view cannot show a {type(value).__name__}")


def _dataclass(value: Any, whitelist: Whitelist) -> Any:
    cls = type(value)
    spec = whitelist.get(cls)
    if spec is None:
        raise Unlisted(f"no view lists what is public of a {cls.__name__}")
    seen = spec(value) if callable(spec) else spec
    if not seen.members and _all_whole(cls, seen.whole):
        return value  # every field public as it is: the frozen value itself
    kept: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.name in seen.whole or f.name in seen.fields:
            part = getattr(value, f.name)
            keep = seen.members.get(f.name)
            if keep is not None:
                part = type(part)(v for v in part if keep(v))
            kept[f.name] = part if f.name in seen.whole else project(part, whitelist)
        elif f.name in seen.blanks:
            kept[f.name] = seen.blanks[f.name]
        elif f.default is not dataclasses.MISSING:
            kept[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            kept[f.name] = f.default_factory()
        else:
            raise Unlisted(f"{cls.__name__}.{f.name} is hidden and has no blank to show")
    return cls(**kept)


_init_names: dict[type, frozenset[str]] = {}


def _all_whole(cls: type, whole: frozenset[str]) -> bool:
    names = _init_names.get(cls)
    if names is None:
        names = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
        _init_names[cls] = names
    return names <= whole


def redact(state: Any, player: str, events: Iterable[Any]) -> list[Any]:
    """The events ``player`` may read, by the game's system's ``event_rules`` (see the
    module's docstring); ``state`` is the game as it stands."""
    rules: EventRules | None = getattr(system_of(state), "event_rules", None)
    return [
        e
        for e in events
        if (e.player == player if isinstance(e, OrderSealed) else
            rules is None or readable(rules, state, player, e))
    ]  # fmt: skip


def readable(rules: EventRules, state: Any, player: str, event: Any) -> bool:
    """Whether ``player`` may read ``event`` by ``rules``."""
    if not isinstance(event, Event):
        return False
    for cls in type(event).__mro__:
        rule = rules.get(cls)
        if rule is not None:
            return rule if isinstance(rule, bool) else bool(rule(state, player, event))
    return False
