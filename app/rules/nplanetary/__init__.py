"""NPlanetary's own widgets (orders and economy docks), to come; until then its games open
with the generic docks (:class:`app.play.systems.PlainUI`)."""
