"""The table host: the table's rules (turns, computer players, forced moves, undo, saving, the
public log, finishing) for any front end to drive; no terminal, no network, no Rich."""
