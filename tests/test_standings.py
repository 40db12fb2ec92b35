"""`mushka scores`' standings across evenings: each player by name over every session of the
history, in English and Russian, at 80 columns, from history files the tests write."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from mushka.cli import build_app
from mushka.commands.scores import average, standings
from mushka.host.storage.history import ScoreEntry, read_scores
from mushka.i18n import ENGLISH, RUSSIAN, language, use_language
from mushka.render.look import Look

runner = CliRunner()
LONG = "Анастасия Петров"  # 16 characters, the most a table allows

# Three evenings and a line that is no entry. Anna sits in seat 1, then 2, then 4; Boris in 2,
# 1 and 3; the nets of each session add up to zero, as a session's always do.
SESSIONS: list[tuple[list[str], list[int]]] = [
    (["Anna", "Boris", "Vera", "[red]Eve[/red]"], [10, -3, -4, -3]),
    (["Boris", "Anna", LONG, "Gleb"], [5, -6, 2, -1]),
    (["Gleb", LONG, "Boris", "Anna"], [0, -2, 1, 1]),
]
# player: sessions, net, average, best, worst (the English table's cells)
EXPECTED = {
    "Anna": ("3", "+5", "+1.7", "+10", "−6"),  # 5/3 = 1.67
    "Boris": ("3", "+3", "+1.0", "+5", "−3"),
    "[red]Eve[/red]": ("1", "−3", "−3.0", "−3", "−3"),
    LONG: ("2", "0", "0.0", "+2", "−2"),
    "Gleb": ("2", "−1", "−0.5", "0", "−1"),
    "Vera": ("1", "−4", "−4.0", "−4", "−4"),
}
ORDER = ["Anna", "Boris", LONG, "Gleb", "[red]Eve[/red]", "Vera"]  # best net first


def entry_line(players: Sequence[str], net: Sequence[int], day: int) -> str:
    """One history line as `append_score` writes it (the record is read only by --last)."""
    entry = {
        "finished": f"2025-03-0{day}T21:00:00+00:00",
        "session": f"s{day}",
        "players": list(players),
        "net": list(net),
        "record": {"players": list(players)},
    }
    return json.dumps(entry, ensure_ascii=False)


@pytest.fixture
def history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The three sessions in a history of this test's own, a broken line after the first."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    path = tmp_path / "data" / "mushka" / "scores.jsonl"
    path.parent.mkdir(parents=True)
    lines = [entry_line(p, n, day) for day, (p, n) in enumerate(SESSIONS, start=1)]
    lines.insert(1, '{"finished": "2025-03-01T22:00:00+00:00", "players": ["cut short')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def scores(*args: str) -> str:
    """`mushka scores` in-process, in the language the test speaks, at 80 columns."""
    result = runner.invoke(build_app(), ["scores", *args], env={"COLUMNS": "80"})
    assert result.exit_code == 0 and result.exception is None, result.output
    return result.output


def standings_rows(output: str, title: str) -> list[list[str]]:
    """The cells of the standings' rows (the table after `title`), one list a row."""
    table = output[output.index(title) :].splitlines()
    return [
        [cell.strip() for cell in re.split(r"[│|]", line)[1:-1]]
        for line in table
        if re.match(r"[│|] +\d+ [│|]", line)
    ]


@pytest.fixture
def english() -> Iterator[None]:
    """The process speaks English for one test, then the language it spoke before."""
    before = language()
    use_language(ENGLISH)
    try:
        yield
    finally:
        use_language(before)


def flat(output: str) -> str:
    """The output with Rich's line breaks taken out (a long path is broken anywhere)."""
    return "".join(output.splitlines())


# ---------------------------------------------------------------- the numbers


def test_a_player_is_one_row_whatever_the_seat_and_the_broken_line_is_skipped_and_told(
    history: Path, english: None
) -> None:
    out = scores()
    assert f"(1 unreadable line in {history} skipped)" in flat(out)
    assert "3 finished sessions, newest first" in out  # the list is still there, above
    assert out.index("newest first") < out.index("Standings over 3 sessions, best net first")
    rows = standings_rows(out, "Standings over")
    assert [row[1] for row in rows] == ORDER
    for _rank, name, *cells in rows:
        assert tuple(cells) == EXPECTED[name], name
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
    header = next(line for line in out.splitlines() if "sessions │" in line)
    assert re.split(r" *│ *", header.strip("│ ")) == [
        "#", "player", "sessions", "net", "average", "best", "worst"
    ]  # fmt: skip


def test_equal_nets_share_a_rank_and_keep_a_fixed_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = tmp_path / "mushka" / "scores.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text(entry_line(["Da", "Cy", "Bo", "Al"], [4, 4, -4, -4], 1) + "\n", "utf-8")
    rows = standings_rows(scores(), "Standings over 1 session")
    assert [(row[0], row[1]) for row in rows] == [
        ("1", "Cy"),
        ("1", "Da"),
        ("3", "Al"),
        ("3", "Bo"),
    ]


def test_the_standings_are_what_the_history_reads() -> None:
    entries = [ScoreEntry("x", tuple(p), tuple(n), None) for p, n in SESSIONS]
    rows = {row.name: row for row in standings(entries)}
    assert rows["Anna"].nets == (10, -6, 1) and rows["Boris"].nets == (-3, 5, 1)
    assert sum(row.total for row in rows.values()) == 0  # nothing lost between seats


@pytest.mark.parametrize(
    ("total", "count", "english", "russian"),
    [
        (5, 3, "+1.7", "+1,7"),
        (5, 2, "+2.5", "+2,5"),
        (-5, 2, "−2.5", "−2,5"),  # halves away from zero, both ways
        (1, 20, "+0.1", "+0,1"),
        (-1, 20, "−0.1", "−0,1"),
        (-1, 21, "0.0", "0,0"),  # no "−0.0"
        (0, 4, "0.0", "0,0"),
        (-1, 6, "−0.2", "−0,2"),
        (10**15 - 1, 1, "+999999999999999.0", "+999999999999999,0"),  # exact, however large
        (1509, 1, "+1509.0", "+1509,0"),
    ],
)
def test_an_average_of_integers_is_rounded_to_one_place_exactly(
    total: int, count: int, english: str, russian: str
) -> None:
    try:
        use_language(ENGLISH)
        assert average(total, count, Look()) == english
        assert average(total, count, Look(ascii_only=True)) == english.replace("−", "-")
        use_language(RUSSIAN)
        assert average(total, count, Look()) == russian
    finally:
        use_language(ENGLISH)


# ---------------------------------------------------------------- in Russian, at 80 columns


def test_the_standings_in_russian(history: Path, russian: None) -> None:
    out = scores()
    assert f"(1 нечитаемая строка в {history} пропущена)" in flat(out)
    rows = standings_rows(out, "Итоги игроков за 3 партии, лучшие сверху")
    assert [row[1] for row in rows] == ORDER
    for _rank, name, *cells in rows:
        wanted = [cell.replace(".", ",") for cell in EXPECTED[name]]
        assert cells == wanted, name
    header = next(line for line in out.splitlines() if "партий" in line)
    assert re.split(r" *│ *", header.strip("│ ")) == [
        "#", "игрок", "партий", "итог", "в среднем", "лучшая", "худшая"
    ]  # fmt: skip


@pytest.mark.parametrize("lang", [ENGLISH, RUSSIAN])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_standings_fit_80_columns_with_names_whole(
    history: Path, russian: None, lang: str, ascii_only: bool
) -> None:
    use_language(lang)  # and Russian again after the test
    out = scores(*(["--ascii"] if ascii_only else []))
    lines = out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), max(lines, key=cell_len)
    title = "Standings over" if lang == ENGLISH else "Itogi" if ascii_only else "Итоги игроков"
    rows = standings_rows(out, title)
    names = [row[1] for row in rows]
    if ascii_only:
        assert out.isascii() and "Anastasiya Petrov" in names  # Latin letters, whole
        assert "-6" in {row[-1] for row in rows}
    else:
        assert names == ORDER  # 16 letters on one line, uncut; a name is data, not markup
    assert "…" not in out and "..." not in out


def test_the_standings_of_a_history_that_finished_games_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    """A history written by a finished game (append_score) reads back the same standings."""
    from mushka.host.storage.history import append_score
    from mushka.house_rules import HouseRules
    from mushka.study.simulate import play_random_session

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    players = ("Anna", "Boris", "Vera", "Gleb")
    session = play_random_session(HouseRules(), 3, players)
    append_score(session)
    append_score(play_random_session(HouseRules(), 4, players[::-1]))
    entries, bad = read_scores()
    assert bad == 0 and len(entries) == 2
    rows = standings_rows(scores(), "Standings over 2 sessions")
    by_name = {row[1]: row for row in rows}
    for name in players:
        nets = [e.net[e.players.index(name)] for e in entries]
        assert by_name[name][2:4] == ["2", Look().money(sum(nets))]
        assert by_name[name][5:] == [Look().money(max(nets)), Look().money(min(nets))]
