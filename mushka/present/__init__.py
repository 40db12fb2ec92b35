"""What the table says, with no Rich and no I/O: events in plain words, typed text read as moves and
commands, the lesson's logic, how this user runs mushka."""
