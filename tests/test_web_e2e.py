"""The browser seat in a real browser: Debian's chromium driven by Playwright, in phone
emulation, against a table served in-process. A whole deal by taps against computer players,
the server dropping the socket, a reload, a socket that silently stops carrying data, a phone
woken from sleep, tap targets, and the screenshots in docs/screens/."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webserve import Served, StallingProxy, wait_for

from mushka.house_rules import HouseRules

CHROMIUM = Path(os.environ.get("MUSHKA_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENS = Path(__file__).resolve().parents[1] / "docs" / "screens"
PHONE = {
    "viewport": {"width": 412, "height": 915},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like "
    "Gecko) Chrome/120.0 Mobile Safari/537.36",
    "locale": "en-GB",
}
BOTS = {1: "random", 2: "random", 3: "random"}
GRACE = 1.0  # the table's, for a dropped seat


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"no chromium at {CHROMIUM} (Debian's package chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (a dev extra)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    table = Served(
        HouseRules(deals=1),
        BOTS,
        addresses=("127.0.0.1", "127.0.0.2"),
        bot_delay=0.05,
        grace=GRACE,
    )
    try:
        yield table
    finally:
        table.close()


def phone(browser: Any, width: int = 412, height: int = 915) -> Any:
    context = browser.new_context(**(PHONE | {"viewport": {"width": width, "height": height}}))
    return context.new_page()


def sit(page: Any, url: str, name: str = "Anna") -> None:
    page.goto(url)
    page.fill("#name", name)
    page.click("#sit")
    page.wait_for_selector("#table:not([hidden])", timeout=15000)


def play_a_tap(page: Any) -> bool:
    """Tap the first thing offered (yes to a question); False when nothing is offered now."""
    for selector in (
        "#question:not([hidden]) #yes",
        "#hand button:enabled",
        "#moves button:enabled",
    ):
        button = page.query_selector(selector)
        if button is not None and button.is_enabled() and button.is_visible():
            button.tap()
            return True
    return False


def test_a_phone_plays_a_whole_deal_by_taps_and_every_tap_target_is_large(
    browser: Any, served: Served
) -> None:
    page = phone(browser)
    sit(page, served.url)
    assert page.url.endswith(f":{served.server.port}/")  # the token is gone from the address bar
    page.wait_for_selector("#hand button")
    shot = False
    deadline = time.monotonic() + 120
    taps = 0
    while not page.is_visible("#bye"):
        assert time.monotonic() < deadline, "the deal never ended"
        if play_a_tap(page):
            taps += 1
            if not shot and page.is_visible("#trick h3"):
                SCREENS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENS / "web-412x915.png"))
                shot = True
        for box in [b.bounding_box() for b in page.query_selector_all("button")]:
            if box is not None and box["width"] > 0:
                assert box["width"] >= 48 and box["height"] >= 48, box
        page.wait_for_timeout(30)
    assert taps >= 5 and served.over.is_set()
    assert "session is over" in page.inner_text("#bye")
    page.context.close()


def test_the_small_phones_screen(browser: Any, served: Served) -> None:
    page = phone(browser, 360, 640)
    sit(page, served.url)
    page.wait_for_selector("#hand button:enabled, #moves button")
    for _ in range(6):  # into the play, past the exchange
        if page.query_selector("#trick h3") is not None:
            break
        play_a_tap(page)
        page.wait_for_timeout(300)
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "web-360x640.png"))
    page.screenshot(path=str(SCREENS / "web-360x640-full.png"), full_page=True)
    page.context.close()


def test_when_the_server_drops_the_socket_the_same_seat_comes_back(
    browser: Any, served: Served
) -> None:
    page = phone(browser)
    sit(page, served.url)
    first = served.run(lambda: served.table.places[0].link)
    started = time.monotonic()
    assert served.drop_sockets() == 1
    wait_for(lambda: served.run(lambda: served.table.places[0].link) not in (None, first))
    back = time.monotonic() - started
    page.wait_for_selector("#table:not([hidden])")
    assert page.is_hidden("#join"), page.inner_text("body")
    assert served.table.places[0].name == "Anna"
    print(f"reconnect after a server-side drop: {back:.2f} s")
    assert back < 5
    page.context.close()


def test_a_reload_keeps_the_seat(browser: Any, served: Served) -> None:
    page = phone(browser)
    sit(page, served.url)
    first = served.run(lambda: served.table.places[0].link)
    page.reload()
    page.wait_for_selector("#table:not([hidden])")
    assert page.is_hidden("#join")
    wait_for(lambda: served.run(lambda: served.table.places[0].link) not in (None, first))
    assert served.table.places[0].name == "Anna"
    page.context.close()


def test_a_socket_that_silently_stops_carrying_data_is_noticed_and_replaced(
    browser: Any, served: Served
) -> None:
    proxy = StallingProxy(served, "127.0.0.2")
    try:
        page = phone(browser)
        sit(page, served.url.replace("127.0.0.1", "127.0.0.2"))
        first = served.run(lambda: served.table.places[0].link)
        started = time.monotonic()
        proxy.stall()
        wait_for(lambda: served.run(lambda: served.table.places[0].link) not in (None, first), 20)
        noticed = time.monotonic() - started
        page.wait_for_selector("#table:not([hidden])")
        print(f"a silent socket noticed and replaced in {noticed:.2f} s")
        assert noticed < 8
        page.context.close()
    finally:
        proxy.close()


VISIBILITY = """hidden => {
    Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
    Object.defineProperty(document, "visibilityState", {
        configurable: true, get: () => (hidden ? "hidden" : "visible"),
    });
    document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_a_phone_woken_from_sleep_replaces_its_dead_socket_at_once(
    browser: Any, served: Served
) -> None:
    """The screen goes off (the page hidden: no heartbeat, no watchdog), the socket dies silently
    meanwhile; when the screen comes back on, the page reconnects on `visibilitychange` at once,
    before its watchdog could notice at the next heartbeat (measured: 0.02 s against 1.23 s
    with the watchdog alone)."""
    proxy = StallingProxy(served, "127.0.0.2")
    try:
        page = phone(browser)
        sit(page, served.url.replace("127.0.0.1", "127.0.0.2"))
        first = served.run(lambda: served.table.places[0].link)
        page.evaluate(VISIBILITY, True)
        proxy.stall()
        opened = proxy.connections  # the page's requests and its socket
        time.sleep(2.5)  # asleep for longer than two heartbeats: the socket cannot be trusted
        assert proxy.connections == opened, "the hidden page reconnected: it should wait"
        started = time.monotonic()
        page.evaluate(VISIBILITY, False)
        wait_for(lambda: proxy.connections > opened, 10)
        woke = time.monotonic() - started
        wait_for(lambda: served.run(lambda: served.table.places[0].link) not in (None, first), 10)
        page.wait_for_selector("#table:not([hidden])")
        assert served.table.places[0].name == "Anna"
        print(f"a woken phone's new socket opened {woke:.2f} s after the page was seen again")
        assert woke < 1.0, woke  # the watchdog, at its next heartbeat, takes a second and more
        page.context.close()
    finally:
        proxy.close()


def test_the_page_joined_by_hand_asks_for_the_code_and_a_wrong_one_is_refused(
    browser: Any, served: Served
) -> None:
    page = phone(browser)
    page.goto(served.server.plain_url("127.0.0.1"))
    assert page.is_visible("#code")
    page.fill("#name", "Anna")
    page.fill("#code", "wrong-code")
    page.click("#sit")
    page.locator("#status:has-text('not this')").wait_for()
    page.fill("#code", "K7M P3X W9D")
    page.click("#sit")
    page.wait_for_selector("#table:not([hidden])")
    page.context.close()


def test_the_wall_page_shows_the_table_to_a_tv(browser: Any, served: Served) -> None:
    tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    tv.goto(served.server.plain_url("127.0.0.1") + "wall")
    tv.fill("#code", "k7m-p3x-w9d")
    tv.click("#sit")
    tv.wait_for_selector("#wall:not([hidden])")
    assert "Mushka-kopilka" in tv.inner_text("#wall")
    seat = phone(browser)
    sit(seat, served.url)
    tv.locator("#wall:has-text('Anna')").wait_for()
    SCREENS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(SCREENS / "web-wall-1280x720.png"))
    tv.context.close()
    seat.context.close()
