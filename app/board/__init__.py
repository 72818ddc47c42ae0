"""The hex map view shared by every game and the editor: scene, items, view, overview, render."""
