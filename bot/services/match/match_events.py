"""Match events (seed 002) and referee send-offs (seed 004) during a fixture, when the league uses them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot import i18n
from bot.catalog.models import Referee
from bot.errors import Conflict, NotAllowed
from bot.i18n import _, ngettext
from bot.rules.match.match_events import (
    SendOff,
    TurnRoll,
    check_match_events,
    check_referee_rules,
    referee_named,
    send_off_roll,
    start_of_turn,
)
from bot.rules.statuses import fixture_status
from bot.services.dice_logging import log_dice
from bot.services.inputs import one_of, whole
from bot.services.league.leagues import find_league
from bot.services.match.results import find_fixture
from bot.services.runtime import Actor, Runtime
from bot.store import seasons as season_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.seasons import Fixture

Half = Literal["1", "2", "extra"]


@dataclass(frozen=True)
class TurnOutcome:
    fixture: Fixture
    half: int
    turn: TurnRoll


@dataclass(frozen=True)
class FoulOutcome:
    fixture: Fixture
    referee: Referee
    distance: int
    send_off: SendOff


def _in_play(conn: Connection, actor: Actor, fixture_ref: str) -> tuple[Fixture, League]:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    if fx.side_of(actor.user_id) is None:
        raise NotAllowed(_("Only the two coaches of this fixture roll for it."))
    if fx.status not in ("scheduled", "reported"):
        raise Conflict(
            _("{match} is {status}: its match is over.", match=fx.label, status=fixture_status(fx.status))
        )
    return fx, find_league(conn, actor.guild_id, f"l:{fx.league_id}")


def _turn(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, half: Half) -> TurnOutcome:
    fx, league = _in_play(conn, actor, fixture_ref)
    settings = league.settings
    check_match_events(
        league.name,
        used=settings.match_events,
        in_playoffs=settings.match_events_in_playoffs,
        playoff=fx.kind == "playoff",
        half=half,
    )
    number = int(half)
    already = season_store.match_event_of_half(conn, actor.guild_id, fx.id, number)
    if already:
        raise Conflict(
            _(
                "Half {number} already had its Match Event ({event}): no more rolls this half.",
                number=number,
                event=already,
            )
        )
    turn = start_of_turn(rt.catalog.match_events, rt.dice)
    with i18n.using(league.language):
        purpose = _("{match}, half {number}", match=fx.label, number=number)
    log_dice(conn, rt, actor, [turn.trigger, *turn.event_rolls], purpose=purpose, fixture_id=fx.id)
    if turn.event is not None:
        d8, d6 = (r.total for r in turn.event_rolls)
        if not season_store.record_match_event(
            conn,
            fx,
            half=number,
            name=turn.event.name,
            d8=d8,
            d6=d6,
            actor_id=actor.user_id,
            now=rt.clock.now(),
        ):
            raise Conflict(_("Half {number} already had its Match Event.", number=number))
    return TurnOutcome(fx, number, turn)


async def start_team_turn(rt: Runtime, actor: Actor, fixture: str, half: Half) -> TurnOutcome:
    """The D16 at the start of a team turn (and the event, on a 1)."""
    one_of(half, get_args(Half), _("the half"))
    return await rt.db.write(_turn, rt, actor, fixture, half)


def _foul(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, distance: int) -> FoulOutcome:
    fx, league = _in_play(conn, actor, fixture_ref)
    check_referee_rules(league.name, league.settings.referee)
    referee = referee_named(rt.catalog.referees, league.settings.referee)
    result = send_off_roll(rt.catalog.referees, referee, distance, rt.dice)
    with i18n.using(league.language):
        purpose = ngettext(
            "{match}, foul {n} square from the referee",
            "{match}, foul {n} squares from the referee",
            distance,
            match=fx.label,
        )
    log_dice(conn, rt, actor, [result.roll], purpose=purpose, fixture_id=fx.id)
    return FoulOutcome(fx, referee, distance, result)


async def foul(rt: Runtime, actor: Actor, fixture: str, distance: int) -> FoulOutcome:
    """Roll whether the referee sends the fouler off, by the squares between them."""
    whole(distance, 1, 30, _("the squares between the fouler and the referee"))
    return await rt.db.write(_foul, rt, actor, fixture, distance)
