"""Extra SPP the organiser awards a player for something in a game (seed 000, Player Advancement; the rules
are bot/rules/tournament/extra_spp.py). One award is one transaction: the player's SPP, a ledger row of the
game (a revert of that game's post-game takes it back with the rest), the event's log with the reason, and
a line in the event's channel so every coach sees it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.i18n import _, ngettext
from bot.rules.tournament.extra_spp import (
    MOST_AT_ONCE,
    check_amount,
    check_awardable,
    check_game,
    check_player,
)
from bot.rules.tournament.tournament_settings import MAX_ROUNDS
from bot.services.inputs import reason_of, whole
from bot.services.roster.team_lookup import STAR_PREFIX, find_player, find_team
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament.tournaments import Event, find_event
from bot.store import announcements, audit
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow, TeamRow


@dataclass(frozen=True)
class ExtraSpp:
    event: Event
    team: str
    player: str  # "#7 Griff"
    amount: int
    spp: int  # the player's SPP after the award
    round_number: int | None
    reason: str

    @property
    def line(self) -> str:
        """`Reavers: #3 Lineman 3, 2 SPP (round 1; now 5).`, in the current language."""
        values = {"team": self.team, "player": self.player, "number": self.round_number, "spp": self.spp}
        if self.amount > 0:
            return ngettext(
                "{team}: {player}, {n} SPP (round {number}; now {spp}).",
                "{team}: {player}, {n} SPP (round {number}; now {spp}).",
                self.amount,
                **values,
            )
        return ngettext(
            "{team}: {player}, {n} SPP taken back (round {number}; now {spp}).",
            "{team}: {player}, {n} SPP taken back (round {number}; now {spp}).",
            -self.amount,
            **values,
        )


def _game(conn: Connection, event: Event, team: TeamRow, round_number: int | None) -> Fixture:
    """The team's confirmed game of `round_number` (default: its last confirmed game)."""
    games = [
        fx
        for fx in season_store.fixtures(conn, event.league.guild_id, league_id=event.id, team_id=team.id)
        if fx.status == "confirmed" and (round_number is None or fx.round_number == round_number)
    ]
    check_game(team.name, round_number, bool(games))
    return max(games, key=lambda fx: (fx.round_number or 0, fx.id))


def _award(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    team_ref: str,
    player_ref: str,
    amount: int,
    round_number: int | None,
    reason: str,
) -> ExtraSpp:
    event = find_event(conn, actor.guild_id, event_ref)
    rules = event.rulespack
    check_awardable(event.name, rules.advancement, rules.extra_spp)
    team = find_team(conn, actor.guild_id, team_ref, event.league)
    player = find_player(conn, team, player_ref)
    label = f"#{player.number} {player.name}"
    check_player(label, player.position.startswith(STAR_PREFIX), player.mercenary)
    check_amount(amount, label, player.spp)
    fx = _game(conn, event, team, round_number)
    escalation.check_fielded(conn, fx, team, player)  # gold piece escalation: on that round's roster
    now = rt.clock.now()
    detail = {"extra": True, "reason": reason, "by": actor.user_id}
    postgame_store.add_spp(
        conn, team, player.id, amount, "spp", fixture_id=fx.id, actor_id=actor.user_id, now=now, detail=detail
    )
    given = {"team": team.name, "player": label, "spp": amount, "round": fx.round_number, "fixture": fx.id}
    audit.record_in(conn, event.league, actor.user_id, "tournament.extra_spp", now, given, reason=reason)
    done = ExtraSpp(event, team.name, label, amount, player.spp + amount, fx.round_number, reason)
    with i18n.using(event.league.language):
        title = _("{event}: extra SPP", event=event.name)
        lines = [done.line, _("For: {reason}", reason=reason)]
    announcements.to_league(conn, event.league, title, lines, now, [team.coach_id])
    return done


async def award_spp(
    rt: Runtime,
    actor: Actor,
    event_ref: str | None,
    team: str,
    player: str,
    amount: int,
    reason: str,
    round_number: int | None = None,
) -> ExtraSpp:
    """The organiser gives a player extra SPP (or takes back an award) for something in a confirmed game of
    his team (`round_number`; default: the team's last confirmed game), with the reason coaches see."""
    why = _("Say what the SPP are for: coaches see it and it is kept in the event's log.")
    cleaned = reason_of(reason, why)
    amount = whole(amount, -MOST_AT_ONCE, MOST_AT_ONCE, _("the SPP"))
    if round_number is not None:
        round_number = whole(round_number, 1, MAX_ROUNDS, _("the round"))
    return await rt.db.write(_award, rt, actor, event_ref, team, player, amount, round_number, cleaned)


def _team_players(conn: Connection, guild_id: int, event_ref: str | None, team_ref: str) -> list[PlayerRow]:
    event = find_event(conn, guild_id, event_ref)
    team = find_team(conn, guild_id, team_ref, event.league)
    return [
        p for p in team_store.players(conn, team) if not (p.mercenary or p.position.startswith(STAR_PREFIX))
    ]


async def team_players(rt: Runtime, guild_id: int, event_ref: str | None, team: str) -> list[PlayerRow]:
    """A team's players who can earn SPP (not its stars or Mercenaries), for autocomplete."""
    return await rt.db.read(_team_players, guild_id, event_ref, team)
