"""The live table's work in turn: each job asked for runs on the event loop after the ones before
it, one at a time (a job may await, say, the disk's thread, and the next waits for it), and when
none is left the table draws what changed."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

K = TypeVar("K")  # who asked for a job: told if it fails
T = TypeVar("T")

Job = Callable[[], Awaitable[None] | None]


class Turns(Generic[K]):
    """A queue of jobs, each run to its end before the next; `settled` once the queue is empty,
    `failed(key, error)` for a job that raised (the rest still run)."""

    def __init__(self, failed: Callable[[K, Exception], None], settled: Callable[[], None]) -> None:
        self.failed, self.settled = failed, settled
        self._jobs: deque[tuple[K, Job]] = deque()
        self._runner: asyncio.Task[None] | None = None

    def add(self, key: K, job: Job) -> None:
        """Run `job` after the work already asked for."""
        self._jobs.append((key, job))
        if self._runner is None:
            self._runner = asyncio.get_running_loop().create_task(self._run())

    async def result(self, key: K, job: Callable[[], Awaitable[T]]) -> T:
        """`job`'s result, done in turn with the rest of the work."""
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        async def step() -> None:
            try:
                done.set_result(await job())
            except BaseException as exc:
                done.set_exception(exc)

        self.add(key, step)
        return await done

    @property
    def quiet(self) -> bool:
        """No job under way or waiting."""
        return self._runner is None

    async def idle(self) -> None:
        """Wait until every job asked for is done, those added meanwhile too."""
        while self._runner is not None:
            await asyncio.shield(self._runner)

    async def _run(self) -> None:
        try:
            while self._jobs:
                key, job = self._jobs.popleft()
                try:
                    result = job()
                    if result is not None:
                        await result
                except Exception as exc:  # one asker's trouble: the others' jobs still run
                    self.failed(key, exc)
                if not self._jobs:
                    self.settled()
        finally:
            self._runner = None
