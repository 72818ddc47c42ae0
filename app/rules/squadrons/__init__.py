"""The squadron game's own widgets: the design dialog and library, the jump board, the
system boards and the transit track, and the squadron sheet."""
