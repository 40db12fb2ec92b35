"""Which terminals a shared game is refused on: GNU screen (told apart from tmux by STY and TMUX,
nested either way), terminals without an alternate screen, and the rest that are safe."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from mushka.tui.terminal import ScreenTerminal, alternate_screen_problem, gnu_screen_problem

SCREEN = "this is GNU screen (STY is set)"


@pytest.mark.parametrize(
    "environ",
    [
        {"STY": "4242.pts-0.host", "TERM": "screen"},  # screen's default TERM
        {
            "STY": "4242.pts-0.host",
            "TERM": "screen.xterm-256color",
        },  # Debian's, from xterm-256color
        {"STY": "4242.pts-0.host", "TERM": "xterm-256color"},  # `term xterm-256color` in .screenrc
        # tmux inside screen (a tmux pane, STY inherited: screen keeps every screen tmux draws),
        # or screen inside tmux (a screen window, TMUX inherited from the pane it started in)
        {"STY": "4242.pts-0.host", "TMUX": "/tmp/tmux-0/default,77,0", "TERM": "screen"},
        {"STY": "4242.pts-0.host", "TMUX": "/tmp/tmux-0/default,77,0", "TERM": "tmux-256color"},
    ],
)
def test_gnu_screen_is_known_by_sty_whatever_else_is_set(environ: dict[str, str]) -> None:
    problem = alternate_screen_problem(environ)
    assert problem is not None and problem.startswith(SCREEN)
    assert "scrollback" in problem and "tmux" in problem  # why, and what to use instead


@pytest.mark.parametrize(
    "environ",
    [
        {"TMUX": "/tmp/tmux-0/default,77,0", "TERM": "screen"},  # tmux's default TERM
        {"TMUX": "/tmp/tmux-0/default,77,0", "TERM": "screen-256color"},
        {"TMUX": "/tmp/tmux-0/default,77,0", "TERM": "tmux-256color"},
        {"TERM": "tmux-256color"},  # tmux reached through ssh: TERM says tmux
        {"TERM": "xterm-256color"},
        {"TERM": "xterm-256color", "STY": ""},  # an empty STY is no screen
        {"TERM": "linux"},
    ],
)
def test_tmux_and_plain_terminals_are_not_taken_for_screen(environ: dict[str, str]) -> None:
    assert gnu_screen_problem(environ) is None
    assert alternate_screen_problem(environ) is None


@pytest.mark.parametrize("term", ["screen", "screen-256color", "screen.xterm-256color"])
def test_term_screen_without_tmux_or_sty_may_be_screen_through_ssh_and_is_refused(
    term: str,
) -> None:
    problem = alternate_screen_problem({"TERM": term})
    assert problem is not None
    assert problem.startswith(f"TERM={term} without TMUX may be GNU screen")
    assert "TERM=tmux-256color" in problem  # the way out for tmux reached through ssh or sudo


@pytest.mark.parametrize("environ", [{}, {"TERM": ""}, {"TERM": "dumb"}, {"TERM": "unknown"}])
def test_no_alternate_screen_is_still_refused_and_screen_no_longer_recommended(
    environ: dict[str, str],
) -> None:
    problem = alternate_screen_problem(environ)
    assert problem is not None and problem.startswith("this terminal has no alternate screen")
    assert "tmux" in problem and "screen" not in problem.split("alternate screen", 1)[1]


def test_the_terminal_asks_its_own_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = ScreenTerminal(Console(file=io.StringIO(), force_terminal=True))
    monkeypatch.setenv("TERM", "screen")
    monkeypatch.setenv("STY", "4242.pts-0.host")
    monkeypatch.delenv("TMUX", raising=False)
    assert (terminal.private_screen_problem() or "").startswith(SCREEN)
    monkeypatch.delenv("STY")
    monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,77,0")
    assert terminal.private_screen_problem() is None
    off_screen = ScreenTerminal(Console(file=io.StringIO(), force_terminal=False))
    monkeypatch.setenv("STY", "4242.pts-0.host")
    assert off_screen.private_screen_problem() is None  # nothing is drawn on a screen
