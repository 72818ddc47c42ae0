"""The inspector: the map's or scenario's properties, and the selected objects'.

Scenario properties (ruleset and switches, players, sides, ship points, victory
conditions from the engine's catalogue, the text shown to the players) edit the
scenario's data, one undo step per change. The selection page edits what the selected
bodies, bases or ships share; a field the selected objects disagree on shows blank and
is left alone unless typed into.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.editor.body_fields import BodyFields
from app.editor.commands import edit_map, edit_scenario
from app.editor.tools.objects import SERVICE_TIPS
from core.board.starmap import Service
from core.engine.words import plural
from core.files.ruleset import KNOWN_SWITCHES

if TYPE_CHECKING:
    from app.editor.host import EditorHost

LISTS = frozenset({"visit"})
FLAGS = frozenset({"in_order"})
NUMBERS = frozenset({"rounds", "count", "within"})
MIXED = ""


def _shared(values: list[Any]) -> Any:
    """The one value all share, or None."""
    return values[0] if values and all(v == values[0] for v in values) else None


class Inspector(QTabWidget):
    def __init__(self, editor: EditorHost) -> None:
        super().__init__()
        self.editor = editor
        self.setObjectName("inspector")
        self._filling = False
        self.document_page = QWidget()
        self.selection_page = QWidget()
        self.addTab(self.document_page, "Scenario" if editor.document.is_scenario else "Map")
        self.addTab(self.selection_page, "Selection")
        self._build_document_page()
        self._build_selection_page()

    # ---- the document

    def _line(self, name: str, slot: Any, tip: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setToolTip(tip)
        edit.editingFinished.connect(slot)
        return edit

    def _build_document_page(self) -> None:
        form = _packed_form(self.document_page)
        self.name_edit = self._line("doc_name", self._name_edited, "The name players see")
        form.addRow("Name", self.name_edit)
        self.text_edit = QPlainTextEdit()
        self.text_edit.setObjectName("doc_text")
        self.text_edit.setMaximumHeight(90)
        self.text_edit.setPlaceholderText("Special rules and briefing shown to the players")
        self.text_apply = QPushButton("Apply text")
        self.text_apply.setToolTip("Keep the text above in the document (undo takes it back)")
        self.text_apply.clicked.connect(self._text_edited)
        form.addRow(
            "Text for players" if self.editor.document.is_scenario else "Description",
            self.text_edit,
        )
        form.addRow("", self.text_apply)
        if not self.editor.document.is_scenario:
            return
        self.ruleset = QComboBox()
        self.ruleset.setObjectName("doc_ruleset")
        self.ruleset.setToolTip("The rules the scenario is played by")
        from core.files.rulesets import ruleset_ids, ruleset_name

        for rid in ruleset_ids():  # shown by name, kept by id
            self.ruleset.addItem(ruleset_name(rid), rid)
        self.ruleset.currentIndexChanged.connect(
            lambda _: self._edit(
                lambda d: d.__setitem__("ruleset", self.ruleset.currentData()),
                f"Ruleset: {self.ruleset.currentText()}",
            )
        )
        form.addRow("Ruleset", self.ruleset)
        self.switches = QWidget()
        self.switches.setLayout(QVBoxLayout())
        form.addRow("Switches", self.switches)
        self.min_players, self.max_players = QSpinBox(), QSpinBox()
        for box, key in ((self.min_players, "min"), (self.max_players, "max")):
            box.setRange(1, 20)
            box.setObjectName(f"doc_players_{key}")
            box.setToolTip(
                f"The {'fewest' if key == 'min' else 'most'} players the scenario is for"
            )
            box.valueChanged.connect(lambda v, k=key: self._players(k, v))
        row = QHBoxLayout()
        row.addWidget(self.min_players)
        row.addWidget(QLabel("to"))
        row.addWidget(self.max_players)
        form.addRow("Players", row)
        self.sides = self._line(
            "doc_sides", self._sides_edited, "The teams, separated by commas (blank: none)"
        )
        self.sides.setPlaceholderText("none: everyone for themselves; or Guards, Raiders")
        form.addRow("Sides", self.sides)
        self.points = QSpinBox()
        self.points.setObjectName("doc_points")
        self.points.setToolTip("The ship points each player spends before the game")
        self.points.setRange(0, 10000)
        self.points.setSpecialValueText("no purchases")
        self.points.valueChanged.connect(self._points)
        form.addRow("Ship points", self.points)
        self.victory = QListWidget()
        self.victory.setObjectName("doc_victory")
        self.victory.setToolTip("How the scenario is won: choose one to edit it below")
        self.victory.setMaximumHeight(90)
        self.victory.currentRowChanged.connect(self._victory_chosen)
        form.addRow("Victory", self.victory)
        from core.files.scenario_file import VICTORY_FIELDS

        self.catalogue = VICTORY_FIELDS
        self.victory_kind = QComboBox()
        self.victory_kind.setObjectName("victory_kind")
        self.victory_kind.setToolTip("The kind of victory condition Add puts in")
        self.victory_kind.addItems(list(VICTORY_FIELDS))
        add, remove = QPushButton("Add"), QPushButton("Remove")
        add.setObjectName("victory_add")
        remove.setObjectName("victory_remove")
        add.setToolTip("Add a victory condition of the kind on the left")
        remove.setToolTip("Remove the chosen victory condition")
        add.clicked.connect(self._add_victory)
        remove.clicked.connect(self._remove_victory)
        row = QHBoxLayout()
        row.addWidget(self.victory_kind)
        row.addWidget(add)
        row.addWidget(remove)
        form.addRow("", row)
        self.condition = self._line(
            "victory_fields", self._condition_edited, "The chosen condition's fields"
        )
        self.condition.setPlaceholderText("visit = Venus, Mars; orbit = Earth")
        form.addRow("Condition", self.condition)

    def refresh(self) -> None:
        """Show the document's and the selection's current values."""
        self._filling = True
        try:
            self._fill_document()
            self._fill_selection()
        finally:
            self._filling = False

    def show_field(self, field: str) -> bool:
        """Bring up the widget of a scenario field a problem names (a victory condition
        is chosen in its list and its fields put in focus); False if none has one."""
        widgets = {
            "name": self.name_edit,
            "description": self.text_edit,
            "players": self.min_players,
            "sides": self.sides,
            "budget": self.points,
            "ruleset": self.ruleset,
        }
        found = re.match(r"victory\[(\d+)\]", field)
        if found is not None and int(found.group(1)) < self.victory.count():
            self.victory.setCurrentRow(int(found.group(1)))
            widget: QWidget = self.condition
        elif field.split(".")[0].split("[")[0] in widgets:
            widget = widgets[field.split(".")[0].split("[")[0]]
        else:
            return False
        self.setCurrentWidget(self.document_page)
        widget.setFocus()
        return True

    def _fill_document(self) -> None:
        doc = self.editor.document
        data = doc.scenario
        if data is None:
            m = doc.map.objects
            self.name_edit.setText(m.name)
            if self.text_edit.toPlainText() != m.description:
                self.text_edit.setPlainText(m.description)
            return
        self.name_edit.setText(str(data.get("name", "")))
        if self.text_edit.toPlainText() != data.get("description", ""):
            self.text_edit.setPlainText(str(data.get("description", "")))
        rid = str(data.get("ruleset", ""))
        if self.ruleset.findData(rid) < 0:
            self.ruleset.addItem(rid, rid)  # a ruleset file of the user's: its path
        self.ruleset.setCurrentIndex(self.ruleset.findData(rid))
        players = data.get("players", {})
        self.min_players.setValue(int(players.get("min", 1)))
        self.max_players.setValue(int(players.get("max", 1)))
        self.sides.setText(", ".join(str(s.get("name", "")) for s in data.get("sides", [])))
        self.points.setValue(int(data.get("budget", {}).get("points", 0)))
        row = self.victory.currentRow()
        self.victory.clear()
        for v in data.get("victory", []):
            extra = "; ".join(f"{k} = {_show(x)}" for k, x in v.items() if k != "kind")
            self.victory.addItem(f"{v.get('kind')}: {extra}" if extra else str(v.get("kind")))
        self.victory.setCurrentRow(min(row, self.victory.count() - 1))
        self._fill_switches(data)

    def _fill_switches(self, data: dict[str, Any]) -> None:
        layout = self.switches.layout()
        assert layout is not None  # given in __init__
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deleteLater waits for the event loop
                widget.deleteLater()
        from core.board.problems import FileProblems
        from core.files.rulesets import load_ruleset

        try:
            rules = load_ruleset(str(data.get("ruleset", "")))
        except (FileProblems, OSError):
            layout.addWidget(QLabel("(the ruleset cannot be read)"))
            return
        chosen = data.get("switches", {})
        for name, default in rules.switches:
            box = QCheckBox(name)
            box.setObjectName(f"switch_{name}")
            box.setToolTip(KNOWN_SWITCHES.get(name, name).capitalize())
            box.setChecked(bool(chosen.get(name, default)))
            box.toggled.connect(lambda on, n=name: self._switch(n, on))
            layout.addWidget(box)

    def _edit(self, change: Any, text: str) -> None:
        if self._filling:
            return
        data = self.editor.document.scenario_copy()
        change(data)
        edit_scenario(self.editor.document, data, text)

    def _set(self, key: str, value: Any, what: str) -> None:
        self._edit(lambda d: d.__setitem__(key, value), f"{what}: {value}")

    def _name_edited(self) -> None:
        doc = self.editor.document
        if doc.is_scenario:
            self._set("name", self.name_edit.text().strip(), "Name")
        elif not self._filling:
            edit_map(
                doc, replace(doc.map.objects, name=self.name_edit.text().strip()), "Rename map"
            )

    def _text_edited(self) -> None:
        doc = self.editor.document
        text = self.text_edit.toPlainText()
        if doc.is_scenario:
            self._set("description", text, "Text for players")
        else:
            edit_map(doc, replace(doc.map.objects, description=text), "Description")

    def _players(self, key: str, value: int) -> None:
        self._edit(
            lambda d: d.setdefault("players", {}).__setitem__(key, value), f"Players {key} {value}"
        )

    def _switch(self, name: str, on: bool) -> None:
        self._edit(lambda d: d.setdefault("switches", {}).__setitem__(name, on), f"Switch {name}")

    def _sides_edited(self) -> None:
        names = [n.strip() for n in self.sides.text().split(",") if n.strip()]

        def change(d: dict[str, Any]) -> None:
            old = {str(s.get("name")): s for s in d.get("sides", [])}
            d["sides"] = [old.get(n, {"name": n}) for n in names]
            if not d["sides"]:
                del d["sides"]

        self._edit(change, "Sides")

    def _points(self, value: int) -> None:
        def change(d: dict[str, Any]) -> None:
            if value:
                d.setdefault("budget", {})["points"] = value
                d["version"] = max(int(d.get("version", 1)), 2)
            else:
                d.pop("budget", None)

        self._edit(change, "Ship points")

    def _victory_chosen(self, row: int) -> None:
        data = self.editor.document.scenario or {}
        conditions = data.get("victory", [])
        if 0 <= row < len(conditions):
            v = conditions[row]
            self.condition.setText(
                "; ".join(f"{k} = {_show(x)}" for k, x in v.items() if k != "kind")
            )
            fields = ", ".join(sorted(self.catalogue.get(str(v.get("kind")), ())))
            self.condition.setToolTip(f"Fields of {v.get('kind')}: {fields or 'none'}")

    def _add_victory(self) -> None:
        kind = self.victory_kind.currentText()
        self._edit(lambda d: d.setdefault("victory", []).append({"kind": kind}), f"Victory: {kind}")
        self.victory.setCurrentRow(self.victory.count() - 1)

    def _remove_victory(self) -> None:
        row = self.victory.currentRow()
        if row >= 0:
            self._edit(lambda d: d["victory"].pop(row), "Remove victory condition")

    def _condition_edited(self) -> None:
        row = self.victory.currentRow()
        data = self.editor.document.scenario or {}
        if not 0 <= row < len(data.get("victory", [])):
            return
        fields: dict[str, Any] = {"kind": data["victory"][row]["kind"]}
        for part in self.condition.text().split(";"):
            key, _, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not key:
                continue
            if key in LISTS:
                fields[key] = [v.strip() for v in value.split(",") if v.strip()]
            elif key in FLAGS:
                fields[key] = value.lower() in ("true", "yes", "1")
            elif key in NUMBERS and value.isdigit():
                fields[key] = int(value)
            else:
                fields[key] = value
        self._edit(lambda d: d["victory"].__setitem__(row, fields), "Victory condition")

    # ---- the selection

    def _build_selection_page(self) -> None:
        form = _packed_form(self.selection_page)
        self.summary = QLabel("Nothing selected")
        self.summary.setWordWrap(True)
        form.addRow(self.summary)
        self.bodies = BodyFields(self.editor, lambda: self._filling, form)
        self.body_name, self.body_size = self.bodies.name, self.bodies.size
        self.body_gravity, self.body_kind = self.bodies.gravity, self.bodies.kind
        self.body_limit = self.bodies.limit
        self.base_owner = self._line(
            "sel_base_owner", self._base_owner, "The side or player the base belongs to"
        )
        form.addRow("Base owner", self.base_owner)
        self.base_services = {s: QCheckBox(s.value) for s in Service}
        box = QWidget()
        col = QVBoxLayout(box)
        for s, check in self.base_services.items():
            check.setTristate(False)
            check.setToolTip(SERVICE_TIPS[s])
            check.clicked.connect(lambda on, s=s: self._base_service(s, on))
            col.addWidget(check)
        form.addRow("Base services", box)
        self.ship_side: QLineEdit = self._line(
            "sel_ship_side", lambda: self._ship_field("side", self.ship_side), "The ship's side"
        )
        form.addRow("Ship side", self.ship_side)
        self.ship_unit: QLineEdit = self._line(
            "sel_ship_unit",
            lambda: self._ship_field("unit", self.ship_unit),
            "The ship's class from the ruleset",
        )
        form.addRow("Ship unit", self.ship_unit)
        self.ship_design: QLineEdit = self._line(
            "sel_ship_design",
            lambda: self._ship_field("design", self.ship_design),
            "The design the ship starts with",
        )
        form.addRow("Ship design", self.ship_design)

    def _fill_selection(self) -> None:
        sel = self.editor.selection
        bodies, bases, ships = sel.bodies(), sel.bases(), sel.ships()
        data = self.editor.document.scenario or {}
        self.summary.setText(
            f"{plural(len(sel.hexes), 'hex')}, {plural(len(bodies), 'body', 'bodies')}, "
            f"{plural(len(bases), 'base')}, {plural(len(ships), 'ship')}"
        )
        self.bodies.fill(bodies)
        self.base_owner.setEnabled(bool(bases))
        self.base_owner.setText(_shared([b.owner or "" for b in bases]) or MIXED)
        for s, check in self.base_services.items():
            check.setEnabled(bool(bases))
            check.setChecked(bool(bases) and all(s in b.services for b in bases))
        values = [data["ships"][i] for i in ships]
        for edit, key in (
            (self.ship_side, "side"),
            (self.ship_unit, "unit"),
            (self.ship_design, "design"),
        ):
            edit.setEnabled(bool(values))
            edit.setText(str(_shared([v.get(key, "") for v in values]) or MIXED))

    def _bases(self, change: Any, text: str) -> None:
        doc = self.editor.document
        chosen = {b.name for b in self.editor.selection.bases()}
        m = doc.map.objects
        bases = tuple(change(b) if b.name in chosen else b for b in m.bases)
        edit_map(doc, replace(m, bases=bases), text)

    def _base_owner(self) -> None:
        owner = self.base_owner.text().strip() or None
        if not self._filling and self.editor.selection.bases():
            self._bases(lambda b: replace(b, owner=owner), f"Base owner {owner or 'none'}")

    def _base_service(self, service: Service, on: bool) -> None:
        def change(b: Any) -> Any:
            services = set(b.services) | {service} if on else set(b.services) - {service}
            return replace(b, services=frozenset(services))

        self._bases(change, f"{'Add' if on else 'Remove'} {service.value}")

    def _ship_field(self, key: str, edit: QLineEdit) -> None:
        chosen = self.editor.selection.ships()
        value = edit.text().strip()
        if self._filling or not chosen or not edit.isModified():
            return

        def change(d: dict[str, Any]) -> None:
            for i in chosen:
                if value:
                    d["ships"][i][key] = value
                else:
                    d["ships"][i].pop(key, None)
            if key == "design" and value:
                d["version"] = max(int(d.get("version", 1)), 2)

        self._edit(change, f"Ship {key}: {value or 'none'}")
        edit.setModified(False)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _packed_form(page: QWidget) -> QFormLayout:
    """A form on ``page`` whose rows stay together at the top, however tall the dock."""
    outer = QVBoxLayout(page)
    form = QFormLayout()
    outer.addLayout(form)
    outer.addStretch(1)
    return form
