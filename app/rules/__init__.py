"""Each rule system's own widgets, one package per system; the generic app reaches them through
registries."""
