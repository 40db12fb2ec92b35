"""The one test terminal for the hot seat, and the players that answer at it: every in-process
test of the table drives the real `HotSeat` and `TableHost` through this seam."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from mushka.actions import Action
from mushka.engine import Session
from mushka.host.settings import TableSettings
from mushka.host.table import TableHost, saved_table
from mushka.tui.hotseat import HotSeat
from mushka.view import SeatView

__all__ = ["FakeTerminal", "player", "saved_table", "seat", "table"]

MOVE_PROMPTS = ("Your move [", "Ваш ход [")
CONFIRMS = (
    "Pass anyway? [y/N]",
    "Всё равно пас? [д/Н]",
    "Save and stop the game for everyone? [y/N]",
    "Сохранить и остановить игру для всех? [д/Н]",
    "Leave the lesson? Nothing is saved. [y/N]",
    "Выйти из урока? Ничего не сохраняется. [д/Н]",
)

Answer = Callable[[str, "FakeTerminal"], str]


def rendered(renderables: tuple[RenderableType, ...], width: int) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return console.export_text()


class FakeTerminal:
    """A `mushka.tui.terminal.Terminal` that keeps apart what was shown in public and in private
    and answers every prompt with `answer(prompt, terminal)`; `host` is the table it sits at."""

    def __init__(
        self, answer: Answer, width: int = 100, height: int = 30, kept_width: int | None = None
    ) -> None:
        """`kept_width`: the width what is shown is kept at (wide, to find a long path whole)."""
        self.console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
        self.answer = answer
        self.width, self.height = width, height
        self.kept_width = kept_width or width
        self.private = False
        self.public: list[str] = []
        self.privately: list[str] = []  # the handoff screens and hands, never in a scrollback
        self.prompts: list[str] = []
        self.moves = 0  # move prompts answered
        self.host: TableHost | None = None

    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def drawing_width(self) -> int:
        return self.width - 1  # as the real terminal: its last column stays empty

    def enter_private(self) -> None:
        self.private = True

    def leave_private(self) -> None:
        self.private = False

    def wipe(self) -> None:
        pass

    def private_screen_problem(self) -> str | None:
        return None

    def clear(self) -> None:
        pass

    def discard_typeahead(self) -> None:
        pass

    def show(self, *renderables: RenderableType) -> None:
        text = rendered(renderables, self.kept_width)
        (self.privately if self.private else self.public).append(text)

    def read(self, prompt: str | Text, echo: bool = True, fresh: bool = False) -> str:
        text = prompt.plain if isinstance(prompt, Text) else prompt
        self.prompts.append(text)
        return self.answer(text, self)

    def text(self) -> str:
        """Everything shown in public, as one line of words."""
        return " ".join(" ".join(self.public).split())

    def view(self) -> SeatView:
        """What the seat to act may see (to choose a move as a player there would)."""
        assert self.host is not None
        turn = self.host.pending()
        assert turn is not None
        return turn.view


def player(
    seed: int = 5,
    quit_after: int | None = None,
    fail_after: int | None = None,
    typed: Callable[[Action, random.Random], str] = lambda action, rng: action.code,
    quit_key: str = "q",
    typed_first: list[str] | None = None,
) -> Answer:
    """Answers like a player: a random legal move at each move prompt (typed by `typed`), yes
    to a pass that costs a remise, Enter at anything else; `typed_first` lines go first; quits
    (or fails, naming the seat's hand, which no message may repeat) after so many moves."""
    rng = random.Random(seed)
    first = list(typed_first or [])

    def answer(prompt: str, terminal: FakeTerminal) -> str:
        if prompt.startswith(CONFIRMS) or any(c in prompt for c in CONFIRMS):
            return "д" if "[д/Н]" in prompt else "y"
        if not prompt.startswith(MOVE_PROMPTS):
            return ""
        assert terminal.private, "a move was asked for outside the private screen"
        if first:
            return first.pop(0)
        terminal.moves += 1
        view = terminal.view()
        if fail_after is not None and terminal.moves > fail_after:
            raise RuntimeError(f"boom while holding {view.hand}")
        if quit_after is not None and terminal.moves > quit_after:
            return quit_key
        return typed(rng.choice(view.legal_actions), rng)

    return answer


def seat(host: TableHost, terminal: FakeTerminal) -> HotSeat:
    """The hot seat of `host` at `terminal`."""
    terminal.host = host
    return HotSeat(host, terminal)


def table(
    session: Session,
    terminal: FakeTerminal,
    settings: TableSettings | None = None,
    saved: bool = False,
    **host: Any,
) -> HotSeat:
    """A hot seat for `session`: saved to the per-user state directory if `saved`, else not."""
    if not saved:
        host.setdefault("save", lambda session, ui: None)
    return seat(TableHost(session, settings or TableSettings(), **host), terminal)
