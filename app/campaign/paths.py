"""Where campaigns live by default, and the index of recently opened campaigns.

New campaigns are offered in ``<Documents>/Ecliptic Campaigns`` (platformdirs' user
documents folder). The recent-campaigns index is ``recent-campaigns.json`` in
platformdirs' user data folder for Ecliptic. Maps checked once are cached in its user
cache folder (:mod:`core.files.mapcache`). ``ECLIPTIC_DATA_DIR``, when set, replaces all three
folders' root (tests use it; so can a portable install). ``platformdirs`` and
``datetime`` are imported where they are used: a start that finds the map cache through
``ECLIPTIC_DATA_DIR``, or a render, needs neither.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from core.campaign import EXTENSION

MAX_RECENT = 10


def data_dir() -> Path:
    override = os.environ.get("ECLIPTIC_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_data_path("Ecliptic", appauthor=False)


def map_cache_dir() -> Path:
    """Where maps that opened cleanly are kept pre-checked, for a fast start."""
    override = os.environ.get("ECLIPTIC_DATA_DIR")
    if override:
        return Path(override) / "cache" / "maps"
    import platformdirs

    return platformdirs.user_cache_path("Ecliptic", appauthor=False) / "maps"


def default_folder() -> Path:
    override = os.environ.get("ECLIPTIC_DATA_DIR")
    if override:
        return Path(override) / "Campaigns"
    import platformdirs

    return platformdirs.user_documents_path() / "Ecliptic Campaigns"


def suggested_path(name: str, folder: Path | None = None) -> Path:
    """A file for a new campaign called ``name`` that does not exist yet."""
    folder = folder or default_folder()
    stem = re.sub(r"[^\w\- ]+", "", name).strip() or "Campaign"
    path = folder / f"{stem}{EXTENSION}"
    n = 2
    while path.exists():
        path = folder / f"{stem} {n}{EXTENSION}"
        n += 1
    return path


def _index() -> Path:
    return data_dir() / "recent-campaigns.json"


def recent_campaigns() -> list[dict[str, str]]:
    """Most recent first: ``{"path", "name", "opened"}``. A damaged index reads as
    empty (it is only a convenience; the campaigns themselves are untouched)."""
    try:
        data = json.loads(_index().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [
        {k: str(v) for k, v in item.items()}
        for item in data
        if isinstance(item, dict) and "path" in item
    ]


def remember_campaign(path: Path, name: str) -> None:
    from datetime import UTC, datetime

    entry = {
        "path": str(path.resolve()),
        "name": name,
        "opened": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    items = [entry] + [i for i in recent_campaigns() if i["path"] != entry["path"]]
    _write(items[:MAX_RECENT])


def forget_campaign(path: str) -> None:
    _write([i for i in recent_campaigns() if i["path"] != path])


def _write(items: list[dict[str, str]]) -> None:
    index = _index()
    index.parent.mkdir(parents=True, exist_ok=True)
    temp = index.with_name(index.name + ".new")
    temp.write_text(json.dumps(items, indent=1), encoding="utf-8")
    os.replace(temp, index)
