"""Where the help's words live: Markdown files in ``resources/help/`` (How to Play and its
pictures, one Rules page per rule system, named by the system's id), plus any page a rule
system's interface declares in the SystemUI registry (:class:`app.play.systems.UIEntry`
``rules_page``), so a system installed as a package of its own brings its rules along.

Headings are found by the same names GitHub gives them, so ``docs/RULES-MAPPING.md`` links
to a section of a Rules page and the Help window can open the same section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from app.play.systems import entries
from core.files.resources import resource_path

HELP_DIR = resource_path("help")
HOW_TO_PLAY = HELP_DIR / "how-to-play.md"
RULES_DIR = HELP_DIR / "rules"


@dataclass(frozen=True)
class RulesPage:
    """One rule system's rules, in our words."""

    system_id: str
    title: str
    path: Path


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces
    turned into hyphens ("Orbit, landing and launch" -> "orbit-landing-and-launch")."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def title_of(path: Path) -> str:
    """The page's first top-level heading, else its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def headings(path: Path) -> list[str]:
    """The section headings of a Markdown page (levels 2 and 3), in order."""
    return [
        line.lstrip("#").strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("## ", "### "))
    ]


def rules_pages() -> list[RulesPage]:
    """Every rule system's Rules page: the shipped ones, then those the registry names."""
    pages = {p.stem: RulesPage(p.stem, title_of(p), p) for p in sorted(RULES_DIR.glob("*.md"))}
    for system_id, entry in entries().items():
        if entry.rules_page and system_id not in pages:
            path = Path(entry.rules_page)
            if path.is_file():
                pages[system_id] = RulesPage(system_id, title_of(path), path)
    return list(pages.values())
