"""The editor's tools, one small class each (see :mod:`app.editor.tools.base`)."""
