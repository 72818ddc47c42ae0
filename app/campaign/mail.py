"""The main window's play by mail with secrets kept (a refereed campaign).

The player's side: opening a player file shows their side of the game and nothing
else (:class:`app.play.orders.OrderSession`); they give orders and save the order file
(the primary button, Ctrl+Enter, or File › Save Order File…). The referee's side: the
master campaign opens with the Referee dock (:mod:`app.campaign.referee`) and shows
everything, read-only (play goes on only by the players' order files); the referee
imports order files (refusals say why and change nothing), plays the turn and writes
the next player files in one step. The rules of it are :mod:`core.campaign.mail`'s.

A mixin for the main window (:mod:`app.shell.main_window`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMessageBox

from app.folders import ask_save, remember, start_at
from app.play.systems import MailPage, round_word
from app.shell.host import WindowHost

if TYPE_CHECKING:
    from app.campaign.referee import RefereePanel

PLAYER_FILTER = "Ecliptic player files (*.ecliptic-player);;All files (*)"
ORDERS_FILTER = "Ecliptic order files (*.ecliptic-orders);;All files (*)"
FOLDER_KEY = "mail/folders"
REFEREE_WHY = "a refereed campaign moves on only by the players' order files (Referee dock)"


class MailWindow(WindowHost):
    """Play by mail of the main window (see the module's docstring)."""

    referee_panel: RefereePanel

    def _init_mail(self) -> None:
        self.player_file = None
        dock = QDockWidget("Referee", self)
        dock.setObjectName("referee_dock")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.docks["referee"] = dock
        dock.hide()

    def _init_referee_panel(self) -> None:
        """The Referee dock's panel, made with the window's game panels (a plain start
        makes them just after its first frame; the dock is hidden till then)."""
        from app.campaign.referee import RefereePanel

        self.referee_panel = RefereePanel()
        self.referee_panel.import_asked.connect(lambda: self.import_order_files())
        self.referee_panel.play_asked.connect(lambda: self.play_turn_and_export())
        self.referee_panel.export_asked.connect(lambda: self.export_player_files())
        self.referee_panel.folder_asked.connect(lambda: self.choose_mail_folder())
        self.docks["referee"].setWidget(self.referee_panel)

    # ---- the player's side

    def open_player_file(self, path: Path) -> bool:
        """Show a player file: the player's side of the game, for their orders."""
        from core.campaign.mail.files import MailFileError, read_player_file

        if self.session is not None and not self.close_game():
            return False
        try:
            mail = read_player_file(path)
        except MailFileError as exc:
            self._mail_problem(path, exc.reason)
            return False
        shown = self.play(mail.view, [], mail.title, mail=mail)
        if not shown:
            return False
        self.player_file = path
        self._remember(path)  # Open Recent, with the maps and scenarios
        self.setWindowTitle(f"{mail.title}: {mail.name}'s side, turn {mail.turn} — Ecliptic")
        if mail.expected:
            self.status_label.setText(
                f"{mail.name}'s player file, turn {mail.turn}: give your orders, then "
                "Save Order File (Ctrl+Enter) and mail it to the referee"
            )
        else:
            why = "the referee waits for nobody's orders from you this turn"
            page = self.own_page
            if isinstance(page, MailPage):  # a game on its system's own page says it there
                page.read_only_why = why
                page.refresh()
            elif page is None:
                assert self.session is not None
                self.session.read_only_why = why
            self.status_label.setText(
                f"{mail.name}'s player file, turn {mail.turn}: nothing to order this turn"
            )
            self._game_changed()
        return True

    def save_order_file(self) -> bool:
        """Save the orders given as the order file for the referee (asks where)."""
        from app.play.orders import OrderSession
        from core.campaign.mail.files import order_file_name
        from core.campaign.mail.player import save_orders
        from core.engine.errors import IllegalCommand

        session = self.session
        page = self.own_page
        if isinstance(page, MailPage) and page.mail is not None:
            if not page.primary_enabled():  # a game on its own page (the squadron game)
                return False
            mail, orders, saved = page.mail, page.mail_orders(), page.orders_saved
        elif isinstance(session, OrderSession) and not session.read_only:
            mail, orders = session.mail, session.orders()

            def saved() -> None:
                session.saved = orders

        else:
            return False
        folder = self.player_file.parent if self.player_file is not None else Path()
        suggested = folder / order_file_name(mail)
        target, _ = ask_save(self, "Save Order File", suggested, ORDERS_FILTER)
        if target is None:
            return False
        if not target.name.endswith(".ecliptic-orders"):
            target = target.with_name(target.name + ".ecliptic-orders")
        try:  # checked on the view again, the phase's end added, written whole
            written = save_orders(mail, orders, target.parent)
            if written != target:
                written.replace(target)
        except (IllegalCommand, OSError) as exc:
            QMessageBox.warning(self, "Cannot save the order file", str(exc))
            return False
        saved()
        count = len(orders)
        self.status_label.setText(
            f"{count} order{'s' if count != 1 else ''} saved to {target.name}: mail it to the "
            "referee (orders changed later need a new order file)"
        )
        return True

    # ---- the referee's side

    def refereed(self) -> bool:
        """Whether the campaign on show is refereed (this window is the referee's)."""
        if self.campaign is None:
            return False
        from core.campaign.mail.referee import REFEREED, mode_of

        return mode_of(self.campaign) == REFEREED

    def referee_opened(self) -> None:
        """A campaign is on show: a refereed one shows all, moves only by order files,
        and gets the Referee dock."""
        dock = self.docks["referee"]
        page = self.own_page
        if not self.refereed() or (self.session is None and page is None):
            dock.hide()
            self.referee_panel.show_inbox(None)
            return
        if page is not None:  # a game on its system's own page shows all there
            if isinstance(page, MailPage):
                page.referee(REFEREE_WHY)
            dock.show()
            dock.raise_()
            self.refresh_referee()
            return
        assert self.session is not None
        self.session.sees_all = True
        if not self.session.read_only:
            self.session.read_only = True
            self.session.read_only_why = REFEREE_WHY
        self.take_seat()  # nobody sits at the referee's table: the map, not the hand-over
        self._game_changed()
        mover = self.session.shown_player()
        ships = [s for s in self.session.live.ships if mover and s.owner == mover.id]
        if ships:  # the map where the turn's player is
            self.map_view.centre_on_hex(ships[0].motion.position)
        dock.show()
        dock.raise_()
        self.refresh_referee()

    def refresh_referee(self) -> None:
        if not self.refereed() or self.campaign is None:
            self.referee_panel.show_inbox(None)
            return
        from core.campaign.mail.referee import inbox

        box = inbox(self.campaign)
        page = self.own_page
        over = page.over() if page is not None else bool(self.session and self.session.live.over)
        word = round_word(self.record.start if self.record is not None else None)
        self.referee_panel.show_inbox(box, "over" if over else "", self.mail_folder(), word)

    def mail_folder(self) -> Path:
        """Where this campaign's player files go: the folder last chosen for it, else
        one beside the campaign file."""
        assert self.campaign is not None
        chosen = self._folders().get(str(self.campaign.path))
        if chosen:
            return Path(chosen)
        return self.campaign.path.with_name(f"{self.campaign.path.stem} files")

    def _folders(self) -> dict[str, str]:
        value = self.settings.value(FOLDER_KEY, {})
        return dict(value) if isinstance(value, dict) else {}

    def choose_mail_folder(self) -> Path | None:
        """Ask where the player files go, starting at the campaign's mail folder."""
        if self.campaign is None:
            return None
        start = self.mail_folder()
        start.mkdir(parents=True, exist_ok=True)
        name = QFileDialog.getExistingDirectory(
            self,
            "Player Files Go To",
            start_at(start),
        )
        if not name:
            return None
        folder = Path(name)
        folders = self._folders()
        folders[str(self.campaign.path)] = str(folder)
        self.settings.setValue(FOLDER_KEY, folders)
        self.refresh_referee()
        return folder

    def export_player_files(self, folder: Path | None = None) -> list[Path]:
        """Write this turn's player file of every player (asks where)."""
        if not self.refereed() or self.campaign is None:
            return []
        from core.campaign.errors import CampaignError
        from core.campaign.mail.referee import export_player_files

        folder = folder or self.mail_folder()
        try:
            written = export_player_files(self.campaign, folder)
        except (CampaignError, OSError) as exc:
            QMessageBox.warning(self, "Cannot export the player files", str(exc))
            return []
        self.status_label.setText(
            f"{len(written)} player files written to {folder}: mail each player theirs "
            "(each holds only that player's side)"
        )
        self.refresh_referee()
        return written

    def import_order_files(self, paths: list[Path] | None = None) -> bool:
        """Check order files and keep those the game takes; say why for the others."""
        if not self.refereed() or self.campaign is None:
            return False
        from core.campaign.mail.referee import import_all

        if paths is None:
            names, _ = QFileDialog.getOpenFileNames(
                self,
                "Import Order Files",
                start_at(self.mail_folder()),
                ORDERS_FILTER,
            )
            if not names:
                return False
            paths = [Path(n) for n in names]
            remember(paths[0])
        results = import_all(self.campaign, paths)
        self.refresh_referee()
        taken = [p for p, why in results if not why]
        refused = [(p, why) for p, why in results if why]
        if taken:
            self.status_label.setText(
                f"Imported {', '.join(p.name for p in taken)}. "
                f"{self.referee_panel.heading.text().split('. ', 1)[-1]}"
            )
        if refused:
            self._refusals(refused)
        return bool(taken) and not refused

    def _refusals(self, refused: list[tuple[Path, str]]) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Order files refused",
            "These order files were not taken; the campaign has not been changed:",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("orders_refused_box")
        box.setInformativeText("\n".join(f"• {p.name} {why}." for p, why in refused))
        box.open()
        self.status_label.setText(f"Refused: {refused[0][0].name} {refused[0][1]}")

    def play_turn_and_export(self, folder: Path | None = None) -> bool:
        """Play the turn with the orders in, then write the next player files."""
        if not self.refereed() or self.campaign is None:
            return False
        from core.campaign.errors import CampaignError
        from core.campaign.mail.referee import inbox, play_turn

        box = inbox(self.campaign)
        missing = [box.names[p] for p in box.missing]
        if missing:
            answer = QMessageBox.question(
                self,
                "Orders Missing",
                f"No orders from {', '.join(missing)} yet. Play the turn without them? "
                "Their ships then coast, and they do nothing else this turn.",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        folder = folder or self.mail_folder()
        path = self.campaign.path
        try:
            play_turn(self.campaign, without_missing=bool(missing))
        except CampaignError as exc:
            QMessageBox.warning(self, "Cannot play the turn", str(exc))
            return False
        # the master moved on outside the window's session: show it afresh
        if not self.open_campaign(path):
            return False
        written = self.export_player_files(folder)
        return bool(written)

    def open_order_file(self, path: Path) -> bool:
        """An order file opened (or double-clicked): imported into the referee's
        campaign on show; else, if a recent campaign is the one it names, the referee
        is offered to open that and import it; else explained."""
        if self.refereed():
            return self.import_order_files([path])
        found = self._campaign_of_orders(path)
        if found is not None:
            where, title = found
            answer = QMessageBox.question(
                self,
                "Open the Campaign?",
                f"{path.name} holds orders for {title} ({where.name}). Open that "
                "campaign and import them?",
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Open,
            )
            if answer != QMessageBox.StandardButton.Open:
                return False
            if not self.open_campaign(where) or not self.refereed():
                return False
            return self.import_order_files([path])
        self._mail_problem(
            path,
            "order files are for the referee: open the refereed campaign first, then "
            "import it (Referee dock, Import Order Files)",
        )
        return False

    def _campaign_of_orders(self, path: Path) -> tuple[Path, str] | None:
        """The recent campaign (file, name) the order file at ``path`` is for, if any
        (a file that cannot be read here is explained on import, not now)."""
        from app.campaign.paths import recent_campaigns
        from core.campaign import CampaignFile
        from core.campaign.mail.files import MailFileError, read_order_file
        from core.campaign.mail.master import mail_id

        try:
            wanted = read_order_file(path).game.partition(":")[0]
        except MailFileError:
            return None
        for item in recent_campaigns():
            where = Path(item["path"])
            try:
                with CampaignFile.open(where, read_only=True) as campaign:
                    if mail_id(campaign) == wanted:
                        return where, campaign.name()
            except Exception:  # a moved or damaged campaign: not this one
                continue
        return None

    def _mail_problem(self, path: Path, reason: str) -> None:
        """Why a player or order file cannot be used, as for any file that cannot be
        opened (the file is left as it is)."""
        from core.board.problems import FileProblems, Problem

        self.show_problems(path, FileProblems([Problem(reason)]))
