"""The pure core speaks Russian through Wording: its refusals, its choices and its settings."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import act, make_session

from mushka import errors
from mushka.actions import DRAW, PASS, Action, discard, parse_action, play, take
from mushka.cards import CARDS, Card, Suit, parse_card
from mushka.chance import SeededChance
from mushka.choices import choices_sentence
from mushka.engine import Session
from mushka.errors import (
    GameOverError,
    HouseRuleError,
    IllegalActionError,
    InvalidActionError,
    MushkaError,
    RecordError,
    SetupError,
)
from mushka.house_rules import HouseRules, parse_prices
from mushka.i18n import ENGLISH, RUSSIAN, say
from mushka.state import Step
from mushka.wording import Wording, joined

ROOT = Path(__file__).resolve().parents[1]
# The modules of the pure core whose messages this helper words (record.py and codec.py word
# their own, the terminal its own).
CORE = [
    "engine.py",
    "choices.py",
    "errors.py",
    "wording.py",
    "actions.py",
    "cards.py",
    "card_input.py",
    "view.py",
    "events.py",
    "house_rules.py",
    "chance.py",
    "ledger.py",
    "state.py",
]
NAMES = ("Анна", "Борис", "Вера", "Глеб")


# ------------------------------------------------------------ nothing raised in English only


def mushka_errors() -> set[str]:
    return {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, MushkaError)
    }


def english_only(node: ast.expr) -> bool:
    """Whether a message argument is prose made in English alone: a literal, an f-string, a
    concatenation, `.format()` or `str()` of something."""
    if isinstance(node, ast.JoinedStr | ast.BinOp):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value != ""
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return True
        if isinstance(func, ast.Name) and func.id == "str":
            return True
    return False


def unworded(source: str, names: set[str]) -> list[int]:
    """The lines where an error of mushka is made with a message in English only."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in names:
            continue
        # a HouseRuleError's first argument is the setting's key, not a message
        messages = node.args[1:] if node.func.id == "HouseRuleError" else node.args
        if any(english_only(arg) for arg in messages):
            lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("module", CORE)
def test_every_error_the_core_makes_carries_a_wording(module: str) -> None:
    source = (ROOT / "mushka" / module).read_text(encoding="utf-8")
    assert unworded(source, mushka_errors()) == [], f"mushka/{module}: wrap the message in Wording"


@pytest.mark.parametrize(
    "code",
    [
        'raise IllegalActionError(f"you do not hold {card}")',
        'raise SetupError("four players, please")',
        'raise ChanceError("no deal " + str(n))',
        'raise InvalidInputError("seat {s}".format(s=s))',
        "raise InvalidCardError(str(exc))",
        'return IllegalActionError(f"{problem}. {allowed}")',
        'raise HouseRuleError("stake", f"must be from {low}")',
    ],
)
def test_the_scan_catches_an_english_only_message(code: str) -> None:
    assert unworded(code, mushka_errors()) == [1]


def test_the_scan_lets_a_wording_through() -> None:
    code = (
        'raise IllegalActionError(Wording("you do not hold {card}", card=card))\n'
        "raise InvalidActionError(exc.wording)\n"
        'raise HouseRuleError(f"price of {s}", Wording("must be a whole number"), name)\n'
    )
    assert unworded(code, mushka_errors()) == []


# ------------------------------------------------------------ refusals, said in Russian


def first_deal() -> Session:
    """Анна leads first; Борис holds two hearts and the mushka, Вера no hearts."""
    return make_session(
        ["QH 7C 8C 9C 10C", "KH 9H 7S 8S AS", "JC QC 9D 7D 9S", "JH KC 10D 10S JS"],
        players=NAMES,
    )


def exchange() -> Session:
    """Анна lays three hearts face down; Борис is to take one of them."""
    return make_session(
        ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"],
        talon="JD QD KD AD",
        exchange="modern",
        face_down={(0, 0): "9H 7H 8H"},
        players=NAMES,
    )


def leading() -> Session:
    return first_deal()


def following() -> Session:
    session = first_deal()
    act(session, "QH")  # Борис answers a lead of hearts
    return session


def void() -> Session:
    session = following()
    act(session, "KH")  # Вера, who has no hearts
    return session


def barred() -> Session:
    session = void()
    act(session, "pass", "JH")  # Борис won with K♥ and leads again; hearts were led last
    return session


def empty_talon() -> Session:
    session = following()
    position = dataclasses.replace(session.position(), talon=())
    session = Session.at_position(position, SeededChance(random.Random(1)))
    act(session, "KH")  # Вера, with no hearts and nothing to draw
    return session


def taking() -> Session:
    return exchange()


def discarding() -> Session:
    session = exchange()
    act(session, "take 1")  # Борис took 9♥ and must discard
    return session


def over() -> Session:
    session = Session(list(NAMES), seed=3)
    chooser = random.Random(0)
    while not session.is_over:
        session.apply(chooser.choice(session.legal_actions()))
    return session


LEAD_ANY = "Выходите с любой карты (Д♥, 10♣, 9♣, 8♣, 7♣)."
FOLLOW = "Дайте карту в масть — черви (К♥, 9♥), сыграйте мушку (Т♠) или пасуйте (ремиз 5 копеек)."
TAKE = "Возьмите одну из карт, лежащих крапом вверх (номер 1, 2 или 3)."
DISCARD = "Сбросьте одну карту (В♥, 10♥, 9♥, 10♣, 9♣, 7♦)."

REFUSALS: list[tuple[str, Callable[[], Session], Action, int | None, type[MushkaError], str]] = [
    # (what, position, action, seat, error, Russian)
    ("lead: a draw", leading, DRAW, None, IllegalActionError,
     f"Анна выходит, прикупать сейчас нельзя. {LEAD_ANY}"),
    ("lead: a pass", leading, PASS, None, IllegalActionError,
     f"Анна выходит, пасовать сейчас нельзя. {LEAD_ANY}"),
    ("lead: a take", leading, take(0), None, IllegalActionError,
     f"Анна выходит, брать карту крапом вверх сейчас нельзя. {LEAD_ANY}"),
    ("lead: a discard", leading, discard("QH"), None, IllegalActionError,
     f"Анна выходит, сбрасывать карту сейчас нельзя. {LEAD_ANY}"),
    ("lead: a card not held", leading, play("KS"), None, IllegalActionError,
     f"у вас нет К♠. {LEAD_ANY}"),
    ("lead: the suit led last", barred, play("9H"), None, IllegalActionError,
     "последний выход был с червей, а с одной масти дважды подряд не выходят. "
     "Выходите с любой карты, кроме червей (Т♠, 8♠, 7♠)."),
    ("follow: a card not held", following, play("KS"), None, IllegalActionError,
     f"у вас нет К♠. {FOLLOW}"),
    ("follow: another suit while holding the led one", following, play("7S"), None,
     IllegalActionError,
     f"у вас К♥ и 9♥, а 7♠ — не черви: отвечать можно только картой в масть или мушкой. {FOLLOW}"),
    ("follow: another suit with none of the led one", void, play("9D"), None,
     IllegalActionError,
     "9♦ — не черви: отвечать можно только картой в масть или мушкой. "
     "Прикупите или пасуйте."),
    ("draw: while holding the led suit", following, DRAW, None, IllegalActionError,
     f"у вас К♥ и 9♥, поэтому прикупать нельзя. {FOLLOW}"),
    ("draw: from an empty talon", empty_talon, DRAW, None, IllegalActionError,
     "прикупка пуста. Пасуйте."),
    ("follow: a take", following, take(0), None, IllegalActionError,
     f"брать карту крапом вверх, отвечая на выход, нельзя. {FOLLOW}"),
    ("follow: a discard", following, discard("KH"), None, IllegalActionError,
     f"сбрасывать карту, отвечая на выход, нельзя. {FOLLOW}"),
    ("pass: while taking", taking, PASS, None, IllegalActionError,
     f"сначала Борис берёт одну из карт, лежащих крапом вверх. {TAKE}"),
    ("take: no such position", taking, take(5), None, IllegalActionError,
     f"карты крапом вверх с номером 6 нет. {TAKE}"),
    ("take: a card played", taking, play("10H"), None, IllegalActionError,
     f"сначала Борис берёт одну из карт, лежащих крапом вверх. {TAKE}"),
    ("discard: a card not held", discarding, discard("QS"), None, IllegalActionError,
     f"у вас нет Д♠. {DISCARD}"),
    ("discard: a card played", discarding, play("9H"), None, IllegalActionError,
     f"сначала Борис сбрасывает карту. {DISCARD}"),
    ("discard: a take", discarding, take(0), None, IllegalActionError,
     f"сначала Борис сбрасывает карту. {DISCARD}"),
    ("turn: another seat's", leading, play("QH"), 2, IllegalActionError,
     "сейчас ход не игрока Вера: выходит Анна"),
    ("turn: another seat answering", following, play("KH"), 0, IllegalActionError,
     "сейчас ход не игрока Анна: на выход отвечает Борис"),
    ("turn: another seat taking", taking, take(0), 3, IllegalActionError,
     "сейчас ход не игрока Глеб: Борис берёт карту крапом вверх"),
    ("turn: another seat discarding", discarding, discard("9H"), 0, IllegalActionError,
     "сейчас ход не игрока Анна: Борис сбрасывает карту"),
    ("turn: no such seat", leading, play("QH"), 9, InvalidActionError,
     "место за столом — целое число от 0 до 3, а не 9"),
    ("game over", over, PASS, None, GameOverError, "партия окончена: ходить больше нельзя"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("position", "action", "seat", "error", "russian"),
    [pytest.param(*row[1:], id=row[0]) for row in REFUSALS],
)
def test_each_refusal_says_in_russian_what_is_wrong_and_what_is_allowed(
    position: Callable[[], Session],
    action: Action,
    seat: int | None,
    error: type[MushkaError],
    russian: str,
) -> None:
    session = position()
    before = (session.to_act, session.legal_actions(), len(session.events))
    with pytest.raises(error) as refused:
        session.apply(action, seat)
    assert say(refused.value, RUSSIAN) == russian
    assert say(refused.value, ENGLISH) == str(refused.value)  # English stays the str()
    assert (session.to_act, session.legal_actions(), len(session.events)) == before


def test_the_english_of_a_refusal_is_as_it_was() -> None:
    with pytest.raises(IllegalActionError) as refused:
        following().apply(play("7S"))
    assert str(refused.value) == (
        "you hold K♥ and 9♥: 7♠ is not hearts, and only hearts or the mushka may be played. "
        "Follow hearts (K♥, 9♥), play the mushka (A♠), or pass (remise 5)."
    )


def test_describe_legal_speaks_the_language_asked_for() -> None:
    session = following()
    assert session.describe_legal() == (
        "Follow hearts (K♥, 9♥), play the mushka (A♠), or pass (remise 5)."
    )
    assert session.describe_legal(RUSSIAN) == FOLLOW
    assert str(session.legal_wording()) == session.describe_legal()
    assert over().describe_legal(RUSSIAN) == "Партия окончена."


# ------------------------------------------------------------ the choices, said in Russian

H = Suit.H
QH, NH, KC, AS = (parse_card(c) for c in ("QH", "9H", "KC", "AS"))
HAND = [QH, NH, KC, AS]


def follow_sentence(legal: list[Action], remise: int = 5, **options: Any) -> str:
    return choices_sentence(
        Step.FOLLOW,
        legal,
        HAND,
        led=H,
        barred=None,
        remise=remise,
        face_down=0,
        **options,
    )


HOLDING = [play(QH), play(NH), play(AS), PASS]
VOID = [play(AS), DRAW, PASS]

SENTENCES = [
    # (legal, options, Russian)
    (HOLDING, {},
     "Дайте карту в масть — черви (Д♥, 9♥), сыграйте мушку (Т♠) или пасуйте (ремиз 5 копеек)."),
    ([play(QH), PASS], {}, "Дайте карту в масть — черви (Д♥) — или пасуйте (ремиз 5 копеек)."),
    (VOID, {}, "Сыграйте мушку (Т♠), прикупите или пасуйте."),
    ([play(AS), PASS], {}, "Сыграйте мушку (Т♠) или пасуйте."),
    ([DRAW, PASS], {}, "Прикупите или пасуйте."),
    ([PASS], {}, "Пасуйте."),
    (HOLDING, {"keys": ("+", "−")},
     "Дайте карту в масть — черви (Д♥, 9♥), сыграйте мушку (Т♠) или пасуйте (−, ремиз 5 копеек)."),
    (VOID, {"keys": ("+", "−")}, "Сыграйте мушку (Т♠), прикупите (+) или пасуйте (−)."),
    ([DRAW, PASS], {"keys": ("+", "−")}, "Прикупите (+) или пасуйте (−)."),
    ([PASS], {"keys": ("+", "−")}, "Пасуйте (−)."),
    (HOLDING, {"keys": ("+", "−"), "name": {QH: "1", NH: "2", KC: "3", AS: "4"}.__getitem__},
     "Дайте карту в масть — черви (1, 2), сыграйте мушку (4) или пасуйте (−, ремиз 5 копеек)."),
]  # fmt: skip


@pytest.mark.parametrize(("legal", "options", "russian"), SENTENCES)
def test_the_choices_in_russian(legal: list[Action], options: dict[str, Any], russian: str) -> None:
    assert follow_sentence(legal, lang=RUSSIAN, **options) == russian


@pytest.mark.parametrize(
    ("remise", "words"),
    [
        (0, "0 копеек"),
        (1, "1 копейка"),
        (2, "2 копейки"),
        (4, "4 копейки"),
        (5, "5 копеек"),
        (11, "11 копеек"),
        (12, "12 копеек"),
        (21, "21 копейка"),
        (22, "22 копейки"),
        (25, "25 копеек"),
        (101, "101 копейка"),
        (111, "111 копеек"),
    ],
)
def test_the_remise_of_a_pass_takes_the_russian_form_of_its_number(remise: int, words: str) -> None:
    legal = [play(QH), PASS]
    assert follow_sentence(legal, remise, lang=RUSSIAN).endswith(f"(ремиз {words}).")
    keyed = follow_sentence(legal, remise, keys=("+", "−"), lang=RUSSIAN)
    assert keyed.endswith(f"(−, ремиз {words}).")
    assert follow_sentence(legal, remise).endswith(f"or pass (remise {remise}).")  # English as was


def test_one_card_to_lead_is_said_as_the_only_choice_in_english_too() -> None:
    def lead(legal: list[Card], hand: list[Card], barred: Suit | None) -> str:
        actions = [play(c) for c in legal]
        return choices_sentence(
            Step.LEAD, actions, hand, led=None, barred=barred, remise=5, face_down=0
        )

    assert lead([QH], [QH], None) == "Lead your last card (Q♥)."
    assert lead([QH], [QH], H) == "Lead your last card (Q♥)."  # all barred: the bar is lifted
    assert lead([KC], [QH, KC, NH], H) == "Lead your only card that is not hearts (K♣)."
    assert lead([KC, AS], HAND, H) == "Lead any card but hearts (K♣, A♠)."
    assert lead(HAND, HAND, None) == "Lead any card (Q♥, 9♥, K♣, A♠)."


def test_the_english_keys_are_named_as_before_and_true_still_means_d_and_p() -> None:
    keyed = follow_sentence(HOLDING, keys=("d", "p"))
    assert keyed == "Follow hearts (Q♥, 9♥), play the mushka (A♠), or pass (p, costs 5 kop)."
    assert follow_sentence(HOLDING, keys=("d", "p")) == keyed
    assert follow_sentence(VOID, keys=("d", "p")) == (
        "Play the mushka (A♠), draw from the talon (d), or pass (p)."
    )
    assert follow_sentence(VOID) == "Play the mushka (A♠), draw from the talon, or pass."


def test_leads_takes_and_discards_in_russian() -> None:
    def sentence(step: Step, legal: list[Action], barred: Suit | None, face_down: int) -> str:
        return choices_sentence(
            step,
            legal,
            HAND,
            led=None,
            barred=barred,
            remise=5,
            face_down=face_down,
            lang=RUSSIAN,
        )

    plays = [play(c) for c in HAND]
    assert sentence(Step.LEAD, plays, None, 0) == "Выходите с любой карты (Д♥, 9♥, К♣, Т♠)."
    assert sentence(Step.LEAD, plays[2:], H, 0) == (
        "Выходите с любой карты, кроме червей (К♣, Т♠)."
    )
    # one card to lead is no "any card": the last card in hand, or the only one not barred
    assert choices_sentence(
        Step.LEAD, plays[:1], HAND[:1], led=None, barred=None, remise=5, face_down=0, lang=RUSSIAN
    ) == ("Выходите с последней карты (Д♥).")
    assert (
        sentence(Step.LEAD, plays[2:3], H, 0)
        == "Выходите не с червей: такая карта у вас одна (К♣)."
    )
    discards = [discard(c) for c in HAND]
    assert sentence(Step.DISCARD, discards, None, 0) == "Сбросьте одну карту (Д♥, 9♥, К♣, Т♠)."
    takes = {n: [take(i) for i in range(n)] for n in (1, 2, 4)}
    assert sentence(Step.TAKE, takes[1], None, 1).endswith("(номер 1).")
    assert sentence(Step.TAKE, takes[2], None, 2).endswith("(номер 1 или 2).")
    assert sentence(Step.TAKE, takes[4], None, 4).endswith("(номер 1, 2, 3 или 4).")
    assert sentence(Step.NONE, [], None, 0) == "Сейчас выбирать нечего."


# ------------------------------------------------------------ settings, setup, input


LOOSE: dict[str, Any] = {"5": "5", "new": "new"}  # values of the wrong type, as a file may give


@pytest.mark.parametrize(
    ("make", "english", "russian"),
    [
        (lambda: HouseRules(stake=-1), "stake: must be from 0 to 100000, not -1",
         "ставка: нужно число от 0 до 100000, а не -1"),
        (lambda: HouseRules(remise=LOOSE["5"]), "remise: must be a whole number from 0 to 100000, not '5'",
         "ремиз: нужно целое число от 0 до 100000, а не '5'"),
        (lambda: HouseRules(deals=0), "deals: must be from 1 to 1000, not 0",
         "число сдач: нужно число от 1 до 1000, а не 0"),
        (lambda: HouseRules(prices=(4, 3, 2, -1)), "price of spades: must be from 0 to 100000, not -1",
         "цена пиковой взятки: нужно число от 0 до 100000, а не -1"),
        (lambda: HouseRules(exchange=LOOSE["new"]), "exchange: must be one of modern, old, off, not 'new'",
         "правило обмена: нужно одно из modern, old, off, а не 'new'"),
        (lambda: parse_prices("4,3,2"),
         "prices: give four whole numbers H,C,D,S such as 4,3,2,1, not '4,3,2'",
         "цены взяток: нужны четыре целых числа для ♥,♣,♦,♠, например 4,3,2,1, "
         "а не '4,3,2'"),
        (lambda: parse_prices("4,3,x,1"), "price of diamonds: must be a whole number, not 'x'",
         "цена бубновой взятки: нужно целое число, а не 'x'"),
        (lambda: HouseRules.from_json([]), "rules: must be an object, not []",
         "условия стола: нужен объект JSON, а не []"),
    ],
)  # fmt: skip
def test_house_rule_limits_are_said_in_russian(
    make: Callable[[], object], english: str, russian: str
) -> None:
    with pytest.raises(HouseRuleError) as refused:
        make()
    assert str(refused.value) == english
    assert say(refused.value, RUSSIAN) == russian
    # the setting's key and the problem alone, for a command line that names its own option
    assert english.endswith(str(refused.value.problem))
    assert russian.endswith(say(refused.value.problem, RUSSIAN))


def test_setup_and_input_refusals_are_said_in_russian() -> None:
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: Session(["Анна", "Борис", "Вера"]), "в мушку-копилку играют ровно четыре игрока, а не 3"),
        (lambda: Session(list(NAMES), seed=1, rng=random.Random()),
         "укажите не больше одного источника случая (seed, rng или chance), а не seed и rng"),
        (lambda: Session(["Анна", "Борис", "Вера", ""]), "имя не может быть пустым"),
        (lambda: Session(["Анна", "Борис", "Вера", "анна"]),
         "имя 'анна' уже занято: у каждого игрока должно быть своё имя"),
        (lambda: parse_action(""),
         "пустой ввод: назовите карту, например QH, или draw, pass, take N, discard КАРТА"),
        (lambda: parse_action("Qx"),
         "'qx' — не карта (нет такой масти): достоинства 7 8 9 10 (или T) J Q K A, "
         "масти H C D S (или ♥ ♣ ♦ ♠)"),
        (lambda: Card(40), "нет карты с номером 40; номера карт — целые числа от 0 до 31"),
        (lambda: take(9), "карты крапом вверх с номером 10 нет; номера — от 1 до 8"),
    ]  # fmt: skip
    for make, russian in cases:
        with pytest.raises(MushkaError) as refused:
            make()
        assert say(refused.value, RUSSIAN) == russian
    with pytest.raises(SetupError, match="exactly four players, not 3"):
        Session(["a", "b", "c"])


def test_a_record_error_says_where_in_russian() -> None:
    problem = Wording("you do not hold {card}", card=CARDS[13])
    assert say(RecordError(problem, 1, 4), RUSSIAN) == "сдача 2, событие 4: у вас нет Д♣"
    assert str(RecordError(problem, 1, 4)) == "deal 2, event 4: you do not hold Q♣"
    assert say(RecordError(problem, 0), RUSSIAN) == "сдача 1: у вас нет Д♣"
    assert say(RecordError(problem, None, 7), RUSSIAN) == "событие 7: у вас нет Д♣"
    assert str(RecordError("plain")) == "plain" and RecordError("plain").problem == "plain"


def test_a_wording_with_a_plural_and_a_joined_wording() -> None:
    one = Wording("{n} kop", "{n} kop", 1, n=1)
    many = Wording("{n} kop", "{n} kop", 21, n=21)
    assert (str(one), say(one, RUSSIAN), say(many, RUSSIAN)) == ("1 kop", "1 копейка", "21 копейка")
    both = joined([Wording("the talon is empty"), "{not a field}"], ": {} ")
    assert str(both) == "the talon is empty: {} {not a field}"
    assert say(both, RUSSIAN) == "прикупка пуста: {} {not a field}"


def test_a_russian_card_code_refused_carries_its_wording() -> None:
    from mushka.card_input import parse_card_ru
    from mushka.errors import InvalidCardError

    with pytest.raises(InvalidCardError) as refused:
        parse_card_ru("дх", lang=ENGLISH)
    assert str(refused.value).startswith("'дх' is not a card (unknown suit): ranks 7 8 9 10")
    assert say(refused.value, RUSSIAN).startswith("'дх' — не карта (нет такой масти): достоинства")
    assert say(refused.value, ENGLISH) == str(refused.value)


def test_every_refusal_in_random_sessions_is_all_russian() -> None:
    """With Russian names, the choices and a refusal said in Russian have no Latin letter at all,
    whatever the position and whatever was refused (and the English is exactly the error's str)."""
    from mushka.actions import DISCARDS, PLAYS, TAKES

    everything = [*PLAYS, *DISCARDS, *TAKES, DRAW, PASS]
    said = 0
    for seed in range(6):
        session = Session(list(NAMES), HouseRules(deals=2), seed=seed)
        chooser = random.Random(seed)
        while not session.is_over:
            legal = session.legal_actions()
            choices = session.describe_legal(RUSSIAN)
            assert not re.search("[A-Za-z]", choices) and choices[0].isupper(), choices
            for action in chooser.sample(everything, 6):
                if action in legal:
                    continue
                with pytest.raises(MushkaError) as refused:
                    session.apply(action)
                russian = say(refused.value, RUSSIAN)
                assert not re.search("[A-Za-z]", russian), russian
                assert say(refused.value, ENGLISH) == str(refused.value)
                said += 1
            session.apply(chooser.choice(legal))
    assert said > 500
