"""Interplanetary's widgets: the Combat dock, optional actions, purchases and the manifest
sheet."""
