"""`mushka learn` at one terminal: the hot seat of a table that teaches its one person, which
keeps nothing and, at the end, says which rules the deal did not show and how to play for real."""

from __future__ import annotations

import contextlib

from rich.text import Text

from mushka.host.table import TableHost
from mushka.present.lesson import Lesson, stopped_words
from mushka.render.lesson import closing
from mushka.tui.hotseat import HotSeat
from mushka.tui.terminal import Terminal


class LessonSeat(HotSeat):
    """The hot seat of one learner against computer players, taught by a `Lesson`."""

    def __init__(self, host: TableHost, terminal: Terminal, seed: int | None) -> None:
        super().__init__(host, terminal, teach=Lesson)
        self.learner = host.humans[0]
        self.seed = seed

    @property
    def lesson(self) -> Lesson:
        """The learner's lesson as the table keeps it (made when he first looks)."""
        lesson = self.table.teaching[self.learner].teacher
        assert isinstance(lesson, Lesson)
        return lesson

    def _finish(self) -> int:
        code = super()._finish()
        self.terminal.show(*closing(self.lesson, self.seed, self.look))
        return code

    def _where_saved(self) -> tuple[str, bool]:
        return stopped_words(), True  # a lesson keeps nothing, and loses nothing either

    def _stopped(self, interrupted: bool) -> int:
        """Play stops (q, Ctrl-C, the terminal gone): one line, nothing to save."""
        with contextlib.suppress(OSError, ValueError):
            self.terminal.leave_private()
            self.terminal.show(Text(self.look.text(stopped_words())))
        return 130 if interrupted else 0
