"""Plain-data form of the engine's values, for saving, hashing and replay.

Dataclasses, named tuples (``Hex``, ``Vector``...), enums, fractions, tuples and
frozensets become JSON-ready dicts and lists tagged with their type name, and come back
as the same values. Only registered types are rebuilt, so loading data never runs
arbitrary code. The form is canonical (sorted sets, ordered keys), so its hash
identifies a state.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
from enum import Enum
from fractions import Fraction
from typing import Any

_TYPES: dict[str, type] = {}
#: modules that register more types, imported the first time an unknown name is read
_PROVIDERS: list[str] = []


class SerialError(ValueError):
    """Data that does not describe a value of a known type."""


def provide(*modules: str) -> None:
    """Name modules whose types may appear in saved data but that are imported only when
    first needed (the combat rules, kept out of start-up): reading a name nobody has
    registered yet imports them, then looks again."""
    _PROVIDERS.extend(m for m in modules if m not in _PROVIDERS)


def _lookup(name: str) -> type | None:
    cls = _TYPES.get(name)
    if cls is None and _PROVIDERS:
        for module in _PROVIDERS:
            importlib.import_module(module)
        cls = _TYPES.get(name)
    return cls


def register(cls: type) -> type:
    """Class decorator: ``cls`` may be rebuilt from data by its name."""
    name = cls.__name__
    if _TYPES.get(name, cls) is not cls:
        raise SerialError(f"two serialisable types are both called {name}")
    _TYPES[name] = cls
    return cls


_ADDED = "ecliptic.added"


def added(default: Any) -> Any:
    """A dataclass field added to a saved type after files were written with it: left out
    of the data while it has its default, so earlier states keep their form and their
    hash (campaign files check replays by hash) and load with the default."""
    if isinstance(default, list | dict | set):
        raise TypeError("an added field's default must be immutable")
    return dataclasses.field(default=default, metadata={_ADDED: True})


def _default(f: dataclasses.Field[Any]) -> Any:
    return f.default


def to_data(value: Any) -> Any:
    if isinstance(value, Enum):  # before int: IntEnum members are ints too
        return {"$enum": type(value).__name__, "value": value.value}
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Fraction):
        return {"$fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {
            "$type": type(value).__name__,
            **{f: to_data(getattr(value, f)) for f in value._fields},
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        attrs = {
            f.name: to_data(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not (f.metadata.get(_ADDED) and getattr(value, f.name) == _default(f))
        }
        return {"$type": type(value).__name__, **attrs}
    if isinstance(value, frozenset | set):
        items = [to_data(v) for v in value]
        return {"$set": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {"$map": [[to_data(k), to_data(v)] for k, v in value.items()]}
    raise SerialError(f"cannot serialise a {type(value).__name__}")


def from_data(data: Any) -> Any:
    if data is None or isinstance(data, bool | int | str | float):
        return data
    if isinstance(data, list):
        return tuple(from_data(v) for v in data)
    if not isinstance(data, dict):
        raise SerialError(f"unexpected {type(data).__name__} in saved data")
    if "$fraction" in data:
        n, d = data["$fraction"]
        return Fraction(n, d)
    if "$set" in data:
        return frozenset(from_data(v) for v in data["$set"])
    if "$map" in data:
        return {from_data(k): from_data(v) for k, v in data["$map"]}
    name = data.get("$enum") or data.get("$type")
    cls = _lookup(str(name))
    if cls is None:
        raise SerialError(f"unknown type {name!r} in saved data")
    if "$enum" in data:
        return cls(data["value"])
    fields = {k: from_data(v) for k, v in data.items() if k != "$type"}
    try:
        return cls(**fields)
    except TypeError as exc:
        raise SerialError(f"bad data for {name}: {exc}") from None


def dumps(value: Any) -> str:
    """Canonical JSON text of a value."""
    return json.dumps(to_data(value), sort_keys=True, separators=(",", ":"))


def digest(value: Any) -> str:
    """A short hash of a value's canonical form: equal values, equal digests."""
    return hashlib.sha256(dumps(value).encode()).hexdigest()[:16]
