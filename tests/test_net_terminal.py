"""What a client's terminal is, from what it sent: only a few variables kept, all checked."""

from __future__ import annotations

from mushka.net import terminal
from mushka.net.terminal import (
    ACCEPTED,
    ChosenEnvironment,
    ascii_only,
    client_environment,
    color_system,
    language,
    terminal_size,
    terminal_type,
)


def test_the_channel_keeps_only_the_accepted_variables_with_short_values() -> None:
    env = ChosenEnvironment([(b"LANG", b"ru_RU.UTF-8"), (b"PATH", b"/bin")])
    for n in range(5000):
        env[f"X{n}".encode()] = b"y" * 1000
    env[b"LC_ALL"] = b"x" * (terminal.MAX_VALUE_BYTES + 1)
    env[b"NO_COLOR"] = b"1"
    assert env == {b"LANG": b"ru_RU.UTF-8", b"NO_COLOR": b"1"}


def test_locale_values_must_look_like_locales() -> None:
    raw = {
        b"LANG": b"ru_RU.UTF-8",
        b"LC_ALL": b"\x1b[31m",
        b"LC_MESSAGES": b"C",
        b"LC_CTYPE": "ру".encode(),
        b"COLORTERM": b"truecolor",
        b"NO_COLOR": b"",
    }
    assert client_environment(raw) == {
        "LANG": "ru_RU.UTF-8",
        "LC_MESSAGES": "C",
        "COLORTERM": "truecolor",
        "NO_COLOR": "",
    }
    assert set(ACCEPTED) >= set(client_environment({k.encode(): b"C" for k in ACCEPTED}))


def test_the_language_is_the_clients_locale_else_the_hosts() -> None:
    assert language({"LANG": "ru_RU.UTF-8"}, "en") == "ru"
    # the POSIX locale is no preference (phone apps, Windows' ssh): the host's language
    assert language({"LANG": "ru_RU.UTF-8", "LC_ALL": "C"}, "ru") == "ru"
    assert language({"LANG": "C.UTF-8"}, "ru") == "ru" and language({"LANG": "POSIX"}, "en") == "en"
    assert language({"LANG": "en_US.UTF-8"}, "ru") == "en"
    assert language({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, "en") == "ru"
    assert language({}, "ru") == "ru" and language({"LC_CTYPE": "C"}, "ru") == "ru"


def test_ascii_where_the_charset_is_not_utf8() -> None:
    assert not ascii_only({"LANG": "ru_RU.UTF-8"})
    assert not ascii_only({"LANG": "C.utf8"})
    assert not ascii_only({})  # no locale sent (Windows, phones): UTF-8, as terminals are now
    assert ascii_only({"LANG": "C"}) and ascii_only({"LANG": "POSIX"})
    assert ascii_only({"LANG": "ru_RU.KOI8-R"}) and ascii_only({"LANG": "en_US"})
    assert ascii_only({"LANG": "ru_RU.UTF-8", "LC_CTYPE": "C"})
    assert not ascii_only({"LC_ALL": "en_US.UTF-8", "LC_CTYPE": "C"})  # LC_ALL wins


def test_colours_from_term_and_no_color() -> None:
    assert color_system("xterm-256color", {}) == "256"
    assert color_system("xterm", {}) == "standard"
    assert color_system("xterm-256color", {"COLORTERM": "truecolor"}) == "truecolor"
    assert color_system("xterm-direct", {}) == "truecolor"
    assert color_system("dumb", {}) is None and color_system("", {}) is None
    assert color_system("xterm-256color", {"NO_COLOR": "1"}) is None
    assert color_system("xterm-256color", {"NO_COLOR": ""}) == "256"  # set but empty: no effect


def test_term_and_size_are_checked() -> None:
    assert terminal_type("xterm-256color") == "xterm-256color"
    assert terminal_type("\x1b]0;x\x07") == "" and terminal_type("x" * 65) == ""
    assert terminal_size(0, 0) == (80, 24)
    assert terminal_size(40, 16) == (40, 16)
    assert terminal_size(2**32 - 1, 2**32 - 1) == (terminal.MAX_WIDTH, terminal.MAX_HEIGHT)
