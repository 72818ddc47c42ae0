"""The document an editor edits: a map, and the scenario around it when there is one.

Terrain (asteroids and special asteroids) is kept as a mutable dict of hex to cell, so a
brush or a fill of thousands of hexes changes only those entries; everything else is
the immutable :class:`StarMap` the engine uses, replaced whole by each edit (bodies,
bases and zones are few). The full ``StarMap`` is put together lazily, when something
asks for it. A scenario is kept as its TOML data, checked by
:func:`core.scenario.reader.parse_scenario` against the map being edited, so fields this
editor does not know (budgets, market, later ones) round-trip untouched.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from core.board.hexgrid import Hex
from core.board.mapcheck import map_problems, map_warnings
from core.board.problems import FileProblems, Problem, Problems
from core.board.starmap import SpecialAsteroids, StarMap
from core.files import tomledit, tomlio
from core.files.mapfile import dumps_map, parse_map
from core.files.resources import ROOT, map_path
from core.scenario.documents import SCENARIO_FORMAT

Cell = str | None
"""A hex's terrain: None empty space, "" an asteroid, any other text a special asteroid
whose owner it names."""
ASTEROID = ""  # a Cell
RECOVERY_FORMAT = "ecliptic-editor-autosave"

#: the file name an unsaved scenario is checked under
UNSAVED = "untitled.toml"


class MapDocument(QObject):
    """A map being edited. ``terrain_changed(list[Hex])`` after a brush or fill;
    ``objects_changed()`` after any other edit; ``bounds_changed()`` when the map's size
    changed (the scene is rebuilt)."""

    terrain_changed = Signal(object)
    objects_changed = Signal()
    bounds_changed = Signal()

    def __init__(self, starmap: StarMap, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cells: dict[Hex, str] = dict.fromkeys(starmap.asteroids, ASTEROID)
        for group in starmap.special_asteroids:
            self.cells.update(dict.fromkeys(group.hexes, group.owner))
        self._objects = replace(starmap, asteroids=frozenset(), special_asteroids=())
        self._owners = [g.owner for g in starmap.special_asteroids]
        self._full: StarMap | None = starmap

    # ---- reading

    @property
    def objects(self) -> StarMap:
        """The map without its terrain: what object edits replace."""
        return self._objects

    def starmap(self) -> StarMap:
        """The whole map, put together once per change."""
        if self._full is None:
            special: dict[str, set[Hex]] = {}
            plain = set()
            for h, cell in self.cells.items():
                if cell:
                    special.setdefault(cell, set()).add(h)
                else:
                    plain.add(h)
            order = [o for o in self._owners if o in special]
            order += sorted(o for o in special if o not in order)
            groups = tuple(SpecialAsteroids(o, frozenset(special[o])) for o in order)
            self._full = replace(
                self._objects, asteroids=frozenset(plain), special_asteroids=groups
            )
        return self._full

    def cell(self, h: Hex) -> Cell:
        return self.cells.get(h)

    # ---- editing (undo commands call these)

    def set_cells(self, changes: Mapping[Hex, Cell]) -> dict[Hex, Cell]:
        """Give each hex its cell; return what they were before."""
        before: dict[Hex, Cell] = {}
        cells = self.cells
        for h, cell in changes.items():
            before[h] = cells.get(h)
            if cell is None:
                cells.pop(h, None)
            else:
                cells[h] = cell
                if cell and cell not in self._owners:
                    self._owners.append(cell)
        self._full = None
        self.terrain_changed.emit(list(changes))
        return before

    def set_objects(self, objects: StarMap) -> None:
        """Replace everything but the terrain (bodies, bases, bounds...)."""
        resized = objects.bounds != self._objects.bounds
        self._objects = replace(objects, asteroids=frozenset(), special_asteroids=())
        self._full = None
        if resized:
            self.bounds_changed.emit()
        else:
            self.objects_changed.emit()


class Document(QObject):
    """One file open in the editor: a map, or a scenario and the map it plays on.

    ``changed()`` after every edit (the issues dock re-checks on it).
    """

    changed = Signal()

    def __init__(
        self,
        starmap: StarMap,
        path: Path | None = None,
        scenario: dict[str, Any] | None = None,
        map_file: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.map = MapDocument(starmap, self)
        self.path = path
        self.scenario = scenario
        self.map_file = map_file if scenario is not None else path
        self.stack = QUndoStack(self)
        self._saved_map = dumps_map(starmap) if map_file is not None else None
        # The texts the map and the scenario were read from, updated by each save: saves
        # change only what the edits changed in them (comments and layout stay).
        self.map_source: str | None = None
        self.scenario_source: str | None = None
        for signal in (
            self.map.terrain_changed,
            self.map.objects_changed,
            self.map.bounds_changed,
        ):
            signal.connect(self.changed)

    @property
    def is_scenario(self) -> bool:
        return self.scenario is not None

    @property
    def name(self) -> str:
        if self.scenario is not None:
            return str(self.scenario.get("name") or "Untitled scenario")
        return self.map.objects.name or "Untitled map"

    def is_modified(self) -> bool:
        return not self.stack.isClean()

    def set_scenario(self, data: dict[str, Any]) -> None:
        self.scenario = data
        self.changed.emit()

    def scenario_copy(self) -> dict[str, Any]:
        """A deep copy of the scenario's data, to change and hand to a command."""
        return copy.deepcopy(self.scenario or {})

    def adopt_files(self, other: Document) -> None:
        """Take ``other``'s map file and what it last saved there (after reloading it)."""
        self.map_file, self._saved_map = other.map_file, other._saved_map
        self.map_source, self.scenario_source = other.map_source, other.scenario_source

    def recovery_text(self) -> str:
        """The whole document as one text for the recovery folder: the map's file text, the
        scenario's, and where each belongs (a scenario is two files). Raises ValueError
        while an object lies where no label can name it (the last autosave then stands)."""
        data = {
            "format": RECOVERY_FORMAT,
            "path": str(self.path) if self.path else None,
            "map_file": str(self.map_file) if self.map_file else None,
            "map": dumps_map(self.map.starmap()),
            "scenario": tomlio.dumps(self.scenario) if self.scenario is not None else None,
        }
        return json.dumps(data, indent=1)

    # ---- checking

    def problems(self) -> Problems:
        """Every problem of the map, then of the scenario against the map being edited, the
        warnings last: the first :data:`MAX_PROBLEMS` kept, the rest counted (``total``)."""
        m = self.map.starmap()
        found = map_problems(m)
        out = Problems(self._own(p) for p in found)
        out.dropped += getattr(found, "dropped", 0)
        if self.scenario is not None:
            try:
                self.build_scenario()
            except FileProblems as exc:
                out.extend(exc.listed)
                out.dropped += exc.total - len(exc.listed)
        out.extend(self._own(p) for p in map_warnings(m))
        return out

    def _own(self, problem: Problem) -> Problem:
        """A map problem as the document lists it (in a scenario, its field says "map")."""
        return replace(problem, field=f"map: {problem.field}") if self.is_scenario else problem

    def build_scenario(self) -> Any:
        """The checked :class:`core.scenario.document.Scenario` (raises FileProblems)."""
        from core.scenario.reader import parse_scenario

        assert self.scenario is not None
        # Until saved, relative map paths resolve from the working folder.
        where = self.path or Path.cwd() / UNSAVED
        try:
            return parse_scenario(
                copy.deepcopy(self.scenario), path=where, starmap=self.map.starmap()
            )
        except FileProblems as exc:
            if self.path is not None:
                raise
            # an unsaved scenario has no file to name
            own = str(where)
            problems = [replace(p, file=None) if p.file == own else p for p in exc.listed]
            raise FileProblems(problems, exc.total - len(exc.listed)) from None

    # ---- files

    def save(self, path: Path | None = None) -> list[Path]:
        """Write the document atomically (problems and all: nothing is lost); return the
        files written. A scenario's map is written too when it changed; a changed
        built-in map is written beside the scenario and the scenario pointed at it."""
        path = path or self.path
        if path is None:
            raise FileProblems([Problem("choose a file to save to")])
        m = self.map.starmap()
        try:
            map_text = dumps_map(m)
        except ValueError as exc:
            problem = Problem(f"the map cannot be written: {exc}", file=str(path))
            raise FileProblems([problem]) from exc
        written: list[Path] = []
        if self.scenario is None:
            text = tomledit.map_text(m, _source(self.map_source, self.map_file), map_text)
            tomlio.write_atomic(path, text)
            self.map_source = text
            self.map_file = path
            written.append(path)
        else:
            target = self.map_file
            builtin = target is not None and ROOT in target.resolve().parents
            # a scenario names a map inside its own folder (docs/formats/scenario.md): one
            # saved elsewhere takes a copy of its map along
            away = not builtin and not _beside(target, path)
            if target is None or map_text != self._saved_map or away:
                if target is None or builtin or target == path or away:
                    target = path.with_name(f"{path.stem}-map.toml")
                    self.scenario["map"] = target.name
                text = tomledit.map_text(m, _source(self.map_source, self.map_file), map_text)
                tomlio.write_atomic(target, text)
                self.map_source = text
                self.map_file = target
                written.append(target)
            text = tomledit.scenario_text(self.scenario, _source(self.scenario_source, self.path))
            tomlio.write_atomic(path, text)
            self.scenario_source = text
            written.append(path)
        self._saved_map = map_text
        self.path = path
        self.stack.setClean()
        return written


def _beside(target: Path | None, path: Path) -> bool:
    """Whether the map file ``target`` is inside the folder of the scenario at ``path``."""
    return target is not None and target.resolve().is_relative_to(path.parent.resolve())


def _source(text: str | None, path: Path | None) -> str | None:
    """The text a file's data came from: as read when opened or last saved, else (a
    restored document, or a new scenario on an existing map) the file as it is now."""
    if text is not None or path is None:
        return text
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def read_map(path: Path) -> StarMap:
    """A map file as the editor opens it: structure checked, problems of meaning left for
    the issues dock (the editor saves a map with problems, so it must open one)."""
    data, text = tomlio.read_toml(path)
    return parse_map(data, text, str(path), check=False)


def _no_map(data: Mapping[str, Any], path: Path) -> Problem:
    """Why a scenario without a map file cannot be edited here, and what to do instead:
    a tactical scenario's map is generated by its rule system as the game starts (the
    message box already names the file)."""
    opening = data.get("opening")
    generated = opening.get("map") if isinstance(opening, dict) else None
    if isinstance(generated, str) and generated:
        return Problem(
            f"its map is made by the rule system when a game starts (the generated map "
            f"{generated!r} of its [opening]), so there is no map file to edit. Play it "
            "with File › New Game or New Campaign; change its battle in the [opening] "
            "table with a text editor (see docs/formats/scenario.md)",
            "opening.map",
        )
    return Problem(
        'the scenario names no map file: add map = "your-map" to it to edit it here',
        "map",
        None,
        str(path),
    )


def open_document(path: Path) -> Document:
    """A map or scenario file, opened for editing (problems raise FileProblems). A scenario
    whose map cannot be read cannot be opened: open the map itself first."""
    data, text = tomlio.read_toml(path)
    if data.get("format") == "ecliptic-scenario":
        name = data.get("map")
        if not isinstance(name, str) or not name:
            raise FileProblems([_no_map(data, path)])
        file = map_path(name, path.parent)
        map_data, map_text = tomlio.read_toml(file)
        starmap = parse_map(map_data, map_text, str(file), check=False)
        document = Document(starmap, path, data, file)
        document.map_source, document.scenario_source = map_text, text
        return document
    if data.get("format") != "ecliptic-map":
        found = data.get("format")
        raise FileProblems(
            [Problem(f"this is not a map or a scenario (format {found!r})", "format", 1, str(path))]
        )
    document = Document(parse_map(data, text, str(path), check=False), path)
    document.map_source = text
    return document


def restore_document(text: str, where: str = "the autosave") -> Document:
    """A document from :meth:`Document.recovery_text`, modified (it was never saved). Its
    map counts as changed unless the map file on disk holds the same map, so saving never
    loses the restored map."""
    try:
        data = json.loads(text)
        if data.get("format") != RECOVERY_FORMAT:
            raise ValueError(f"format {data.get('format')!r}, not an editor autosave")
        map_text = str(data["map"])
        starmap = parse_map(tomllib.loads(map_text), map_text, f"{where} (map)", check=False)
        scenario = tomllib.loads(data["scenario"]) if data.get("scenario") else None
        path = Path(data["path"]) if data.get("path") else None
        map_file = Path(data["map_file"]) if data.get("map_file") else None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise FileProblems([Problem(f"cannot be read: {exc}", file=where)]) from None
    document = Document(starmap, path, scenario, map_file)
    if scenario is not None:
        try:
            document._saved_map = dumps_map(read_map(map_file)) if map_file else None
        except (FileProblems, ValueError):
            document._saved_map = None
    document.stack.resetClean()
    return document


def new_scenario(map_name: str) -> dict[str, Any]:
    """The data of a fresh scenario on the named map: no ships yet (the Issues dock asks
    for one; place them with the ship tool), last side standing wins."""
    return {
        "format": SCENARIO_FORMAT,
        "version": 1,
        "id": "new-scenario",
        "name": "New scenario",
        "description": "",
        "map": map_name,
        "ruleset": "interplanetary",
        "players": {"min": 1, "max": 6},
        "ships": [],
        "victory": [{"kind": "last-standing"}],
    }
