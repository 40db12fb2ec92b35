"""Every seat's name as its viewer reads it (issue 34, 38): a computer player's short and in the
viewer's language, whatever the host spoke; its strength said once, in the seat list."""

from __future__ import annotations

from mushka.host.offer import PlaceInfo, Presence
from mushka.host.seating import SeatName, StrategyWord, bot_name, seat_names, taken_names
from mushka.i18n import say, speaking
from mushka.present.presence import presence_words, seat_words
from mushka.wording import Wording

HOSTS = ("Anna", "Bot 2", "Bot 3 (strong)", "Bot 4")  # an English host's, one from an old save
BOTS = {1: "basic", 2: "strong", 3: "random"}


def test_a_computer_player_s_name_is_short_and_in_the_viewer_s_language() -> None:
    with speaking("en"):
        assert bot_name(2, "strong") == "Bot 3"
        assert seat_names(HOSTS, BOTS) == ("Anna", "Bot 2", "Bot 3", "Bot 4")
    with speaking("ru"):
        assert seat_names(HOSTS, BOTS) == ("Anna", "Бот 2", "Бот 3", "Бот 4")
        russian = seat_names(HOSTS, BOTS)
    with speaking("en"):  # and back: a Russian host's names at an English seat
        assert seat_names(russian, BOTS) == ("Anna", "Bot 2", "Bot 3", "Bot 4")


def test_a_name_a_person_typed_is_never_translated() -> None:
    with speaking("ru"):
        # "Bot 1" at a person's seat, and a computer player a person named
        assert seat_names(("Bot 1", "Robo", "Bot 3", "Bot 4"), {1: "basic"}) == (
            "Bot 1",
            "Robo",
            "Bot 3",
            "Bot 4",
        )
    assert {"Bot 3", "Бот 3", "Bot 3 (strong)", "Бот 3 (сильный)"} <= taken_names(2, "strong")


def test_the_strength_is_said_in_the_seat_list_only() -> None:
    place = PlaceInfo("Bot 3", Presence.COMPUTER, computer="strong")
    with speaking("ru"):
        assert presence_words(place) == "компьютер"  # a tile: no strength
        assert seat_words(place) == "компьютер, сильный"
    with speaking("en"):
        assert seat_words(place) == "computer, strong"


def test_news_and_notes_spell_names_and_strategies_for_each_reader() -> None:
    words = Wording(
        "A computer player ({strategy}) plays for {name} until {name} is back.",
        strategy=StrategyWord("strong"),
        name=SeatName(2, "Bot 3", "strong"),
    )
    assert say(words, "en") == "A computer player (strong) plays for Bot 3 until Bot 3 is back."
    assert "сильный" in say(words, "ru") and "Бот 3" in say(words, "ru")
    assert str(words) == say(words, "en")
