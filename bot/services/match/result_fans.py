"""A corrected result moves the fans with it, inside the correcting transaction (services/match/results.py).

A result is corrected after its post-game ran (a commissioner's /league result, an organiser's /event
result). The rest of the post-game stays as it was (the players did what they did), but the fans follow who
won: for each team whose outcome changed, this fixture's change to its lasting fans is undone and the
ruleset's change for the new outcome is rolled and applied (seed 001: the winner rolls a D6 to gain a
Dedicated Fan, the loser to lose one), from the fans the team had when the game was played. In a tournament
(seed 000: no post-game) the winner's Dedicated Fan goes from the old winner to the new one. Every change is
a row in the team's ledger and the audit log, every die is logged against the fixture.
"""

from __future__ import annotations

from bot import i18n
from bot.i18n import N_, _
from bot.rules.match.match_result import ResultReport, Side
from bot.rules.rulesets import ruleset
from bot.rules.rulesets.policy import PostgameGame, PostgameTeam
from bot.services.dice_logging import log_dice
from bot.services.match.confirmation import fixture_detail
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import audit
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import postgame_revert as revert_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture

SIDES: tuple[Side, Side] = ("home", "away")
# A team's line after its fans followed the corrected result, by its new outcome.
NOW_A = {
    "W": N_("{team}: {change} (the result now a win)"),
    "L": N_("{team}: {change} (the result now a loss)"),
    "D": N_("{team}: {change} (the result now a draw)"),
}


def _outcome(report: ResultReport, side: Side) -> str:
    home, away = report.outcomes
    return home if side == "home" else away


def follow_result(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    before: ResultReport,
    after: ResultReport,
    reason: str,
) -> list[str]:
    """Move the fans of each team whose outcome the correction changed (nothing when no outcome changed).
    Returns a line for the reply per change."""
    changed = [side for side in SIDES if _outcome(before, side) != _outcome(after, side)]
    if not changed:
        return []
    if tournament_play.is_tournament_fixture(conn, fx):
        return tournament_play.move_winner_fans(conn, rt, actor, fx, before, after, reason)
    return _league_fans(conn, rt, actor, fx, after, changed, reason)


def _league_fans(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    report: ResultReport,
    changed: list[Side],
    reason: str,
) -> list[str]:
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    rules = ruleset(rt.catalog, league.settings.ruleset)
    records = {row["team_id"]: row for row in revert_store.postgame_records(conn, fx.guild_id, fx.id)}
    team_ids = {"home": fx.home_team_id, "away": fx.away_team_id}
    names = {"home": fx.home_name, "away": fx.away_name}
    if any(team_ids[side] not in records for side in SIDES):
        return []  # no post-game kept for this fixture: nothing to follow
    at_the_game = {side: records[team_ids[side]]["fans_before"] for side in SIDES}
    game = PostgameGame(
        fx.kind == "friendly",
        report,
        PostgameTeam(names["home"], at_the_game["home"]),
        PostgameTeam(names["away"], at_the_game["away"]),
    )
    now = rt.clock.now()
    lines: list[str] = []
    for side in changed:
        change = rules.lasting_fans(game, side, rt.dice)
        if change is None:
            continue
        team = team_store.get(conn, fx.guild_id, team_ids[side])
        assert team is not None
        record = records[team.id]
        # undo this game's old change and apply the new one to what the team has now (later games kept)
        current = team.dedicated_fans
        fans = change.applied_to(current, was=record["fans_after"])
        with i18n.using(league.language):  # the dice log, the team's ledger and the public reply
            purpose = _("{match} result corrected, {team}", match=fx.label, team=team.name)
            cause = _("result corrected: {match}", match=fx.label)
            line = _(NOW_A[_outcome(report, side)], team=team.name, change=change.line)
        log_dice(conn, rt, actor, change.rolls, purpose=purpose, fixture_id=fx.id)
        postgame_store.set_postgame_fans(conn, fx.guild_id, fx.id, team.id, change.after)
        if fans != current:
            postgame_store.set_fans(
                conn,
                team,
                before=current,
                after=fans,
                cause=cause,
                fixture_id=fx.id,
                actor_id=actor.user_id,
                now=now,
            )
        detail = fixture_detail(fx, {"team": team.name, "before": current, "after": fans})
        audit.record_in(conn, fx, actor.user_id, "result.fans", now, detail, reason=reason)
        lines.append(line)
    return lines
