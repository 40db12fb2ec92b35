"""The table host: one session and its table's rules (turns, computer players, forced moves,
undo, autosave and rescue, the public log, finishing) behind `pending()` and `submit()`, for
any front end to drive: the hot seat, network seats, tests.

It never prints, reads a key or touches a terminal. A front end asks `pending()` who is to act
and what that seat may see and do, and `submit()`s the seat's action; a computer player's (or
the coach's) thinking is handed out as a function of a frozen view, to run on whatever thread
the front end likes, so an event loop never waits on `strong`.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import random
import traceback
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mushka.actions import Action
from mushka.engine import Session
from mushka.errors import MushkaError
from mushka.events import Event
from mushka.host.forced import table_move
from mushka.host.log import Note, NoteKind, PublicLog
from mushka.host.seating import seat_names
from mushka.host.settings import TableSettings
from mushka.host.storage.files import UNUSABLE, FileProblem, os_reason, write_private
from mushka.host.storage.history import append_score
from mushka.host.storage.paths import crash_log_path, save_path
from mushka.host.storage.records import record_text, rescue_record, write_record
from mushka.host.storage.saves import SavedGame, discard_save, rescue_save, save_game
from mushka.host.undo import LastMove
from mushka.house_rules import HouseRules
from mushka.players.bots import Bot, make_bot
from mushka.players.coach import Hint, hint
from mushka.view import SeatView
from mushka.wording import Wording

Saver = Callable[[Session, dict[str, Any]], None]


class ComputerPlayerError(Exception):
    """A computer player failed; says which seat and where, never the cards it holds.

    The underlying exception is not chained: its message may name the seat's hidden cards.
    """

    @classmethod
    def of(cls, seat: int, what: str, failure: BaseException) -> ComputerPlayerError:
        """The error for `failure` of the computer player in `seat`: the exception's type and
        where it was raised, never its message."""
        frame = traceback.extract_tb(failure.__traceback__)[-1:] if failure.__traceback__ else []
        where = f" at {frame[0].filename}:{frame[0].lineno}" if frame else ""
        return cls(
            f"the computer player in seat {seat + 1} {what} ({type(failure).__name__}{where})"
        )


class TableError(MushkaError):
    """A request the table refuses (a take-back it does not allow, hints that are off)."""


@dataclass(frozen=True)
class Turn:
    """Who is to act, what that seat may see (its view holds its legal actions), and what it is
    offered besides a move."""

    seat: int
    view: SeatView
    computer: bool  # a computer player decides: run `computer_move(seat)`, then `play_computer`
    hints: bool  # the seat may ask the coach


@dataclass(frozen=True)
class TakeBackOffer:
    """The move just made, which its maker may take back before anyone else acts: `refusal`
    says why not when the rules of undo forbid it."""

    seat: int
    card: int | None  # the card it laid openly, if any
    refusal: Wording | None
    note: Note  # the line the public log gets if it goes back


@dataclass(frozen=True)
class SaveState:
    """How the autosave stands: moves made since the last save that worked, and why it failed."""

    unsaved: int = 0
    problem: str | None = None


@dataclass(frozen=True)
class Outcome:
    """What one submitted action (or take-back) caused: every event, the moves the table made
    for a seat after it (forced passes), the notes added to the log, and the save's state."""

    events: tuple[Event, ...]
    forced: tuple[int, ...]
    notes: tuple[Note, ...]
    save: SaveState


@dataclass(frozen=True)
class Stopped:
    """Where the game is, once play stops: whether nothing is lost and, if something is, where
    the whole game was rescued to."""

    saved: bool
    unattended: bool = False  # a computer-only game: never saved, the seed plays it again
    unsaved: int = 0
    target: Path | None = None
    problem: str | None = None
    rescued: Path | None = None


@dataclass(frozen=True)
class RecordWritten:
    """Where the game record went: where it was asked for, or a rescue place and why."""

    asked: Path
    written: Path | None
    problem: str | None = None


@dataclass(frozen=True)
class Finished:
    """How finishing went. The save is removed only once the record (if asked for) and the
    history entry are safely written; otherwise `kept` says where the game still is."""

    record: RecordWritten | None
    history: bool  # the session is in the score history (False for a computer-only game)
    history_problem: str | None = None
    kept: Stopped | None = None
    save_problem: str | None = None  # the finished game's save could not be removed

    @property
    def ok(self) -> bool:
        return self.history_problem is None and self.kept is None


@dataclass(frozen=True)
class Decided:
    """A computer player's decision: the seat, its move, and the bot after deciding."""

    seat: int
    action: Action
    bot: Bot


@dataclass(frozen=True)
class Thinking:
    """A decision a computer player must make: its own copy of the bot and the seat's view.
    Calling it decides; it holds nothing else of the table, and pickles, so that a front end may
    run it in another process (where its search cannot slow the front end's event loop)."""

    seat: int
    bot: Bot
    view: SeatView

    def __call__(self) -> Decided:
        try:
            action = self.bot.choose(self.view)
        except Exception as failure:
            raise ComputerPlayerError.of(self.seat, "could not choose a move", failure) from None
        return Decided(self.seat, action, self.bot)


def unsaved(session: Session, ui: dict[str, Any]) -> None:
    """The saver of a computer-only game: nothing is saved, the same seed plays it again."""


@dataclass
class _Pending:
    """The notes and forced passes of the request under way, handed back in its Outcome."""

    events: list[Event] = field(default_factory=list)
    forced: list[int] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


class TableHost:
    """One session at one table; see the module's docstring."""

    def __init__(
        self,
        session: Session,
        settings: TableSettings,
        bots: Mapping[int, Bot] | None = None,
        *,
        save: Saver | None = None,
        keep_history: bool = True,
        guard: Callable[[], AbstractContextManager[None]] = contextlib.nullcontext,
        log: PublicLog | None = None,
    ) -> None:
        """`save` None is the autosave (`save_game`); `keep_history` False for a game
        nobody keeps (computer-only); `guard` wraps every move with its save, so that a front
        end's signals cannot land between them."""
        self._session = session
        self.settings = settings
        self.bots: dict[int, Bot] = (
            dict(bots)
            if bots is not None
            else {
                seat: make_bot(name, random.Random(f"{session.seed}:{seat}"))
                for seat, name in settings.bots.items()
            }
        )
        self.humans = tuple(seat for seat in range(4) if seat not in self.bots)
        self._save = save if save is not None else save_game
        self.save_target = save_path() if save is None else None
        self.keep_history = keep_history
        self.guard = guard  # a front end may install its own (the hot seat's signals)
        self._log = log or PublicLog()
        self._unsaved = 0
        self._problem: str | None = None
        self._last: LastMove | None = None
        self._pending = _Pending()
        self._changes = 0  # moves made and taken back: see `changes`
        self._standing_in: set[int] = set()  # away seats a computer player plays for

    # ---------------------------------------------------------------- what anyone may read

    @property
    def players(self) -> tuple[str, ...]:
        """The names as the session keeps them (a computer player's in the host's language)."""
        return self._session.players

    def names(self) -> tuple[str, ...]:
        """Every seat's name as a reader in the language spoken now reads it ("Бот 3")."""
        return seat_names(self._session.players, self.settings.bots)

    @property
    def rules(self) -> HouseRules:
        return self._session.rules

    @property
    def is_over(self) -> bool:
        return self._session.is_over

    @property
    def kitty(self) -> int:
        return self._session.kitty

    def dealer(self, deal: int) -> int:
        return self._session.deals[deal].dealer

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now: its hand and the public table."""
        return self._session.view(seat)

    def public_view(self) -> SeatView:
        """What everyone may see now: the public table and no hand."""
        return self._session.public_view()

    def public_events(self) -> list[list[Event]]:
        """Every deal's events as the whole table saw them (hidden cards are None)."""
        return self._session.log()

    def log(self) -> PublicLog:
        """The table's notes and forced passes (read-only: copy before changing)."""
        return self._log

    @property
    def changes(self) -> int:
        """How many times the game has changed (a move, a take-back): a front end that let a
        computer player think can tell whether the position it thought about is still the one
        on the table (after a take-back and a new move, the events alone could be as many)."""
        return self._changes

    @property
    def save_state(self) -> SaveState:
        return SaveState(self._unsaved, self._problem)

    def pending(self) -> Turn | None:
        """Who is to act and what he may see and do; None once the session is over."""
        seat = self._session.to_act
        if seat is None:
            return None
        return Turn(seat, self._session.view(seat), seat in self.bots, self.settings.hints)

    # ---------------------------------------------------------------- acting

    def begin(self) -> Outcome:
        """Before the first decision (a new game or a resumed one): the moves the table makes
        by itself at this point (a forced pass)."""
        return self._done(self._forced_moves())

    def submit(self, seat: int, action: Action) -> Outcome:
        """Apply `seat`'s action, save, and make the forced moves that follow. A refused action
        raises MushkaError (a computer player's: ComputerPlayerError) and changes nothing."""
        before = (
            copy.deepcopy(self._session) if self.settings.undo and seat not in self.bots else None
        )
        with self.guard():
            try:
                produced = self._session.apply(action, seat=seat)
            except MushkaError as refused:
                if seat in self.bots:  # its explanation names the seat's cards: not for a log
                    raise ComputerPlayerError.of(
                        seat, "chose a move the rules refuse", refused
                    ) from None
                raise
            self._pending.events.extend(produced)
            self._changes += 1
            self._persist()
        self._last = LastMove(seat, before, produced) if before is not None else None
        return self._done(self._forced_moves())

    def computer_move(self, seat: int) -> Thinking:
        """The decision `seat`'s computer player must make now, from the seat's view alone: call
        it anywhere (another thread, or another process: it pickles), then `play_computer` what
        it returns. Nothing of the host is touched meanwhile. TableError when it is not that
        computer player's turn (a move taken back meanwhile gave the turn to someone else)."""
        if seat not in self.bots or self._session.to_act != seat:
            raise TableError(Wording("it is not a computer player's turn in that seat"))
        return Thinking(seat, copy.deepcopy(self.bots[seat]), self._session.view(seat))

    def play_computer(self, decided: Decided) -> Outcome:
        """Play what a computer player decided (see `computer_move`): its move, and the bot as
        it stands after deciding (its random generator moved on), so that a game plays the same
        wherever its computer players think."""
        self.bots[decided.seat] = decided.bot
        return self.submit(decided.seat, decided.action)

    def take_back_offer(self) -> TakeBackOffer | None:
        """The move that may be taken back now, and whether the rules of undo allow it."""
        move = self._last
        if move is None:
            return None
        card, moved = move.named()
        note = self._note(NoteKind.TAKE_BACK, seat=move.seat, card=card, moved=moved)
        return TakeBackOffer(move.seat, card, move.refusal(self.players), note)

    def take_back(self) -> Outcome:
        """Restore the session exactly as it stood before the move just made, note it
        publicly, and save; TableError (changing nothing) when that is not allowed."""
        offer = self.take_back_offer()
        if offer is None:
            raise TableError(Wording("there is no move to take back"))
        if offer.refusal is not None:
            raise TableError(Wording("Not taken back: {why}.", why=offer.refusal))
        assert self._last is not None
        self._session = self._last.before
        self._last = None
        self._changes += 1
        # noted where the game stands now, after the events of the move it took back: a save
        # made before the next move must hold a note its own record can place
        deal, at = self._here()
        self._log.undo_after(deal, at)  # the forced passes that followed the move went with it
        self._add(replace(offer.note, deal=deal, at=at))
        with self.guard():
            self._persist()
        return self._done([])

    def coach(self, seat: int) -> Callable[[], Hint]:
        """The coach's advice for `seat`, from its view alone and the same every time at the same
        moment: call it on any thread. That it was asked for is public (noted now), not what it
        says. TableError when hints are off at this table."""
        if not self.settings.hints:
            raise TableError(Wording("Hints are off at this table (house rule --hints)."))
        view = self._session.view(seat)
        seed = hint_seed(self._session.seed, len(self._session.deals) - 1, len(view.events))
        self._add(self._note(NoteKind.COACH, seat=seat))
        with self.guard():
            self._persist(move=False)
        return functools.partial(hint, view, seed=seed)  # pickles: it may run in another process

    def stand_in(self, seat: int, strategy: str) -> Outcome:
        """A computer player of `strategy` plays for the person in `seat` (away) from now on,
        until `stand_down`: noted for all, and no move before it may be taken back."""
        if seat in self.bots:
            raise TableError(Wording("a computer player already plays in that seat"))
        self.bots[seat] = make_bot(
            strategy, random.Random(f"{self._session.seed}:{seat}:{self._changes}")
        )
        self._standing_in.add(seat)
        return self._seat_changed(self._note(NoteKind.STAND_IN, seat=seat, strategy=strategy))

    def stand_down(self, seat: int) -> Outcome:
        """The person in `seat` is back: the computer player standing in for him stops."""
        if seat not in self._standing_in:
            raise TableError(Wording("no computer player stands in for that seat"))
        del self.bots[seat]
        self._standing_in.discard(seat)
        return self._seat_changed(self._note(NoteKind.STAND_DOWN, seat=seat))

    def stood_in(self, seat: int) -> bool:
        """Whether a computer player stands in for the person in `seat`."""
        return seat in self._standing_in

    def _seat_changed(self, note: Note) -> Outcome:
        self._changes += 1  # a decision thought out for the seat's other player is not played
        self._last = None
        self._add(note)
        with self.guard():
            self._persist(move=False)
        return self._done(self._forced_moves())

    def take_news(self) -> Outcome:
        """The notes added outside a move (the coach asked for) since the last Outcome."""
        return self._done([])

    # ---------------------------------------------------------------- saving

    def _persist(self, move: bool = True) -> None:
        """Save after a move. A save that fails is noted in the public log, the game goes on in
        memory, and the save is tried again after every move."""
        if move:
            self._unsaved += 1
        try:
            self._save(self._session, self._ui())
        except OSError as exc:
            if not move:
                return  # a note alone: the next move's save will carry it
            self._problem = os_reason(exc)
            self._add(
                self._note(
                    NoteKind.SAVE_FAILED,
                    target=str(self.save_target or ""),
                    problem=self._problem,
                    count=self._unsaved,
                )
            )
            return
        if self._problem is not None:
            self._add(self._note(NoteKind.SAVED_AGAIN))
        self._unsaved = 0
        self._problem = None

    def save_now(self) -> None:
        """Save the table as it stands, before any move: an OSError (a full disk, a state
        directory that is not one) is the front end's to say before play starts."""
        self._save(self._session, self._ui())

    def _ui(self) -> dict[str, Any]:
        return {**self.settings.to_json(), "log": self._log.to_json()}

    def stop(self) -> Stopped:
        """Play stops: one last try at saving; if moves are still not in the save, the whole game
        goes to a rescue place. Says where the game is."""
        if not self.keep_history:
            return Stopped(saved=True, unattended=True)
        if self._unsaved:
            with contextlib.suppress(Exception):
                self._save(self._session, self._ui())
                self._unsaved = 0
        if not self._unsaved:
            return Stopped(saved=True, target=self.save_target)
        try:
            rescued = rescue_save(self._session, self._ui())
        except Exception:
            rescued = None
        return Stopped(False, False, self._unsaved, self.save_target, self._problem, rescued)

    def crash_log(self, details: str) -> Path | None:
        """Keep a crash's details (which never name a hidden card) for the developers."""
        path = crash_log_path()
        try:
            write_private(path, details)
        except UNUSABLE:
            return None
        return path

    # ---------------------------------------------------------------- the end

    def finish(self) -> Finished:
        """The record, the score history, and only then the save is removed: a finish cut short
        anywhere is finished again by a resume, and counted once."""
        record = self._write_record()
        if not self.keep_history:
            return Finished(record, history=False)
        try:
            append_score(self._session, self.settings.session_id)
        except OSError as exc:
            return Finished(record, False, os_reason(exc), kept=self.stop())
        if record is not None and record.written is None:  # the save is the only whole copy
            return Finished(record, True, kept=self.stop())
        problem = None
        if self.save_target is not None:
            try:
                discard_save()
            except OSError as exc:
                problem = os_reason(exc)
        return Finished(record, True, save_problem=problem)

    def _write_record(self) -> RecordWritten | None:
        if not self.settings.record_path:
            return None
        path = Path(self.settings.record_path)
        text = record_text(self._session, self.settings.session_id)
        try:
            write_record(path, text, self.settings.session_id, self.settings.record_trusted)
        except (OSError, FileProblem) as exc:
            from mushka.i18n import say  # spelled now, in the language of whoever reads it

            reason = say(exc) if isinstance(exc, FileProblem) else os_reason(exc)
            return RecordWritten(path, rescue_record(text), reason)
        return RecordWritten(path, path)

    # ---------------------------------------------------------------- the table's own moves

    def _forced_moves(self) -> list[int]:
        """Make each move a human seat has no choice about and that tells nobody anything new
        (see `forced.table_move`): no prompt, no handoff; the log says the table made it."""
        seats: list[int] = []
        session = self._session
        while (seat := session.to_act) is not None and seat not in self.bots:
            action = table_move(session.view(seat))
            if action is None:
                break
            deal = len(session.deals) - 1
            index = len(session.deals[deal].events)
            with self.guard():
                self._pending.events.extend(session.apply(action, seat=seat))
                self._changes += 1
                self._log.forced.setdefault(deal, set()).add(index)
                self._persist()
            seats.append(seat)
        return seats

    def _note(self, kind: NoteKind, **fields: Any) -> Note:
        deal, at = self._here()
        return Note(deal, at, kind, **fields)

    def _here(self) -> tuple[int, int]:
        """Where a note made now stands: the current deal, after its events so far."""
        deal = len(self._session.deals) - 1
        return deal, len(self._session.deals[deal].events)

    def _add(self, note: Note) -> None:
        self._log.notes.append(note)
        self._pending.notes.append(note)

    def _done(self, forced: list[int]) -> Outcome:
        pending, self._pending = self._pending, _Pending()
        return Outcome(tuple(pending.events), tuple(forced), tuple(pending.notes), self.save_state)


def hint_seed(session_seed: int | None, deal: int, decision: int) -> int:
    """The coach's seed at one decision: the same game and moment always give the same hint."""
    return (session_seed or 0) * 1_000_003 + deal * 1009 + decision


def saved_table(saved: SavedGame) -> tuple[TableSettings, PublicLog]:
    """The table settings and public log a save holds, every value checked (SettingsError,
    LogError): for `load_game`'s check, and to seat a resumed game."""
    settings = TableSettings.from_json(saved.ui)
    deals = [len(deal.events) for deal in saved.session.deals]
    return settings, PublicLog.from_json(saved.ui.get("log"), deals)


def resumed(saved: SavedGame, ascii_only: bool = False) -> TableHost:
    """The table of a saved game, as it stood (ASCII if asked for now)."""
    settings, log = saved_table(saved)
    if ascii_only:
        settings.ascii_only = True
    return TableHost(saved.session, settings, log=log)
