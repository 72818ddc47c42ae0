"""Any rule system's state as the campaign keeps it: its hash, its snapshot and the state
rebuilt from one.

A state is a frozen dataclass. Some of its fields are the same from a game's start to its
end and large (the ruleset, the map): a field marked :data:`SHARED` is left out of
snapshots (the campaign gives it back from the game's start when rebuilding) and enters
the hash by its digest, remembered per object, so hashing a state costs only its moving
parts. Everything else is the state's *moving parts*, serialised canonically; a field
declared with :func:`later` (added after campaign files were written) is left out of
them while it is empty, so the games played before keep their hashes.

The hash is the first 16 hex digits of the SHA-256 of the shared fields' digests (in
field order) and the moving parts' canonical JSON in the hash form (types named as
before namespacing), one per line: for the vector games' ``GameState`` (shared: ruleset
and map) exactly the hash campaign files have stored since they were first written.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from core.engine import canonical
from core.engine.serial import (
    SerialError,
    added,
    digest,
    from_data,
    name_of,
    resolve,
    to_data,
)

T = TypeVar("T")

_SHARED = "ecliptic.shared"
_LATER = "ecliptic.later"
_digests: dict[int, tuple[object, str]] = {}
_shared_names: dict[type, tuple[str, ...]] = {}
_moving_names: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


#: field metadata of a state field that stays the same object all game long (the
#: ruleset, the map): ``rules: Ruleset = field(metadata=SHARED)``
SHARED: Mapping[str, bool] = MappingProxyType({_SHARED: True})


def later(default: Any) -> Any:
    """A state field added after campaign files were written: left out of snapshots and
    the hash while it is empty (and, like :func:`core.engine.serial.added`, out of the
    state's saved data while it has its default)."""
    return dataclasses.field(default=default, metadata={**added(default).metadata, _LATER: True})


def shared_fields(cls: type) -> tuple[str, ...]:
    """The names of a state class's :data:`SHARED` fields, in field order."""
    known = _shared_names.get(cls)
    if known is None:
        known = tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get(_SHARED))
        _shared_names[cls] = known
    return known


def moving_parts(state: object, *, hashing: bool = False) -> dict[str, Any]:
    """The state's plain data without its shared fields: what a campaign snapshot stores
    (saved form), and with ``hashing`` the bulk of the hash (hash form, the same for old
    and new files; see :mod:`core.engine.serial`)."""
    data: dict[str, Any] = {"$type": name_of(type(state), hashing=hashing)}
    for f in dataclasses.fields(state):  # type: ignore[arg-type]
        value = getattr(state, f.name)
        if not (f.metadata.get(_SHARED) or (f.metadata.get(_LATER) and not value)):
            data[f.name] = to_data(value, hashing=hashing)
    return data


def snapshot_text(state: object, *, hashing: bool = False) -> str:
    """The moving parts as canonical JSON text: ``json.dumps`` of :func:`moving_parts`
    with sorted keys and no spaces, written from the texts the unchanged parts remember
    (:mod:`core.engine.canonical`), so a state costs about what changed in it."""
    moving = {}
    for f in _moving_fields(type(state)):
        value = getattr(state, f.name)
        if not (f.metadata.get(_LATER) and not value):
            moving[f.name] = value
    return canonical.fields_text(name_of(type(state), hashing=hashing), moving, hashing=hashing)


def _moving_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    known = _moving_names.get(cls)
    if known is None:
        known = tuple(f for f in dataclasses.fields(cls) if not f.metadata.get(_SHARED))
        _moving_names[cls] = known
    return known


def rebuild(cls: type[T], data: Mapping[str, Any], shared_values: Mapping[str, Any]) -> T:
    """The inverse of :func:`moving_parts`, given the shared fields back; the state's
    name may be namespaced or, in snapshots written before, bare."""
    if resolve(str(data.get("$type"))) is not cls:
        raise SerialError(f"saved data is not a {cls.__name__}")
    values = {k: from_data(v) for k, v in data.items() if k != "$type"}
    try:
        return cls(**shared_values, **values)
    except TypeError as exc:
        raise SerialError(f"bad data for a {cls.__name__}: {exc}") from None


def rebuild_like(data: Mapping[str, Any], start: T) -> T:
    """A snapshot of a game rebuilt with the shared fields of its start."""
    cls = type(start)
    values = {name: getattr(start, name) for name in shared_fields(cls)}
    return rebuild(cls, data, values)


def _shared_digest(value: object) -> str:
    """Digest of a shared value, remembered per object: they are large, immutable and
    the same object from one state to the next."""
    known = _digests.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if len(_digests) > 16:
        _digests.clear()
    result = digest(value)
    _digests[id(value)] = (value, result)
    return result


def _hash_lines(state: object) -> str:
    parts = [_shared_digest(getattr(state, name)) for name in shared_fields(type(state))]
    parts.append(snapshot_text(state, hashing=True))
    return "\n".join(parts)


def state_hash(state: object) -> str:
    """A digest of the whole state: equal states, equal hashes; for checking replays."""
    return hashlib.sha256(_hash_lines(state).encode()).hexdigest()[:16]


def secret_seed(state: object, purpose: str) -> int:
    """A seed drawn from the whole state for ``purpose`` (opening a child game): the same
    on every replay, yet not computable from the 16-digit :func:`state_hash` a log shows,
    since it hashes the full digest (and through it the state's dice, which no player
    sees) behind a purpose of its own."""
    full = hashlib.sha256(_hash_lines(state).encode()).hexdigest()
    mixed = hashlib.sha256(f"ecliptic {purpose}\n{full}".encode()).digest()
    return int.from_bytes(mixed[:8], "big")
