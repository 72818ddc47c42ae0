"""Playing a game in the window, for any rule system: the session, turn bar, generic docks, new
game."""
