"""What a phone and the TV show, in Debian's chromium (Playwright), at 360×740 and 320 px wide,
in English and Russian: help about taps, the rulebook as a page, the seat's coming and going
(a reload announced once, a leave that offers to sit down again, the names expected as
buttons), the TV opened from the QR's page with no code, ending on the final sheet; no page
wider than the screen and no element cut. Screenshots in docs/screens/phone-*.png."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_e2e import PHONE, SCREENS, browser, play_a_tap
from webserve import Served, wait_for

from mushka.house_rules import HouseRules
from mushka.i18n import say

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError
__all__ = ["browser"]  # the chromium fixture, shared with test_web_e2e
BOTS = {1: "random", 2: "random", 3: "random"}
# What a keyboard's help says and a phone's must not: keys, the prompt, Ctrl-C, typing
KEYBOARD = re.compile(
    r"Ctrl|Enter|\bkeys?\b|\bprompt\b|\btype\b|\btyped\b|клавиш|набер|введите|\bd, |\bp, ",
    re.IGNORECASE,
)
# An element cut: wider than its own box where it hides what overflows, or past the screen
CUT = """() => {
    const cut = [];
    const width = window.innerWidth;
    for (const node of document.querySelectorAll("body *")) {
        const box = node.getBoundingClientRect();
        if (!box.width || !box.height || node.closest("[hidden]")) continue;
        const style = getComputedStyle(node);
        const hides = ["hidden", "clip"].includes(style.overflowX);
        const text = document.createRange();
        text.selectNodeContents(node);  // an ellipsis hides the text's overflow from scrollWidth
        const wide = node.scrollWidth > node.clientWidth ||
            text.getBoundingClientRect().width > node.clientWidth + 0.5;
        if ((hides && wide) || box.right > width + 1) {
            cut.push(node.tagName + "#" + node.id + "." + node.className + ": " +
                     (node.textContent || "").slice(0, 40));
        }
    }
    return cut;
}"""
SCROLLS = "() => document.documentElement.scrollWidth > window.innerWidth"


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    table = Served(HouseRules(deals=1), BOTS, bot_delay=0.05)
    try:
        yield table
    finally:
        table.close()


def phone(browser: Any, width: int = 360, height: int = 740, lang: str = "en") -> Any:
    locale = {"en": "en-GB", "ru": "ru-RU"}[lang]
    viewport = {"viewport": {"width": width, "height": height}, "locale": locale}
    return browser.new_context(**(PHONE | viewport)).new_page()


def sit(page: Any, url: str, name: str = "Anna") -> None:
    page.goto(url)
    page.fill("#name", name)
    page.click("#sit")
    page.wait_for_selector("#table:not([hidden])", timeout=15000)


def fits(page: Any, what: str) -> None:
    """The page is no wider than the screen and nothing on it is cut."""
    assert not page.evaluate(SCROLLS), f"{what}: the page scrolls sideways"
    cut = page.evaluate(CUT)
    assert not cut, f"{what}: cut {cut}"


def command(page: Any, label: str, shows: str) -> None:
    """Tap the command button labelled `label` until `shows` (a selector) is visible: a tap
    the page sends while a computer player's move redraws it may land on a button gone."""
    for _ in range(5):
        page.locator("#commands button:enabled", has_text=label).first.tap()
        with contextlib.suppress(PlaywrightTimeout):
            page.locator(shows).first.wait_for(timeout=3000)
            return
    raise AssertionError(f"{label} never showed {shows}")


def shoot(page: Any, name: str, full: bool = False) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"phone-{name}.png"), full_page=full)


HELP = {"en": ("Help", "How to play by taps"), "ru": ("Справка", "Как играть касаниями")}
RULES = {"en": ("Rules", "The game in brief"), "ru": ("Правила", "Коротко об игре")}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("width", [360, 320])
def test_a_phones_help_is_about_taps_and_its_rules_a_page_with_contents(
    browser: Any, served: Served, lang: str, width: int
) -> None:
    page = phone(browser, width, 740, lang)
    sit(page, served.url)
    page.wait_for_selector("#commands button:enabled")
    fits(page, "the table")
    label, title = HELP[lang]
    command(page, label, f"#otext h3:has-text('{title}')")
    text = page.inner_text("#otext")
    assert not KEYBOARD.search(text), KEYBOARD.search(text)
    assert len(text.splitlines()) <= 16, text  # short
    fits(page, "the help")
    if width == 360:
        shoot(page, f"help-{lang}")
    page.tap("#back")
    page.wait_for_selector("#overlay", state="hidden")
    label, brief = RULES[lang]
    command(page, label, f"#otext h2:has-text('{brief}')")
    book = page.inner_text("#otext")
    assert "**" not in book and not re.search(r"^#|\s#{1,3}\s", book, re.MULTILINE), book[:400]
    assert page.locator("#otext nav.toc a").count() >= 10  # a table of contents
    headings = page.locator("#otext h2").all_inner_texts()
    assert headings[0] == brief  # the game in brief comes first, then the contents
    fits(page, "the rules")
    if width == 360:
        shoot(page, f"rules-{lang}")
    page.locator("#otext nav.toc a").nth(12).tap()  # a section far down the book
    page.wait_for_function("() => window.scrollY > 2000")
    back = page.locator("#back").bounding_box()
    assert back is not None and back["y"] >= 0 and back["y"] + back["height"] <= 740
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    back = page.locator("#back").bounding_box()
    assert back is not None and back["y"] >= 0 and back["y"] + back["height"] <= 740
    page.tap("#back")
    page.wait_for_selector("#overlay", state="hidden")
    page.context.close()


def test_a_reload_connects_once_and_is_announced_once(browser: Any, served: Served) -> None:
    page = phone(browser)
    sit(page, served.url)
    first = served.run(lambda: served.table.places[0].link)
    page.reload()
    page.wait_for_selector("#table:not([hidden])")
    wait_for(lambda: served.run(lambda: served.table.places[0].link) not in (None, first))
    second = served.run(lambda: served.table.places[0].link)
    # past the page's connect timeout (3 s): the first socket's timer used to drop this one
    time.sleep(4)
    assert served.run(lambda: served.table.places[0].link) is second
    news = served.run(lambda: [say(n) for n in served.table.news])
    assert sum("is back" in line for line in news) == 1, news
    page.context.close()


def test_leaving_ends_on_a_page_that_sits_down_again(browser: Any, served: Served) -> None:
    page = phone(browser, 320, 640)
    sit(page, served.url)
    command(page, "Leave", "#question:not([hidden])")
    page.tap("#yes")
    page.wait_for_selector("#bye:not([hidden])")
    assert page.is_visible("#again")
    how = page.inner_text("#byehow")
    secret = served.run(lambda: served.table.places[0].secret)
    assert "This phone sits down again" in how and secret is not None and secret in how
    fits(page, "the goodbye")
    shoot(page, "left")
    page.tap("#again")
    page.wait_for_selector("#table:not([hidden])")
    wait_for(lambda: served.run(lambda: served.table.places[0].link) is not None)
    page.context.close()


def test_the_join_page_offers_the_expected_names_as_buttons(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    served = Served(HouseRules(deals=1), {2: "random", 3: "random"}, reserved=("Anna", "Борис"))
    try:
        page = phone(browser, 320, 640, "ru")
        page.goto(served.url)
        assert page.locator("#names button").all_inner_texts() == ["Anna", "Борис"]
        fits(page, "the join page")
        shoot(page, "join-ru")
        page.locator("#names button", has_text="Борис").tap()  # one tap: the token seats him
        page.wait_for_selector("#table:not([hidden])")
        assert served.table.places[1].link is not None
        page.context.close()
    finally:
        served.close()


@pytest.mark.parametrize(("size", "deals"), [((1280, 720), 2), ((1920, 1080), 1)])
def test_the_tv_opened_from_the_qr_page_ends_on_the_winner_and_fits(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], deals: int
) -> None:
    """Every state of a seeded session (a deal's boundary too, at 1280×720) fits the TV."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    served = Served(HouseRules(deals=deals), BOTS, bot_delay=0.05)
    try:
        the_tv(browser, served, size)
    finally:
        served.close()


def the_tv(browser: Any, served: Served, size: tuple[int, int]) -> None:
    seat = phone(browser)
    seat.goto(served.url)
    watch = seat.get_attribute("#watch", "href")
    assert watch is not None and watch.startswith("/wall#")  # the token goes with it
    tv = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    tv.goto(served.server.plain_url("127.0.0.1") + watch.removeprefix("/"))
    tv.wait_for_selector("#wall:not([hidden])")  # no code asked
    seat.fill("#name", "Anna")
    seat.click("#sit")
    seat.wait_for_selector("#table:not([hidden])")
    deadline = time.monotonic() + 180
    shots = 0
    while not seat.is_visible("#bye"):
        assert time.monotonic() < deadline, "the deal never ended"
        play_a_tap(seat)
        seat.wait_for_timeout(40)
        assert not (wrong := tv.evaluate(TV_FITS)), f"the TV at {size}: {wrong}"
        if shots == 0 and tv.is_visible("#walltext") and "trick" in tv.inner_text("#walltext"):
            shots += 1
            tv.screenshot(path=str(SCREENS / f"phone-tv-{size[0]}x{size[1]}-play.png"))
    tv.locator("#wallend", has_text="The session is over.").wait_for()
    end = tv.inner_text("#wallend")
    assert "wins" in end or "share the win" in end, end
    assert "reconnecting" not in tv.inner_text("body")
    assert not (wrong := tv.evaluate(TV_FITS)), f"the TV at {size}: {wrong}"
    tv.screenshot(path=str(SCREENS / f"phone-tv-{size[0]}x{size[1]}-over.png"))
    seat.wait_for_timeout(500)
    assert "reconnecting" not in tv.inner_text("body")
    tv.context.close()
    seat.context.close()


TV_FITS = """() => {
    const root = document.documentElement;
    const what = (node) => node.tagName + "#" + node.id;
    if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight)
        return "the page " + root.scrollWidth + "x" + root.scrollHeight;
    for (const id of ["walltext", "wallend"]) {
        const node = document.getElementById(id);
        if (!node || node.hidden) continue;
        const box = node.getBoundingClientRect();
        if (box.bottom > innerHeight || box.right > innerWidth)
            return what(node) + " ends at " + box.right + "x" + box.bottom;
        for (const pre of [node, ...node.querySelectorAll("pre")]) {
            if (pre.scrollWidth > pre.clientWidth + 1 || pre.scrollHeight > pre.clientHeight + 1)
                return what(pre) + " cut: " + pre.scrollWidth + "x" + pre.scrollHeight +
                    " in " + pre.clientWidth + "x" + pre.clientHeight;
        }
    }
    return "";
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_tv_says_the_host_stopped_the_table_and_stops_reconnecting(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    served = Served(HouseRules(deals=1), BOTS, bot_delay=0.05)
    try:
        served.server.lang = lang  # the host's language: the wall speaks it
        seat = phone(browser)
        seat.goto(served.url)
        watch = seat.get_attribute("#watch", "href")
        assert watch is not None
        tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        tv.goto(served.server.plain_url("127.0.0.1") + watch.removeprefix("/"))
        tv.wait_for_selector("#wall:not([hidden])")
        seat.fill("#name", "Anna")
        seat.click("#sit")
        seat.wait_for_selector("#table:not([hidden])")
        tv.wait_for_function("document.getElementById('walltext').textContent.includes('Anna')")
        served.stop()  # Ctrl-C at the host
        said = {"en": "The host stopped the table.", "ru": "Хозяин остановил игру."}[lang]
        tv.locator("#wallend", has_text=said).wait_for()
        tv.wait_for_timeout(1500)  # past the page's first reconnection delays
        body = tv.inner_text("body")
        assert said in body and "reconnecting" not in body and "переподключ" not in body, body
        assert not (wrong := tv.evaluate(TV_FITS)), f"the TV: {wrong}"
    finally:
        served.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_taught_phone_reads_each_explanation_on_a_card_it_dismisses(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """`mushka host --teach`: the lesson's explanations come on a card above the table, in the
    seat's language, naming no key; "Got it" dismisses each, and play goes on by taps."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    served = Served(HouseRules(deals=1), BOTS, bot_delay=0.05, teach=True)
    try:
        page = phone(browser, 320, 640, lang)
        sit(page, served.url)
        page.wait_for_selector("#explain:not([hidden])")
        read = 0
        deadline = time.monotonic() + 60
        while read < 4 and time.monotonic() < deadline:
            if page.is_visible("#explain") and page.is_enabled("#eread"):
                text = page.inner_text("#etext")
                assert text.strip() and not KEYBOARD.search(text), text
                assert page.locator("#hand button:enabled").count() == 0  # read first
                fits(page, "an explanation")
                if read == 0:
                    shoot(page, f"explain-{lang}")
                page.tap("#eread")
                read += 1
            else:
                play_a_tap(page)
            page.wait_for_timeout(100)
        assert read >= 4, f"{read} explanations read"
        page.context.close()
    finally:
        served.close()


def test_another_phone_takes_a_seat_with_the_code_its_help_shows(
    browser: Any, served: Served
) -> None:
    """A refusal that asks for the seat's own code shows the field for it, and the seat's help
    shows that code: typed on another phone it takes the seat over; the first phone is told,
    and may sit down again."""
    first = phone(browser)
    sit(first, served.url)
    command(first, "Help", "#otext h3:has-text('How to play by taps')")
    secret = served.run(lambda: served.table.places[0].secret)
    assert secret is not None and secret in first.inner_text("#otext")
    other = phone(browser, 320, 640)
    other.goto(served.url)
    other.fill("#name", "Anna")
    other.click("#sit")
    other.wait_for_selector("#code-row:not([hidden])")
    assert "own code" in other.inner_text("#status")
    other.fill("#code", secret)
    other.click("#sit")
    other.wait_for_selector("#table:not([hidden])")
    first.wait_for_selector("#bye:not([hidden])")
    assert first.is_visible("#again")
    first.context.close()
    other.context.close()


BOX = re.compile(r"[─│┌┐└┘├┤┬┴┼═║╔╗╚╝╭╮╯╰━┃]")  # a Rich table's box, drawn in text
SCORES = {"en": ("Scores", "Cards played"), "ru": ("Счёт", "Сыгранные карты")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_whole_session_fits_a_320_px_phone_scores_sheets_and_log_as_lists(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Two deals by taps at 320×640: at every moment no sideways scroll and nothing cut; the
    scores and the cards played drawn as lists (no box-drawing character), each deal's sheet in
    the log, the final sheet with its winner on the goodbye."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    served = Served(HouseRules(deals=2), BOTS, bot_delay=0.02)
    try:
        page = phone(browser, 320, 640, lang)
        sit(page, served.url)
        page.wait_for_selector("#hand button")
        scores, played = SCORES[lang]
        looked = logged = False
        deadline = time.monotonic() + 240
        taps = 0
        while not page.is_visible("#bye"):
            assert time.monotonic() < deadline, "the session never ended"
            if play_a_tap(page):
                taps += 1
                if taps % 3 == 0:
                    fits(page, f"tap {taps}")
                    assert not BOX.search(page.inner_text("body")), page.inner_text("body")
            if not looked and page.locator("#trick h3").count() and taps > 3:
                looked = True
                command(page, scores, "#otext .sheet li")
                assert not BOX.search(page.inner_text("#otext"))
                fits(page, "the scores")
                shoot(page, f"scores-{lang}")
                page.tap("#back")
                page.wait_for_selector("#overlay", state="hidden")
                command(page, played, "#otext .played .suit")
                fits(page, "the cards played")
                shoot(page, f"played-{lang}")
                page.tap("#back")
                page.wait_for_selector("#overlay", state="hidden")
            if page.locator("#log .sheet").count() and not logged:
                logged = True  # a deal's sheet in the log, at the deal's boundary
                fits(page, "a deal's sheet in the log")
                shoot(page, f"log-{lang}", full=True)
            page.wait_for_timeout(30)
        assert looked and taps > 8
        page.wait_for_selector("#byesheet .verdict")
        verdict = page.inner_text("#byesheet .verdict")
        winner = page.inner_text("#byesheet li.win b")
        name = winner.split(". ", 1)[-1]  # "1. Bot 2"
        assert name and name in verdict, (winner, verdict)
        assert logged
        assert not BOX.search(page.inner_text("#bye"))
        fits(page, "the final sheet")
        shoot(page, f"final-{lang}", full=True)
        page.context.close()
    finally:
        served.close()


def test_a_russian_question_shows_its_buttons_and_no_typed_keys(
    browser: Any, served: Served
) -> None:
    page = phone(browser, 320, 640, "ru")
    sit(page, served.url)
    command(page, "Выйти", "#question:not([hidden])")
    question = page.inner_text("#qtext")
    assert question and "[" not in question and "д/Н" not in question, question
    assert page.inner_text("#yes") == "Да" and page.inner_text("#no") == "Нет"
    fits(page, "a question")
    page.tap("#no")
    page.wait_for_selector("#question", state="hidden")
    page.context.close()


def test_the_language_button_says_what_a_tap_does(browser: Any, served: Served) -> None:
    page = phone(browser, 320, 640)
    sit(page, served.url)
    page.wait_for_selector("#lang:enabled")
    assert page.inner_text("#lang") == "По-русски"
    page.tap("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    page.locator("#lang:enabled", has_text="In English").wait_for()
    assert page.locator("#commands button", has_text="Справка").count() == 1
    page.tap("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.locator("#lang:enabled", has_text="По-русски").wait_for()
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_exchange_is_explained_on_a_card_at_an_untaught_table(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # seed 1: the first deal has an exchange (Bot 2 lays three cards face down)
    served = Served(HouseRules(deals=1), BOTS, bot_delay=0.05, seed=1)
    try:
        the_exchange(browser, served, lang)
    finally:
        served.close()


def the_exchange(browser: Any, served: Served, lang: str) -> None:
    page = phone(browser, 360, 740, lang)
    sit(page, served.url)
    deadline = time.monotonic() + 120
    while not page.is_visible("#explain"):
        assert time.monotonic() < deadline and not page.is_visible("#bye"), "no exchange"
        play_a_tap(page)
        page.wait_for_timeout(50)
    text = page.inner_text("#etext")
    assert {"en": "face down", "ru": "крапом"}[lang] in text, text
    assert not KEYBOARD.search(text), text
    fits(page, "the exchange explained")
    shoot(page, f"exchange-{lang}")
    for _ in range(10):  # a tap made on a state a computer's move just replaced is stale:
        page.tap("#eread")  # refused, the page redrawn, and the player taps again
        try:
            page.wait_for_selector("#explain", state="hidden", timeout=3000)
            break
        except Exception:
            continue
    assert not page.is_visible("#explain")
    page.context.close()


COACH = {
    "en": ("Coach", "The coach (strong) would play"),
    "ru": ("Подсказка", "Сильный бот на вашем месте сыграл бы"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.usefixtures("home")  # the table's files under the test's own
def test_the_coach_s_answer_is_a_card_of_moves_and_their_worth(browser: Any, lang: str) -> None:
    """At a table with the coach (--hints), a phone's Coach shows the move it would play and
    each move with what it is worth, as a list: no terminal's text, nothing cut at 320 px."""
    served = Served(HouseRules(deals=1), BOTS, bot_delay=0.05, hints=True)
    try:
        page = phone(browser, 320, 640, lang)
        sit(page, served.url)
        label, best = COACH[lang]
        deadline = time.monotonic() + 120
        while True:  # her first decision with moves to weigh (a blind take has none)
            assert time.monotonic() < deadline and not page.is_visible("#bye"), "no choice"

            def weighing() -> bool:
                host = served.table.host
                turn = host.pending() if host is not None else None
                legal = turn.view.legal_actions if turn is not None and turn.seat == 0 else ()
                return len(legal) > 1 and legal[0].kind.value != "take"

            if served.run(weighing) and page.is_visible("#hand button:enabled"):
                break
            play_a_tap(page)
            page.wait_for_timeout(50)
        command(page, label, f"#otext h3:has-text('{best}')")
        moves = page.locator("#otext li").all_inner_texts()
        assert len(moves) > 1 and all(re.search(r"\d", m) for m in moves), moves
        text = page.inner_text("#otext")
        assert not set(text) & set("│─╭╮╰╯"), text  # no box of a terminal's drawing
        assert page.locator("#otext pre").count() == 0
        fits(page, "the coach's answer")
        shoot(page, f"coach-{lang}")
        page.tap("#back")
        page.wait_for_selector("#overlay", state="hidden")
        page.context.close()
    finally:
        served.close()
