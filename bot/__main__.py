"""`python -m bot`: run the bot (token from the environment or `.env`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import logging
import signal
import sys
import time
from pathlib import Path

import discord
from pydantic import ValidationError

from bot.config import MISSING_TOKEN_HELP, Settings

SHUTDOWN_DUMP_SECONDS = 10


def _configure_logging(level: str) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    logging.getLogger("discord.gateway").setLevel(max(logging.INFO, logging.getLevelName(level)))


async def _run(settings: Settings, token: str) -> int:
    from bot.app import make_bot, point_at_discord

    point_at_discord(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    async with make_bot(settings) as league_bot:
        runner = asyncio.create_task(league_bot.start(token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if runner in done:
            runner.result()  # re-raise a start-up failure
            return 0
        logging.getLogger("bot").info("stopping")
        faulthandler.dump_traceback_later(SHUTDOWN_DUMP_SECONDS)  # a shutdown that hangs says where
        await league_bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await runner
        faulthandler.cancel_dump_traceback_later()
    return 0


def _location(value: str) -> Path | str:
    """A database on the command line: a postgresql:// URL as it is, else a SQLite file's path."""
    return value if value.startswith(("postgresql://", "postgres://")) else Path(value)


def _migrate(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy a whole database to a new, empty one, e.g. a league's SQLite file to PostgreSQL. "
        "Every table, row and id is copied; then every ledger and invariant is checked on the copy.",
    )
    parser.add_argument("--from", dest="source", type=_location, required=True, help="the database to copy")
    parser.add_argument(
        "--to", dest="target", type=_location, required=True, help="an empty database (postgresql://...)"
    )
    args = parser.parse_args(argv)
    if isinstance(args.source, Path) and not args.source.exists():
        parser.error(f"{args.source} does not exist")
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    from bot.simulation.migrate import migrate

    try:
        return asyncio.run(migrate(args.source, args.target))
    except RuntimeError as exc:
        print(f"Not copied: {exc}", file=sys.stderr)
        return 1


def _simulate_parser() -> argparse.ArgumentParser:
    """`python -m bot simulate`'s options: a league run by default, or one tournament of a format."""
    parser = argparse.ArgumentParser(
        prog="python -m bot simulate",
        description="Play whole seasons (or a tournament) through the services, then check every invariant.",
    )
    parser.add_argument(
        "--tournament",
        choices=["swiss", "groups", "team", "stunty"],
        default=None,
        help="simulate one tournament of this format instead (stunty: a Swiss stunty event)",
    )
    parser.add_argument(
        "--qualifiers", type=int, default=8, help="groups: how many reach the knock-out (a power of 2)"
    )
    parser.add_argument(
        "--team-size",
        type=int,
        default=None,
        help="team events: coaches per squad (3-8; default 3); with --tournament groups: a group team event",
    )
    parser.add_argument("--coaches", type=int, default=9, help="tournament: coaches (4 to 2,000)")
    parser.add_argument(
        "--mandatory-star", action="store_true", help="tournament: every roster must have a star player"
    )
    parser.add_argument(
        "--stars-first",
        action="store_true",
        help="tournament, with --mandatory-star: no '11 players before a star' (stars count toward the 11)",
    )
    parser.add_argument(
        "--custom-inducements",
        action="store_true",
        help="tournament: seed 000's four custom inducements (one free) and one of the organiser's",
    )
    parser.add_argument(
        "--escalation",
        action="store_true",
        help="tournament: gold piece escalation, 1,000,000 gp rising by 100,000 a round (2 rounds or more)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="tournament: rounds")
    parser.add_argument("--naf-report", metavar="FILE", help="tournament: write its NAF report (XML)")
    parser.add_argument(
        "--odd", choices=["spare", "bye"], default="spare", help="tournament: Spare Player or Bye when odd"
    )
    # --- D: optional rules in play ---
    parser.add_argument("--secret-objectives", action="store_true", help="tournament: Secret Objectives")
    parser.add_argument("--injuries", action="store_true", help="tournament: injuries kept as in a league")
    parser.add_argument("--advancement", action="store_true", help="tournament: SPP earned and spent")
    parser.add_argument("--leagues", type=int, default=2, help="how many leagues (each in its own server)")
    parser.add_argument("--teams", type=int, default=6, help="teams per league (4 or more)")
    parser.add_argument("--seed", type=int, default=1, help="the same seed prints the same output")
    parser.add_argument(
        "--seasons",
        type=int,
        default=1,
        help="seasons per league: play-offs, prizes and re-drafts in between",
    )
    parser.add_argument(
        "--db",
        type=_location,
        default=None,
        help="keep the database here: a SQLite file, or a postgresql:// URL (default: a temporary file)",
    )
    parser.add_argument(
        "--ruleset",
        choices=("bb2025", "classic"),
        default="bb2025",
        help="leagues: the season sequence (classic: seed 003's FAME, Fan Factor rolls, 3/2/1 points)",
    )
    return parser


def _simulate(argv: list[str]) -> int:
    parser = _simulate_parser()
    args = parser.parse_args(argv)
    if args.tournament:
        return _simulate_tournament(parser, args)
    if args.leagues < 1 or args.teams < 4 or args.seasons < 1:
        parser.error("at least 1 league of at least 4 teams, for at least 1 season")
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    from bot.simulation.run import simulate

    started = time.perf_counter()
    result = asyncio.run(
        simulate(
            args.leagues, args.teams, args.seed, args.db, seasons_count=args.seasons, ruleset=args.ruleset
        )
    )
    print(result.output)
    print(f"took {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 1 if result.problems else 0


def _simulate_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if not 4 <= args.coaches <= 2000 or not 1 <= args.rounds <= 15:
        parser.error("a tournament needs 4 to 2,000 coaches and 1 to 15 rounds")
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    from bot.simulation.tournament import simulate_tournament

    started = time.perf_counter()
    grouped_squads = args.tournament == "groups" and args.team_size is not None
    if args.tournament == "team" or grouped_squads:  # --- team events (E: in groups and a knock-out) ---
        size = args.team_size or 3
        if not 3 <= size <= 8 or args.coaches % size:
            parser.error("a team event needs squads of 3 to 8 coaches and coaches a multiple of --team-size")
        squads = args.coaches // size
        if grouped_squads and (
            squads % 4
            or args.qualifiers < 2
            or args.qualifiers & (args.qualifiers - 1)
            or args.qualifiers > squads
        ):
            parser.error(
                "groups of squads: a multiple of 4 squads, and a power of 2 qualifiers no more than them"
            )
        from bot.simulation.team_tournament import simulate_team_tournament

        team = simulate_team_tournament(
            args.coaches,
            size,
            args.rounds,
            args.seed,
            args.db,
            fmt="groups" if grouped_squads else "swiss",
            qualifiers=args.qualifiers,
            escalation=args.escalation,
        )
        result = asyncio.run(team)
    else:
        if args.tournament == "groups" and (
            args.coaches % 4
            or args.qualifiers < 2
            or args.qualifiers & (args.qualifiers - 1)
            or args.qualifiers > args.coaches
        ):
            parser.error(
                "groups: a multiple of 4 coaches, and a power of 2 qualifiers no more than the coaches"
            )
        from bot.simulation.tournament_play_options import PlayOptions

        options = PlayOptions(args.secret_objectives, args.injuries, args.advancement)
        result = asyncio.run(
            simulate_tournament(
                args.coaches,
                args.rounds,
                args.seed,
                args.db,
                odd=args.odd,
                fmt="groups" if args.tournament == "groups" else "swiss",
                qualifiers=args.qualifiers,
                options=options,
                stunty=args.tournament == "stunty",
                mandatory_star=args.mandatory_star,
                custom_inducements=args.custom_inducements,
                escalation=args.escalation,
                naf_report=args.naf_report,
                stars_first=args.stars_first,
            )
        )
    print(result.output)
    print(f"took {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 1 if result.problems else 0


def _demo(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        description="Try the bot without Discord: fill a demo database through the simulator (a league "
        "through two seasons and their play-offs, a group and knock-out tournament) and serve its web view "
        "on 127.0.0.1.",
    )
    parser.add_argument("--port", type=int, default=8080, help="the web view's port (0: any free port)")
    parser.add_argument(
        "--db",
        type=_location,
        default=None,
        help="a new database to fill and keep: a file, or a new postgresql://... (default: a temporary file)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the same seed fills the same demo")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port is 0 (any free port) to 65535")
    if isinstance(args.db, Path) and args.db.exists():
        parser.error(f"{args.db} exists: the demo fills a new database")
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    from bot.simulation.demo import run

    try:
        return asyncio.run(run(args.port, args.db, args.seed))
    except KeyboardInterrupt:
        return 0


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["simulate"]:
        return _simulate(arguments[1:])
    if arguments[:1] == ["demo"]:
        return _demo(arguments[1:])
    if arguments[:1] == ["migrate"]:
        return _migrate(arguments[1:])
    parser = argparse.ArgumentParser(prog="python -m bot", description="Blood Bowl league bot for Discord.")
    parser.add_argument(
        "command",
        nargs="?",
        default="run",
        choices=["run", "simulate", "demo", "migrate"],
        help="run the bot (default), simulate seasons (python -m bot simulate --help), try it without "
        "Discord (python -m bot demo --help), or copy its database (python -m bot migrate --help)",
    )
    parser.parse_args(arguments)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in exc.errors())
        print(f"Configuration error: {problems}", file=sys.stderr)
        return 2
    if settings.discord_token is None:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    _configure_logging(settings.log_level)
    try:
        return asyncio.run(_run(settings, settings.discord_token.get_secret_value()))
    except discord.LoginFailure:
        print(
            "Discord refused the token: check DISCORD_TOKEN (README.md, 'Create the Discord application').",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
