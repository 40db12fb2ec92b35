"""The study of the game: many sessions played by computer players, and their statistics."""
