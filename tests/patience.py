"""How long a test waits for something that happens outside its own call stack (a file
watcher, a timer, a child process) before calling it lost.

Long on purpose: a wait ends as soon as the event comes, so only a hung test pays it,
and a busy machine (many test runs sharing two cores) never turns a slow event into a
failure. Tests wait for events and counts with this; none assert how long anything took.
"""

PATIENCE_MS = 120_000
PATIENCE_S = PATIENCE_MS / 1000
