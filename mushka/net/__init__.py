"""The SSH transport of `mushka host` and its seat: the server, the connected terminal
(`seat.Seat`, which knows nothing about the game, behind the `seat.Application` seam) and the SSH
seat (`sshseat`) that seats each connection at the live table.

Only the `host` command imports this package (asyncssh is imported nowhere else), so every other
command starts as fast as before.
"""
