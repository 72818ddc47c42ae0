"""``python -m core referee ...`` and ``python -m core orders check FILE``: play by mail
from the shell, for referees who script.

``referee mode CAMPAIGN [open|refereed]`` shows or sets how the campaign is played;
``referee status`` says whose orders the turn waits for and whose are in; ``referee
import CAMPAIGN FILE...`` checks and keeps order files (one line each: taken, or why
not); ``referee play`` plays the turn; ``referee export CAMPAIGN FOLDER`` writes the
player files. Neither leaves the game in a phase where the player it waits for has
nothing to do: such phases pass, logged with why, as in the referee's window
(:mod:`core.vector.idle`).
``orders check FILE`` says whether an order file is whole and, given the
campaign (``--campaign``, opened read-only), whether the referee would take it now.

Every problem is one line on stderr naming the file; the exit status is 1 when anything
was refused or could not be read, else 0.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from core.campaign.errors import CampaignError, said


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``referee`` and ``orders`` commands under ``python -m core``."""
    referee = commands.add_parser(
        "referee",
        help="a refereed campaign by mail: mode, status, import, play, export",
        description="The referee's side of a campaign played by mail with secrets kept.",
    )
    actions = referee.add_subparsers(dest="action", required=True, metavar="ACTION")
    mode = actions.add_parser("mode", help="show or set how the campaign is played")
    mode.add_argument("campaign", type=Path)
    mode.add_argument("mode", nargs="?", choices=("open", "refereed"))
    status = actions.add_parser("status", help="whose orders the turn waits for, whose are in")
    imp = actions.add_parser("import", help="check order files and keep them for the turn")
    play = actions.add_parser("play", help="play the turn with the orders kept")
    play.add_argument(
        "--without-missing",
        action="store_true",
        help="play even if some orders are missing: those players give none this turn",
    )
    export = actions.add_parser("export", help="write this turn's player files into FOLDER")
    imp.add_argument("campaign", type=Path)
    for parser in (status, play, export):
        parser.add_argument("campaign", type=Path)
        parser.add_argument(
            "--game", type=int, metavar="N", help="which game; default: the one in play"
        )
    imp.add_argument("files", type=Path, nargs="+", metavar="FILE")
    export.add_argument("folder", type=Path)
    orders = commands.add_parser(
        "orders",
        help="check an order file (.ecliptic-orders)",
        description="Whether an order file is whole, and whether a referee would take it.",
    )
    check = orders.add_subparsers(dest="action", required=True, metavar="ACTION")
    one = check.add_parser("check", help="is the order file whole; would the referee take it")
    one.add_argument("file", type=Path)
    one.add_argument("--campaign", type=Path, help="the referee's campaign to check it against")


def run(args: argparse.Namespace) -> int:
    """One action; a problem is one line on stderr and status 1."""
    try:
        if args.command == "orders":
            return _check(args.file, args.campaign)
        return _referee(args)
    except CampaignError as exc:
        print(exc, file=sys.stderr)
        return 1
    except Exception as exc:  # anything a damaged file causes that nothing else caught
        print(f"{getattr(args, 'campaign', None) or args.file}: {said(exc)}", file=sys.stderr)
        return 1


def _referee(args: argparse.Namespace) -> int:
    from core.campaign.mail import referee
    from core.campaign.store import CampaignFile

    read_only = args.action == "status" or (args.action == "mode" and args.mode is None)
    with CampaignFile.open(args.campaign, read_only=read_only) as campaign:
        if args.action == "mode":
            if args.mode is not None:
                for warning in referee.set_mode(campaign, args.mode):
                    print(f"{args.campaign}: warning: {warning}", file=sys.stderr)
            print(f"{args.campaign}: played {referee.mode_of(campaign)}")
            return 0
        game = referee.main_game(campaign) if getattr(args, "game", None) is None else args.game
        if args.action == "import":
            status = 0
            for path, why in referee.import_all(campaign, args.files):
                print(f"{path}: taken" if not why else f"{path}: refused: {why}")
                status = status or (1 if why else 0)
            return status
        if args.action == "play":
            events = referee.play_turn(campaign, game, without_missing=args.without_missing)
            for event in events:
                print(event.text)
        elif args.action == "export":
            for path in referee.export_player_files(campaign, args.folder, game):
                print(path)
        box = referee.inbox(campaign, game)
        print(_status(box))
    return 0


def _status(box: object) -> str:
    from core.campaign.mail.referee import Inbox

    assert isinstance(box, Inbox)
    names = box.names
    waits = ", ".join(
        f"{names[p]} ({'in' if p in box.received else 'missing'})" for p in box.expected
    )
    return f"game {box.game_id}, turn {box.turn} (round {box.round}, {box.phase}): " + (
        f"orders from {waits}" if waits else "nobody's orders awaited (the game is over)"
    )


def _check(path: Path, campaign_path: Path | None) -> int:
    from core.campaign.mail import files, referee
    from core.campaign.store import CampaignFile

    if campaign_path is None:
        of = files.read_order_file(path)
    else:
        with CampaignFile.open(campaign_path, read_only=True) as campaign:
            of = referee.check_order_file(campaign, path)
    said_ok = "would be taken" if campaign_path is not None else "is whole"
    print(
        f"{path}: {said_ok}: {of.player}'s orders for turn {of.turn} (round {of.round}, "
        f"{of.phase}) of game {of.game}, {len(of.orders)} orders, made with {of.program}"
    )
    return 0
