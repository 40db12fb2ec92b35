"""The command tree: the program's own options and each command with its options and body."""

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from mushka import defaults
from mushka.cli.help import MushkaCommand, MushkaGroup
from mushka.cli.options import (
    Register,
    ascii_option,
    deals_option,
    exchange_option,
    host_options,
    language_option,
    play_options,
    posix_only,
    prices_option,
    remise_option,
    seconds,
    show_version,
    stake_option,
    strategy_names,
    whole,
    with_options,
)
from mushka.i18n import (
    _,
    language,
    number,
)


def command_tree() -> typer.Typer:
    """The commands, in play order, with their help in the process language."""
    app = typer.Typer(
        name="mushka",
        cls=MushkaGroup,
        help=_(
            "Mushka-kopilka, the old Russian piggy-bank card game, for four players at one terminal."
        ),
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,  # plain help: rewrapped to the console, ASCII-safe, and quick
        subcommand_metavar=_("COMMAND [ARGS]..."),
        options_metavar=_("[OPTIONS]"),
    )

    def command(
        name: str | None, help: str, short_help: str | None = None
    ) -> Callable[[Callable[..., None]], Callable[..., None]]:
        return app.command(name, cls=MushkaCommand, help=help, short_help=short_help)

    _program_options(app)
    # the commands, in play order (and so in the help)
    for add in (_play, _learn, _resume, _scores, _rules, _replay, _check, _simulate):
        add(command)
    return app


def _program_options(app: typer.Typer) -> None:
    """The program's own options, before any command's name."""

    @app.callback()
    def _root(
        version: Annotated[
            bool,
            typer.Option(
                "--version",
                callback=show_version,
                is_eager=True,
                help=_("Show the version and exit."),
            ),
        ] = False,
        lang: Annotated[
            str | None,
            typer.Option(
                "--lang",
                metavar="en|ru",
                callback=language_option,
                help=_(
                    "The language to speak: en or ru. Default: the MUSHKA_LANG variable, "
                    "else the locale, else English."
                ),
            ),
        ] = None,
    ) -> None:
        """The program's own options; `main` has read --lang already, before building this."""


# ---------------------------------------------------------------- the commands
#
# Each command is a function that declares its options (their help is written as the tree is
# built, in the process language) and its body, and adds itself with `command`; `command_tree` lists
# them in play order.


def _play(command: Register) -> None:
    """`mushka play`: a session at this terminal; and `mushka host`, which takes its options."""

    @command(
        None,
        help=_(
            "Play a session at this terminal: four players, one keyboard, hands kept private. Each "
            "player antes the stake into the kitty every deal (the previous deal's first out is "
            "spared); tricks are paid from the kitty at the suit's price, doubled when the mushka "
            "(the ace of spades) takes them; a revoke or a deal without a trick costs a remise; the "
            "first out of the last deal takes the kitty. The rules in full: mushka rules."
        ),
        short_help=_("Play a session at this terminal."),
    )
    def play(
        player: Annotated[
            list[str] | None,
            typer.Option(
                "--player",
                metavar=_("NAME"),
                help=_(
                    "A player's name, in seat order; repeat up to four times. "
                    "Names not given are asked for."
                ),
            ),
        ] = None,
        stake: Annotated[int, stake_option()] = defaults.STAKE,
        remise: Annotated[int, remise_option()] = defaults.REMISE,
        prices: Annotated[str, prices_option()] = defaults.PRICES_TYPED,
        deals: Annotated[int, deals_option()] = defaults.DEALS,
        exchange: Annotated[str, exchange_option()] = defaults.EXCHANGE,
        undo: Annotated[
            bool,
            typer.Option(
                "--undo/--no-undo",
                show_default=False,
                help=_(
                    "House setting: a player may take back his last move on the handoff that "
                    "follows. Off by default: a card laid has been seen by everyone."
                ),
            ),
        ] = False,
        hints: Annotated[
            bool,
            typer.Option(
                "--hints/--no-hints",
                show_default=False,
                help=_(
                    "House setting: the h key shows the coach's advice. Off by default, so that "
                    "a table agrees to it first."
                ),
            ),
        ] = False,
        bot: Annotated[
            list[str] | None,
            typer.Option(
                "--bot",
                metavar=_("SEAT[:STRATEGY]"),
                help=_(
                    "A computer player in SEAT 1-4, playing STRATEGY ({choices}; "
                    "default: --strategy). Repeatable."
                ).format(choices=strategy_names()),
            ),
        ] = None,
        bots: Annotated[
            int,
            typer.Option(
                "--bots",
                parser=whole(0, 4),
                metavar="N",
                help=_("Computer players in the last N free seats."),
            ),
        ] = 0,
        bot_strategy: Annotated[
            str,
            typer.Option(
                "--strategy",
                metavar=_("STRATEGY"),
                help=_(
                    "The strategy of computer players given none: {choices}. "
                    "Seeded games replay exactly: strong searches a fixed number of deals (a 2 s "
                    "cap per move is only a safety net that does not fire at the default settings)."
                ).format(choices=strategy_names()),
            ),
        ] = defaults.STRATEGY,
        bot_delay: Annotated[
            float,
            typer.Option(
                "--bot-delay",
                parser=seconds,
                metavar=_("SECONDS"),
                help=_("How long each computer move stays on the screen; 0 for no pause."),
            ),
        ] = defaults.BOT_DELAY,
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed",
                parser=whole(0, digits=1000),
                metavar="N",
                help=_("Seed the shuffle, to play a session again exactly."),
            ),
        ] = None,
        record: Annotated[
            Path | None,
            typer.Option(
                "--record", metavar=_("FILE"), help=_("Also write the game record to FILE.")
            ),
        ] = None,
        ascii_only: Annotated[bool, ascii_option()] = False,
        resume: Annotated[
            bool,
            typer.Option(
                "--resume", help=_("Continue the saved game instead of dealing a new one.")
            ),
        ] = False,
    ) -> None:
        posix_only("play")
        from mushka.commands.play import play_session

        play_session(play_options(**locals()))

    def host(**given: Any) -> None:
        posix_only("host")
        from mushka.commands.host import HostOptions, host_session

        own = ("port", "bind", "code", "authorized_keys", "sit", "web", "web_port", "teach")
        table = {name: given.pop(name) for name in own}
        host_session(HostOptions(play=play_options(**given), **table))

    # `host` takes play's options, declared once (on `play`), and its own for the network
    with_options(host, play, host_options())
    command(
        "host",
        help=_(
            "Host one table for several terminals: players join with ssh from their own "
            "computer or phone, each seeing only his own hand. Takes play's options, and where "
            "to listen. Meant for a local network: bind it to the LAN's address."
        ),
    )(host)


def _learn(command: Register) -> None:
    """`mushka learn`: a guided first deal."""

    @command(
        None,
        help=_(
            "Learn the game in one guided deal against three computer players: each rule is "
            "explained the first time it comes up, and the coach says which move is best and "
            "why. Not every deal shows every rule (--seed deals another). Nothing is saved."
        ),
        short_help=_("Learn the game in one guided deal."),
    )
    def learn(
        player: Annotated[
            str | None,
            typer.Option(
                "--player", metavar=_("NAME"), help=_("Your name (else it is asked for).")
            ),
        ] = None,
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed",
                parser=whole(0, digits=1000),
                metavar="N",
                help=_("Deal the lesson from seed N instead of one chosen to show most rules."),
            ),
        ] = None,
        bot_delay: Annotated[
            float,
            typer.Option(
                "--bot-delay",
                parser=seconds,
                metavar=_("SECONDS"),
                help=_("How long each computer move stays on the screen; 0 for no pause."),
            ),
        ] = defaults.BOT_DELAY,
        ascii_only: Annotated[bool, ascii_option()] = False,
    ) -> None:
        posix_only("learn")
        from mushka.commands.learn import learn_session

        learn_session(player, seed, ascii_only, bot_delay)


def _resume(command: Register) -> None:
    """`mushka resume`: the saved game, where it stopped."""

    @command(
        "resume",
        help=_("Continue the saved game exactly where it stopped."),
    )
    def resume_command(ascii_only: Annotated[bool, ascii_option()] = False) -> None:
        posix_only("resume")
        from mushka.commands.play import resume_session

        resume_session(ascii_only)


def _scores(command: Register) -> None:
    """`mushka scores`: the history of sessions."""

    @command(
        None,
        help=_(
            "Show past sessions (date, players, results and winner), then each player's "
            "standings across them: sessions, net, average, best and worst."
        ),
    )
    def scores(
        last: Annotated[
            bool,
            typer.Option("--last", help=_("Show the final score sheet of the latest session.")),
        ] = False,
        ascii_only: Annotated[bool, ascii_option()] = False,
    ) -> None:
        posix_only("scores")
        from mushka.commands.scores import show_scores

        show_scores(last, ascii_only)


def _rules(command: Register) -> None:
    """`mushka rules`: the rulebook."""

    @command(
        None,
        help=_("Show the rulebook (paged in a terminal)."),
    )
    def rules(ascii_only: Annotated[bool, ascii_option()] = False) -> None:
        from mushka.render.look import make_console
        from mushka.render.rulebook import show_rulebook

        show_rulebook(*make_console(ascii_only), lang=language())


def _replay(command: Register) -> None:
    """`mushka replay FILE`: a recorded session, step by step."""

    @command(
        "replay",
        help=_(
            "Step through a recorded session deal by deal and trick by trick, all hands open. FILE "
            "is a game record (.json), or JSON Lines of records."
        ),
        short_help=_("Step through a recorded session, all hands open."),
    )
    def replay_command(
        file: Annotated[Path, typer.Argument(metavar=_("FILE"), hidden=True)],  # the help says it
        number: Annotated[
            int,
            typer.Option(
                "--session",
                parser=whole(1),
                metavar="N",
                help=_("Which record of a JSON Lines file."),
            ),
        ] = 1,
        no_pause: Annotated[
            bool, typer.Option("--no-pause", help=_("Print everything without waiting for Enter."))
        ] = False,
        ascii_only: Annotated[bool, ascii_option()] = False,
    ) -> None:
        posix_only("replay")
        from mushka.commands.replay import replay_record

        replay_record(file, number, not no_pause, ascii_only)


def _check(command: Register) -> None:
    """`mushka check FILE`: game records checked against the rules."""

    @command(
        "check",
        help=_(
            "Check that a game record replays under the rules, event by event. FILE is a game "
            "record (.json) or many (JSON Lines)."
        ),
        short_help=_("Check that game records replay under the rules."),
    )
    def check(
        file: Annotated[Path, typer.Argument(metavar=_("FILE"), hidden=True)],  # the help says it
        ascii_only: Annotated[bool, ascii_option()] = False,
    ) -> None:
        posix_only("check")
        from mushka.commands.check import check_records

        check_records(file, ascii_only)


def _simulate(command: Register) -> None:
    """`mushka simulate`: many sessions of computer players, and the report."""

    @command(
        None,
        help=_("Play many sessions with computer players and report what they say about the game."),
        short_help=_("Play many sessions with computer players and report."),
    )
    def simulate(
        sessions: Annotated[
            int,
            typer.Option(
                "--sessions",
                "-n",
                parser=whole(1),
                metavar="N",
                help=_("How many sessions to play."),
            ),
        ] = 100,
        seed: Annotated[
            int,
            typer.Option(
                "--seed",
                parser=whole(digits=1000),
                metavar="N",
                help=_("Master seed: the same seed gives the same run."),
            ),
        ] = 0,
        record: Annotated[
            Path | None,
            typer.Option(
                "--record",
                metavar=_("FILE"),
                help=_("Write every session's record to FILE (JSON Lines)."),
            ),
        ] = None,
        bot: Annotated[
            list[str] | None,
            typer.Option(
                "--bot",
                metavar=_("STRATEGY"),
                help=_("{choices} for every seat; or give it four times, one per seat.").format(
                    choices=strategy_names()
                ),
            ),
        ] = None,
        jobs: Annotated[
            int,
            typer.Option(
                "--jobs",
                "-j",
                parser=whole(0),
                metavar="N",
                help=_("Worker processes; 0 uses every core. Results do not depend on it."),
            ),
        ] = 1,
        json_output: Annotated[
            bool, typer.Option("--json", help=_("Print the report as JSON."))
        ] = False,
        compare: Annotated[
            str | None,
            typer.Option(
                "--compare",
                metavar=_("S1,S2[,...]"),
                help=_(
                    "Compare strategies, e.g. strong,basic,random: each against three of each "
                    "other, in every seat over the same deals (-n sessions per pairing); a table "
                    "with {level} intervals."
                ).format(level=number(0.95, ".0%")),  # a literal "% i" would read as a placeholder
            ),
        ] = None,
        stake: Annotated[
            str,
            typer.Option(
                "--stake",
                metavar=_("KOP[,KOP...]"),
                help=_(
                    "Kopecks each player antes per deal; a list such as 5,10,15,25 compares them."
                ),
            ),
        ] = str(defaults.STAKE),
        remise: Annotated[int, remise_option()] = defaults.REMISE,
        prices: Annotated[str, prices_option()] = defaults.PRICES_TYPED,
        deals: Annotated[int, deals_option()] = defaults.DEALS,
        exchange: Annotated[str, exchange_option()] = defaults.EXCHANGE,
        ascii_only: Annotated[bool, ascii_option()] = False,
    ) -> None:
        posix_only("simulate")
        from mushka.commands.house import HouseOptions
        from mushka.commands.simulate import SimulateOptions, simulate_sessions

        simulate_sessions(
            SimulateOptions(
                sessions=sessions,
                seed=seed,
                record=record,
                bot=bot or [],
                jobs=jobs,
                json_output=json_output,
                stakes=stake,
                house=HouseOptions(remise=remise, prices=prices, deals=deals, exchange=exchange),
                ascii_only=ascii_only,
                compare=compare,
            )
        )
