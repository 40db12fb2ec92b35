"""What a seat is offered at one moment, as data with no Rich in it, and the intents it may answer
with: every front end (the hot seat, an SSH seat, a browser seat, a test's fake) draws the one
and sends the other, so the table's rules for what a seat may do now are written once, here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Final, Protocol

from mushka.actions import DRAW, PASS, Action, Kind
from mushka.cards import CARDS, Card
from mushka.events import End
from mushka.host.seating import seat_name, seat_names
from mushka.i18n import _, card_label, language, say, speaking
from mushka.ledger import DealSummary, deal_summary, session_accounts
from mushka.players.coach import Hint
from mushka.table_options import TableOptions
from mushka.view import SeatView
from mushka.wording import Wording

if TYPE_CHECKING:
    from mushka.host.table import TableHost, TakeBackOffer


# ---------------------------------------------------------------- intents: what a seat sends


class Command(StrEnum):
    """A seat's commands besides a move: one closed set, whatever the front end calls them."""

    HELP = "help"
    HINT = "hint"  # the coach (house rule --hints)
    RULES = "rules"
    SCORES = "scores"
    MEMORY = "memory"  # the cards played
    UNDO = "undo"  # take back the move just made (house rule --undo)
    LEAVE = "quit"  # a live table: this seat leaves; the hot seat: save and stop for everyone


@dataclass(frozen=True)
class Play:
    """A move: one of the offer's `moves`."""

    action: Action


@dataclass(frozen=True)
class Answer:
    """The answer to the offer's open question."""

    yes: bool


class Page(StrEnum):
    """A page turn in an overlay: the next page, or back to the table."""

    NEXT = "next"
    BACK = "back"


@dataclass(frozen=True)
class Unreadable:
    """What a seat typed that is neither a move nor a command: `problem` says why, in the
    seat's own words, and the seat is shown it (nothing else changes)."""

    problem: str


@dataclass(frozen=True)
class Speak:
    """The seat's own choice of language (kept for its player when he comes back)."""

    lang: str


Intent = Play | Command | Answer | Page | Unreadable | Speak


# ---------------------------------------------------------------- the offer: what a seat is shown


class Overlay(StrEnum):
    """What a seat's screen shows instead of the table for a moment."""

    HELP = "help"
    MEMORY = "memory"
    SCORES = "scores"
    RULES = "rules"
    HINT = "hint"  # the coach's answer


OVERLAYS: Final = {
    Command.HELP: Overlay.HELP,
    Command.MEMORY: Overlay.MEMORY,
    Command.SCORES: Overlay.SCORES,
    Command.RULES: Overlay.RULES,
}


class Ask(StrEnum):
    """The yes-or-no questions a seat may be asked."""

    PASS = "pass"  # a pass that costs a remise: "Pass anyway?"
    LEAVE = "leave"  # "Leave the table?" (the hot seat: "Save and stop the game for everyone?")


@dataclass(frozen=True)
class Question:
    """A question open on a seat. For a pass: the cards of the led suit the seat holds, and
    what passing costs."""

    ask: Ask
    held: tuple[Card, ...] = ()
    remise: int = 0


class Tone(StrEnum):
    """How a notice reads: news, something to mind, or a refusal."""

    PLAIN = "plain"
    STRONG = "strong"
    ERROR = "error"


@dataclass(frozen=True)
class Said:
    """A line kept for one seat until its next intent: a Wording (spelled when the seat's offer
    is made, in its language) or text already in its words (what it typed, read back)."""

    text: Wording | str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True)
class Notice:
    """A line for one seat above its prompt, spelled in its language."""

    text: str
    tone: Tone = Tone.PLAIN


@dataclass(frozen=True)
class Move:
    """A legal move as a seat is offered it: its label, the number it is typed by where it has
    one (its place in the hand, or a face-down card's position), and whether it must be
    confirmed first (a pass that costs a remise: the remise-pass rule, written once)."""

    action: Action
    label: str
    number: int | None
    asks: bool = False


class Stage(StrEnum):
    """Where the table is: filling up, playing, or over."""

    LOBBY = "lobby"
    PLAY = "play"
    OVER = "over"


class Presence(StrEnum):
    """Who is in a place."""

    FREE = "free"  # nobody yet, nobody kept it
    AWAITED = "awaited"  # kept for a name that has not come yet
    HERE = "here"
    RECONNECTING = "reconnecting"  # his connection dropped a moment ago (the table's grace)
    AWAY = "away"  # was here, gone (dropped or left): the table waits for him
    STAND_IN = "stand-in"  # away, and a computer player plays for him until he is back
    COMPUTER = "computer"


@dataclass(frozen=True)
class PlaceInfo:
    """A place at the table as every seat may know it."""

    name: str
    presence: Presence
    via: str = ""  # how a person sits there: "ssh", "web", "local" ("" for a computer)
    computer: str | None = None  # a computer player's strategy (its strength, said in the seat
    # list only: see present/presence.py)


class HoldKind(StrEnum):
    """What a terminal that several people share shows before anyone's hand (the hot seat)."""

    HANDOFF = "handoff"  # pass the terminal to `Hold.to`: his hand only after a key typed then
    NEWS = "news"  # the table's news, for the one person at the terminal to read first


class Explained(Protocol):
    """One rule explained: its title, its lines and the rulebook's sections it names, worded
    in the seat's language when it was explained; `first`: read before the table's news."""

    @property
    def title(self) -> str: ...

    @property
    def lines(self) -> tuple[str, ...]: ...

    @property
    def sections(self) -> tuple[str, ...]: ...

    @property
    def first(self) -> bool: ...


@dataclass(frozen=True)
class Told:
    """One rule a seat's lesson explained, worded in that seat's language when it was said."""

    title: str
    lines: tuple[str, ...]
    sections: tuple[str, ...]
    first: bool = False  # read before the table's news

    @staticmethod
    def of(explained: Explained) -> Told:
        """`explained` worded now (in the language spoken now)."""
        return Told(
            explained.title, tuple(explained.lines), tuple(explained.sections), explained.first
        )


@dataclass(frozen=True)
class Hold:
    """A shared terminal waiting for a key before it goes on: the news to read, or the handoff to
    `to` (`goes_on`: the terminal is his already; `take_back`: the move its maker may take back
    there, u, or why not)."""

    kind: HoldKind
    to: int
    goes_on: bool = False
    take_back: TakeBackOffer | None = None
    refused: str | None = None  # why the take-back asked for there was refused


class TableKind(StrEnum):
    """Whose table it is: what `q` does there and whether a seat may take its move back itself."""

    HOT_SEAT = "hot seat"  # one terminal: q saves and stops for everyone; u on the handoff
    LIVE = "live"  # a seat of its own: q leaves for this seat alone; u at the seat


@dataclass
class Screen:
    """One seat's own state besides the table: what it shows for a moment, the question open,
    its notice, the coach's answer, and how much of the table's news it has seen. Kept by
    whoever drives the seat (the live table per connection, the hot seat for its one terminal)."""

    overlay: Overlay | None = None
    page: int = 0  # of an overlay taller than the screen
    question: Question | None = None
    notice: Said | None = None
    hint: Hint | None = None
    coach_thinking: bool = False
    news_seen: int = 0
    results_seen: int = 0  # deals whose result the seat has seen (acted after)
    coached: Hint | None = None  # the lesson's coach, unasked, above the decision's first prompt
    told: tuple[Told, ...] = ()  # explained beside the moves (the first exchange), until the
    # seat's next intent: read, not waited for
    told_to: int | None = None  # whose decision `told` is beside (a shared terminal shows it
    # to him alone)


@dataclass(frozen=True)
class DealResult:
    """A deal's public result, as a seat is shown it until it next acts: the summary, and every
    seat's total after it."""

    summary: DealSummary
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """The table's facts that every seat's offer shares."""

    kind: TableKind
    options: TableOptions
    places: tuple[PlaceInfo, ...] = ()
    news: tuple[Wording, ...] = ()
    thinking: frozenset[int] = frozenset()  # computer players deciding now
    stage: Stage = Stage.PLAY


@dataclass(frozen=True)
class Offer:
    """What one seat is offered now: the view it may see, the moves and commands open to it, the
    question it is asked, its notice, and who is away or thinking. Nothing in it is Rich or typed
    text: a front end draws it its own way and sends back intents."""

    seat: int
    stage: Stage
    kind: TableKind
    options: TableOptions
    view: SeatView | None  # None before the session starts
    moves: tuple[Move, ...]  # empty unless it is this seat's turn
    commands: tuple[Command, ...]
    overlay: Overlay | None
    page: int
    hint: Hint | None
    question: Question | None
    notice: Notice | None
    waiting: Notice | None  # whom the table waits for, when it is not this seat's turn
    take_back: bool  # UNDO would take this seat's move back now (the rules of undo allow it)
    places: tuple[PlaceInfo, ...]
    news: tuple[str, ...]  # the table's news, the newest last (the lobby shows it)
    away: frozenset[int] = field(default_factory=frozenset)
    thinking: frozenset[int] = field(default_factory=frozenset)
    coach_thinking: bool = False
    lang: str = "en"
    result: DealResult | None = None  # the last deal's result, not yet seen by this seat
    seat_code: str | None = None  # this seat's own code: it proves a return (see LiveTable)
    hold: Hold | None = None  # a shared terminal's handoff or news, before anything private
    explain: tuple[Told, ...] = ()  # what the seat's lesson says, to read first
    undo_here: TakeBackOffer | None = None  # the move `explain` offers back (u), once
    coached: Hint | None = None  # the lesson's coach above this decision (see `coached`)

    @property
    def my_turn(self) -> bool:
        return bool(self.moves)

    def move(self, action: Action) -> Move | None:
        """The offered move that plays `action`, if it is one."""
        return next((m for m in self.moves if m.action == action), None)


def pass_costs(view: SeatView) -> tuple[Card, ...]:
    """The cards of the led suit a seat holds: a pass with any of them costs a remise."""
    led = view.led_suit
    if led is None:
        return ()
    return tuple(c for c in view.hand if c.suit == led)


def moves_of(view: SeatView) -> tuple[Move, ...]:
    """Each legal move of `view` with its label and number, the costly pass marked to ask."""
    numbers = {card: i for i, card in enumerate(view.hand, start=1)}
    costly = bool(pass_costs(view))
    moves: list[Move] = []
    for action in view.legal_actions:
        match action.kind:
            case Kind.TAKE:
                assert action.position is not None
                number = action.position + 1
                moves.append(Move(action, _("face-down card {n}").format(n=number), number))
            case Kind.PLAY | Kind.DISCARD:
                assert action.card is not None
                card = CARDS[action.card]
                moves.append(Move(action, card_label(card), numbers.get(card)))
            case Kind.DRAW:
                moves.append(Move(DRAW, _("draw"), None))
            case Kind.PASS:
                moves.append(Move(PASS, _("pass"), None, asks=costly))
    return tuple(moves)


def waiting_words(stage: Stage, places: Sequence[PlaceInfo], to_act: int | None) -> Wording | None:
    """Whom the table waits for, in words (None once nobody is to act)."""
    if stage is Stage.LOBBY:
        return Wording("Waiting for everyone to sit down…")
    if to_act is None:
        return None
    place = places[to_act] if to_act < len(places) else None
    name = place.name if place is not None else ""
    if place is not None and place.presence in (Presence.AWAY, Presence.RECONNECTING):
        return Wording("Waiting for {name} to come back…", name=name)
    if place is not None and place.presence is Presence.AWAITED:
        return Wording("Waiting for {name} to join…", name=name)
    if place is not None and place.presence is Presence.STAND_IN:
        return Wording("Waiting for the computer player who plays for {name}…", name=name)
    return Wording("Waiting for {name}…", name=name)


def offer(
    host: TableHost | None,
    seat: int,
    screen: Screen,
    standing: Standing,
    lang: str | None = None,
    seat_code: str | None = None,
    hold: Hold | None = None,
    hidden: bool = False,
    explain: Sequence[Told] = (),
    undo_here: TakeBackOffer | None = None,
    aside: Sequence[Told] = (),
) -> Offer:
    """What `seat` is offered now, spelled in `lang` (default: the language spoken now). A seat
    `hidden` (a shared terminal whose next player has not yet taken it) is offered nothing
    private: no view, no move, no hint; `hold` is what that terminal waits for. `explain` is read
    before the seat's move (a taught seat), `aside` beside its moves (the first exchange)."""
    with speaking(lang or language()):
        offered = _offer(host, seat, screen, standing, seat_code, bool(explain))
    offered = replace(offered, explain=tuple(explain) or tuple(aside), undo_here=undo_here)
    if hidden or hold is not None:
        # nothing the last player was told either: a refusal may name his cards
        offered = replace(
            offered,
            view=None,
            moves=(),
            hint=None,
            question=None,
            overlay=None,
            notice=None,
            explain=(),
            undo_here=None,
            coached=None,
        )
    return replace(offered, hold=hold)


def ended_deals(host: TableHost) -> list[int]:
    """The deals that are over, in order."""
    return [
        i for i, deal in enumerate(host.public_events()) if any(isinstance(e, End) for e in deal)
    ]


def deal_result(host: TableHost, deal: int) -> DealResult:
    """Deal `deal`'s result, and every seat's total after it."""
    deals = host.public_events()
    totals = tuple(a.net for a in session_accounts(deals[: deal + 1]))
    return DealResult(deal_summary(deal + 1, deals[deal]), totals)


def _offer(
    host: TableHost | None,
    seat: int,
    screen: Screen,
    standing: Standing,
    seat_code: str | None,
    reading: bool,
) -> Offer:
    options, kind = standing.options, standing.kind
    stage = standing.stage if host is not None else Stage.LOBBY
    # every name as this seat reads it: a computer player's in the seat's language
    places = tuple(
        replace(p, name=seat_name(i, p.name, p.computer)) for i, p in enumerate(standing.places)
    )
    bots = {i: p.computer for i, p in enumerate(places) if p.computer is not None}
    view = host.view(seat) if host is not None else None
    if view is not None:
        view = view._replace(players=seat_names(view.players, bots))
    turn = host.pending() if host is not None and stage is Stage.PLAY else None
    mine = turn is not None and turn.seat == seat
    busy = screen.overlay is not None or screen.question is not None or screen.coach_thinking
    busy = busy or reading  # the lesson is read before the move
    moves = moves_of(turn.view) if mine and turn is not None and not busy else ()
    commands = [Command.HELP, Command.MEMORY, Command.SCORES, Command.RULES]
    if options.hints:
        commands.append(Command.HINT)
    take_back = False
    if host is not None and kind is TableKind.LIVE and stage is Stage.PLAY:
        undo = host.take_back_offer()
        # listed only when it would work: no front end filters the offer
        take_back = undo is not None and undo.seat == seat and undo.refusal is None
        if take_back:
            commands.append(Command.UNDO)
    commands.append(Command.LEAVE)
    notice = None
    if screen.news_seen < len(standing.news):
        # News came after the seat's own notice (that was set when it last acted, and news
        # seen then): the newest line, the notice after it, so that "NAME is back (from
        # ADDRESS)" is never hidden behind "Waiting for NAME to come back…".
        lines = [say(standing.news[-1])]
        if screen.notice is not None:
            text = screen.notice.text
            lines.append(say(text) if isinstance(text, Wording) else text)
        notice = Notice(" ".join(lines), Tone.STRONG)
    elif screen.notice is not None:
        text = screen.notice.text
        notice = Notice(say(text) if isinstance(text, Wording) else text, screen.notice.tone)
    to_act = turn.seat if turn is not None else None
    waiting = None
    if not mine and stage is not Stage.OVER:
        words = waiting_words(stage, places, to_act)
        waiting = Notice(say(words), Tone.STRONG) if words is not None else None
    result = None
    if host is not None and kind is TableKind.LIVE:
        ended = ended_deals(host)
        if screen.results_seen < len(ended) and not host.is_over:
            result = deal_result(host, ended[-1])
    return Offer(
        seat=seat,
        stage=stage,
        kind=kind,
        options=options,
        view=view,
        moves=moves,
        commands=tuple(commands),
        overlay=screen.overlay,
        page=screen.page,
        hint=screen.hint,
        question=screen.question,
        notice=notice,
        waiting=waiting,
        take_back=take_back,
        places=places,
        news=tuple(say(n) for n in standing.news),
        away=frozenset(
            i
            for i, p in enumerate(places)
            if p.presence in (Presence.AWAY, Presence.RECONNECTING, Presence.STAND_IN)
        ),
        thinking=standing.thinking,
        coach_thinking=screen.coach_thinking,
        lang=language(),
        result=result,
        seat_code=seat_code,
        coached=screen.coached,
    )


def pass_question(view: SeatView) -> Question:
    """The question a costly pass asks first."""
    return Question(Ask.PASS, pass_costs(view), view.rules.remise)
