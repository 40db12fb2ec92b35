"""Tap-to-screen latency of a browser seat at `mushka host --web` on loopback, the page's weight,
and the server's round trip with eight sockets open.

The real `mushka host --web` runs in a process of its own with two people's seats and two
`strong` computer players (who think in the host's worker processes). Anna sits in Debian's
chromium (headless, phone emulation, driven by Playwright) and is probed: she taps Help or Back
to the table, and each tap is timed in the page from the click to the frame after the new state
is in the document (a requestAnimationFrame, then a message: the paint). Boris, a WebSocket
client, plays each of his turns at once, so that the computer players think most of the time.
Then, with eight sockets open (Anna's page, Boris and six wall pages: the cap from one
address), the seven that are not the page each ping the server, all at once, and every ping's
round trip is timed. Compare with `benchmarks/host_latency.py` (an SSH seat's
key to screen at the same table).

    .venv/bin/python benchmarks/web_latency.py [--probes N] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gzip
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from webclient import Client, choose, open_client, seated

MUSHKA = Path(sys.executable).with_name("mushka")
CHROMIUM = Path(os.environ.get("MUSHKA_CHROMIUM", "/usr/bin/chromium"))
CODE = "lat-ncy-777"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# In the page: tap the button, resolve after the frame that shows the new state is painted.
PROBE = """([selector, shown]) => new Promise((resolve) => {
  const overlay = document.getElementById("overlay");
  const start = performance.now();
  const timer = setTimeout(() => { observer.disconnect(); resolve(-1); }, 1500);
  const observer = new MutationObserver(() => {
    if (overlay.hidden === !shown) {
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(0);
      });
    }
  });
  observer.observe(overlay, { attributes: true });
  document.querySelector(selector).click();
})"""


def free_port() -> int:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port: int = probe_socket.getsockname()[1]
        return port


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def page_weight(port: int) -> tuple[int, int]:
    """The page, its script and its style: bytes as served, and gzipped."""
    raw = zipped = 0
    for path in ("/", "/app.js", "/app.css"):
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", headers={"Host": f"127.0.0.1:{port}"}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            body = reply.read()
        raw += len(body)
        zipped += len(gzip.compress(body, 9))
    return raw, zipped


def ponged(client: Client, tag: int) -> bool:
    return any(m.get("n") == tag for m in client.of("pong"))


class Boris:
    """A browser seat with no browser, on a loop of its own: he plays each turn at once."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.moves = 0
        self.client: Client = asyncio.run_coroutine_threadsafe(self._sit(), self.loop).result(30)
        self.playing = asyncio.run_coroutine_threadsafe(self._play(), self.loop)

    async def _sit(self) -> Client:
        client = await seated(self.port, "Boris", code=CODE)
        await client.first("welcome")
        return client

    async def _play(self) -> None:
        tapped = -1
        pinged = time.monotonic()
        while True:
            await asyncio.sleep(0.01)
            if time.monotonic() - pinged > 1:  # as the page does: the socket stays alive
                pinged = time.monotonic()
                await self.client.send(t="ping", n=0)
            states = self.client.of("state")
            if not states or states[-1]["seq"] == tapped:
                continue
            state = states[-1]
            tap = choose(state)
            if tap is not None:
                tapped = state["seq"]
                await self.client.send(seq=state["seq"], **tap)
                self.moves += 1

    def round_trips(self, sockets: int, rounds: int) -> list[float]:
        """Each of `sockets` sockets (this seat's, and walls) pings, all at once: the times."""

        async def trips() -> list[float]:
            walls: list[Client] = []
            for _ in range(sockets - 1):
                wall = await open_client(self.port)
                await wall.send(t="hello", wall=True, code=CODE)
                await wall.first("wall")
                walls.append(wall)
            times: list[float] = []

            async def ping(client: Client, base: int) -> None:
                for n in range(rounds):
                    tag = base * 100000 + n
                    start = time.perf_counter()
                    await client.send(t="ping", n=tag)
                    await client.until(functools.partial(ponged, tag=tag), "a pong")
                    times.append(time.perf_counter() - start)
                    await asyncio.sleep(0.15)  # under the rate limit of a socket

            await asyncio.gather(*(ping(c, i + 1) for i, c in enumerate([self.client, *walls])))
            for wall in walls:
                await wall.socket.close()
            return times

        return asyncio.run_coroutine_threadsafe(trips(), self.loop).result(600)

    def stop(self) -> None:
        self.playing.cancel()

        async def close() -> None:
            await self.client.socket.close()
            if self.client.reader is not None:
                await self.client.reader

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def run(probes: int, seed: int) -> None:
    from playwright.sync_api import sync_playwright

    home = Path(tempfile.mkdtemp(prefix="mushka-web-latency-"))
    env = {**os.environ, "XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "d")}
    port, web = free_port(), free_port()
    host = subprocess.Popen(
        [str(MUSHKA), "host", "--web", "--web-port", str(web), "--port", str(port),
         "--bind", "127.0.0.1", "--code", CODE, "--bots", "2", "--strategy", "strong",
         "--bot-delay", "0", "--seed", str(seed), "--deals", "50"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                raw, zipped = page_weight(web)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            context = browser.new_context(
                viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True,
                bypass_csp=True,  # the probe is a script of the benchmark's own
            )  # fmt: skip
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{web}/")
            page.fill("#name", "Anna")
            page.fill("#code", CODE)
            page.click("#sit")
            boris = Boris(web)
            page.wait_for_selector("#hand button", timeout=30000)
            taps: list[float] = []
            lost = 0
            while len(taps) < probes:
                page.wait_for_selector("#commands button:enabled")
                if page.is_visible("#question"):  # a costly pass asked first: yes, untimed
                    page.click("#yes")
                    page.wait_for_timeout(30)
                    continue
                shown = page.is_visible("#overlay")
                selector = "#back" if shown else "#commands button"  # Help, the first command
                took = float(page.evaluate(PROBE, [selector, not shown]))
                if (len(taps) + lost) % 20 == 0:
                    print(f"  {len(taps)} taps timed, {lost} refused", file=sys.stderr, flush=True)
                if took < 0:
                    lost += 1  # the tap met a newer screen and was refused: not a sample
                else:
                    taps.append(took / 1000)
                if shown:  # back at the table: Anna plays her turn, so the game goes on
                    card = page.query_selector("#hand button:enabled, #moves button:enabled")
                    if card is not None:
                        card.click()
                    page.wait_for_timeout(30)
            trips = boris.round_trips(7, 100)  # with Anna's page: 8 sockets, the cap per address
            moves = boris.moves
            boris.stop()
            browser.close()
    finally:
        host.terminate()
        host.wait(30)
    t50, t95 = percentile(taps, 0.5), percentile(taps, 0.95)
    print(
        f"tap to screen painted, browser seat: median {t50 * 1000:.1f} ms, p95 {t95 * 1000:.1f} ms, "
        f"worst {max(taps) * 1000:.1f} ms ({len(taps)} taps,"
    )
    print(f"  while another seat made {moves} moves, two strong computer players thinking;")
    print(f"  {lost} taps met a newer screen and were refused, as they must be)")
    r50, r95 = percentile(trips, 0.5), percentile(trips, 0.95)
    print(
        f"server round trip, 8 sockets open, 7 pinging at once: median {r50 * 1000:.2f} ms, "
        f"p95 {r95 * 1000:.2f} ms, worst {max(trips) * 1000:.2f} ms ({len(trips)} pings)"
    )
    print(f"page weight: {raw} bytes as served, {zipped} bytes gzipped (page, script, style)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"no chromium at {CHROMIUM}: apt-get install chromium")
        return
    run(options.probes, options.seed)


if __name__ == "__main__":
    main()
