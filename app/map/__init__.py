"""The star map drawn with Qt: the scene, its layers and its style."""
