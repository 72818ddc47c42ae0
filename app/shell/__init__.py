"""The main window, its menus and the actions that tie the parts of the app together."""
