"""Rulesets are shown by name, not by id: the scenario editor's Ruleset box and the
design library, while files keep the id."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from app.editor.window import EditorWindow
from core.files.rulesets import load_ruleset, ruleset_ids


def test_rulesets_are_shown_by_name_in_the_scenario_editor(
    qtbot: QtBot, scenario_editor: EditorWindow
) -> None:
    box = scenario_editor.findChild(QComboBox, "doc_ruleset")
    assert box is not None
    shown = [box.itemText(i) for i in range(box.count())]
    assert shown == [load_ruleset(r).name for r in ruleset_ids()]
    assert "NPlanetary" in shown and "nplanetary" not in shown
    assert box.currentText() == "Interplanetary"
    box.setCurrentIndex(box.findText("NPlanetary"))  # the user picks it by its name
    doc = scenario_editor.document
    assert doc.scenario_copy()["ruleset"] == "nplanetary"  # the file keeps the id
    assert doc.stack.undoText() == "Ruleset: NPlanetary"
    doc.stack.undo()
    assert doc.scenario_copy()["ruleset"] == "interplanetary"
    qtbot.waitUntil(lambda: box.currentText() == "Interplanetary")
