"""The browser seat's page as served: its files, and the page with its words filled in (escaped)
from the catalogues in the browser's language, the names the table waits for among them."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from importlib import resources

from mushka.host.live import LiveTable
from mushka.host.offer import Presence
from mushka.i18n import ENGLISH, LANGUAGES, _, language, speaking
from mushka.names import printable


def static_file(name: str) -> bytes:
    return resources.files("mushka.web").joinpath("static", name).read_bytes()


def page_language(accept: str | None, default: str) -> str:
    """The first of our languages the browser's Accept-Language asks for, else `default`."""
    for part in (accept or "").split(","):
        tag = part.split(";", 1)[0].strip().lower()
        for lang in LANGUAGES:
            if tag == lang or tag.startswith(lang + "-"):
                return lang
    return default


def page_words() -> dict[str, str]:
    """The page's own words (the form, the status line), in the language spoken now."""
    return {
        "title": _("Mushka-kopilka"),
        "name": _("Your name"),
        "code": _("Table code"),
        "join": _("Sit down"),
        "connecting": _("Connecting…"),
        "reconnecting": _("reconnecting…"),
        "hand": _("Your hand"),
        "log": _("Table log"),
        "wall": _("The table, for everyone to see"),
        "watch": _("Show the table"),
        "private": _(
            "A browser seat is as private as the Wi-Fi it uses; an SSH seat is encrypted."
        ),
        "language": "По-русски" if language() == ENGLISH else "In English",
        "other": "ru" if language() == ENGLISH else "en",
        "pick": _("Expected at this table (tap your name):"),
        "again": _("Sit down again"),
        "here": _("This phone sits down again by itself."),
        "elsewhere": _(
            "From another phone or computer: your name, and this seat's own code {code} in "
            "place of the table code."
        ),
        "read": _("Got it"),
        "contents": _("Contents"),
    }


def expected_names(table: LiveTable) -> list[str]:
    """The names the table waits for (kept for them, or away): the join page's buttons."""
    waited = (Presence.AWAITED, Presence.AWAY, Presence.RECONNECTING, Presence.STAND_IN)
    return [printable(p.name) for p in table.standing().places if p.name and p.presence in waited]


def render_page(kind: str, lang: str, names: Sequence[str] = ()) -> bytes:
    """The page, its words filled in (escaped) from our catalogues in `lang`; `names`: the
    players the table waits for, offered as buttons on the join form."""
    template = static_file("index.html").decode()
    with speaking(lang):
        words = page_words()
    words["names"] = json.dumps(list(names), ensure_ascii=False)
    filled = template.replace("{{lang}}", lang).replace("{{mode}}", kind)
    for key, value in words.items():
        filled = filled.replace("{{" + key + "}}", html.escape(value, quote=True))
    return filled.encode()
