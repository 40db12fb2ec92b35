"""The rulebook as HTML for a phone: rendered on the server by markdown-it-py (raw HTML in the
book escaped, never passed through), the game in brief first, then a table of contents whose
links the page scrolls by (ids on the sections' headings), then the rest of the book."""

from __future__ import annotations

import functools
import html
from typing import Final

from markdown_it import MarkdownIt
from markdown_it.token import Token

from mushka.i18n import _, speaking
from mushka.render.rulebook import rulebook_text

# CommonMark with tables (the house rules' settings), raw HTML off: `<` in the book is text.
MARKDOWN: Final = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def _inline(token: Token) -> str:
    """An inline token's text as HTML (a heading's words in the contents)."""
    return str(MARKDOWN.renderer.render(token.children or [], MARKDOWN.options, {}))


@functools.cache
def rules_html(lang: str) -> str:
    """The rulebook in `lang` as an HTML fragment (no script, no style, no raw HTML of the
    book's own): the summary first, the contents, then every section, each heading with an
    id ("s-1", …) the contents link to."""
    tokens = MARKDOWN.parse(rulebook_text(lang))
    contents: list[tuple[int, str, str]] = []  # level, id, words
    number = 0
    for at, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in ("h2", "h3"):
            number += 1
            ident = f"s-{number}"
            token.attrSet("id", ident)
            contents.append((int(token.tag[1]), ident, _inline(tokens[at + 1])))
    # the book's title, then the game in brief (its first section), then the contents
    starts = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
    brief_end = starts[1] if len(starts) > 1 else len(tokens)
    head = MARKDOWN.renderer.render(tokens[:brief_end], MARKDOWN.options, {})
    rest = MARKDOWN.renderer.render(tokens[brief_end:], MARKDOWN.options, {})
    with speaking(lang):
        title = html.escape(_("Contents"))
    items = "".join(
        f'<li class="l{level}"><a href="#{ident}">{words}</a></li>'
        for level, ident, words in contents[1:]
    )
    toc = f'<nav class="toc" aria-label="{title}"><h2>{title}</h2><ul>{items}</ul></nav>'
    return f"{head}{toc}{rest}"
