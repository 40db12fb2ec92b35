"""The processes where a table's computer players and coach think: they end with their table,
even when it is killed outright (SIGKILL leaves no time to shut a pool down)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Final

WATCH_SECONDS: Final = 1.0  # how often a worker checks that its table is still there


def pool(size: int = 2) -> ProcessPoolExecutor:
    """Fresh interpreters (spawn: nothing of the table's memory, its hands included, is copied
    in), each watching that the process which made it still runs."""
    return ProcessPoolExecutor(
        size,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_watch,
        initargs=(os.getpid(),),
    )


def _watch(table: int) -> None:
    """In a worker: leave as soon as the table's process is gone (the worker is then a child of
    another process: init, or a subreaper)."""

    def watching() -> None:
        while os.getppid() == table:
            time.sleep(WATCH_SECONDS)
        os._exit(0)  # nothing to clean up: the work it was doing has nobody to go to

    threading.Thread(target=watching, name="table watch", daemon=True).start()
