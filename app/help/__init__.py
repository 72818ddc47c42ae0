"""The Help window: How to Play, each rule system's Rules, Keyboard Shortcuts, About."""
