"""Table-driven tests, one section per ruling R1–R14 of RULINGS.md, on hand-built positions."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from conftest import a, act, cards, make_session

from mushka.actions import DRAW, PASS, play
from mushka.cards import CARDS, MUSHKA, Suit, parse_card, sorted_hand
from mushka.engine import Phase, Session, Step
from mushka.errors import HouseRuleError, IllegalActionError
from mushka.events import (
    Ante,
    Discard,
    Draw,
    End,
    Event,
    Expose,
    Out,
    Pass,
    Payout,
    Remise,
    Replenish,
    Take,
    TakeBack,
    Trick,
)
from mushka.house_rules import Exchange, HouseRules
from mushka.record import dumps_session
from mushka.study.simulate import play_random_session


def trick_position(lead: str, replies: list[str], **kwargs: object) -> Session:
    """Seat 0 holds `lead` (+ fillers) and leads; seat i holds replies[i-1] (+ fillers).

    Fillers are never of the led suit and never the mushka, so they do not interfere.
    """
    led = parse_card(lead).suit
    named = [lead.split(), *[r.split() for r in replies]]
    used = {parse_card(c) for group in named for c in group}
    pool = [c for c in CARDS if c.suit != led and c != MUSHKA and c not in used]
    hands = []
    for group in named:
        fill = [pool.pop(0).code for _ in range(5 - len(group))]
        hands.append(" ".join(group + fill))
    talon = kwargs.pop("talon", "")
    session = make_session(hands, str(talon), **kwargs)  # type: ignore[arg-type]
    act(session, lead)
    return session


def last_event(session: Session) -> Event:
    """The newest event, read afresh: mypy would carry a check of `events[-1]` across act()."""
    return session.deals[0].events[-1]


def last_trick(session: Session) -> Trick:
    return next(e for e in reversed(session.deals[0].events) if isinstance(e, Trick))


# ---------------------------------------------------------------- R1 cards


def test_r1_deck_is_32_cards_seven_to_ace_in_four_suits() -> None:
    assert len(CARDS) == len(set(CARDS)) == 32
    assert [c.code for c in CARDS[:8]] == ["7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    assert {c.suit for c in CARDS} == {Suit.H, Suit.C, Suit.D, Suit.S}


@pytest.mark.parametrize(
    ("lead", "replies", "winner"),
    [
        ("7H", ["AH", "10H", "9H"], 1),  # ace high
        ("9D", ["10D", "JD", "8D"], 2),  # jack over ten
        ("KC", ["QC", "AC", "JC"], 2),
        ("10S", ["9S", "8S", "7S"], 0),  # seven low
        ("QH", ["KH", "JH", "10H"], 1),
    ],
)
def test_r1_highest_card_of_the_led_suit_wins(lead: str, replies: list[str], winner: int) -> None:
    session = trick_position(lead, replies)
    act(session, *replies)
    assert last_trick(session).winner == winner


def test_r1_hand_order_is_hearts_clubs_diamonds_spades_high_to_low() -> None:
    assert sorted_hand(cards("7S AH 9C 10H KD")) == cards("AH 10H 9C KD 7S")


# ---------------------------------------------------------------- R2 seats and turns


def test_r2_first_dealer_is_drawn_by_lot_from_the_seed() -> None:
    dealers = {Session(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Session(seed=7).dealer == Session(seed=7).dealer


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_r2_player_after_the_dealer_leads_first_and_play_goes_clockwise(dealer: int) -> None:
    hands = ["7H 8H 7C 8C 7D", "9H 10H 9C 10C 8D", "JH QH JC QC 9D", "KH AH KC AC 10D"]
    session = make_session(hands, dealer=dealer)
    leader = (dealer + 1) % 4
    assert (session.to_act, session.step) == (leader, Step.LEAD)
    session.apply(session.legal_actions()[0])
    order = []
    for _ in range(3):
        order.append(session.to_act)
        session.apply(PASS)
    assert order == [(leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4]


def test_r2_dealer_rotates_clockwise_each_deal() -> None:
    session = play_random_session(HouseRules(deals=6), seed=11)
    dealers = [d.dealer for d in session.deals]
    assert all(b == (a_ + 1) % 4 for a_, b in pairwise(dealers))


# ---------------------------------------------------------------- R3 session


@pytest.mark.parametrize("deals", [1, 2, 4, 7])
def test_r3_a_session_is_the_agreed_number_of_deals(deals: int) -> None:
    session = play_random_session(HouseRules(deals=deals), seed=deals)
    assert session.is_over and len(session.deals) == deals
    assert all(type(n) is int for n in session.net) and sum(session.net) + session.kitty == 0
    assert len(session.first_outs) == deals and session.legal_actions() == ()


# ---------------------------------------------------------------- R4 antes


def test_r4_everyone_antes_in_the_first_deal() -> None:
    session = make_session(
        ["7H 8H 7C 8C 7D"] * 0
        + ["7H 8H 7C 8C 7D", "9H 10H 9C 10C 8D", "JH QH JC QC 9D", "KH AH KC AC 10D"],
        stake=10,
    )
    antes = [e for e in session.deals[0].events if isinstance(e, Ante)]
    assert antes == [Ante(0, 10), Ante(1, 10), Ante(2, 10), Ante(3, 10)]
    assert session.kitty == 40 and session.net == (-10, -10, -10, -10)


@pytest.mark.parametrize("seed", range(8))
def test_r4_first_out_of_a_deal_skips_the_next_ante(seed: int) -> None:
    session = play_random_session(HouseRules(deals=4), seed=seed)
    for previous, deal in pairwise(session.deals):
        end = next(e for e in previous.events if isinstance(e, End))
        payers = [e.seat for e in deal.events if isinstance(e, Ante)]
        assert payers == [s for s in range(4) if s != end.first_out]


# ---------------------------------------------------------------- R5 legal plays


@pytest.mark.parametrize(
    ("lead", "hand", "talon_empty", "legal"),
    [
        ("QH", "KH 9H AS 8D 7C", False, {"KH", "9H", "AS", "pass"}),  # follow, mushka or pass
        ("QH", "AS 8D 7C 9C 10C", False, {"AS", "draw", "pass"}),  # no hearts: mushka, draw, pass
        ("QH", "8D 7C 9C 10C JC", False, {"draw", "pass"}),
        ("QH", "8D 7C 9C 10C JC", True, {"pass"}),  # an empty talon cannot be drawn from
        ("QS", "AS 9S 8D 7C 9C", False, {"AS", "9S", "pass"}),  # on spades the ace simply follows
        ("QS", "8D 7C 9C 10C JC", False, {"draw", "pass"}),
    ],
)
def test_r5_legal_answers_to_a_lead(
    lead: str, hand: str, talon_empty: bool, legal: set[str]
) -> None:
    led = parse_card(lead).suit
    others = [c for c in CARDS if c.suit != led and c != MUSHKA and c.code not in hand.split()]
    filler = [" ".join(c.code for c in others[i * 5 : i * 5 + 5]) for i in range(2)]
    rest = [c for c in CARDS if c.code not in (hand + " " + lead + " " + " ".join(filler)).split()]
    seat0 = " ".join([lead] + [c.code for c in rest[:4]])
    session = make_session([seat0, hand, *filler])
    if talon_empty:
        session._talon_pos = len(session._talon)  # exhaust the talon without playing it out
    act(session, lead)
    got = {
        str(x.card.code) if x.card is not None else x.kind.value for x in session.legal_actions()
    }
    assert got == legal


def test_r5_a_drawn_card_of_the_led_suit_goes_straight_onto_the_trick() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"], talon="10H KS")
    act(session, "draw")
    assert session.deals[0].events[-1] == Draw(1, parse_card("10H"), True)
    assert parse_card("10H") not in session.hand(1)
    act(session, "pass", "pass")
    assert last_trick(session) == Trick(0, Suit.H, False, 4, 4, parse_card("QH"))


def test_r5_a_drawn_card_of_another_suit_joins_the_hand_and_counts_as_a_pass() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"], talon="KS 10H")
    kitty = session.kitty
    act(session, "draw")
    assert session.deals[0].events[-1] == Draw(1, parse_card("KS"), False)
    assert parse_card("KS") in session.hand(1) and len(session.hand(1)) == 6
    assert session.to_act == 2 and session.kitty == kitty  # no remise


def test_r5_passing_while_holding_the_led_suit_costs_a_remise_at_once() -> None:
    session = trick_position("QH", ["KH 9C", "8D", "7D"], remise=5)
    kitty, net = session.kitty, session.net[1]
    act(session, "pass")
    assert session.deals[0].events[-2:] == [Pass(1, True), Remise(1, 5, "revoke")]
    assert session.kitty == kitty + 5 and session.net[1] == net - 5


def test_r5_passing_without_the_led_suit_is_free() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"])
    act(session, "pass")
    assert session.deals[0].events[-1] == Pass(1, False)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("8D", "8♦ is not hearts"),
        ("draw", "you hold K♥, so you may not draw"),
        ("JH", "you do not hold J♥"),
        ("take 1", "not possible while answering a lead"),
    ],
)
def test_r5_other_suits_are_refused_with_an_explanation_and_nothing_changes(
    action: str, message: str
) -> None:
    session = trick_position("QH", ["KH 8D", "8C", "7C"])
    before = (session.hand(1), session.kitty, len(session.events), session.to_act)
    with pytest.raises(IllegalActionError) as err:
        act(session, action)
    assert message in str(err.value)
    assert "Follow hearts (K♥)" in str(err.value) and "pass (remise 5)" in str(err.value)
    assert (session.hand(1), session.kitty, len(session.events), session.to_act) == before


# ---------------------------------------------------------------- R6 taking the trick


@pytest.mark.parametrize(
    ("lead", "replies", "actions", "winner", "doubled"),
    [
        ("QH", ["AH", "AS", "KH"], ["AH", "AS", "KH"], 2, True),  # the mushka beats the ace
        ("7C", ["AS 8C", "AC", "KC"], ["AS", "AC", "KC"], 1, True),  # even when holding the suit
        ("AS", ["KS", "QS", "7S"], ["KS", "QS", "7S"], 0, True),  # led mushka doubles too
        ("9D", ["10D", "pass", "AD"], ["10D", "pass", "AD"], 3, False),
    ],
)
def test_r6_the_mushka_wins_any_trick_and_doubles_it(
    lead: str, replies: list[str], actions: list[str], winner: int, doubled: bool
) -> None:
    hands = [r if r != "pass" else "" for r in replies]
    session = trick_position(lead, hands)
    act(session, *actions)
    trick = last_trick(session)
    assert (trick.winner, trick.doubled) == (winner, doubled)


def test_r6_when_nobody_joins_the_leader_takes_his_card_back_and_the_lead_moves_on() -> None:
    session = trick_position("QH", ["KC", "8D", "7D"])
    act(session, "pass", "pass", "pass")
    assert session.deals[0].events[-1] == TakeBack(0, parse_card("QH"))
    assert parse_card("QH") in session.hand(0) and len(session.hand(0)) == 5
    assert (session.to_act, session.step) == (1, Step.LEAD)
    assert not any(isinstance(e, Trick) for e in session.deals[0].events)


def test_r6_one_follower_is_enough_for_a_trick() -> None:
    session = trick_position("QH", ["KC", "8H", "7D"])
    act(session, "pass", "8H", "pass")
    assert last_trick(session).winner == 0


def test_r6_the_winner_is_paid_at_once_from_the_kitty() -> None:
    session = trick_position("QH", ["KH", "8H", "7H"], stake=15)
    act(session, "KH", "8H", "7H")
    assert last_trick(session) == Trick(1, Suit.H, False, 4, 4, parse_card("KH"))
    assert session.kitty == 56 and session.net[1] == -11


def test_r6_when_the_kitty_holds_less_the_winner_gets_what_it_holds() -> None:
    session = trick_position("QH", ["AS", "8H", "7H"], stake=1)
    act(session, "AS", "8H", "7H")
    assert last_trick(session) == Trick(1, Suit.H, True, 8, 4, MUSHKA)
    assert session.kitty == 0 and session.net[1] == 3


# ---------------------------------------------------------------- R7 leading


def test_r7_the_winner_may_not_lead_the_suit_just_led() -> None:
    session = trick_position("QH", ["KH 9H 7C", "8H", "7H"])
    act(session, "KH", "8H", "7H")
    assert (session.to_act, session.step) == (1, Step.LEAD)
    assert playable(session) == {"7C"} | {c.code for c in session.hand(1) if c.suit != Suit.H}
    with pytest.raises(IllegalActionError, match="hearts were led last"):
        act(session, "9H")


def playable(session: Session) -> set[str]:
    return {x.card.code for x in session.legal_actions() if x.card is not None}


def test_r7_a_taken_back_lead_also_bars_its_suit() -> None:
    session = trick_position("QH", ["KC 9H", "8D", "7D"])
    act(session, "pass")  # a revoke, but still nobody joins
    act(session, "pass", "pass")
    assert session.step is Step.LEAD and session.to_act == 1
    assert "9H" not in playable(session)


def test_r7_the_bar_is_lifted_when_the_leader_holds_only_that_suit() -> None:
    hands = ["AH KH QH JH 10H", "9H 7C 8C 9C 10C", "JC QC KC AC 7D", "8D 9D 10D JD QD"]
    session = make_session(hands)
    act(session, "AH", "9H", "pass", "pass")
    assert session.to_act == 0 and playable(session) == {"KH", "QH", "JH", "10H"}


def test_r7_a_winner_without_cards_passes_the_lead_to_the_next_holder() -> None:
    session = out_scenario()
    assert session.out_order == (0, 1)
    assert (session.to_act, session.step) == (2, Step.LEAD)


# ---------------------------------------------------------------- R8 going out, end of deal


def out_scenario() -> Session:
    """Anna and Boris go out in the same trick, Anna's card first."""
    hands = ["AH KH QH JH 7D", "10H 9H 8H 7H 8D", "7C 8C 9C 9S 10S", "QC KC AC JS QS"]
    session = make_session(hands)
    act(session, "AH", "7H", "pass", "pass")  # Anna wins hearts
    act(session, "7D", "8D", "pass", "pass")  # Boris wins diamonds
    act(session, "10H", "pass", "pass", "JH")  # Anna wins
    act(session, "KH", "9H", "pass", "pass")  # only hearts left: the bar is lifted
    act(session, "QH", "8H", "pass", "pass")  # both play their last card
    return session


def test_r8_the_order_of_going_out_follows_the_order_of_play() -> None:
    session = out_scenario()
    events = session.deals[0].events
    assert events[-2:] == [Out(0), Out(1)]
    assert events[-3] == Trick(0, Suit.H, False, 4, 4, parse_card("QH"))


def test_r8_a_deal_ends_when_at_most_one_player_holds_cards() -> None:
    session = out_scenario()
    act(session, "9S", "JS")  # Gleb wins spades; Anna and Boris are skipped
    act(session, "QC", "7C", "QS", "10S", "KC", "8C")
    act(session, "AC", "9C")  # the bar on clubs is lifted: Gleb holds only the ace
    events = session.deals[0].events
    assert events[-5:-2] == [Out(3), Out(2), End(0, False)]
    assert session.out_order == (0, 1, 3, 2) and session.is_over


def test_r8_a_blocked_deal_ends_when_every_holder_has_led_and_been_taken_back() -> None:
    hands = ["7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD", "7S 8S 9S 10S JS"]
    session = make_session(hands, deals=2, later=[(hands, "")])
    for lead in ("7H", "7C", "7D"):
        act(session, lead, "pass", "pass", "pass")
        assert session.deal_index == 0
    act(session, "7S", "pass", "pass", "pass")
    events = session.deals[0].events
    # nobody went out and all hold five: the earliest from the dealer's left counts as first out
    assert End(0, True) in events
    assert [e for e in events if isinstance(e, Remise)] == [
        Remise(s, 5, "no-trick") for s in range(4)
    ]
    assert session.deal_index == 1


def test_r8_in_a_blocked_deal_without_anyone_out_the_fewest_cards_count_as_first_out() -> None:
    hands = ["7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD", "7S 8S 9S 10S JS"]
    session = make_session(hands, talon="KS QS", dealer=1)  # Vera (seat 2) leads first
    act(session, "7D", "draw", "pass", "pass")  # Gleb draws K♠: six cards
    act(session, "7S", "pass", "pass", "pass")
    act(session, "7H", "draw", "pass", "pass")  # Boris draws Q♠: six cards
    act(session, "7C", "pass", "pass", "pass")
    end = next(e for e in session.deals[0].events if isinstance(e, End))
    assert end == End(2, True)  # Vera and Anna hold five; Vera comes first from the dealer's left


def test_r8_a_leader_taken_back_is_not_out_even_with_one_card() -> None:
    example = load_example()
    last = example.deals[3].events
    assert TakeBack(0, parse_card("QS")) in last and Out(0) not in last


def test_r8_each_player_without_a_trick_pays_a_remise_at_the_end_of_the_deal() -> None:
    session = out_scenario()
    act(session, "9S", "JS", "QC", "7C", "QS", "10S", "KC", "8C", "AC", "9C")
    remises = [e for e in session.deals[0].events if isinstance(e, Remise)]
    assert remises == [Remise(2, 5, "no-trick")]  # Vera took nothing


# ---------------------------------------------------------------- R9 prices


@pytest.mark.parametrize(
    ("lead", "replies", "value"),
    [
        ("QH", ["KH", "", ""], 4),
        ("QC", ["KC", "", ""], 3),
        ("QD", ["KD", "", ""], 2),
        ("QS", ["KS", "", ""], 1),
        ("QH", ["AS", "", ""], 8),
        ("QC", ["AS", "", ""], 6),
        ("QD", ["AS", "", ""], 4),
        ("QS", ["AS", "", ""], 2),
    ],
)
def test_r9_default_prices_follow_the_suit_order_and_double_with_the_mushka(
    lead: str, replies: list[str], value: int
) -> None:
    session = trick_position(lead, replies)
    act(session, replies[0], "pass", "pass")
    assert last_trick(session).value == value


def test_r9_house_prices_apply() -> None:
    session = trick_position("QD", ["AS", "", ""], prices=(10, 7, 5, 0))
    act(session, "AS", "pass", "pass")
    assert last_trick(session).value == 10


# ---------------------------------------------------------------- R10 modern exchange


def exchange_position(exchange: str = "modern") -> Session:
    hands = ["7H 8H 9H 7C 8C", "10H JH 9C 10C 7D", "JC QC 8D 9D 7S", "QH KC 10D 8S 9S"]
    return make_session(
        hands,
        talon="JD QD KD AD",
        exchange=exchange,
        face_down={(0, 0): "9H 7H 8H"},
    )


def test_r10_three_of_a_suit_are_laid_face_down_and_each_other_player_takes_one_blind() -> None:
    session = exchange_position()
    assert session.phase is Phase.EXCHANGE
    assert session.deals[0].events[-1] == Expose(0, tuple(cards("9H 7H 8H")))
    assert (session.to_act, session.step) == (1, Step.TAKE)
    assert [x.code for x in session.legal_actions()] == ["take 1", "take 2", "take 3"]
    act(session, "take 1")  # Boris gets 9H blind
    assert last_event(session) == Take(1, parse_card("9H"))
    assert session.step is Step.DISCARD and session.to_act == 1
    act(session, "discard 7D")
    act(session, "take 2", "discard 8H")  # Vera may discard the card she just took
    act(session, "take 1", "discard 8S")
    events = session.deals[0].events
    assert events[-6:] == [
        Take(2, parse_card("8H")),
        Discard(2, parse_card("8H")),
        Take(3, parse_card("7H")),
        Discard(3, parse_card("8S")),
        Replenish(0, tuple(cards("JD QD KD"))),
        Expose(1, events[-1].cards),  # type: ignore[union-attr]
    ]
    assert sorted(session.hand(0)) == sorted(cards("7C 8C JD QD KD"))


def test_r10_a_hand_changed_by_an_exchange_is_checked_when_its_turn_comes() -> None:
    session = exchange_position()
    act(session, "take 1", "discard 7D", "take 2", "discard 8H", "take 1", "discard 8S")
    # Boris now holds 10H JH 9H: his own turn in the order comes next, so he must expose
    assert session.deals[0].events[-1].seat == 1  # type: ignore[union-attr]
    assert sorted(c for c in session.deals[0].events[-1].cards if c is not None) == sorted(  # type: ignore[union-attr]
        cards("10H JH 9H")
    )


def test_r10_nobody_exchanges_twice_and_a_passed_turn_is_not_checked_again() -> None:
    session = exchange_position()
    act(session, "take 1", "discard 7D", "take 2", "discard 8H", "take 1", "discard 8S")
    # Anna drew J♦ Q♦ K♦ (three diamonds) but has had her exchange
    assert sorted(session.hand(0)) == sorted(cards("7C 8C JD QD KD"))
    act(session, "take 1", "discard 7S", "take 1", "discard 7H", "take 1", "discard 7C")
    assert session.phase is Phase.PLAY
    assert [e.seat for e in session.deals[0].events if isinstance(e, Expose)] == [0, 1]


def test_r10_cards_nobody_took_return_to_the_exposing_player() -> None:
    hands = ["7H 8H 9H 10H 8C", "JH 9C 10C 7D 8D", "JC QC 9D 10D 7S", "QH KC JD 8S 9S"]
    session = make_session(
        hands, talon="QD KD AD", exchange="modern", face_down={(0, 0): "7H 8H 9H 10H"}
    )
    act(session, "take 4", "discard 7D", "take 1", "discard 7S", "take 1", "discard 8S")
    assert sorted(session.hand(0)) == sorted(cards("9H 8C QD KD AD"))
    assert session.deals[0].events[-1] == Replenish(0, tuple(cards("QD KD AD")))


def test_r10_the_check_is_the_engines_so_nothing_can_be_concealed() -> None:
    for seed in range(30):
        session = play_random_session(HouseRules(), seed)
        for deal in session.deals:
            exposers = {e.seat for e in deal.events if isinstance(e, Expose)}
            for seat, hand in enumerate(deal.hands):
                counts = [sum(1 for c in hand if c.suit == s) for s in Suit]
                if max(counts) >= 3 and seat == (deal.dealer + 1) % 4:
                    assert seat in exposers


# ---------------------------------------------------------------- R11 old exchange and "off"


def test_r11_old_variant_right_hand_neighbour_picks_two_for_the_next_two_players() -> None:
    session = exchange_position("old")
    assert (session.to_act, session.step) == (3, Step.TAKE)  # Gleb, Anna's right-hand neighbour
    act(session, "take 2")  # 7H goes to Boris
    assert session.deals[0].events[-1] == Take(1, parse_card("7H"))
    assert (session.to_act, session.step) == (1, Step.DISCARD)
    act(session, "discard 7D")
    assert (session.to_act, session.step) == (3, Step.TAKE)
    act(session, "take 1")  # 9H goes to Vera
    act(session, "discard 7S")
    events = session.deals[0].events
    replenish = next(e for e in events if isinstance(e, Replenish))
    assert replenish == Replenish(0, tuple(cards("JD QD")))
    assert sorted(session.hand(0)) == sorted(cards("8H 7C 8C JD QD"))


def test_r11_off_skips_exchanges() -> None:
    session = make_session(
        ["7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D JD", "7S 8S 9S 10S JS"]
    )
    assert session.phase is Phase.PLAY
    assert not any(isinstance(e, Expose) for e in session.deals[0].events)


# ---------------------------------------------------------------- R12 end of session


def load_example() -> Session:
    from pathlib import Path

    from mushka.record import loads

    path = Path(__file__).resolve().parents[2] / "shared" / "examples" / "record-example.json"
    if not path.exists():
        path = Path(__file__).with_name("data") / "record-example.json"
    return loads(path.read_text(encoding="utf-8"))


def test_r12_first_out_of_the_last_deal_takes_the_kitty() -> None:
    session = load_example()
    assert session.deals[-1].events[-1] == Payout(3, 131)
    assert session.kitty == 0 and session.net == (-47, -34, -3, 84) and sum(session.net) == 0


@pytest.mark.parametrize("seed", range(20))
def test_r12_money_is_conserved_at_every_step(seed: int) -> None:
    session = Session(rules=HouseRules(stake=seed, remise=seed % 7), seed=seed)
    rng = random.Random(seed)
    while not session.is_over:
        assert sum(session.net) + session.kitty == 0
        session.apply(rng.choice(session.legal_actions()))
    assert session.kitty == 0 and sum(session.net) == 0


# ---------------------------------------------------------------- R13 house rules


def test_r13_defaults() -> None:
    rules = HouseRules()
    assert (rules.stake, rules.remise, rules.prices, rules.deals, rules.exchange) == (
        15,
        5,
        (4, 3, 2, 1),
        4,
        Exchange.MODERN,
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stake": -1}, "stake: must be from 0"),
        ({"stake": 100_001}, "stake: must be from 0 to 100000, not 100001"),
        ({"deals": 1001}, "deals: must be from 1 to 1000"),
        ({"remise": -5}, "remise: must be from 0"),
        ({"deals": 0}, "deals: must be from 1"),
        ({"prices": (4, 3, -2, 1)}, "price of diamonds: must be from 0"),
        ({"prices": (4, 3, 2)}, "need four prices"),
        ({"stake": 1.5}, "stake: must be a whole number"),
        ({"stake": True}, "stake: must be a whole number"),
        ({"exchange": "new"}, "exchange: must be one of modern, old, off"),
    ],
)
def test_r13_bad_settings_are_refused_with_the_setting_and_range(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(HouseRuleError, match=message):
        HouseRules(**kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------- R14 what each player may know


def test_r14_a_view_shows_the_own_hand_and_only_counts_of_others() -> None:
    session = exchange_position()
    view = session.view(2)
    assert view.hand == tuple(sorted_hand(session.hand(2)))
    assert view.hand_sizes == session.hand_sizes()
    assert view.legal_actions == ()  # not Vera's turn
    expose = next(e for e in view.events if isinstance(e, Expose))
    assert expose.cards == (None, None, None)  # only the number of face-down cards


def test_r14_a_taker_sees_his_card_and_discards_stay_secret() -> None:
    session = exchange_position()
    act(session, "take 1", "discard 7D")
    mine = session.view(1).events[-2:]
    theirs = session.view(2).events[-2:]
    assert mine == (Take(1, parse_card("9H")), Discard(1, parse_card("7D")))
    assert theirs == (Take(1, None), Discard(1, None))


def test_r14_a_drawn_card_kept_in_hand_is_seen_by_the_drawer_alone() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"], talon="KS")
    act(session, "draw")
    assert session.view(1).events[-1] == Draw(1, parse_card("KS"), False)
    assert session.view(0).events[-1] == Draw(1, None, False)


def test_r14_a_replenish_is_seen_by_the_exposing_player_alone() -> None:
    session = exchange_position()
    act(session, "take 1", "discard 7D", "take 2", "discard 8H", "take 1", "discard 8S")
    rep = next(e for e in session.view(0).events if isinstance(e, Replenish))
    assert rep.cards == tuple(cards("JD QD KD"))
    rep = next(e for e in session.view(3).events if isinstance(e, Replenish))
    assert rep.cards == (None, None, None)


def test_api_apply_with_the_wrong_seat_is_refused() -> None:
    session = trick_position("QH", ["KH", "8H", "7H"])
    with pytest.raises(IllegalActionError, match="not Vera's turn"):
        session.apply(play("8H"), seat=2)
    session.apply(play("KH"), seat=1)
    assert session.to_act == 2


def test_api_legal_actions_are_exactly_what_apply_accepts() -> None:
    legal = trick_position("QH", ["KC 9C", "8D", "7D"]).legal_actions()
    assert legal == (DRAW, PASS)  # Boris holds no hearts and no mushka
    for action in [play(c) for c in CARDS] + [DRAW, PASS, a("take 1"), a("discard 7D")]:
        session = trick_position("QH", ["KC 9C", "8D", "7D"])
        before = dumps_session(session)
        if action in legal:
            produced = session.apply(action)
            assert produced and produced[0].seat == 1 and session.to_act == 2  # type: ignore[union-attr]
        else:
            with pytest.raises(IllegalActionError):
                session.apply(action)
            assert dumps_session(session) == before and session.to_act == 1


def test_views_carry_the_known_voids_the_trick_and_who_is_still_to_answer() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"], talon="KS")
    view = session.view(2)
    assert view.trick_plays == ((0, parse_card("QH")),) and view.followers == (1, 2, 3)
    act(session, "pass")  # Boris shows he has no hearts
    view = session.view(2)
    assert view.voids[1] == {Suit.H} and view.followers == (2, 3)
    act(session, "draw")  # Vera draws K♠ and keeps it: she lacked hearts and still does
    assert session.view(0).voids[2] == {Suit.H}
    act(session, "pass")
    view = session.view(0)
    assert view.takebacks == 1 and view.trick_plays == () and view.last_lead_suit == Suit.H


def test_a_draw_kept_in_hand_forgets_the_other_known_voids() -> None:
    session = trick_position("QH", ["KC 9C", "8D", "7D"], talon="KS QS")
    act(session, "pass", "pass", "pass")  # nobody has hearts; the lead passes to Boris
    assert session.view(0).voids[1:] == (frozenset({Suit.H}),) * 3
    act(session, "9C", "draw")  # Vera has no clubs, draws K♠ and keeps it: she may hold hearts
    assert session.view(0).voids[2] == {Suit.C}
    act(session, "pass")  # Gleb has no clubs either, and still no hearts
    assert session.view(0).voids[3] == {Suit.H, Suit.C}
