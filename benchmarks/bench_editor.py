"""Map Editor speed on a 100,000-hex map (400 x 250). Prints a table; not a test.

Goal (issue 8): a fill of 10,000 hexes and its undo each under 100 ms, brush strokes
interactive. Each figure includes the scene's update (the touched tiles re-sorted and
invalidated) and, after each, painting the view once, as the screen would.
Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_editor.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchlib import compile_bytecode, machine
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from app.editor.document import Document
from app.editor.tools.terrain import fill
from app.editor.window import EditorWindow
from core.board.starmap import Bounds, StarMap

RUNS = 7


def timed(setup: Callable[[], None], action: Callable[[], None], app: QApplication) -> float:
    """Median milliseconds of ``action`` and the repaint after it."""
    times = []
    for _ in range(RUNS):
        setup()
        app.processEvents()
        start = time.perf_counter()
        action()
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    compile_bytecode()
    print(machine())
    app = QApplication.instance() or QApplication([])
    bounds = Bounds(400, 250)
    editor = EditorWindow(Document(StarMap("big", bounds)))
    editor.resize(1600, 1000)
    editor.show()
    editor.view.zoom(-4)
    doc = editor.document
    labels = bounds.labels
    wall = {labels.from_offset(100, r): "" for r in range(bounds.height)}
    doc.map.set_cells(wall)  # the region left of column 100 is 100 x 100... see below
    region_start = labels.from_offset(0, 0)
    # 100 columns x 100 rows: close the region below with a second wall
    doc.map.set_cells({labels.from_offset(c, 100): "" for c in range(100)})
    rows = []

    def fill_it() -> None:
        fill(doc, region_start, "")

    def undo_it() -> None:
        doc.stack.undo()

    def redo_prep() -> None:
        if doc.stack.canRedo():
            doc.stack.redo()

    rows.append(
        (
            "fill 10,000 hexes",
            timed(lambda: None if not doc.stack.canUndo() else doc.stack.undo(), fill_it, app),
        )
    )
    rows.append(("undo that fill", timed(redo_prep, undo_it, app)))
    brush = editor.tools["Brush"]
    brush.size.setValue(2)
    editor.set_tool("Brush")
    centre = editor.scene.centre_of
    stroke = [labels.from_offset(150 + i, 120) for i in range(60)]

    def paint_stroke() -> None:
        brush.press(stroke[0], centre(stroke[0]), Qt.KeyboardModifier.NoModifier)
        for h in stroke[1:]:
            brush.move(h, centre(h), Qt.KeyboardModifier.NoModifier)
            app.processEvents()
        brush.release(stroke[-1], QPointF(centre(stroke[-1])), Qt.KeyboardModifier.NoModifier)

    stroke_ms = timed(
        lambda: None if not doc.stack.canUndo() else doc.stack.undo(), paint_stroke, app
    )
    rows.append(("brush dab (radius 2, 19 hexes) with repaint", stroke_ms / len(stroke)))
    rows.append(("brush stroke of 60 dabs, whole", stroke_ms))
    start = time.perf_counter()
    problems = doc.problems()
    rows.append(
        (f"check the whole map ({len(problems)} problems)", (time.perf_counter() - start) * 1000)
    )
    print(
        f"Map Editor on a {bounds.width}x{bounds.height} map "
        f"({bounds.width * bounds.height:,} hexes), median of {RUNS}"
    )
    print(f"{'operation':<48} {'ms':>8}")
    for name, ms in rows:
        print(f"{name:<48} {ms:>8.1f}")
    print(machine())


if __name__ == "__main__":
    main()
