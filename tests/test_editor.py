"""The seat's line editor: text in, escape sequences and garbage swallowed, a line capped."""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from mushka.present.editor import (
    MAX_LINE_CHARS,
    EndOfInput,
    Event,
    Interrupted,
    LineEditor,
    Submitted,
    cell_width,
)


def feed(editor: LineEditor, data: bytes) -> list[Event]:
    """Everything `data` completes, taking it as the seat does: up to one event at a time."""
    events: list[Event] = []
    while data:
        event, used = editor.take(data)
        assert 0 < used <= len(data)
        data = data[used:]
        if event is not None:
            events.append(event)
    return events


def typed(data: bytes) -> tuple[str, list[Event]]:
    editor = LineEditor()
    events = feed(editor, data)
    return editor.text, events


def test_printable_characters_make_the_line_and_enter_submits_it() -> None:
    assert typed(b"qh") == ("qh", [])
    assert typed(b"qh\r") == ("", [Submitted("qh")])
    assert typed(b"7s\n8s\r\n9s\r\x00") == ("", [Submitted("7s"), Submitted("8s"), Submitted("9s")])


def test_backspace_delete_and_ctrl_u_edit_the_line() -> None:
    assert typed(b"abc\x7f\x7fd")[0] == "ad"
    assert typed(b"abc\x08")[0] == "ab"
    assert typed(b"\x7f\x7fx")[0] == "x"  # backspace on an empty line does nothing
    assert typed(b"abc\x15de\r") == ("", [Submitted("de")])
    assert typed("дч\x7f".encode())[0] == "д"  # a character, not a byte


def test_ctrl_c_and_ctrl_d_are_events_of_their_own() -> None:
    assert typed(b"abc\x03") == ("", [Interrupted()])  # the line is dropped
    assert typed(b"abc\x04") == ("abc", [EndOfInput()])  # the line is kept


def test_only_one_event_is_taken_at_a_time() -> None:
    editor = LineEditor()
    assert editor.take(b"a\rb\rc") == (Submitted("a"), 2)
    assert editor.take(b"b\rc") == (Submitted("b"), 2)
    assert editor.take(b"c") == (None, 1)
    assert editor.text == "c"


KEYS = [
    b"\x1b[A",  # up
    b"\x1b[1;5C",  # ctrl+right
    b"\x1bOP",  # F1
    b"\x1bO1;2P",  # shift+F1, as some terminals send it
    b"\x1b[15~",  # F5
    b"\x1b[3~",  # Delete
    b"\x1b[200~",  # bracketed paste starts
    b"\x1b[201~",  # ... and ends
    b"\x1b[<0;12;7M",  # SGR mouse press
    b"\x1b[M !!",  # X10 mouse report: three raw bytes
    b"\x1b[M\xff\xfe\xfd",  # ... which need not be text
    b"\x1b]11;rgb:0000/0000/0000\x07",  # an answer to a colour query (OSC, BEL)
    b"\x1b]0;title\x1b\\",  # OSC ended by ST
    b"\x1bP1$r0m\x1b\\",  # DCS
    b"\x1b_apc\x1b\\",  # APC
    b"\x1bx",  # Alt+x
    b"\x1b\x7f",  # Alt+Backspace
    b"\x1b(B",  # a charset designation
    b"\x1b[?1;2c",  # a device attributes answer
]


def test_escape_sequences_are_swallowed_whole() -> None:
    for key in KEYS:
        assert typed(b"a" + key + b"b\r") == ("", [Submitted("ab")]), key


def test_a_sequence_cut_off_by_a_control_character_leaves_that_character_be() -> None:
    assert typed(b"ab\x1b\r") == ("", [Submitted("ab")])  # Escape, then Enter
    assert typed(b"ab\x1b[\x03") == ("", [Interrupted()])
    assert typed(b"ab\x1b]0;never ended\r") == ("", [Submitted("ab")])  # a person typed Alt+]
    assert typed(b"ab\x1b[12\x18c")[0] == "abc"  # CAN cancels a sequence
    assert typed(b"a\x1b\x1b[Ab")[0] == "ab"  # Escape alone, then an arrow


def test_invalid_utf8_and_non_printable_characters_are_dropped() -> None:
    assert typed(b"a\xff\xfeb\xc0\xafc")[0] == "abc"
    assert typed(b"a\xd0b")[0] == "ab"  # half a character, then ASCII
    assert typed("a\u202eb\u200bc\u009bd\x1b[Ae\tf\x07g".encode())[0] == "abcdefg"
    assert typed("ю".encode()[:1])[0] == ""  # half a character waits ...
    editor = LineEditor()
    feed(editor, "ю".encode()[:1])
    feed(editor, "ю".encode()[1:])
    assert editor.text == "ю"  # ... for the other half


def test_a_line_stops_at_its_limit_and_says_it_was_cut() -> None:
    editor = LineEditor()
    assert feed(editor, b"x" * (MAX_LINE_CHARS + 50)) == []
    assert editor.text == "x" * MAX_LINE_CHARS and editor.cut
    assert feed(editor, b"\r") == [Submitted("x" * MAX_LINE_CHARS, cut=True)]
    assert feed(editor, b"ok\r") == [Submitted("ok")]
    feed(editor, b"y" * (MAX_LINE_CHARS + 1) + b"\x15")
    assert feed(editor, b"z\r") == [Submitted("z")]  # Ctrl-U starts a fresh line


def test_the_version_changes_only_when_the_line_does() -> None:
    editor = LineEditor()
    feed(editor, b"a")
    seen = editor.version
    feed(editor, b"\x1b[A\x1b[B\x00\t")
    assert editor.version == seen
    feed(editor, b"\x7f")
    assert editor.version > seen


def test_cell_width_counts_wide_and_combining_characters() -> None:
    assert cell_width("abc") == 3
    assert cell_width("дч") == 2
    assert cell_width("中文") == 4
    assert cell_width("e\u0301") == 1


@settings(max_examples=examples(400), deadline=None)
@given(st.binary(max_size=600), st.lists(st.integers(min_value=1, max_value=40), max_size=30))
def test_any_bytes_in_any_pieces_give_the_same_printable_capped_line(
    data: bytes, cuts: list[int]
) -> None:
    whole = LineEditor()
    expected = feed(whole, data)
    pieces = LineEditor()
    events: list[Event] = []
    start = 0
    for size in [*cuts, len(data)]:
        events += feed(pieces, data[start : start + size])
        start += size
    assert events == expected and pieces.text == whole.text
    for text in [whole.text, *(e.text for e in expected if isinstance(e, Submitted))]:
        assert len(text) <= MAX_LINE_CHARS
        assert all(c.isprintable() for c in text)
