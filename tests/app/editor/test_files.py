"""The editor's files (issue 8, requirement 7): autosave and crash recovery, a file
changed by another program, recent documents, TMX in the File menu, round trips."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.editor.document import Document, new_scenario, open_document, restore_document
from app.editor.recovery import RecoveryDialog, pending_recoveries
from app.editor.window import EditorWindow
from app.shell.main_window import MainWindow
from core.board.problems import FileProblems
from core.files.mapfile import dumps_map, save_map
from core.files.tmx import save_tmx
from core.files.tmx_read import load_tmx
from core.files.tomlio import dumps, write_atomic
from tests.app.editor.test_editor_recovery import crash
from tests.patience import PATIENCE_MS

from .conftest import at, drag, small_map


def scenario_files(folder: Path) -> Path:
    """A scenario on a map of the user's own, both in ``folder``."""
    save_map(small_map(), folder / "rocks.toml")
    data = new_scenario("rocks.toml")
    data["name"] = "Rock run"
    path = folder / "run.toml"
    write_atomic(path, dumps(data))
    return path


def new_main(qtbot: QtBot, folder: Path) -> MainWindow:
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.ask_before_closing = False
    qtbot.addWidget(win)
    return win


def answer(text: str, tries: int = 250) -> None:
    """Click ``text`` on the next message box, once it is open (looking every 20 ms)."""

    def click(left: int) -> None:
        boxes = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()
        ]
        if boxes:
            next(b for b in boxes[0].buttons() if b.text().replace("&", "") == text).click()
        elif left:
            QTimer.singleShot(20, lambda: click(left - 1))

    QTimer.singleShot(20, lambda: click(tries))


def same(a: Document, b: Document) -> None:
    assert dumps_map(a.map.starmap()) == dumps_map(b.map.starmap())
    assert a.scenario == b.scenario


# ---- autosave and crash recovery


def test_a_crashed_session_s_unsaved_scenario_is_offered_and_restored_whole(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = scenario_files(tmp_path)
    first = new_main(qtbot, tmp_path)
    editor = first.editor_mode.open_for_editing(path)
    assert editor is not None
    b = editor.document.map.objects.bounds
    drag(editor, "Brush", at(b, "0202"), at(b, "0302"))
    data = editor.document.scenario_copy()
    data["name"] = "Rock run, revised"
    editor.document.set_scenario(data)
    assert editor.files.autosaver.autosave()
    edited = restore_document(editor.document.recovery_text())
    crash(editor.files.autosaver)  # the program dies here: nothing saved, nothing closed

    second = new_main(qtbot, tmp_path)
    second.show()
    qtbot.waitUntil(lambda: second.editor_mode.files.recovery is not None, timeout=PATIENCE_MS)
    dialog = second.editor_mode.files.recovery
    assert isinstance(dialog, RecoveryDialog) and dialog.list.count() == 1
    assert "Rock run, revised" in dialog.list.item(0).text()
    dialog.restore_current()
    restored = second.editor_mode.editor
    assert restored is not None and second.editor_mode.mode_action.isChecked()
    same(restored.document, edited)
    assert restored.document.is_modified() and restored.document.path == path
    assert [r.name for r in pending_recoveries()] == [], "the old copy went, a new one is ours"
    assert restored.files.autosaver.text_path.exists()
    assert restored.save()
    assert not restored.files.autosaver.text_path.exists(), "a clean save drops the autosave"
    same(open_document(path), edited)
    assert tomllib.loads((tmp_path / "rocks.toml").read_text())["asteroids"]


def test_nothing_is_offered_after_a_clean_session(qtbot: QtBot, tmp_path: Path) -> None:
    main = new_main(qtbot, tmp_path)
    main.show()
    editor = main.editor_mode.edit(Document(small_map()))
    drag(editor, "Brush", at(editor.document.map.objects.bounds, "0202"))
    assert editor.files.autosaver.autosave()
    main.ask_before_closing = True
    answer("Discard")
    main.close()
    assert not editor.files.autosaver.text_path.exists()
    again = new_main(qtbot, tmp_path)
    ran: list[bool] = []
    again.show()  # the offer is queued for the event loop's next turn: queue ours behind it
    QTimer.singleShot(0, lambda: ran.append(True))
    qtbot.waitUntil(lambda: bool(ran), timeout=PATIENCE_MS)
    assert again.editor_mode.files.recovery is None
    assert again.editor_mode.files.offer_recoveries() is None, "nothing to offer"


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(
    qtbot: QtBot, tmp_path: Path
) -> None:
    main = new_main(qtbot, tmp_path)
    main.show()
    editor = main.editor_mode.edit(Document(small_map()))
    drag(editor, "Brush", at(editor.document.map.objects.bounds, "0202"))
    main.ask_before_closing = True
    answer("Cancel")
    assert not main.close()
    assert main.isVisible() and editor.document.is_modified()
    main.ask_before_closing = False


def test_an_autosave_that_cannot_be_read_is_explained_not_restored() -> None:

    with pytest.raises(FileProblems, match="not an editor autosave"):
        restore_document('{"format": "something else"}', "Rocks")
    with pytest.raises(FileProblems, match="cannot be read"):
        restore_document("{ not json", "Rocks")


# ---- another program changes the file


def edited_map_file(qtbot: QtBot, tmp_path: Path) -> tuple[Path, EditorWindow]:
    path = tmp_path / "rocks.toml"
    save_map(small_map(), path)
    editor = EditorWindow(open_document(path))
    qtbot.addWidget(editor)
    return path, editor


def theirs(path: Path) -> Document:
    """Another program writes a different map to ``path``."""
    other = Document(small_map())
    other.map.set_cells({at(other.map.objects.bounds, f"05{r:02d}"): "" for r in range(1, 9)})
    write_atomic(path, dumps_map(other.map.starmap()))
    return other


def test_a_change_on_disk_reloads_as_one_step_that_undo_takes_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path, editor = edited_map_file(qtbot, tmp_path)
    drag(editor, "Brush", at(editor.document.map.objects.bounds, "0202"))
    mine = restore_document(editor.document.recovery_text())
    answer("Reload")
    with qtbot.waitSignal(editor.files.watchers[0].changed, timeout=PATIENCE_MS):
        other = theirs(path)
    qtbot.waitUntil(lambda: not editor.document.is_modified(), timeout=PATIENCE_MS)
    same(editor.document, other)
    assert editor.document.stack.undoText() == "Reload rocks.toml"
    editor.document.stack.undo()
    same(editor.document, mine)
    assert editor.document.is_modified()


def test_keep_mine_marks_the_document_modified(qtbot: QtBot, tmp_path: Path) -> None:
    path, editor = edited_map_file(qtbot, tmp_path)
    before = editor.document.map.starmap()
    answer("Keep Mine")
    with qtbot.waitSignal(editor.files.watchers[0].changed, timeout=PATIENCE_MS):
        theirs(path)
    qtbot.waitUntil(editor.document.is_modified, timeout=PATIENCE_MS)
    assert editor.document.map.starmap() == before
    assert "Kept your version" in editor.status.text()


def test_a_file_deleted_on_disk_leaves_the_document_modified_to_save_again(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path, editor = edited_map_file(qtbot, tmp_path)
    with qtbot.waitSignal(editor.files.watchers[0].removed, timeout=PATIENCE_MS):
        path.unlink()
    assert editor.document.is_modified()
    assert "moved or deleted" in editor.status.text()
    assert editor.save() and path.exists()


def test_our_own_saves_ask_nothing(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Path] = []
    monkeypatch.setattr("app.editor.files.ask_reload", lambda _w, p, _m: asked.append(p))
    _, editor = edited_map_file(qtbot, tmp_path)
    drag(editor, "Brush", at(editor.document.map.objects.bounds, "0202"))
    assert editor.save()
    # Compared now rather than after a wait: a watcher speaks only of content it did not write.
    assert not any(w.check() for w in editor.files.watchers), "our own save is no change"
    drag(editor, "Brush", at(editor.document.map.objects.bounds, "0303"))
    assert editor._save(tmp_path / "copy.toml")
    assert not any(w.check() for w in editor.files.watchers), "nor is a save as a copy"
    assert asked == [] and not editor.document.is_modified()
    assert [w.path for w in editor.files.watchers] == [(tmp_path / "copy.toml").resolve()]
    theirs(tmp_path / "copy.toml")
    qtbot.waitUntil(lambda: asked == [(tmp_path / "copy.toml").resolve()], timeout=PATIENCE_MS)


# ---- round trips through the editor's files


def test_a_scenario_saved_from_the_editor_reopens_equal(qtbot: QtBot, tmp_path: Path) -> None:
    path = scenario_files(tmp_path)
    editor = EditorWindow(open_document(path))
    qtbot.addWidget(editor)
    b = editor.document.map.objects.bounds
    drag(editor, "Fill", at(b, "0101"))
    drag(editor, "Ship", at(b, "0404"))
    assert editor.document.scenario_copy()["ships"], "the ship tool placed a ship"
    assert editor.save()
    same(open_document(path), editor.document)


def test_save_as_into_another_folder_takes_the_scenario_s_map_along(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scenario names only files inside its own folder (issue 18 req 3): saved into
    another folder, it gets a copy of its map beside it, not the old map's full path."""
    from PySide6.QtWidgets import QFileDialog

    path = scenario_files(tmp_path)
    editor = EditorWindow(open_document(path))
    qtbot.addWidget(editor)
    elsewhere = tmp_path / "shared"
    elsewhere.mkdir()
    target = elsewhere / "run.toml"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), ""))
    )
    editor.save_as_action.trigger()
    saved = tomllib.loads(target.read_text(encoding="utf-8"))
    assert saved["map"] == "run-map.toml"
    assert (elsewhere / "run-map.toml").read_text(encoding="utf-8") == (
        tmp_path / "rocks.toml"
    ).read_text(encoding="utf-8")
    same(open_document(target), editor.document)


def test_a_map_with_problems_saved_from_the_editor_reopens_with_them(
    editor: EditorWindow, tmp_path: Path
) -> None:
    from core.board.starmap import Body, BodyKind

    b = editor.document.map.objects.bounds
    m = editor.document.map.objects
    on_terra = Body("Luna", BodyKind.MOON, at(b, "1008"))  # a body inside another
    editor.document.map.set_objects(m.__class__(m.name, b, bodies=(*m.bodies, on_terra)))
    assert editor.issues.refresh()
    path = tmp_path / "broken.toml"
    assert editor._save(path)
    again = open_document(path)
    same(again, editor.document)
    assert [p.message for p in again.problems()] == [p.message for p in editor.document.problems()]


def test_export_tmx_then_import_tmx_gives_the_same_map(main: MainWindow, tmp_path: Path) -> None:
    editor = main.editor_mode.edit(Document(small_map()))
    b = editor.document.map.objects.bounds
    drag(editor, "Brush", at(b, "0202"), at(b, "0302"), at(b, "0402"))
    files = main.editor_mode.files
    assert files.export_tmx_action.isEnabled() and files.import_tmx_action.isEnabled()
    tmx = tmp_path / "rocks.tmx"
    assert files.export_tmx(tmx)
    assert load_tmx(tmx) == editor.document.map.starmap()
    editor.document.stack.setClean()
    imported = files.import_tmx(tmx)
    assert imported is not None and imported is main.editor_mode.editor
    assert imported.document.map.starmap() == editor.document.map.starmap()
    assert imported.document.path is None and imported.document.is_modified()
    assert str(tmx.resolve()) in files.recent()


def test_a_bad_tmx_is_explained_and_nothing_opened(main: MainWindow, tmp_path: Path) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map><layer>", encoding="utf-8")
    assert main.editor_mode.files.import_tmx(bad) is None
    assert main.editor_mode.editor is None
    assert "bad.tmx" in main.status_label.text()


def test_a_map_with_problems_is_not_exported_as_tmx(main: MainWindow, tmp_path: Path) -> None:
    from core.board.starmap import Body, BodyKind

    m = small_map()
    body = Body("Luna", BodyKind.MOON, at(m.bounds, "1008"))
    main.editor_mode.edit(Document(m.__class__(m.name, m.bounds, bodies=(*m.bodies, body))))
    assert not main.editor_mode.files.export_tmx(tmp_path / "x.tmx")
    assert not (tmp_path / "x.tmx").exists()


# ---- recent documents


def test_documents_opened_and_saved_in_the_editor_are_in_edit_recent(
    main: MainWindow, tmp_path: Path
) -> None:
    files = main.editor_mode.files
    assert not files.recent_menu.isEnabled()
    path = tmp_path / "rocks.toml"
    save_map(small_map(), path)
    assert main.editor_mode.open_for_editing(path) is not None
    editor = main.editor_mode.edit(Document(small_map()))
    assert editor._save(tmp_path / "new.toml")
    names = [a.text() for a in files.recent_menu.actions()]
    assert names == ["new.toml", "rocks.toml"]
    assert files.recent() == [str(tmp_path / "new.toml"), str(path)]
    files.recent_menu.actions()[1].trigger()
    assert main.editor_mode.editor is not None
    assert main.editor_mode.editor.document.path == path
    path.unlink()
    answer("OK")
    assert files.open_recent(str(path)) is None
    assert files.recent() == [str(tmp_path / "new.toml")]


def test_imported_tmx_files_are_in_edit_recent_in_the_next_session(
    qtbot: QtBot, tmp_path: Path
) -> None:
    tmx = tmp_path / "rocks.tmx"
    save_tmx(small_map(), tmx)
    first = new_main(qtbot, tmp_path)
    assert first.editor_mode.files.import_tmx(tmx) is not None
    first.settings.sync()
    second = new_main(qtbot, tmp_path)
    assert second.editor_mode.files.recent() == [str(tmx)]
    editor = second.editor_mode.files.open_recent(str(tmx))
    assert editor is not None and editor.document.map.starmap() == small_map()
