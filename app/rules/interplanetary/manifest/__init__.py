"""The manifest sheet: outfitting, the design library, placing hits, the sheet in play."""
