"""The SSH transport of `mushka host`: everything below the game, which it knows nothing about.

Only the `host` command imports this package (asyncssh is imported nowhere else), so every other
command starts as fast as before. `application.Application` is the seam the game plugs into.
"""
