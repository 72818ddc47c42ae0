"""The New Campaign dialog: the New Game choices, plus the campaign's name and file.

The file is suggested in the default campaigns folder from the name, and follows the
name until the player picks a file themselves. How the campaign is played is chosen
here, once: *open* (at one table, or by mail sending the whole campaign, for games
without secrets or friends who trust each other) or *refereed* (the referee keeps this
file; each player receives a player file with only their side and sends back orders).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.campaign.paths import suggested_path
from app.folders import ask_save
from app.play.new_game import NewGameDialog
from app.play.systems import entries as ui_entries
from core.campaign import EXTENSION

CAMPAIGN_FILTER = f"Ecliptic campaigns (*{EXTENSION});;All files (*)"
OPEN_TIP = (
    "Everyone sees the whole campaign: play at one table, or by mail with "
    "File › Export for Mail. For games without secrets, or friends who trust each other."
)
#: the open way of play for a game whose secrets Export for Mail would give away (a
#: system with its own page: File › Export for Mail is off in its games)
OPEN_SECRETS_TIP = (
    "Everyone sees the whole campaign: play at one table, the hand-over screen keeping "
    "each side's view to itself. To play this game by mail, choose Refereed by mail: a "
    "copy of the whole campaign would show the other side's secrets."
)
REFEREED_TIP = (
    "You keep this file as the referee. Each player gets a player file holding only "
    "what they may see, gives orders in Ecliptic and mails back an order file; you "
    "import the orders, play the turn and send the next player files. Nobody but you "
    "sees hidden manifests, sealed orders or the dice."
)


class NewCampaignDialog(NewGameDialog):
    """Scenario, seats and seed as for a new game, and where the campaign is kept."""

    def __init__(self, parent: QWidget | None = None, scenario: Path | None = None) -> None:
        self._picked = False
        self.name_edit = QLineEdit()
        self.file_edit = QLineEdit()
        super().__init__(parent, scenario)
        self.setWindowTitle("New Campaign")
        self.setObjectName("new_campaign_dialog")
        self.name_edit.setObjectName("campaign_name")
        self.name_edit.setMaxLength(60)
        self.file_edit.setObjectName("campaign_file")
        self.file_edit.setToolTip("The campaign is kept in this one file, saved as you play")
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._choose_file)
        row = QHBoxLayout()
        row.addWidget(self.file_edit, 1)
        row.addWidget(browse)
        form = QFormLayout()
        form.addRow("Campaign &name:", self.name_edit)
        file_label = QLabel("&File:")
        file_label.setBuddy(self.file_edit)
        form.addRow(file_label, row)
        self.open_mode = QRadioButton("&Open: everyone sees the whole campaign")
        self.open_mode.setObjectName("mode_open")
        self.open_mode.setToolTip(OPEN_TIP)
        self.refereed_mode = QRadioButton(
            "&Refereed by mail: I keep the master, each player sees only their side"
        )
        self.refereed_mode.setObjectName("mode_refereed")
        self.refereed_mode.setToolTip(REFEREED_TIP)
        self.open_mode.setChecked(True)
        self.mode_note = QLabel(self._open_tip())
        self.mode_note.setObjectName("mode_note")
        self.mode_note.setWordWrap(True)
        self.mode_note.setStyleSheet("color: palette(placeholder-text);")
        self.refereed_mode.toggled.connect(self._mode_chosen)
        modes = QVBoxLayout()
        modes.setSpacing(2)
        modes.addWidget(self.open_mode)
        modes.addWidget(self.refereed_mode)
        modes.addWidget(self.mode_note)
        form.addRow("Play:", modes)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # NewGameDialog's
        layout.insertLayout(0, form)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Create")
        self.name_edit.textChanged.connect(self._name_changed)
        self.file_edit.textEdited.connect(self._file_edited)
        self._suggest_name()
        self._name_changed()

    def _mode_chosen(self, refereed: bool) -> None:
        """The note of the chosen way of play, with room for all its lines: a wrapped
        label's longer text does not make the dialog grow by itself."""
        note = self.mode_note
        note.setText(REFEREED_TIP if refereed else self._open_tip())
        note.setMinimumHeight(max(note.minimumHeight(), note.heightForWidth(note.width())))

    def _open_tip(self) -> str:
        """The open way of play's note for the scenario chosen (no Export for Mail in
        a game on its system's own page)."""
        scenario = getattr(self, "scenario", None)
        system = getattr(getattr(scenario, "rules", None), "system_id", "")
        entry = ui_entries().get(system)
        return OPEN_SECRETS_TIP if entry is not None and entry.own_page else OPEN_TIP

    def _scenario_changed(self) -> None:
        super()._scenario_changed()
        self._suggest_name()
        if hasattr(self, "mode_note"):
            self._mode_chosen(self.refereed_mode.isChecked())

    def _suggest_name(self) -> None:
        if not hasattr(self, "scenario") or self.scenario is None:
            return
        if not self.name_edit.isModified():
            self.name_edit.setText(f"{self.scenario.name} campaign")

    def _name_changed(self) -> None:
        if not self._picked:
            self.file_edit.setText(str(suggested_path(self.name_edit.text())))
        self._validate()

    def _file_edited(self) -> None:
        self._picked = True
        self._validate()

    def _choose_file(self) -> None:
        chosen, _ = ask_save(self, "Keep the Campaign In", self.file_edit.text(), CAMPAIGN_FILTER)
        filename = "" if chosen is None else str(chosen)
        if filename:
            if not filename.endswith(EXTENSION):
                filename += EXTENSION
            self._picked = True
            self.file_edit.setText(filename)
            self._validate()

    def _validate(self) -> None:
        super()._validate()
        if not hasattr(self, "file_edit") or not self.file_edit.text():
            return
        message = ""
        if not self.name_edit.text().strip():
            message = "The campaign needs a name."
        elif Path(self.file_edit.text()).exists():
            message = "That file already exists: choose another name or file."
        if message:
            self.problem.setText(message)
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)

    def campaign_file(self) -> Path:
        return Path(self.file_edit.text())

    def campaign_name(self) -> str:
        return self.name_edit.text().strip()

    def campaign_mode(self) -> str:
        """How the campaign is played: "open" or "refereed"."""
        return "refereed" if self.refereed_mode.isChecked() else "open"
