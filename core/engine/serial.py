"""Plain-data form of the engine's values, for saving, hashing and replay.

Dataclasses, named tuples (``Hex``, ``Vector``...), enums, fractions, tuples and
frozensets become JSON-ready dicts and lists tagged with their type's name, and come back
as the same values. Only registered types are rebuilt, so loading data never runs
arbitrary code. The form is canonical (sorted sets, ordered keys), so its hash
identifies a state.

A type's name is namespaced by where it lives (``interplanetary.Attack``,
``board.Hex``), so two rule systems may each have an ``Attack``. Files written before
names were namespaced hold bare names (``Attack``); those stay readable as aliases of the
types that had them then (:mod:`core.engine.legacy_names`). Hashes are taken over the *hash form*,
which still spells those types' names bare: a state hashes the same however its file
spelt the names, so every hash stored before the change still checks.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
from collections.abc import Callable
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar, overload

from core.engine.legacy_names import LEGACY_NAMES

T = TypeVar("T", bound=type)

#: every registered type by its namespaced name
_TYPES: dict[str, type] = {}
#: names saved before namespacing (bare) -> the namespaced name of the type that had it
_ALIASES: dict[str, str] = {}
#: the name each registered type is saved under
_SAVED: dict[type, str] = {}
#: the name each registered type is hashed under: bare for the types of LEGACY_NAMES
_HASHED: dict[type, str] = {}
#: modules that register more types, imported the first time an unknown name is read
_PROVIDERS: list[str] = []


class SerialError(ValueError):
    """Data that does not describe a value of a known type."""


def provide(*modules: str) -> None:
    """Name modules whose types may appear in saved data but that are imported only when
    first needed (the combat rules, kept out of start-up): reading a name nobody has
    registered yet (namespaced or bare) imports them, then looks again."""
    _PROVIDERS.extend(m for m in modules if m not in _PROVIDERS)


def resolve(name: str) -> type | None:
    """The registered type saved as ``name``, namespaced or (before namespacing) bare."""
    cls = _find(name)
    if cls is None and _PROVIDERS:
        # a namespaced name says whose it is: import that system alone first (opening an
        # Interplanetary game need not load three other rule systems)
        space, dot, _ = name.partition(".")
        own = [m for m in _PROVIDERS if dot and namespace_of(m) == space]
        for modules in (own, _PROVIDERS):
            for module in modules:
                importlib.import_module(module)
            cls = _find(name)
            if cls is not None:
                break
    return cls


def _find(name: str) -> type | None:
    cls = _TYPES.get(name)
    if cls is None and name in _ALIASES:
        cls = _TYPES.get(_ALIASES[name])
    return cls


def namespace_of(module: str) -> str:
    """The namespace of the types a module defines: the rule system for
    ``core.rules.<system>...``, the sub-package for the rest of ``core`` (``engine``,
    ``board``, ``vector``...), and the whole module path anywhere else."""
    parts = module.split(".")
    if parts[0] == "core" and len(parts) >= 3 and parts[1] == "rules":
        return parts[2]
    if parts[0] == "core" and len(parts) >= 2:
        return parts[1]
    return module


def name_of(cls: type, *, hashing: bool = False) -> str:
    """The name ``cls`` is saved under (namespaced), or with ``hashing`` hashed under."""
    return (_HASHED if hashing else _SAVED).get(cls) or cls.__name__


def bare(name: str) -> str:
    """A saved name without its namespace: ``interplanetary.Attack`` -> ``Attack``."""
    return name.rsplit(".", 1)[-1]


@overload
def register(cls: T, /) -> T: ...
@overload
def register(*, namespace: str | None = None) -> Callable[[T], T]: ...


def register(cls: T | None = None, /, *, namespace: str | None = None) -> T | Callable[[T], T]:
    """Class decorator: ``cls`` may be rebuilt from data by its namespaced name
    (``@register``, the namespace from the module, or ``@register(namespace="x")``)."""

    def add(cls: T) -> T:
        name = f"{namespace or namespace_of(cls.__module__)}.{cls.__name__}"
        if _TYPES.get(name, cls) is not cls:
            raise SerialError(f"two serialisable types are both called {name}")
        _TYPES[name] = cls
        _SAVED[cls] = name
        old = cls.__name__
        owns_alias = LEGACY_NAMES.get(old) == name
        _HASHED[cls] = old if owns_alias else name
        if owns_alias:
            _ALIASES[old] = name
        return cls

    return add if cls is None else add(cls)


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


def to_data(value: Any, *, hashing: bool = False) -> Any:
    """The plain data of ``value``: its saved form, or with ``hashing`` the hash form
    (pre-namespacing types under their bare names, see the module's docstring)."""
    return _to_data(value, _HASHED if hashing else _SAVED)


#: per dataclass, its fields as (name, added, default): ``dataclasses.fields`` is slow, and
#: every command serialises and hashes whole states
_FIELDS: dict[type, tuple[tuple[str, bool, Any], ...]] = {}
_PLAIN = (str, int, bool, float, type(None))


def fields_of(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = tuple(
            (f.name, bool(f.metadata.get(_ADDED)), _default(f)) for f in dataclasses.fields(cls)
        )
        _FIELDS[cls] = found
    return found


def type_names(*, hashing: bool = False) -> dict[type, str]:
    """The names registered types are saved (or with ``hashing`` hashed) under: for
    :mod:`core.engine.canonical`, which writes the same form."""
    return _HASHED if hashing else _SAVED


def _dataclass_data(value: Any, cls: type, names: dict[type, str]) -> dict[str, Any]:
    data: dict[str, Any] = {"$type": names.get(cls) or cls.__name__}
    for name, is_added, default in fields_of(cls):
        field_value = getattr(value, name)
        if not (is_added and field_value == default):
            data[name] = _to_data(field_value, names)
    return data


def _to_data(value: Any, names: dict[type, str]) -> Any:
    cls: type = type(value)
    if cls in _PLAIN:
        return value
    if cls in _FIELDS:
        return _dataclass_data(value, cls, names)
    if isinstance(value, Enum):  # before int: IntEnum members are ints too
        return {"$enum": names.get(cls) or cls.__name__, "value": value.value}
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Fraction):
        return {"$fraction": [value.numerator, value.denominator]}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {
            "$type": names.get(cls) or cls.__name__,
            **{f: _to_data(getattr(value, f), names) for f in value._fields},
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_data(value, cls, names)
    if isinstance(value, frozenset | set):
        items = [_to_data(v, names) for v in value]
        return {"$set": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if isinstance(value, tuple | list):
        return [_to_data(v, names) for v in value]
    if isinstance(value, dict):
        return {"$map": [[_to_data(k, names), _to_data(v, names)] for k, v in value.items()]}
    raise SerialError(f"cannot serialise a {type(value).__name__}")


_SCALARS = frozenset({str, int, bool, float, type(None)})


def from_data(data: Any) -> Any:
    """The value ``data`` describes, whichever way its types' names are spelt."""
    kind = type(data)
    if kind in _SCALARS:
        return data
    if kind is list:  # JSON's own types first: a log's thousands of events come this way
        return tuple([v if type(v) in _SCALARS else from_data(v) for v in data])
    if kind is dict:
        name = data.get("$type")
        cls = _TYPES.get(name) if type(name) is str else None
        if cls is not None and _SPECIAL.isdisjoint(data):
            fields = {
                k: v if type(v) in _SCALARS else from_data(v)
                for k, v in data.items()
                if k != "$type"
            }
            try:
                return cls(**fields)
            except TypeError as exc:
                raise SerialError(f"bad data for {name}: {exc}") from None
    return _from_data(data)


#: keys that mark data as something other than a typed object, whatever else it holds
_SPECIAL = frozenset({"$fraction", "$set", "$map", "$enum"})


def _from_data(data: Any) -> Any:
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
    if not isinstance(name, str):
        raise SerialError(f"saved data without a type: {str(data)[:60]}")
    cls = resolve(name)
    if cls is None:
        raise SerialError(f"unknown type {name!r} in saved data (no registered type has that name)")
    if "$enum" in data:
        return cls(data["value"])
    fields = {k: from_data(v) for k, v in data.items() if k != "$type"}
    try:
        return cls(**fields)
    except TypeError as exc:
        raise SerialError(f"bad data for {name}: {exc}") from None


def dumps(value: Any) -> str:
    """Canonical JSON text of a value, as saved (namespaced names)."""
    return json.dumps(to_data(value), sort_keys=True, separators=(",", ":"))


def digest(value: Any) -> str:
    """A short hash of a value's canonical hash form: equal values, equal digests, the
    same before and after names were namespaced."""
    text = json.dumps(to_data(value, hashing=True), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
