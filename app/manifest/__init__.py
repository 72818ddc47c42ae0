"""The manifest sheet (issue #7): painting it, outfitting ships on it, placing damage on
it, the design library, fleet purchases, printing and export."""
