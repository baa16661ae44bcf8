"""A commissioner reverts a fixture's whole post-game: every recorded change is undone, in one transaction.

Refused when a later fixture of either team already depends on it (that team reported or played since).
Undoing leaves a trail: reversing rows in the ledgers, the dice rolls kept, the fixture marked disputed so
the commissioner sets the result again (/league result), which runs the post-game anew.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import Conflict
from bot.i18n import _, ngettext
from bot.rules.match.revert import check_revertable, season_moved_on
from bot.services.inputs import reason_of
from bot.services.league.leagues import language_of
from bot.services.league.playoffs import bracket_moved_on
from bot.services.match.confirmation import back_to_commissioner
from bot.services.match.results import find_fixture
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import postgame_revert as revert_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.text import gp


@dataclass(frozen=True)
class RevertResult:
    fixture: Fixture
    lines: tuple[str, ...]


def _moved_on(conn: Connection, fx: Fixture) -> bool:
    """Whether the season has moved on from the fixture (the rules say when, from what is loaded here)."""
    season = season_store.current_season(conn, fx.guild_id, fx.league_id)
    return season_moved_on(
        fx.kind,
        played_in=fx.season_id,
        current=season.id if season else None,
        current_status=season.status if season else None,
        bracket_moved_on=fx.kind == "playoff" and bracket_moved_on(conn, fx),
    )


def _revert(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, reason: str) -> RevertResult:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    records = revert_store.postgame_records(conn, actor.guild_id, fx.id)
    if fx.status != "confirmed" or not records:
        raise Conflict(_("{match} has no post-game to revert.", match=fx.label))
    check_revertable(fx.label, moved_on=_moved_on(conn, fx), later=revert_store.later_dependants(conn, fx))
    fan = tournament_play.before_revert(conn, rt, actor, fx)
    now = rt.clock.now()
    language = language_of(conn, fx.guild_id, fx.league_id)  # the ledger's, and the public reply's
    lines = [fan] if fan else []
    steps: dict[str, int] = {str(k): v for k, v in rt.catalog.advancement.improvement_step.items()}
    for record in records:
        team = team_store.get(conn, actor.guild_id, record["team_id"])
        assert team is not None
        undone = revert_store.undo_player_changes(
            conn, fx, team, actor_id=actor.user_id, now=now, steps=steps
        )
        gold = revert_store.gold_of(conn, actor.guild_id, team.id, fx.id)
        if gold:
            with i18n.using(language):
                cause = _("revert post-game of #{fixture}: {reason}", fixture=fx.id, reason=reason)
            team_store.change_treasury(
                conn, team, -gold, cause, actor_id=actor.user_id, now=now, fixture_id=fx.id
            )
        revert_store.restore_team(conn, team, record, fixture_id=fx.id, actor_id=actor.user_id, now=now)
        grudges = trait_store.revert_fixture(conn, actor.guild_id, fx.id, team.id, now)
        with i18n.using(language):
            line = ngettext(
                "{team}: {n} player change undone, {gold}, dedicated fans {fans}, staff as before",
                "{team}: {n} player changes undone, {gold}, dedicated fans {fans}, staff as before",
                undone,
                team=team.name,
                gold=("-" if gold > 0 else "+") + gp(abs(gold)),
                fans=record["fans_before"],
            )
            if grudges:
                line = ngettext(
                    "{line}, {n} Hatred from Getting Even taken back",
                    "{line}, {n} Hatred from Getting Even taken back",
                    grudges,
                    line=line,
                )
        lines.append(line)
    revert_store.reopen_fixture(conn, fx)
    with i18n.using(language):
        why = _("post-game reverted: {reason}", reason=reason)
    fresh = back_to_commissioner(conn, fx, actor.user_id, now, "postgame.revert", reason, why)
    return RevertResult(fresh, tuple(lines))


async def revert_postgame(rt: Runtime, actor: Actor, fixture: str, reason: str) -> RevertResult:
    """Undo a fixture's post-game for both teams; the fixture goes back to the commissioner to set again."""
    return await rt.db.write(_revert, rt, actor, fixture, reason_of(reason))
