"""The main window's campaign side: New Campaign, opening a campaign file (read-only
when another Ecliptic has it), Save a Copy As, Export for Mail, the campaign browser
and the replay view. Nothing needs saving: every command is stored as it is given.

A mixin for the main window (:mod:`app.shell.main_window`), kept apart so the window stays
about the map and the game; the window's parts it uses are declared in
:mod:`app.shell.host`.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QMessageBox

from app.campaign.paths import default_folder, forget_campaign, recent_campaigns
from app.campaign.paths import remember_campaign as remember
from app.campaign.reading import EVERYTHING
from app.campaign.replay import Replay, ReplayBar
from app.folders import ask_save
from app.shell.host import WindowHost
from core.campaign import EXTENSION, CampaignError, CampaignInUse, NotWritable
from core.campaign.errors import as_campaign_error
from core.engine.errors import IllegalCommand
from core.engine.gcpause import gc_paused

if TYPE_CHECKING:
    from app.campaign.trouble import SealWatch
    from app.play.systems import Outfits
    from core.campaign import CampaignFile, GameRecord
    from core.engine.events import Event
    from core.scenario.document import Scenario, Seat
    from core.vector.state import GameState, Player


#: the Campaign dock is widened to its natural width when first shown narrower than this
LEGIBLE_WIDTH = 200
READABLE_WIDTH = 330  # the Campaign dock's entries with their player and bookmark beside

#: the words a reason about the file itself begins with ("is cut off"), where others
#: name their part ("log entry 12 holds no command")
VERBS = {"is", "has", "was", "fails", "lacks", "cannot", "holds"}


def waiting_players(state: GameState) -> list[Player]:
    """Who the game waits for (nobody once it is over). The engine is imported here: it
    loads with the first game, not with the window."""
    from core.engine.play import waiting_for

    return [] if state.over else waiting_for(state)


class CampaignWindow(WindowHost):
    """Campaign actions of the main window (see the module's docstring)."""

    seal_watch: SealWatch | None
    replay_bar: ReplayBar

    def _init_campaign(self) -> None:
        self.campaign = None
        self.record = None
        self.seal_watch = None
        self.replay_bar = ReplayBar(self)
        self.replay_bar.closed.connect(self.leave_replay)

    def _init_campaign_browser(self) -> None:
        """The Campaign dock's browser, made with the window's game panels (a plain
        start makes them just after its first frame; the dock is hidden till then)."""
        from app.campaign.browser import CampaignBrowser

        self.browser = CampaignBrowser()
        self.browser.view_entry.connect(self.replay_at)
        self.browser.restore_entry.connect(self.restore_entry)
        self.browser.reader = self.dock_reader
        self.browser.reach = self.restore_refused
        self.browser.refused.connect(self._refused)
        self.replay_bar.moved.connect(self.browser.select_entry)

    def dock_reader(self) -> str | None:
        """Who reads the Campaign dock (see :mod:`app.campaign.reading`): the referee's
        master reads everything; the player at the table (or seated when a replay
        began) their own view; an onlooker, a seat being handed over or a game over
        what every player may read."""
        page = getattr(self, "own_page", None)
        if page is not None:  # a game with its own page (the squadron game)
            if page.session.sees_all:  # the referee's master
                return EVERYTHING
            seat = page.session.seat()
            seated = not page.session.read_only and seat is not None and page.seated()
            return seat.id if seated else None
        session = self.session
        if session is None or session.read_only:
            return None
        if session.sees_all:
            return EVERYTHING
        if self.stack.currentWidget() is getattr(self, "hand_over", None):
            return None
        who = session.shown_to()
        return who.id if who is not None else None

    # ---- creating and opening

    def new_campaign(self, scenario: Path | None = None) -> bool:
        """Ask for a scenario, players and a file, create the campaign and start it."""
        from app.campaign.new_campaign import NewCampaignDialog  # with its scenario checks

        dialog = NewCampaignDialog(self, scenario)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        chosen = dialog.result_game()
        if chosen is None:
            return False
        return self.create_campaign(
            dialog.campaign_file(),
            dialog.campaign_name(),
            *chosen,
            outfits=dialog.outfits(),
            mode=dialog.campaign_mode(),
        )

    def create_campaign(
        self,
        path: Path,
        name: str,
        scenario: Scenario,
        seats: list[Seat],
        seed: int,
        outfits: Outfits | None = None,
        mode: str = "open",
    ) -> bool:
        """Start ``scenario`` kept in a new campaign file, played ``mode`` ("open" or
        "refereed", see :mod:`core.campaign.mail.referee`)."""
        if not self.close_game():
            return False
        from core.campaign import CampaignFile  # the database layer loads on first use

        try:
            state, events = scenario.start(seats, seed, outfits=outfits)
            campaign = CampaignFile.create(
                path, name, state, title=scenario.name, scenario=scenario.id, events=events
            )
            if mode != "open":
                from core.campaign.mail.referee import set_mode

                set_mode(campaign, mode)
        except IllegalCommand as exc:
            QMessageBox.warning(self, "Cannot start the campaign", str(exc))
            return False
        except (CampaignError, OSError) as exc:
            QMessageBox.warning(self, "Cannot create the campaign", str(exc))
            return False
        # the start's events (the first-player roll) go to the event and dice logs
        return self._play_campaign(campaign, events)

    def open_campaign(self, path: Path, *, read_only: bool = False, why: str = "") -> bool:
        """Open a campaign file and go on where it stands. A file that cannot be used is
        explained and left untouched, whatever went wrong; one open elsewhere may be
        opened read-only; one that cannot be written where it is opens read-only, saying
        ``why``, with an offer to save a copy and play that."""
        if not self.close_game():
            return False
        try:
            with gc_paused():
                from core.campaign import CampaignFile  # the database layer: on first use

                campaign = CampaignFile.open(path, read_only=read_only)
        except NotWritable as exc:
            return self.open_campaign(path, read_only=True, why=exc.why)
        except CampaignInUse as exc:
            answer = QMessageBox.question(
                self,
                "Campaign in use",
                f"{path.name} {exc.reason}.\n\nOpen it read-only? You can look at it and "
                "replay it, but not play on.",
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Open:
                return False
            return self.open_campaign(path, read_only=True)
        except Exception as exc:  # whatever else a file can cause
            self._campaign_problem(path, as_campaign_error(path, exc))
            return False
        with gc_paused():  # replaying, the log, the docks: objects that all stay
            if not self._play_campaign(campaign):
                return False
        if why:
            self._read_only_notice(campaign.path, why)
        return True

    def _play_campaign(self, campaign: CampaignFile, events: Sequence[Event] = ()) -> bool:
        """Show the campaign's game; ``events`` are the start's (a new campaign's
        first-player roll) for the event and dice logs."""
        try:
            record = self._game_to_play(campaign)
        except Exception as exc:  # the file's damage, in words (see as_campaign_error)
            campaign.close()
            self._campaign_problem(campaign.path, as_campaign_error(campaign.path, exc))
            return False
        self.campaign, self.record = campaign, record
        try:
            shown = self.play(
                record.state,
                list(events),
                record.title,
                record=record,
                read_only=campaign.read_only,
            )
            if shown:
                self._opened(campaign, record)
        except Exception as exc:  # a state the game's side cannot show
            self.close_game()
            self.close_campaign()
            self._campaign_problem(campaign.path, as_campaign_error(campaign.path, exc))
            return False
        if not shown:
            campaign.close()
            self.campaign = self.record = None
        return shown

    def _show_campaign_dock(self) -> None:
        """Show the Campaign dock wide enough to read: first shown alone in its column
        (no Referee dock below it), Qt gives it only its smallest width, a sliver. Widened
        again once the events in hand are done: a new campaign's start lays the docks out
        anew after this and would leave the sliver."""
        self.docks["campaign"].show()
        self._widen_campaign_dock()
        QTimer.singleShot(0, self._widen_campaign_dock)

    def _widen_campaign_dock(self) -> None:
        dock = self.docks["campaign"]
        wanted = max(dock.sizeHint().width(), min(READABLE_WIDTH, self.width() // 4))
        if dock.isVisible() and dock.width() < min(wanted, LEGIBLE_WIDTH):
            self.resizeDocks([dock], [wanted], Qt.Orientation.Horizontal)

    def _opened(self, campaign: CampaignFile, record: GameRecord) -> None:
        """The campaign's game is on screen: its browser, the seal check, what to say."""
        self.browser.show_campaign(campaign, record)
        self.referee_opened()
        self._watch_seals(campaign)
        self._show_campaign_dock()
        name = campaign.name()
        with suppress(OSError):  # the recent-campaigns index is only a convenience
            remember(campaign.path, name)
        self._fill_recent_menu()
        notes = []
        if campaign.backup is not None:
            notes.append(
                f"upgraded to the current format; the old file is kept as {campaign.backup.name}"
            )
        mailed = campaign.meta("mailed_to")
        if mailed:
            notes.append(f"mailed for {mailed} after round {campaign.meta('mailed_round')}")
        if campaign.read_only:
            notes.append("read-only")
        if self.refereed():
            notes.append("refereed: the Referee dock exports player files and imports orders")
        if record.warnings:
            notes.append("a damaged snapshot was passed over; rebuilt from an earlier point")
            self._rebuilt_warning(campaign.path.name, record.warnings)
        record.on_warnings = lambda new: self._rebuilt_later(record, new)
        self.status_label.setText(
            f"Opened {campaign.path.name}" + (f": {'; '.join(notes)}" if notes else "")
        )

    def _game_to_play(self, campaign: CampaignFile) -> GameRecord:
        """The game play goes on in: the last unfinished one (else the last not fought
        inside another). A battle the map cannot show (one a rule system resolves in a
        dialog of its own) is fought from the window of the game it was opened in."""
        from core.campaign import GameRecord
        from core.vector.state import GameState

        games = campaign.games()
        if not games:
            raise CampaignError(campaign.path, "holds no game")
        unfinished = [g for g in games if g.result is None]
        own = [g for g in games if g.parent_id is None]  # all over: the last of its own
        record = GameRecord(campaign, (unfinished or own or games)[-1].id)
        while not isinstance(record.state, GameState) and record.parent is not None:
            record = GameRecord(campaign, record.parent)
        return record

    def _watch_seals(self, campaign: CampaignFile) -> None:
        """Check the log's seals in the background, now that the map is on screen."""
        from app.campaign.trouble import SealWatch

        self.seal_watch = SealWatch(campaign, self)
        self.seal_watch.finished.connect(self._seals_checked)
        self.seal_watch.start()

    def _seals_checked(self, problems: list[str]) -> None:
        if not problems or self.campaign is None:
            return
        from app.campaign.trouble import seal_warning

        seal_warning(self, self.campaign.path.name, problems)
        self.status_label.setText(f"Warning: {problems[0]}")

    def _rebuilt_later(self, record: GameRecord, warnings: list[str]) -> None:
        """A damaged snapshot first met after the open (undo, the replay view): told as
        on opening, once (the record warns of each snapshot once)."""
        if self.campaign is None or self.record is not record:
            return
        self._rebuilt_warning(self.campaign.path.name, warnings)

    def _rebuilt_warning(self, name: str, warnings: list[str]) -> None:
        from app.campaign.trouble import rebuilt_warning

        rebuilt_warning(self, name, warnings)

    def _read_only_notice(self, path: Path, why: str) -> None:
        from app.campaign.trouble import read_only_notice

        _box, button = read_only_notice(self, path.name, why)
        button.clicked.connect(self.play_a_copy)
        self.status_label.setText(f"Opened {path.name} read-only: it cannot be written there")

    def play_a_copy(self) -> bool:
        """Save a copy of the campaign on show where one can write, and play the copy."""
        if self.campaign is None:
            return False
        name = f"{self.campaign.path.stem} copy{EXTENSION}"
        # the campaigns folder, not the last one used: that may be the read-only one
        target, _ = ask_save(self, "Save a Copy As", default_folder() / name, campaign_filter())
        if target is None:
            return False
        if target.suffix != EXTENSION:
            target = target.with_name(target.name + EXTENSION)
        return self.copy_to(target) and self.open_campaign(target)

    def _campaign_problem(self, path: Path, exc: CampaignError) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Cannot open campaign",
            f"{path.name} could not be opened.",
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("campaign_problem_box")
        reason = exc.reason
        if reason.split(" ", 1)[0] in VERBS:  # "is cut off": about the file itself
            reason = f"it {reason}"
        box.setInformativeText(
            f"{reason[:1].upper()}{reason[1:]}.\n\nThe file has not been changed."
        )
        box.open()
        self.status_label.setText(f"Could not open {path.name}: {reason}")

    def close_campaign(self) -> None:
        """Close the campaign file (called once its game is off the screen)."""
        if self.seal_watch is not None:
            self.seal_watch.stop()
            self.seal_watch.deleteLater()
            self.seal_watch = None
        self.replay_bar.set_replay(None)
        self.browser.show_campaign(None, None)
        self.docks["referee"].hide()
        self.docks["campaign"].hide()  # a quick game next has no campaign to show
        self.player_file = None
        if self.campaign is not None:
            self.campaign.close()
        self.campaign = self.record = None

    # ---- copies

    def save_copy_as(self) -> bool:
        if self.campaign is None:
            return False
        start = str(self.campaign.path.with_name(f"{self.campaign.path.stem} copy{EXTENSION}"))
        filename, _ = ask_save(self, "Save a Copy As", start, campaign_filter())
        if filename is None:
            return False
        return self.copy_to(filename)

    def copy_to(self, target: Path, meta: dict[str, str] | None = None) -> bool:
        assert self.campaign is not None
        if target.suffix != EXTENSION:
            target = target.with_name(target.name + EXTENSION)
        try:
            self.campaign.save_copy(target, meta=meta)
        except (CampaignError, OSError) as exc:
            QMessageBox.warning(self, "Cannot save the copy", str(exc))
            return False
        self.status_label.setText(f"Copy saved as {target}")
        return True

    def mail_file_name(self) -> Path:
        assert self.campaign is not None and self.session is not None
        state = self.session.live
        waiting = waiting_players(state)
        who = waiting[0].name if waiting else "everyone"
        name = f"{self.campaign.path.stem} - round {state.round} - for {who}{EXTENSION}"
        return self.campaign.path.with_name(name)

    def export_for_mail(self) -> bool:
        """A copy to send to the next player: they open it, play and send it back."""
        if self.campaign is None or self.session is None:
            return False
        if self.refereed():
            QMessageBox.warning(
                self,
                "Export for Mail",
                "This campaign is refereed: a copy of it would show a player every secret. "
                "Send each player their player file instead (Referee dock).",
            )
            return False
        filename, _ = ask_save(self, "Export for Mail", self.mail_file_name(), campaign_filter())
        if filename is None:
            return False
        return self.export_mail_to(filename)

    def export_mail_to(self, target: Path) -> bool:
        assert self.session is not None
        state = self.session.live
        waiting = waiting_players(state)
        meta = {
            "mailed_to": ", ".join(p.name for p in waiting) or "everyone",
            "mailed_round": str(state.round),
        }
        return self.copy_to(target, meta)

    # ---- history

    def redo(self) -> None:
        if self.redo_own():  # a game on its system's own page redoes there
            return
        if self.session is not None and self.session.redo():
            self.status_label.setText("Redone")
            self.browser.schedule_refresh()

    def restore_refused(self, entry: int | None) -> str:
        """Why the Campaign dock may not go on from ``entry`` now ("" when it may)."""
        return self.session.restore_refused(entry) if self.session is not None else ""

    def restore_entry(self, entry: int | None) -> None:
        if self.session is None:
            return
        self.replay_bar.set_replay(None)
        if self.session.restore(entry):
            self.status_label.setText("Play goes on from there; what came after is kept")
            self.browser.schedule_refresh()

    def replay_at(self, entry: int | None) -> None:
        """Show the map as it was after a log entry, with the replay bar."""
        if self.session is None or self.record is None:
            return
        self.stack.setCurrentWidget(self.map_view)
        try:
            replay = Replay(self.session, self.record, entry)
        except CampaignError as exc:
            QMessageBox.warning(self, "Cannot replay", str(exc))
            return
        self.replay_bar.set_replay(replay)
        self._update_game_actions()

    def toggle_replay(self) -> None:
        if self.toggle_own_replay():  # a game on its system's own page replays there
            return
        if self.session is None or self.record is None:
            return
        if self.session.replaying:
            self.leave_replay()
        else:
            self.replay_at(self.record.head)

    def leave_replay(self) -> None:
        self.replay_bar.set_replay(None)
        if self.session is not None and self.session.replaying:
            self.session.view(None)
        self._update_game_actions()

    # ---- recent campaigns

    def recent_campaign_paths(self) -> list[dict[str, str]]:
        return recent_campaigns()

    def open_recent_campaign(self, name: str) -> None:
        path = Path(name)
        if not path.exists():
            QMessageBox.warning(self, "Open Recent", f"{name} no longer exists.")
            forget_campaign(name)
            self._fill_recent_menu()
            return
        self.open_campaign(path)


def campaign_filter() -> str:
    """The file dialogs' filter for campaigns (from the New Campaign dialog's module,
    loaded only when a file dialog opens: it brings the scenario checks with it)."""
    from app.campaign.new_campaign import CAMPAIGN_FILTER

    return CAMPAIGN_FILTER
