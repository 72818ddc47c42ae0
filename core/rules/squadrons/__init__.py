"""The Traveller squadron game: navies of squadron counters bought with points, a jump board
with a seven-day transit track, system boards and "?" counters. No vectors, no dice."""
