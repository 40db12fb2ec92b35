"""The QR code on the host's screen: at most 18 lines for an IPv4 address, black on white, a
white quiet zone of four modules on every side, and its half blocks turned back into pixels
decode to exactly the address printed beside it."""

from __future__ import annotations

import pytest
from rich.style import Style

from mushka.host.codes import JOIN_PATH, join_url, new_join_token
from mushka.host.live import LiveTable
from mushka.host.settings import TableSettings
from mushka.house_rules import HouseRules
from mushka.render.look import Look
from mushka.render.qr import qr_lines
from mushka.render.seat_screen import plain
from mushka.render.wall import Joining, public_frame

TOKEN = "ZQ0X9KDP3MW7VB4Y2N"  # fixed, so that the tests' names are the same in every worker
LONGEST = join_url("http://255.255.255.255:65535/", TOKEN)
TYPICAL = join_url("http://192.168.1.20:8765/", TOKEN)
TOP = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}


def pixels(
    lines: list[str], scale: int = 6, quiet: int = 4, dark_outside: bool = True
) -> tuple[bytes, int, int]:
    """The modules the half blocks draw, `scale` pixels each, in a frame of `quiet` modules of
    the terminal's background (dark, as on a dark theme, by default): grayscale bytes."""
    rows: list[list[bool]] = []
    for line in lines:
        rows.append([TOP[c][0] for c in line])
        rows.append([TOP[c][1] for c in line])
    width = len(rows[0]) + 2 * quiet
    framed = [[dark_outside] * width for _ in range(quiet)]
    framed += [[dark_outside] * quiet + row + [dark_outside] * quiet for row in rows]
    framed += [[dark_outside] * width for _ in range(quiet)]
    image = bytearray()
    for row in framed:
        pixel_row = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        image += pixel_row * scale
    return bytes(image), len(framed[0]) * scale, len(framed) * scale


def decode(lines: list[str], dark_outside: bool) -> list[str]:
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (a dev extra) decodes QR codes")
    data, width, height = pixels(lines, dark_outside=dark_outside)
    view = memoryview(data).cast("B", (height, width))
    return [code.text for code in zxingcpp.read_barcodes(view)]


def test_an_ipv4_address_with_its_token_fits_in_18_lines_black_on_white() -> None:
    # version 2 (25 modules) and four white modules each side: 33 modules, 17 half-block lines
    assert JOIN_PATH.fullmatch("/" + TOKEN) and JOIN_PATH.fullmatch("/" + new_join_token())
    assert f"HTTP://255.255.255.255:65535/{TOKEN}" == LONGEST and len(LONGEST) == 47
    lines = qr_lines(LONGEST)
    assert len(lines) <= 18
    assert all(line.style == Style(color="black", bgcolor="white") for line in lines)
    assert len({len(line.plain) for line in lines}) == 1


@pytest.mark.parametrize("url", [LONGEST, TYPICAL])
def test_the_quiet_zone_is_four_white_modules_on_every_side(url: str) -> None:
    rows: list[list[bool]] = []
    for line in qr_lines(url):
        rows.append([TOP[c][0] for c in line.plain])
        rows.append([TOP[c][1] for c in line.plain])
    dark = [(y, x) for y, row in enumerate(rows) for x, module in enumerate(row) if module]
    top, bottom = min(y for y, _ in dark), max(y for y, _ in dark)
    left, right = min(x for _, x in dark), max(x for _, x in dark)
    assert top >= 4 and left >= 4 and len(rows[0]) - 1 - right >= 4 and len(rows) - 1 - bottom >= 4


@pytest.mark.parametrize("dark_outside", [True, False])
@pytest.mark.parametrize("url", [LONGEST, TYPICAL])
def test_the_drawn_code_decodes_to_exactly_the_address(url: str, dark_outside: bool) -> None:
    assert decode([line.plain for line in qr_lines(url)], dark_outside) == [url]


def test_the_wall_shows_the_code_and_the_address_of_each_lan_address_while_seats_fill() -> None:
    table = LiveTable(HouseRules(), TableSettings())
    joining = Joining(("192.168.1.20", "10.0.0.5"), 2222, "k7m-p3x-w9d", "SHA256:x", 8765, TOKEN)
    text = plain(public_frame(table, 100, 40, Look(False), joining), 100)
    assert "http://192.168.1.20:8765/" in text and "http://10.0.0.5:8765/" in text
    side = len(qr_lines(joining.qr_url() or "")[0].plain)
    words = " ".join(" ".join(line[side:] for line in text.splitlines()).split())
    assert "as private as the Wi-Fi it uses; an SSH seat is encrypted" in words
    assert "SHA256:x" in text.splitlines()[-1] and "(free)" in words
    assert "▀" in text and TOKEN not in text  # the token only in the QR, never in words
    qr = [line[: len(qr_lines(joining.qr_url() or "")[0].plain)] for line in text.splitlines()]
    assert decode([q for q in qr if q and set(q) <= set(TOP)][:18], True) == [TYPICAL]
    ascii_text = plain(public_frame(table, 100, 40, Look(True), joining), 100)
    assert "http://192.168.1.20:8765/" in ascii_text and "#" not in ascii_text
    without = Joining(("192.168.1.20",), 2222, "k7m-p3x-w9d", "SHA256:x")
    assert "8765" not in plain(public_frame(table, 100, 40, Look(False), without), 100)
