"""Shared test helpers: hand-made positions (named hands, a chosen dealer, a stacked talon) and
the quick profile for the development loop (`pytest --quick`)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NoReturn, TypeVar

import pytest

from mushka.actions import Action, parse_action
from mushka.cards import CARDS, Card, parse_card
from mushka.chance import ScriptedChance
from mushka.engine import Session
from mushka.house_rules import Exchange, HouseRules
from mushka.i18n import RUSSIAN, language, use_language


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def deal_of(hands: Sequence[str], talon: str = "") -> tuple[list[list[Card]], list[Card]]:
    """Four hands as written; the talon starts with `talon` and goes on with every unused card."""
    dealt = [cards(h) for h in hands]
    top = cards(talon)
    used = {c for h in dealt for c in h} | set(top)
    rest = [c for c in CARDS if c not in used]
    return dealt, top + rest


def make_session(
    hands: Sequence[str],
    talon: str = "",
    *,
    dealer: int = 3,
    exchange: str = "off",
    deals: int = 1,
    stake: int = 15,
    remise: int = 5,
    prices: tuple[int, int, int, int] = (4, 3, 2, 1),
    face_down: dict[tuple[int, int], str] | None = None,
    later: Sequence[tuple[Sequence[str], str]] = (),
    players: Sequence[str] = ("Anna", "Boris", "Vera", "Gleb"),
) -> Session:
    """A session whose first deal is exactly `hands` (seat 0 first) with `dealer` dealing.

    With the default dealer 3, seat 0 (Anna) leads first.
    """
    rules = HouseRules(
        stake=stake, remise=remise, prices=prices, deals=deals, exchange=Exchange(exchange)
    )
    deals_list = [deal_of(hands, talon)] + [deal_of(h, t) for h, t in later]
    orders = {key: cards(v) for key, v in (face_down or {}).items()}
    return Session(players, rules, chance=ScriptedChance(dealer, deals_list, orders))


def act(session: Session, *texts: str) -> None:
    """Apply each action written as text ('QH', 'pass', 'draw', 'take 1', 'discard 7S')."""
    for text in texts:
        session.apply(parse_action(text))


def a(text: str) -> Action:
    return parse_action(text)


# ---------------------------------------------------------------- the quick profile
#
# `pytest --quick` is the development loop: no end-to-end or slow tests, and a fraction of the
# property-based examples. CI and README's test command run everything.

QUICK = False
T = TypeVar("T")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--quick",
        action="store_true",
        help="development loop: skip end-to-end and slow tests, fewer hypothesis examples",
    )


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads -n
def pytest_cmdline_main(config: pytest.Config) -> None:
    """With --quick, the tests spread over the machine's cores when pytest-xdist is installed
    (one of the developer tools): the development loop is mostly drawing screens, and one core
    alone took 80 to 95 s of it. `-n 0` or `-n N` still decides; the full run stays in one process."""
    cores = len(os.sched_getaffinity(0))
    if (
        config.getoption("--quick")
        and config.pluginmanager.hasplugin("xdist")
        and config.getoption("numprocesses", None) is None
        and "PYTEST_XDIST_WORKER" not in os.environ
        and cores > 1
    ):
        config.option.numprocesses = cores


def pytest_configure(config: pytest.Config) -> None:
    global QUICK
    QUICK = bool(config.getoption("--quick"))
    config.addinivalue_line(
        "markers", "e2e: drives the installed mushka in a pseudo-terminal, tmux or a subprocess"
    )
    config.addinivalue_line("markers", "slow: takes seconds even on an idle machine")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip = pytest.mark.skip(reason="not in the quick profile (run without --quick)")
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and module.__name__.endswith("_e2e"):
            item.add_marker(pytest.mark.e2e)
        if QUICK and (item.get_closest_marker("e2e") or item.get_closest_marker("slow")):
            item.add_marker(skip)


# ---------------------------------------------------------------- processes need the e2e marker
#
# A test that starts a process or a terminal is end-to-end: it is marked e2e (its module, when
# all of it is, or a module named *_e2e), so that --quick leaves it out. Any other test that
# tries to start one fails at once, before the process exists, naming the way it tried.


def _spawners() -> list[tuple[object, str]]:
    """The (owner, attribute) of every way a test could start a process or a pseudo-terminal."""
    import _posixsubprocess
    import pty
    import subprocess

    found: list[tuple[object, str]] = [(subprocess.Popen, "__init__"), (pty, "fork")]
    found.append((_posixsubprocess, "fork_exec"))  # multiprocessing's spawn and forkserver too
    names = ("fork", "forkpty", "system", "posix_spawn", "posix_spawnp", "popen")
    found += [(os, name) for name in names if hasattr(os, name)]
    return found


@pytest.fixture(autouse=True)
def _processes_need_the_e2e_marker(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if request.node.get_closest_marker("e2e"):
        return
    for owner, name in _spawners():
        how = f"{getattr(owner, '__name__', owner)}.{name}"

        def refuse(*args: object, _how: str = how, **kwargs: object) -> NoReturn:
            pytest.fail(f"{request.node.nodeid} starts a process ({_how}): mark it e2e")

        monkeypatch.setattr(owner, name, refuse)


@pytest.fixture(autouse=True)
def _not_inside_gnu_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite may run inside GNU screen, whose STY and TERM=screen would make every shared game
    it starts be refused (mushka.tui.terminal.gnu_screen_problem); the games it starts are not in
    screen, but in pseudo-terminals and tmux servers of their own."""
    monkeypatch.delenv("STY", raising=False)
    if os.environ.get("TERM", "").startswith("screen") and not os.environ.get("TMUX"):
        monkeypatch.setenv("TERM", "xterm-256color")


def examples(full: int) -> int:
    """How many hypothesis examples a property test runs: `full`, or a twentieth with --quick."""
    return max(5, full // 20) if QUICK else full


def spread(cases: Sequence[T], quick: int) -> list[T]:
    """The cases a parametrized test runs: all of them, or `quick` spread over them (the first
    and the last among them) with --quick, for tests whose every case takes seconds."""
    if not QUICK or quick >= len(cases):
        return list(cases)
    if quick <= 1:
        return [cases[0]]
    return [cases[round(i * (len(cases) - 1) / (quick - 1))] for i in range(quick)]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own: mushka's saves, records and history under `tmp_path`, never the
    developer's (the state and data directories, and HOME for anything that looks there)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir(exist_ok=True)
    return tmp_path


@pytest.fixture
def russian() -> Iterator[None]:
    """The process speaks Russian for one test, then the language it spoke before."""
    before = language()
    use_language(RUSSIAN)
    try:
        yield
    finally:
        use_language(before)
