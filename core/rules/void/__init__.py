"""System III Void: the strategic game that opens tactical battles as nested games (its
state, encounters and scales come with its issue; listed now so the contracts keep it apart)."""
