"""Garbage at the real move prompt: the installed `mushka` under a pseudo-terminal, fed random lines.

    python tests/fuzz_prompt.py --lines 10000 --seed 1

Every line is garbage: any Unicode (control characters, escape sequences, bidi and zero-width
characters, unassigned code points), digits that are not numbers (², ①, ₃), numbers out of range,
near-misses of real moves, and lines up to ~100,000 characters. Lines that mean something (a move,
a command) are never sent. After each line the same prompt must come back; at the end the save
must hold exactly the events it held before. The tty's own keys (Ctrl-C, Ctrl-D, Ctrl-Z, Ctrl-\\,
Ctrl-S/Q, erase and kill) are left out: they are commands to the terminal, tested elsewhere.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from mushka.actions import parse_action
from mushka.present.keys import COMMANDS, ascii_digits, number

MUSHKA = Path(sys.executable).with_name("mushka")
MOVE = r"Your move \["
# The terminal's own keys in canonical mode, and the line ends that would split a line in two.
TTY_KEYS = set("\x03\x04\x08\x0f\x11\x12\x13\x15\x16\x17\x1a\x1c\x7f\r\n")
NOT_NUMBERS = "²³¹①②③④⑤⑥⑦⑧₀₁₂₃₄₅⁴⁵ⅠⅡⅢⅣ½¼"
DECIMALS = "٠١٢٣٤٥٦٧٨٩０１２３４５６７８９०१२३४५६७८९"
NEAR_MISSES = [
    "1 2", "qhh", "take", "take 0", "10♠♠", "p p", "d d", "play", "discard", "x", "10", "11",
    "0", "00", "-1", "+1", "1.0", "1e3", "0x1", "QQ", "H", "♥", "A♠♠", "draw draw", "pass 1",
    "? ?", "qq", "quit now", "help me", "t", "take -1", "1,2", "  9  ", "۱۲", "٩", "１２",
]  # fmt: skip


def meaningful(line: str) -> bool:
    """Whether the game could take `line` as a move or a command (then it is not garbage)."""
    if len(line) > 64:
        return False
    typed = ascii_digits(line).strip().lower()
    if not typed:
        return False  # blank: the prompt asks again
    position = number(typed.removeprefix("take").strip())
    if typed in COMMANDS or (position is not None and 1 <= position <= 8):
        return True
    try:
        parse_action(typed)
    except ValueError:
        return False
    return True


def _any_char(rng: random.Random) -> str:
    while True:
        code = rng.choice(
            [
                rng.randrange(0x20),
                rng.randrange(0x80, 0xA0),
                rng.randrange(0x110000),
                rng.randrange(0x2000, 0x2070),
                rng.randrange(0xFFF0, 0x10000),
            ]
        )
        if not 0xD800 <= code <= 0xDFFF:
            return chr(code)


def garbage(rng: random.Random) -> tuple[str, str]:
    """One garbage line and its kind."""
    kind = rng.choices(
        ["unicode", "controls", "escapes", "digits", "near", "long", "blank"],
        weights=[30, 15, 15, 15, 15, 5, 5],
    )[0]
    if kind == "unicode":
        line = "".join(_any_char(rng) for _ in range(rng.randint(1, 80)))
    elif kind == "controls":
        line = "".join(chr(rng.randrange(0x20)) + rng.choice(["", "1", "q", "p"]) for _ in range(9))
    elif kind == "escapes":
        line = rng.choice(
            [
                f"\x1b[{rng.randint(0, 99)};{rng.randint(0, 99)}{rng.choice('HmJKABCDfsu')}",
                "\x1b[?1049l\x1b[3J",  # leave the alternate screen, wipe: typed, they stay text
                "\x1b]0;owned\x07",
                "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\",
                "\x1bP+q\x1b\\",
                "\u202e1\u202c",
                "\u200b1",
                "1\u0301",
            ]
        ) + rng.choice(["", "1", "q", "qh"])
    elif kind == "digits":
        pool = NOT_NUMBERS if rng.random() < 0.7 else DECIMALS
        line = "".join(rng.choice(pool) for _ in range(rng.randint(1, 6)))
        if rng.random() < 0.3:
            line = "take " + line
    elif kind == "near":
        line = rng.choice(NEAR_MISSES)
    elif kind == "long":
        size = rng.choice([65, 1000, 4095, 4096, 5000, 20_000, 100_000])
        line = "".join(_any_char(rng) for _ in range(size)) if size < 5000 else "9" * size
    else:
        line = rng.choice(["", " ", "\t", "   \t "])
    line = "".join(c for c in line if c not in TTY_KEYS)
    return line, kind


def campaign(
    lines: int, seed: int, home: Path, every: int = 0, program: Path = MUSHKA
) -> dict[str, object]:
    """Send `lines` garbage lines at the move prompt; return the figures."""
    import pexpect

    env = {
        **os.environ,
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_DATA_HOME": str(home / "data"),
        "TERM": "xterm-256color",
    }
    env.pop("PYTHONPATH", None)
    args = ["play", "--seed", "11", "--exchange", "off"]
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        args += ["--player", name]
    child = pexpect.spawn(
        str(program),
        args,
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
    )
    child.delaybeforesend = None
    child.expect("press Enter when only you can see the screen")
    child.sendline("")
    child.expect(MOVE)
    save = home / "state" / "mushka" / "current-game.json"
    before = save.read_text(encoding="utf-8")
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    crashes: list[str] = []
    sent = chars = 0
    start = time.perf_counter()
    while sent < lines:
        line, kind = garbage(rng)
        if meaningful(line):
            continue
        child.send(line + "\r")
        seen = child.expect([MOVE, "unexpected error", "Traceback", pexpect.EOF, pexpect.TIMEOUT])
        sent += 1
        chars += len(line)
        kinds[kind] += 1
        if seen != 0:
            crashes.append(
                f"{kind} {len(line)} chars {line[:120]!r} -> {seen} {child.before[-300:]!r}"
            )
            break
        if every and sent % every == 0:
            print(f"  {sent} lines, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    seconds = time.perf_counter() - start
    after = save.read_text(encoding="utf-8")
    changed = json.loads(after)["record"] != json.loads(before)["record"]
    if child.isalive():
        child.sendline("q")
        child.expect(["Save and stop the game", pexpect.EOF, pexpect.TIMEOUT], timeout=10)
        child.sendline("y")
        child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=10)
        child.terminate(force=True)
    return {
        "lines": sent,
        "characters": chars,
        "kinds": dict(kinds),
        "crashes": len(crashes),
        "crashed_on": crashes,
        "state_changed": changed,
        "seconds": round(seconds, 1),
        "lines_per_second": round(sent / seconds, 1) if seconds else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--program", type=Path, default=MUSHKA, help="the mushka to try")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        figures = campaign(options.lines, options.seed, Path(home), 500, options.program)
    print(json.dumps(figures, indent=1, ensure_ascii=True))
    sys.exit(1 if figures["crashes"] or figures["state_changed"] else 0)


if __name__ == "__main__":
    main()
