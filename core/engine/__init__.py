"""The machinery every rule system shares: serialised types, events, errors, dice, commands,
pending decisions and the game loop."""
