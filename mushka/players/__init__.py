"""Computer players: strategies that see only their seat's view, and the deals they imagine."""
