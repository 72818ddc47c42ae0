"""NPlanetary: its rule system (for now its ruleset's movement in sealed orders)."""
