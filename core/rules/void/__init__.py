"""System III Void: its rule system (for now its rulesets' movement)."""
