"""Each editor tool, and undo and redo of what it did (one step per stroke or drag)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from app.editor.window import EditorWindow
from core.board.hexgrid import Direction
from core.board.starmap import BaseKind, Edge, GravityKind

from .conftest import NONE, at, click_near, drag


def undo_redo(editor: EditorWindow, check_before: object, check_after: object) -> None:
    """Undo must restore the state before, redo the state after."""
    stack = editor.document.stack
    stack.undo()
    assert check_before()  # type: ignore[operator]
    stack.redo()
    assert check_after()  # type: ignore[operator]


def test_brush_stroke_paints_asteroids_as_one_undo_step(editor: EditorWindow) -> None:
    b = editor.document.map.objects.bounds
    hexes = [at(b, f"{c:02d}02") for c in range(1, 6)]
    drag(editor, "Brush", *hexes)
    cells = editor.document.map.cells
    assert all(cells.get(h) == "" for h in hexes)
    assert editor.document.stack.count() == 1
    assert editor.document.map.starmap().asteroids == frozenset(hexes)
    undo_redo(editor, lambda: not cells, lambda: len(cells) == 5)


def test_brush_paints_special_asteroids_with_their_owner_and_never_a_body(
    editor: EditorWindow,
) -> None:
    b = editor.document.map.objects.bounds
    brush = editor.tools["Brush"]
    brush.shared.kind.setCurrentIndex(2)
    brush.shared.owner.setText("Clandestine")
    brush.size.setValue(1)
    drag(editor, "Brush", at(b, "1008"))
    m = editor.document.map.starmap()
    assert at(b, "1008") not in editor.document.map.cells
    assert m.special_asteroids[0].owner == "Clandestine"
    assert len(m.special_asteroids[0].hexes) == 6


def test_brush_with_the_mouse_on_the_view(editor: EditorWindow, qtbot: QtBot) -> None:
    editor.show()
    qtbot.waitExposed(editor)
    editor.set_tool("Brush")
    view = editor.view
    target = at(editor.document.map.objects.bounds, "0505")
    point = view.mapFromScene(editor.scene.centre_of(target))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(point))
    assert editor.document.map.cells.get(target) == ""
    assert editor.document.is_modified()


def test_fill_floods_the_region_and_undo_takes_it_back(editor: EditorWindow) -> None:
    b = editor.document.map.objects.bounds
    wall = [at(b, f"05{r:02d}") for r in range(1, 17)]
    drag(editor, "Brush", *wall)
    editor.set_tool("Fill")
    editor.tools["Fill"].press(at(b, "0101"), editor.scene.centre_of(at(b, "0101")), NONE)
    cells = editor.document.map.cells
    left = [h for h in b.hexes() if b.labels.to_offset(h)[0] < 4]
    assert all(cells.get(h) == "" for h in left)
    assert at(b, "1515") not in cells, "the fill stops at the wall"
    undo_redo(editor, lambda: len(cells) == 16, lambda: all(h in cells for h in left))


def test_body_tool_places_moves_in_one_step_and_the_ring_follows(editor: EditorWindow) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Body", at(b, "0404"))
    assert [x.name for x in doc.map.objects.bodies] == ["Terra", "Planet"]
    terra = doc.map.objects.body("Terra")
    assert terra is not None
    ring_before = set(terra.ring())
    drag(editor, "Body", terra.centre, at(b, "1108"), at(b, "1208"))
    moved = doc.map.objects.body("Terra")
    assert moved is not None and moved.centre == at(b, "1208")
    assert doc.stack.count() == 2
    gravity = doc.map.starmap().gravity
    assert set(moved.ring()) <= set(gravity) and not (ring_before - set(moved.ring())) & set(
        gravity
    )
    undo_redo(
        editor,
        lambda: doc.map.objects.body("Terra").centre == terra.centre,  # type: ignore[union-attr]
        lambda: doc.map.objects.body("Terra").centre == at(b, "1208"),  # type: ignore[union-attr]
    )


def test_inspector_renames_resizes_and_sets_gravity_of_bodies(editor: EditorWindow) -> None:
    doc = editor.document
    terra = doc.map.objects.bodies[0]
    editor.selection.set([terra.centre])
    inspector = editor.inspector
    inspector.body_name.setText("Gaia")
    inspector.body_name.editingFinished.emit()
    inspector.body_size.setValue(1)
    inspector.body_gravity.setCurrentText("weak")
    gaia = doc.map.objects.body("Gaia")
    assert gaia is not None and gaia.size == 1 and gaia.gravity is GravityKind.WEAK
    assert doc.stack.count() == 3
    undo_redo(
        editor,
        lambda: doc.map.objects.bodies[0].gravity is GravityKind.NORMAL,
        lambda: doc.map.objects.bodies[0].gravity is GravityKind.WEAK,
    )


def test_gravity_overrides_are_set_two_directed_cleared_and_survive_a_body_move(
    editor: EditorWindow,
) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    here = at(b, "0303")
    click_near(editor, "Gravity", here, here.neighbour(Direction.N))
    g = doc.map.starmap().gravity_at(here)
    assert g is not None and g.overridden and [a.direction for a in g.arrows] == [Direction.N]
    tool = editor.tools["Gravity"]
    tool.mode.setCurrentIndex(1)
    tool.kind.setCurrentText("weak")
    click_near(editor, "Gravity", here, here.neighbour(Direction.SE))
    g = doc.map.starmap().gravity_at(here)
    assert g is not None and g.two_directed
    terra = doc.map.objects.bodies[0]
    drag(editor, "Body", terra.centre, at(b, "1410"))
    assert doc.map.starmap().gravity_at(here) == g, "the override stays where it was set"
    tool.mode.setCurrentIndex(2)
    drag(editor, "Gravity", here)
    assert doc.map.starmap().gravity_at(here) is None
    tool.mode.setCurrentIndex(3)
    drag(editor, "Gravity", here)
    assert doc.map.objects.overrides == ()
    undo_redo(
        editor,
        lambda: doc.map.objects.overrides[0].directions == (),
        lambda: doc.map.objects.overrides == (),
    )


def test_base_tool_places_orbital_planetary_on_a_hexside_and_asteroid_bases(
    editor: EditorWindow,
) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    terra = doc.map.objects.bodies[0].centre
    tool = editor.tools["Base"]
    tool.base_name.setText("High Terra")
    click_near(editor, "Base", terra.neighbour(Direction.N), terra.neighbour(Direction.N))
    tool.kind.setCurrentText("planetary")
    tool.base_name.setText("Terra Port")
    click_near(editor, "Base", terra, terra.neighbour(Direction.SE))
    drag(editor, "Brush", at(b, "0202"))
    tool.kind.setCurrentText("asteroid")
    tool.base_name.setText("Rock")
    tool.owner.setText("Miners")
    click_near(editor, "Base", at(b, "0202"), at(b, "0202"))
    bases = {x.name: x for x in doc.map.objects.bases}
    assert bases["High Terra"].kind is BaseKind.ORBITAL
    assert bases["Terra Port"].side is Direction.SE
    assert bases["Rock"].owner == "Miners"
    assert not editor.issues.refresh() or all(
        "base" not in p.message for p in editor.issues.problems
    )
    undo_redo(
        editor, lambda: len(doc.map.objects.bases) == 2, lambda: len(doc.map.objects.bases) == 3
    )


def test_zone_tool_paints_a_zone_of_control_for_an_owner(editor: EditorWindow) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    tool = editor.tools["Zone"]
    tool.zone_name.setText("Terran space")
    tool.owner.setText("Terra")
    drag(editor, "Zone", at(b, "0101"), at(b, "0201"), at(b, "0301"))
    (zone,) = doc.map.objects.zones
    assert zone.owner == "Terra" and len(zone.hexes) == 3
    assert doc.stack.count() == 1
    drag(editor, "Zone", at(b, "0201"), mods=Qt.KeyboardModifier.ShiftModifier)
    assert len(doc.map.objects.zones[0].hexes) == 2
    undo_redo(
        editor,
        lambda: len(doc.map.objects.zones[0].hexes) == 3,
        lambda: len(doc.map.objects.zones[0].hexes) == 2,
    )


def test_atmosphere_tool_lays_layers_along_the_nearest_edge(editor: EditorWindow) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    editor.tools["Atmosphere"].levels.setText("0, 1, 2")
    drag(editor, "Atmosphere", at(b, "1015"))
    (atmosphere,) = doc.map.objects.atmospheres
    assert atmosphere.edge is Edge.BOTTOM and atmosphere.layers == (0, 1, 2)
    drag(editor, "Atmosphere", at(b, "1016"), mods=Qt.KeyboardModifier.ShiftModifier)
    assert doc.map.objects.atmospheres == ()
    undo_redo(
        editor,
        lambda: len(doc.map.objects.atmospheres) == 1,
        lambda: not doc.map.objects.atmospheres,
    )


def test_bounds_tool_resizes_and_undo_brings_back_the_terrain_cut_off(
    editor: EditorWindow,
) -> None:
    doc = editor.document
    b = doc.map.objects.bounds
    drag(editor, "Brush", at(b, "2016"))
    editor.set_tool("Bounds")
    editor.tools["Bounds"].resize(18, 14)
    assert doc.map.objects.bounds.width == 18 and not doc.map.cells
    assert editor.scene.starmap.bounds.width == 18, "the scene shows the new size"
    undo_redo(editor, lambda: len(doc.map.cells) == 1, lambda: not doc.map.cells)
    doc.stack.undo()
    assert doc.map.objects.bounds == b


def test_ship_tool_places_a_ship_with_its_vector_side_and_design(
    scenario_editor: EditorWindow,
) -> None:
    editor = scenario_editor
    doc = editor.document
    b = doc.map.objects.bounds
    data = doc.scenario_copy()
    data["sides"] = [{"name": "Guards"}]
    doc.set_scenario(data)
    editor.set_tool("Ship")
    tool = editor.tools["Ship"]
    tool.side.setCurrentText("Guards")
    if tool.design.count() > 1:
        tool.design.setCurrentIndex(1)
    drag(editor, "Ship", at(b, "0619"), at(b, "0618"))
    ship = doc.scenario["ships"][-1]  # type: ignore[index]
    assert ship["hex"] == "0619" and ship["came_from"] == "0620" and ship["side"] == "Guards"
    assert ("design" in ship) == (tool.design.count() > 1)
    assert editor.scene.vectors_item.path().elementCount() > 0, "the vector is drawn"
    undo_redo(editor, lambda: not doc.scenario["ships"], lambda: len(doc.scenario["ships"]) == 1)  # type: ignore[index]


def test_select_tool_rectangle_shift_adds_ctrl_toggles(editor: EditorWindow) -> None:
    b = editor.document.map.objects.bounds
    drag(editor, "Select", at(b, "0101"), at(b, "0303"))
    assert len(editor.selection.hexes) == 9
    drag(editor, "Select", at(b, "1010"), mods=Qt.KeyboardModifier.ShiftModifier)
    assert len(editor.selection.hexes) == 10
    drag(editor, "Select", at(b, "0101"), mods=Qt.KeyboardModifier.ControlModifier)
    assert len(editor.selection.hexes) == 9 and at(b, "0101") not in editor.selection.hexes
    drag(editor, "Select", at(b, "1008"))
    assert [x.name for x in editor.selection.bodies()] == ["Terra"]


def test_every_tool_has_a_cursor_status_text_and_shortcut(editor: EditorWindow) -> None:
    keys = set()
    for name, tool in editor.tools.items():
        editor.set_tool(name) if editor.tool_actions[name].isEnabled() else None
        assert tool.status and tool.key
        keys.add(tool.key)
    assert len(keys) == len(editor.tools)
    assert not editor.tool_actions["Ship"].isEnabled(), "ships belong to scenarios"
