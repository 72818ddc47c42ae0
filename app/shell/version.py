"""The version and source revision, as the window shows them; they live in
:mod:`core.files.version` because the command line and the campaign log need them too."""

from __future__ import annotations

from core.files.version import (
    VersionAction,
    application_version,
    source_revision,
    version_text,
)

__all__ = ["VersionAction", "application_version", "source_revision", "version_text"]
