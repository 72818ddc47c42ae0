"""System III Void's own widgets (encounter and battle views), to come; until then its games
open with the generic docks (:class:`app.play.systems.PlainUI`)."""
