"""The command line in Russian: --lang before MUSHKA_LANG, every --help and each command's output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from drivers import cyrillic_share
from typer.testing import CliRunner

from mushka.cli import build_app
from mushka.cli.help import usage_line
from mushka.cli.options import language_asked
from mushka.i18n import ENGLISH, use_language

MUSHKA = Path(sys.executable).with_name("mushka")
EXAMPLE = Path(__file__).with_name("data") / "record-example.json"
COMMANDS = ["play", "host", "resume", "scores", "rules", "replay", "check", "simulate"]
LOCALE = ("MUSHKA_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


def mushka(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real program in a fresh interpreter: no language in the environment but `env`'s."""
    clean = {k: v for k, v in os.environ.items() if k not in LOCALE}
    return subprocess.run(
        [str(MUSHKA), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**clean, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8", **env},
        check=False,
        timeout=120,
    )


# ------------------------------------------------------------------ the 70% measure


@pytest.mark.e2e
@pytest.mark.parametrize(
    "args",
    [["--help"], ["play", "--help"], ["rules"], ["simulate", "-n", "20", "--seed", "1"]],
    ids=["help", "play-help", "rules", "simulate"],
)
def test_in_russian_the_command_prints_mostly_cyrillic(args: list[str]) -> None:
    done = mushka(*args, MUSHKA_LANG="ru")
    assert done.returncode == 0, done.stderr
    share = cyrillic_share(done.stdout)
    assert share >= 0.70, f"{share:.2f}\n{done.stdout}"
    assert cyrillic_share(mushka(*args).stdout) < 0.05  # and English by default


@pytest.mark.e2e
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_s_help_is_russian(command: str) -> None:
    done = mushka(command, "--help", MUSHKA_LANG="ru")
    assert done.returncode == 0 and done.stdout.startswith("Использование: mushka")
    assert "Параметры:" in done.stdout and "Показать эту справку и выйти." in done.stdout
    for english in ("Usage:", "Options:", "[default:", "Show this message"):
        assert english not in done.stdout
    assert cyrillic_share(done.stdout) >= 0.6, done.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_on_an_ascii_console_russian_help_is_spelled_in_latin_letters(command: list[str]) -> None:
    done = mushka(*command, "--help", MUSHKA_LANG="ru", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stdout.startswith("Ispolzovanie: mushka")
    assert done.stdout.isascii() and max(map(len, done.stdout.splitlines())) <= 80
    error = mushka(*command, "--bogus", MUSHKA_LANG="ru", PYTHONIOENCODING="ascii").stderr
    assert error.isascii() and "--bogus" in error and "\\u" not in error


# ------------------------------------------------------------------ which language speaks


@pytest.mark.e2e
def test_the_option_beats_the_variable_both_ways() -> None:
    russian = mushka("--lang", "ru", "--help", MUSHKA_LANG="en").stdout
    english = mushka("--lang", "en", "--help", MUSHKA_LANG="ru").stdout
    assert russian.startswith("Использование:") and english.startswith("Usage:")
    assert mushka("--lang=ru", "--help", LANG="en_US.UTF-8").stdout == russian
    assert mushka("--help", LANG="ru_RU.UTF-8").stdout == russian  # the locale, last
    assert mushka("--help", MUSHKA_LANG="en", LANG="ru_RU.UTF-8").stdout == english


@pytest.mark.e2e
def test_the_option_reaches_the_command_s_own_output() -> None:
    done = mushka("--lang", "ru", "check", str(EXAMPLE), MUSHKA_LANG="en")
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "1 запись воспроизводится верно."
    done = mushka("--lang", "en", "check", str(EXAMPLE), MUSHKA_LANG="ru")
    assert done.stdout.splitlines()[-1] == "1 record replays correctly."


@pytest.mark.e2e
@pytest.mark.parametrize("args", [["--lang", "xx", "play"], ["--lang=de"], ["--lang", ""]])
def test_an_unknown_language_is_a_usage_error_naming_the_choices(args: list[str]) -> None:
    done = mushka(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "choose one of en, ru" in done.stderr
    said = mushka(*args, MUSHKA_LANG="ru").stderr  # refused in the environment's language
    assert said.startswith("mushka --lang: неизвестный язык") and "en, ru" in said


@pytest.mark.e2e
def test_a_hostile_language_name_is_quoted_short() -> None:
    done = mushka("--lang", "x" * 100_000 + "\x1b[2J")
    assert done.returncode == 2 and len(done.stderr) < 200 and "\x1b" not in done.stderr


@pytest.mark.e2e
def test_lang_is_an_option_of_the_top_level_command_only() -> None:
    done = mushka("check", "--lang", "ru", str(EXAMPLE))
    assert done.returncode == 2 and "No such option: --lang" in done.stderr


@pytest.mark.parametrize(
    ("args", "asked"),
    [
        ([], None),
        (["--lang", "ru", "play"], "ru"),
        (["--lang=en", "--help"], "en"),
        (["--help", "--lang", "ru"], "ru"),
        (["--lang", "ru", "--lang", "en"], "en"),  # click takes the last one too
        (["play", "--lang", "ru"], None),  # the command's options are not the program's
        (["--version", "check", "--lang=ru"], None),
        (["--lang"], None),  # no value: click says so
    ],
)
def test_the_language_is_read_from_the_options_before_the_command(
    args: list[str], asked: str | None
) -> None:
    assert language_asked(args) == asked


# ------------------------------------------------------------------ the words, in process


def test_help_headings_and_notes_are_russian_and_english_stays_as_it_was(russian: None) -> None:
    text = CliRunner().invoke(build_app(), ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "[по умолчанию: 15]" in text and "--player ИМЯ" in text and "--prices Ч,Т,Б,П" in text
    use_language(ENGLISH)
    text = CliRunner().invoke(build_app(), ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "[default: 15]" in text and "--player NAME" in text


def test_click_s_usage_errors_are_said_in_russian(russian: None) -> None:
    runner = CliRunner()
    said = {
        "plya": "нет такой команды: 'plya'. Может быть, 'play', 'replay'?",
        "play --bogus": "нет такого параметра: --bogus",
        "check": "не хватает аргумента 'ФАЙЛ'",
        "check a b": "лишние аргументы: b",
        "play --stake x": "нужно целое число, а не 'x'",
        "play --bots 7": "нужно число от 0 до 4, а не 7",
        "simulate -n 0": "должно быть не меньше 1, а не 0",
        "play --bot-delay x": "нужно число секунд, например 0,5, а не 'x'",
        "play --exchange new": "выберите modern, old или off, а не 'new'",
        "play --bot 1:clever": "неизвестная стратегия 'clever': выберите одну из random",
        "simulate --compare basic": "укажите две или больше разных стратегий",
    }
    for args, words in said.items():
        result = runner.invoke(build_app(), args.split())
        assert result.exit_code == 2, args
        assert words in result.output, (args, result.output)


def test_a_usage_error_click_words_unknown_to_us_stays_readable(russian: None) -> None:
    from typer._click.exceptions import UsageError

    line = usage_line(UsageError("Something new happened."))
    assert line == "mushka: Something new happened. (справка: mushka --help)"


def test_simulate_s_report_and_compare_table_are_russian(russian: None) -> None:
    result = CliRunner().invoke(build_app(), ["simulate", "-n", "8", "--stake", "5,15"])
    assert result.exit_code == 0, result.output
    for words in (
        "8 партий · 4 × наугад · ставка 5 · ремиз 5 · 4 сдачи · новый обмен",
        "сыграно сдач",
        "первый выходящий",
        "игроки, окупившие свои взносы",
        "Как ставка меняет игру",
    ):
        assert words in result.output, words
    result = CliRunner().invoke(build_app(), ["simulate", "-n", "4", "--compare", "random,basic"])
    assert result.exit_code == 0 and "Сравнение стратегий" in result.output
    result = CliRunner().invoke(build_app(), ["simulate", "-n", "2", "--json"])
    assert "tricks_per_deal" in json.loads(result.output)  # the JSON's keys stay English


def test_scores_without_sessions_and_check_of_a_bad_file_speak_russian(
    russian: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = CliRunner().invoke(build_app(), ["scores"])
    assert result.exit_code == 0 and "Сыгранных партий пока нет." in result.output
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    result = CliRunner().invoke(build_app(), ["check", str(empty)])
    assert result.exit_code == 1 and "в нём нет ни одной записи игры" in result.output


def test_scores_headers_are_russian(
    russian: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mushka.host.storage.history import append_score
    from mushka.house_rules import HouseRules
    from mushka.study.simulate import play_random_session

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for seed in (1, 2, 3):
        append_score(play_random_session(HouseRules(), seed, ("Анна", "Борис", "Вера", "Глеб")))
    listing = CliRunner().invoke(build_app(), ["scores"], env={"COLUMNS": "120"}).output
    assert "3 сыгранные партии, последние сверху" in listing
    for header in ("окончена", "игроки и их итоги", "победитель"):
        assert header in listing
    last = CliRunner().invoke(build_app(), ["scores", "--last"], env={"COLUMNS": "100"}).output
    assert last.startswith("Партия окончена ")


# ------------------------------------------------------------------ a saved game


@pytest.mark.e2e
def test_a_save_keeps_no_language_and_resumes_in_the_resumer_s(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from mushka.engine import Session
    from mushka.host.settings import TableSettings
    from mushka.host.storage.saves import save_game

    save = tmp_path / "state" / "mushka" / "current-game.json"
    save.parent.mkdir(parents=True)
    save_game(Session(["Anna", "Boris", "Vera", "Gleb"], seed=4), TableSettings().to_json(), save)
    assert "lang" not in save.read_text(encoding="utf-8")  # nor in the table's settings

    clean = {k: v for k, v in os.environ.items() if k not in LOCALE}
    for lang, resuming in (
        ("ru", "Продолжаем сохранённую игру"),
        ("en", "Resuming the saved game"),
    ):
        env = {**clean, "XDG_STATE_HOME": str(tmp_path / "state"), "MUSHKA_LANG": lang}
        child = pexpect.spawn(
            str(MUSHKA), ["resume"], env=env, dimensions=(24, 80), encoding="utf-8", timeout=15
        )
        child.expect(resuming + r" \(")
        child.terminate(force=True)
        child.close()

    # `play` finds the save and asks, in Russian; «д» (да) resumes it
    env = {**clean, "XDG_STATE_HOME": str(tmp_path / "state"), "MUSHKA_LANG": "ru"}
    child = pexpect.spawn(
        str(MUSHKA), ["play"], env=env, dimensions=(24, 80), encoding="utf-8", timeout=15
    )
    child.expect(r"Есть сохранённая неоконченная игра \(сдача 1 из 4: Anna, Boris, Vera, Gleb\)")
    child.expect(r"\[Д/н\] ")
    child.sendline("д")
    child.expect("Продолжаем сохранённую игру")
    child.terminate(force=True)
    child.close()
