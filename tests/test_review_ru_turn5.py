"""The native reader's third review of the Russian interface (shared/reviews/ui-ru-turn5.md): each
point of the terminal's and the catalogues' (the phone's are checked with the phone), as a check
on the catalogue or on what the program says; docs/review-ru-turn5-answers.md answers each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import make_session
from rich.text import Text
from test_review_ru import russian_texts
from test_table import render, render_screen
from typer.testing import CliRunner

from mushka.actions import parse_action
from mushka.cards import CARDS, Card, Suit, parse_card
from mushka.cli import build_app
from mushka.engine import Session
from mushka.errors import IllegalActionError
from mushka.events import Discard, Event, Expose, Lead, Pass, Take
from mushka.house_rules import HouseRules
from mushka.i18n import ENGLISH, RUSSIAN, _, _n, say, use_language
from mushka.ledger import session_accounts
from mushka.present.describe import Words
from mushka.present.journal import deal_lines
from mushka.present.keys import prompt_keys
from mushka.present.lesson import Lesson
from mushka.present.sheets import STANDINGS_COLUMNS
from mushka.present.topics import Topic
from mushka.render.fitting import Joined
from mushka.render.help import house_rules_panel
from mushka.render.look import Look
from mushka.render.private_screen import private_screen
from mushka.render.sheets import final_sheet
from mushka.render.wall import Joining, web_lines
from mushka.table_options import TableOptions

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Анна", "Борис", "Вера", "Глеб")
UNDO_AND_HINTS = TableOptions(undo=True, hints=True)


def card(code: str) -> Card:
    return parse_card(code)


# ---------------------------------------------------------------- N6: the suit's case


def test_a_forced_pass_and_a_last_card_led_name_the_suit_as_the_sentence_needs(
    russian: None,
) -> None:
    words = Words(list(NAMES), me=None)
    lead: list[Event] = [Lead(0, card("QH")), Pass(1, False)]
    line = deal_lines(lead, words, forced={1})[0]
    assert line == "Взятка 1, ♥, выходит Анна: Д♥ · Борис пасует: червей нет, прикупка пуста …"
    last = deal_lines([Lead(2, card("7C"))], words, forced={0})[0]
    assert last == "Взятка 1, ♣, Вера выходит с последней карты: 7♣ …"
    for text in russian_texts():
        assert "ответить в {suit}" not in text and "Отвечайте в {suit}" not in text, text
        assert "только в {suit}" not in text, text


def test_an_answer_is_a_card_of_the_suit_led_as_the_lesson_says(russian: None) -> None:
    session = make_session(
        ["QH 8H 7C 8C 9C", "KH 9H 9D AS 8S", "9S 10D JS QS KS", "7D JD QD KD 10S"],
        players=NAMES,
    )
    session.apply(parse_action("QH"))
    assert session.describe_legal(RUSSIAN) == (
        "Дайте карту в масть — черви (К♥, 9♥), сыграйте мушку (Т♠) или пасуйте (ремиз 5 копеек)."
    )
    with pytest.raises(IllegalActionError) as refused:
        session.apply(parse_action("9D"))
    assert say(refused.value, RUSSIAN).startswith(
        "у вас К♥ и 9♥, а 9♦ — не черви: отвечать можно только картой в масть или мушкой."
    )
    shown = CliRunner().invoke(build_app(), ["play", "--help"]).output
    assert "Цена червонной, трефовой, бубновой и пиковой взятки;" in " ".join(shown.split())


# ---------------------------------------------------------------- N7: the wall's addresses


def test_a_web_address_is_not_called_a_command_and_the_awaited_have_no_gender(
    russian: None,
) -> None:
    joining = Joining(("192.168.1.20", "10.8.0.2"), 2222, "k7m-p3x-w9d", "SHA256:abc", 8765)
    shown = " ".join(line.plain for line in web_lines(joining, Look()))
    assert "или: http://10.8.0.2:8765/" in shown and "команда" not in shown
    ssh = _n("or at {addresses}", "or at {addresses}", 2).format(addresses="a, b")
    assert ssh == "или по адресам a, b (та же команда)"
    assert _n("or at {addresses}", "or at {addresses}", 1).startswith("или по адресу ")
    assert _("awaited") == "ожидается"


# ---------------------------------------------------------------- N9, N10: agreement, the log


def test_a_seat_left_for_now_and_the_deal_s_result_read_as_sentences(russian: None) -> None:
    away = _("{name} is away: left the table for now, the seat waits.").format(name="Анна")
    assert away == "Анна ненадолго встаёт из-за стола; место ждёт."
    result = _(
        "Deal {n} is over: {first_out} · you {deal} kop, total {total} · kitty {kitty} kop"
    ).format(n=2, first_out="…", deal="−14", total="+3", kitty=50)
    assert "ваш итог за сдачу −14 коп., за партию +3 · в кассе 50 коп." in result
    spared = _("; {name}, first out last deal, pays nothing").format(name="Анна")
    assert spared == "; Анна ставку не вносит (в прошлой сдаче раньше всех без карт)"


def test_a_swap_says_both_halves_and_the_sheet_s_trick_money_is_not_a_win(
    russian: None,
) -> None:
    words = Words(list(NAMES), me=None)
    events: list[Event] = [Expose(0, (None,) * 3), Take(1, None), Discard(1, None)]
    events.append(Lead(0, card("QH")))
    assert "Борис берёт одну и сбрасывает одну" in deal_lines(events, words)[0]
    assert _(STANDINGS_COLUMNS).split("|")[2] == "за взятки"
    session = Session(list(NAMES), seed=3)
    while not session.is_over:
        session.apply(session.legal_actions()[0])
    sheet = render(final_sheet(session_accounts(session.log()), NAMES, Look()))
    assert "за взятки" in sheet and "выигр" not in sheet and "Выигрывает" in sheet


# ---------------------------------------------------------------- N11: English and ASCII


def test_simulate_s_report_says_the_strategies_in_russian_with_minus_signs(
    russian: None,
) -> None:
    shown = CliRunner().invoke(build_app(), ["simulate", "-n", "3", "--seed", "1"]).output
    assert "4 × наугад" in shown and "random" not in shown
    assert re.search(r"место 1 +наугад +[+−]\d+,\d\d ± ", shown), shown
    assert not re.search(r"(?<![\w-])-\d", shown), shown  # no hyphen for a minus
    assert "−" in shown and re.search(r"\d %", shown) and not re.search(r"\d%", shown)
    mixed = [
        "simulate",
        "-n",
        "2",
        *("--bot", "basic", "--bot", "strong"),
        *("--bot", "random") * 2,
    ]
    assert "простой, сильный, наугад, наугад" in CliRunner().invoke(build_app(), mixed).output
    compared = CliRunner().invoke(build_app(), ["simulate", "-n", "2", "--compare", "basic,random"])
    assert "простой" in compared.output and "basic" not in compared.output
    use_language(ENGLISH)
    english = CliRunner().invoke(build_app(), ["simulate", "-n", "3", "--seed", "1"]).output
    assert "4 × random" in english and "(strategy)" not in english and "−" in english


def test_a_decimal_default_is_written_with_a_comma_and_read_with_one(russian: None) -> None:
    shown = CliRunner().invoke(build_app(), ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "[по умолчанию: 0,8]" in shown and "0.8" not in shown
    asked = CliRunner().invoke(build_app(), ["play", "--bot-delay", "0,x"])
    assert asked.exit_code == 2 and "например 0,5" in asked.output
    from mushka.cli.options import seconds

    assert seconds("0,5") == seconds("0.5") == 0.5
    use_language(ENGLISH)
    english = CliRunner().invoke(build_app(), ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "[default: 0.8]" in english


def test_the_lesson_names_the_russian_keys(russian: None) -> None:
    welcome = _(
        "At your move, the line above the prompt says what you may do: ? lists the keys, r shows "
        "the rules, {hint} asks the coach, {quit} leaves (nothing is saved)."
    )
    assert "? — все команды, р — правила," in welcome and "r —" not in welcome


# ---------------------------------------------------------------- N12, N13, item 5, «зерно»


def test_a_position_asked_for_outside_the_play_says_what_it_is_in_both_languages() -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
    )
    with pytest.raises(IllegalActionError) as refused:
        session.position()
    assert str(refused.value) == (
        "a position can be captured only during play, not during the exchange"
    )
    assert say(refused.value, RUSSIAN) == (
        "снимок позиции можно сделать только во время розыгрыша, а не во время обмена"
    )
    over = Session(list(NAMES), HouseRules(deals=1), seed=1)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(IllegalActionError) as late:
        over.position()
    assert say(late.value, RUSSIAN).endswith(", а партия уже окончена")
    assert "during the over" not in str(late.value)


def test_help_is_справка_with_a_dash_and_the_program_reads_files(russian: None) -> None:
    assert _("? help") == "? — справка"
    too_big = _("it is {size}; mushka reads files of up to {limit}")
    assert too_big.startswith("его размер — {size}; программа читает")
    for text in russian_texts():
        assert "зерн" not in text, text  # «начальное число (seed)»
        assert not re.search(r"\bмушка (читает|не может)", text), text
    book = (ROOT / "rules.ru.md").read_text(encoding="utf-8")
    assert "зерн" not in book and "Порядок записи" not in book
    assert "ход никому\nничего нового не сообщает" not in book
    sentence = "За столом `?` показывает все команды, а `р` — эти правила (на телефоне — кнопки"
    assert sentence in book and "`r`" not in book


def test_the_prompt_names_the_help_as_the_phone_does(russian: None) -> None:
    from test_keys_ru import draw_view

    assert "? — справка, о — обзор" in prompt_keys(draw_view())


# ---------------------------------------------------------------- item 13: the status at 80


def test_balanced_parts_leave_no_part_alone_on_the_last_line() -> None:
    parts = [Text(word) for word in ("aaaa", "bbbb", "cccc", "dddd", "ee")]
    assert [line.plain for line in Joined(parts, " · ").lines(26)] == [
        "aaaa · bbbb · cccc · dddd",
        "ee",
    ]
    balanced = Joined(parts, " · ", " ", balanced=True).lines(26)
    assert [line.plain for line in balanced] == [" aaaa · bbbb", " cccc · dddd · ee"]
    one = Joined(parts, " · ", balanced=True).lines(80)  # where one line fits, one line
    assert [line.plain for line in one] == ["aaaa · bbbb · cccc · dddd · ee"]


@pytest.mark.parametrize("lang", [RUSSIAN, ENGLISH])
def test_at_80_columns_the_house_rules_break_between_even_halves(lang: str) -> None:
    use_language(lang)
    try:
        session = make_session(
            ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
            deals=4,
            players=NAMES,
        )
        screen = render_screen(
            private_screen(session.view(0), Look(), 24, options=UNDO_AND_HINTS), 80
        ).splitlines()
        status = screen[1 : next(i for i, line in enumerate(screen) if line.startswith("╭"))]
        block = render(house_rules_panel(session.rules, Look(), UNDO_AND_HINTS), 79).splitlines()
    finally:
        use_language(ENGLISH)
    hints = _("hints on") if lang == ENGLISH else "подсказки"
    for lines in (status, block[1:] if len(block) > 1 else block):
        assert all(len(line.rstrip()) <= 79 for line in lines), lines
        assert hints in lines[-1], lines
        if len(lines) > 1:
            assert " · " in lines[-1], lines  # the last rule not alone on its line
            widths = [len(line.strip()) for line in lines]
            assert max(widths) - min(widths) < 20, lines


# ---------------------------------------------------------------- item 15: said once


def test_the_exchange_is_said_once_on_the_screen_and_the_lesson_says_the_rule(
    russian: None,
) -> None:
    session = make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
        players=NAMES,
    )
    view = session.view(1)
    screen = render_screen(private_screen(view, Look(), 40), 80)
    lesson = next(e for e in Lesson(1, NAMES).news(view) if e.topic is Topic.EXCHANGE)
    words = " ".join(" ".join(lesson.lines).split())
    assert "Анна: 3 карты крапом вверх." in screen  # the box: what lies there, and whose
    assert screen.count("кладёт") == 1  # the news line: that she laid them
    assert words.startswith("Кому сдали три или больше карт одной масти, тот кладёт их все")
    assert "Анна выкладывает" not in words and "их 3" not in words
    own = render_screen(private_screen(session.view(0), Look(), 40), 80)
    assert "Ваши карты крапом вверх: 9♥ 8♥ 7♥." in own
    assert "Вы кладёте крапом вверх: 9♥ 8♥ 7♥" in own
    for text in russian_texts():
        assert "Вы положили" not in text, text  # one tense: the table's present


def test_the_review_s_process_language_is_restored() -> None:
    use_language(ENGLISH)
    assert _("? help") == "? help" and CARDS[0] is not None and Suit.H is not None
