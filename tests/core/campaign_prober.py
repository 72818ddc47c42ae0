"""A second Ecliptic for the one-writer test: tries to open campaigns for writing.

python -m tests.core.campaign_prober
    Print ``ready``; then for every ``write PATH`` line on stdin try to open PATH for
    playing and print one line: ``refused KIND MESSAGE`` (KIND the error's class) or
    ``opened`` (the campaign was let in; it is closed again at once, unchanged).
    The end of stdin stops it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from core.campaign import CampaignError, CampaignFile


def probe(path: Path) -> str:
    try:
        CampaignFile.open(path).close()
    except CampaignError as exc:
        return f"refused {type(exc).__name__} {exc}"
    return "opened"


def main() -> None:
    print("ready", flush=True)
    for line in sys.stdin:
        word, _, rest = line.rstrip("\n").partition(" ")
        if word != "write":
            break
        print(probe(Path(rest)), flush=True)


if __name__ == "__main__":
    main()
