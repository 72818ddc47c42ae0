"""The game-aid card as data and the manifest sheet: outfits, damage placement, designs."""
