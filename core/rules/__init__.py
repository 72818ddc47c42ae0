"""The rule systems, one package each, independent of one another."""
