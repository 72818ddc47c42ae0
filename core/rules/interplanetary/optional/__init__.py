"""The optional rules that change what a ship may do: rendezvous, boarding, surrender."""
