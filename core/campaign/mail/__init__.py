"""Play by mail with secrets kept: player files (one player's view), order files (one
player's orders for one turn) and the referee's side of a refereed campaign.

:mod:`.files` reads and writes the two kinds of file; :mod:`.referee` is what the
referee's program does with the master campaign: who must send orders, importing and
checking order files, playing the turn, writing the next player files.

The two files' extensions are here, not in :mod:`.files`, so that the window can tell
them apart at start-up without loading the readers (issue 19: start-up).
"""

PLAYER_EXTENSION = ".ecliptic-player"
ORDERS_EXTENSION = ".ecliptic-orders"
