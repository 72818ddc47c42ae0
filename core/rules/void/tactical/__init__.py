"""System III Void at tactical scale: a battle opened by the strategic game, played as a
vector game of its own (10 km hexes, no gravity) and handed back as a
:class:`~core.rules.void.battle.BattleResult`. The entry point is :mod:`.entry`."""
