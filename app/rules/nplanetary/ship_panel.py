"""The Ship panel: the selected ship (or base, or outpost) with its class, strength,
fuel, hold and its three damage tracks drawn as boxes. Nothing in the rules hides what a
ship carries (ruling: holds are open to every player, sealed orders are not), so the
panel shows any ship's hold."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.play.wrapped import WrappedPanel
from app.rules.nplanetary.reading import Holder
from app.rules.nplanetary.tracks import DamageTracks


class ShipPanel(WrappedPanel):
    """Shows one :class:`Holder` as the player at the table may see it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("np_ship_panel")
        self.title = QLabel("No ship selected")
        self.title.setObjectName("np_ship_title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.info = QLabel("Click a ship, base or outpost on the map or in the ship list.")
        self.info.setObjectName("np_ship_info")
        self.info.setWordWrap(True)
        self.damage_title = QLabel("Damage")
        self.damage_title.setFont(font)
        self.tracks = DamageTracks()
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.info)
        layout.addWidget(self.damage_title)
        layout.addWidget(self.tracks)
        layout.addStretch(1)
        self.show_holder(None)

    def show_holder(self, holder: Holder | None) -> None:
        if holder is None:
            self.title.setText("No ship selected")
            self.info.setText("Click a ship, base or outpost on the map or in the ship list.")
            self.tracks.show_tracks(())
            self.damage_title.setVisible(False)
            return
        self.title.setText(f"{holder.name} — {holder.kind_name}, {holder.owner_name}")
        lines = [holder.where, holder.strength_words]
        lines.extend(holder.stock_lines())
        if holder.status:
            lines.append(holder.status)
        self.info.setText("\n".join(line for line in lines if line))
        self.damage_title.setVisible(bool(holder.tracks))
        self.tracks.show_tracks(holder.tracks)
