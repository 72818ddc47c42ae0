"""The game in the window: a hot-seat session, the course plotter, docks and dialogs."""
