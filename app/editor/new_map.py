"""The New Map dialog: name, size and hex orientation."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from core.board.hexgrid import Orientation
from core.board.starmap import Bounds, StarMap


class NewMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Map")
        form = QFormLayout(self)
        self.name = QLineEdit("New map")
        self.name.setObjectName("new_map_name")
        form.addRow("&Name", self.name)
        # not "width" and "height": those would hide the dialog's QWidget.width()/height()
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box, value, label in ((self.width_box, 40, "&Width"), (self.height_box, 30, "&Height")):
            box.setRange(1, 2000)
            box.setValue(value)
            box.setSuffix(" hexes")
            form.addRow(label, box)
        self.orientation = QComboBox()
        self.orientation.addItems(["Flat-topped hexes", "Pointy-topped hexes"])
        form.addRow("&Orientation", self.orientation)
        self.offset = QComboBox()
        self.offset.addItems(["Odd columns/rows shifted", "Even columns/rows shifted"])
        form.addRow("O&ffset", self.offset)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def starmap(self) -> StarMap:
        orientation = (
            Orientation.FLAT if self.orientation.currentIndex() == 0 else Orientation.POINTY
        )
        bounds = Bounds(
            self.width_box.value(),
            self.height_box.value(),
            orientation,
            self.offset.currentIndex() == 1,
        )
        return StarMap(self.name.text().strip() or "New map", bounds)
