"""The canonical JSON text of a value (:func:`core.engine.serial.to_data` dumped with
sorted keys and no spaces), built from pieces that frozen values remember.

A state's hash and snapshot are this text of its moving parts. From one command to the
next most of a state is the very same objects (the ships that did not move, the
players), so the text of each frozen dataclass is remembered the first time it is
written, and a state is written again by joining its parts' texts: a replay no longer
serialises every ship after every command. The text is byte for byte what
``json.dumps`` of the plain data gives, so every hash ever stored stays valid
(``tests/core/engine/test_canonical.py`` checks it over random games).

Only values that cannot change are remembered: a frozen dataclass whose fields are all
immutable (plain values, enums, fractions, tuples, frozensets and other such values);
anything holding a list, dict or set is written afresh every time. Texts are kept by
object identity with the object itself (so an id is never reused while remembered), up
to :data:`KEEP` of them per form, then forgotten all at once.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from fractions import Fraction
from typing import Any

from core.engine import serial

#: texts remembered per form before they are all forgotten (a few MB): some thousands
#: of ships and their motions, many turns of a big game
KEEP = 8_000
_encode_str = json.encoder.encode_basestring_ascii  # what json.dumps uses for a str
_KEYS: dict[str, str] = {}  # a key's JSON text with its colon
_FROZEN: dict[type, bool] = {}
#: remembered texts by form (hashing?), by id of the value: (value, text)
_TEXTS: dict[bool, dict[int, tuple[Any, str]]] = {False: {}, True: {}}


def text_of(value: Any, *, hashing: bool = False) -> str:
    """``json.dumps(to_data(value, hashing=hashing), sort_keys=True,
    separators=(",", ":"))``, reusing the texts of unchanged frozen values."""
    return _Writer(hashing).text(value)[0]


def fields_text(type_name: str, fields: dict[str, Any], *, hashing: bool = False) -> str:
    """The text of the object ``{"$type": type_name, **fields}``, its field values written
    like :func:`text_of` (a state's moving parts)."""
    writer = _Writer(hashing)
    parts = {"$type": _encode_str(type_name)}
    for name, value in fields.items():
        parts[name] = writer.text(value)[0]
    return _object(parts)


def forget() -> None:
    """Forget every remembered text (tests compare with texts written afresh)."""
    for texts in _TEXTS.values():
        texts.clear()


def _object(parts: dict[str, str]) -> str:
    return "{" + ",".join(_key(k) + parts[k] for k in sorted(parts)) + "}"


def _key(name: str) -> str:
    text = _KEYS.get(name)
    if text is None:
        text = _KEYS[name] = _encode_str(name) + ":"
    return text


# how a type's values are written: field by field, as a named tuple, an enum, a
# fraction, or else through serial.to_data (sets, dicts, lists, floats)
_DATACLASS, _NAMED, _ENUM, _FRACTION, _OTHER = range(5)
_KINDS: dict[type, int] = {}
_LAYOUTS: dict[type, tuple[tuple[str, str | None, bool, Any], ...]] = {}
#: tuples shorter than this are not remembered (cheap to write again)
LONG_TUPLE = 8


def _kind(cls: type) -> int:
    """How :func:`serial.to_data` writes values of ``cls`` (in its order of checks:
    enums, numbers and named tuples before dataclasses)."""
    known = _KINDS.get(cls)
    if known is None:
        if issubclass(cls, Enum):
            known = _ENUM
        elif issubclass(cls, bool | int | str | float):
            known = _OTHER
        elif cls is Fraction:
            known = _FRACTION
        elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
            known = _NAMED
        elif dataclasses.is_dataclass(cls) and not issubclass(cls, Fraction | tuple):
            known = _DATACLASS
        else:
            known = _OTHER
        _KINDS[cls] = known
    return known


def _layout(cls: type) -> tuple[tuple[str, str | None, bool, Any], ...]:
    """A dataclass's keys in sorted order, ``"$type"`` among them (its name None), each
    with its JSON text and colon, whether it was added later and its default."""
    known = _LAYOUTS.get(cls)
    if known is None:
        rows: list[tuple[str, str | None, bool, Any]] = [
            (_key(n), n, added, default) for n, added, default in serial.fields_of(cls)
        ]
        rows.append((_key("$type"), None, False, None))
        known = _LAYOUTS[cls] = tuple(sorted(rows, key=lambda row: row[1] or "$type"))
    return known


def _frozen(cls: type) -> bool:
    known = _FROZEN.get(cls)
    if known is None:
        params = getattr(cls, "__dataclass_params__", None)
        known = _FROZEN[cls] = bool(params is not None and params.frozen)
    return known


class _Writer:
    """Writes values in one form (saved or hashed)."""

    def __init__(self, hashing: bool) -> None:
        self.hashing = hashing
        self.names = serial.type_names(hashing=hashing)
        self.texts = _TEXTS[hashing]

    def text(self, value: Any) -> tuple[str, bool]:
        """The value's text and whether it can never change (so may be remembered)."""
        cls = type(value)
        if cls is str:
            return _encode_str(value), True
        if cls is int:
            return int.__repr__(value), True
        if value is None:
            return "null", True
        if cls is bool:
            return ("true" if value else "false"), True
        if cls is tuple:
            return self._tuple(value)
        if cls is frozenset and not value:
            return '{"$set":[]}', True
        kind = _kind(cls)
        if kind == _DATACLASS:
            return self._dataclass(value, cls)
        if kind == _NAMED:
            parts = {"$type": _encode_str(self.names.get(cls) or cls.__name__)}
            fixed = True
            for name in value._fields:
                parts[name], still = self.text(getattr(value, name))
                fixed = fixed and still
            return _object(parts), fixed
        if kind == _FRACTION:
            return f'{{"$fraction":[{value.numerator},{value.denominator}]}}', True
        if kind == _ENUM:
            inner, fixed = self.text(value.value)
            name = _encode_str(self.names.get(cls) or cls.__name__)
            return f'{{"$enum":{name},"value":{inner}}}', fixed
        data = serial.to_data(value, hashing=self.hashing)
        return json.dumps(data, sort_keys=True, separators=(",", ":")), _immutable(value)

    def _known(self, value: object) -> str | None:
        """The text kept for this very object (not another that had its id before)."""
        known = self.texts.get(id(value))
        return known[1] if known is not None and known[0] is value else None

    def _tuple(self, value: tuple[Any, ...]) -> tuple[str, bool]:
        long = len(value) >= LONG_TUPLE
        if long and (known := self._known(value)) is not None:
            return known, True
        if long and set(map(type, value)) == {str}:
            # strings only (a ship's wells, which grow all game): one join in C, not a
            # call per item, so a new such tuple costs little however long it has grown
            text = "[" + ",".join(map(_encode_str, value)) + "]"
            self._keep(value, text)
            return text, True
        fixed = True
        parts = []
        for v in value:
            text, still = self.text(v)
            parts.append(text)
            fixed = fixed and still
        text = "[" + ",".join(parts) + "]"
        if long and fixed:
            self._keep(value, text)
        return text, fixed

    def _dataclass(self, value: Any, cls: type) -> tuple[str, bool]:
        frozen = _frozen(cls)
        if frozen and (known := self._known(value)) is not None:
            return known, True
        fixed = frozen
        pieces = []
        for key, name, is_added, default in _layout(cls):
            if name is None:  # "$type", in its sorted place
                pieces.append(key + _encode_str(self.names.get(cls) or cls.__name__))
                continue
            field_value = getattr(value, name)
            if is_added and field_value == default:
                continue
            kind = type(field_value)
            if kind is str:
                pieces.append(key + _encode_str(field_value))
            elif kind is int:
                pieces.append(key + int.__repr__(field_value))
            elif field_value is None:
                pieces.append(key + "null")
            elif kind is bool:
                pieces.append(key + ("true" if field_value else "false"))
            else:
                text, still = self.text(field_value)
                pieces.append(key + text)
                fixed = fixed and still
        text = "{" + ",".join(pieces) + "}"
        if fixed:
            self._keep(value, text)
        return text, fixed

    def _keep(self, value: Any, text: str) -> None:
        if len(self.texts) >= KEEP:
            self.texts.clear()
        self.texts[id(value)] = (value, text)


def _immutable(value: Any) -> bool:
    """Whether a value written through :func:`serial.to_data` can never change."""
    if value is None or isinstance(value, str | int | float | Enum | Fraction):
        return True
    if isinstance(value, tuple | frozenset):
        return all(_immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _frozen(type(value)) and all(
            _immutable(getattr(value, f.name)) for f in dataclasses.fields(value)
        )
    return False
