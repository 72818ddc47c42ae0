"""Combat: attacks, guns, system and single-use modules, launched weapons, base defence."""
