"""Leagues: create one, find one, change its settings, read its audit log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot import i18n
from bot.errors import Conflict, InvalidInput, NotFound
from bot.i18n import _
from bot.rules.league.league_settings import LeagueSettings, check_ruleset_change
from bot.rules.rulesets import ruleset, ruleset_ids
from bot.services.inputs import optional_id, optional_reason, row_id, validation_message, whole
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import deadlines as deadline_store
from bot.store import leagues as league_store
from bot.store import seasons as season_store
from bot.store.audit import AuditEntry
from bot.store.connection import Connection
from bot.store.leagues import League

MAX_NAME_LENGTH = 60
LOG_PAGE_SIZE = 8  # eight entries of the longest kind still fit one embed (6,000 characters)


def clean_name(name: str, what: str | None = None) -> str:
    """A name a user typed, on one line and not too long; `what` (worded by the caller) names it."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInput(_("The {what} cannot be empty.", what=what or _("name")))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise InvalidInput(
            _("Keep the {what} to {most} characters.", what=what or _("name"), most=MAX_NAME_LENGTH)
        )
    return cleaned


def find_league(
    conn: Connection, guild_id: int, reference: str | None, kind: league_store.Kind = "league"
) -> League:
    """The league (or, with `kind`, the tournament) a command means: the one named (or id from
    autocomplete), or the server's only one of that kind."""
    if reference:
        reference = reference.strip()
        league = None
        number = row_id(reference[2:]) if reference.startswith("l:") else None
        if number is not None:
            league = league_store.get(conn, guild_id, number)
        league = league or league_store.by_name(conn, guild_id, reference)
        if league is None and kind == "tournament":
            raise NotFound(_("There is no tournament called `{name}` on this server.", name=reference[:60]))
        if league is None:
            raise NotFound(_("There is no league called `{name}` on this server.", name=reference[:60]))
        if league.kind != kind and league.is_tournament:
            raise NotFound(
                _("{name} is a tournament, not a league: see /tournament commands.", name=league.name)
            )
        if league.kind != kind:
            raise NotFound(_("{name} is a league, not a tournament: see /league commands.", name=league.name))
        return league
    leagues = league_store.in_guild(conn, guild_id, kind)
    if not leagues and kind == "tournament":
        raise NotFound(
            _("There is no tournament on this server yet: an organiser starts one with /event create.")
        )
    if not leagues:
        raise NotFound(
            _("There is no league on this server yet: a commissioner starts one with /league create.")
        )
    names = ", ".join(league.name for league in leagues)
    if len(leagues) > 1 and kind == "tournament":
        raise NotFound(
            _(
                "This server runs several tournaments ({names}): choose one with the tournament option.",
                names=names,
            )
        )
    if len(leagues) > 1:
        raise NotFound(
            _("This server runs several leagues ({names}): choose one with the league option.", names=names)
        )
    return leagues[0]


def _create(conn: Connection, rt: Runtime, actor: Actor, name: str, channel_id: int | None) -> League:
    if league_store.by_name(conn, actor.guild_id, name) is not None:
        raise Conflict(_("This server already has a league or tournament called {name}.", name=name))
    league = league_store.insert(
        conn,
        guild_id=actor.guild_id,
        name=name,
        announce_channel_id=channel_id,
        settings=LeagueSettings(),
        created_by=actor.user_id,
        now=rt.clock.now(),
        language=actor.server_language,
    )
    audit.record_in(
        conn, league, actor.user_id, "league.create", rt.clock.now(), {"name": name, "channel": channel_id}
    )
    return league


async def create_league(rt: Runtime, actor: Actor, name: str, announce_channel_id: int | None) -> League:
    optional_id(announce_channel_id, _("channel"))
    return await rt.db.write(_create, rt, actor, clean_name(name, _("league name")), announce_channel_id)


def language_of(conn: Connection, guild_id: int, league_id: int) -> str:
    """The language a league's or event's channel reads (English when it is gone)."""
    found = league_store.get(conn, guild_id, league_id)
    return found.language if found is not None else i18n.ENGLISH


async def get_league(rt: Runtime, guild_id: int, reference: str | None) -> League:
    return await rt.db.read(find_league, guild_id, reference)


def _competition(conn: Connection, guild_id: int, league_id: int) -> League:
    competition = league_store.get(conn, guild_id, league_id)
    if competition is None:
        raise NotFound(_("That league or tournament no longer exists on this server."))
    return competition


async def get_competition(rt: Runtime, guild_id: int, league_id: int) -> League:
    """A fixture's competition, league or tournament, by its id (in this guild only)."""
    return await rt.db.read(_competition, guild_id, league_id)


async def list_leagues(rt: Runtime, guild_id: int) -> list[League]:
    return await rt.db.read(league_store.in_guild, guild_id)


@dataclass(frozen=True)
class SettingsChange:
    league: League
    changed: dict[str, tuple[Any, Any]]  # setting -> (before, after)


def _update(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    changes: dict[str, Any],
    channel_id: int | None,
    set_channel: bool,
    reason: str | None = None,
) -> SettingsChange:
    league = find_league(conn, actor.guild_id, reference)
    before = league.settings.model_dump()
    current = league.settings.ruleset
    wanted = str(changes.get("ruleset", current))
    played = wanted != current and bool(season_store.seasons_of(conn, actor.guild_id, league.id))
    if check_ruleset_change(league.name, current, wanted, known=ruleset_ids(), played=played):
        # the league points follow the ruleset, unless this change sets them too (house rules)
        win, draw, loss = ruleset(rt.catalog, wanted).points
        changes = {"points_win": win, "points_draw": draw, "points_loss": loss, **changes}
    try:
        settings = LeagueSettings.model_validate({**before, **changes})
    except ValidationError as error:
        raise InvalidInput(_("Not changed: {reason}.", reason=validation_message(error))) from error
    after = settings.model_dump()
    changed = {key: (before[key], after[key]) for key in after if before[key] != after[key]}
    new_channel = channel_id if set_channel else league.announce_channel_id
    if new_channel != league.announce_channel_id:
        changed["announce_channel"] = (league.announce_channel_id, new_channel)
    if changed:
        league_store.update(conn, league, settings=settings, announce_channel_id=new_channel)
        if "reminder_hours" in changed:  # the open rounds' reminders follow at once
            deadline_store.replan_reminders(
                conn, actor.guild_id, league.id, settings.reminder_hours, rt.clock.now()
            )
        audit.record_in(
            conn,
            league,
            actor.user_id,
            "league.settings",
            rt.clock.now(),
            {key: [str(a), str(b)] for key, (a, b) in changed.items()},
            reason=reason,
        )
    updated = league_store.get(conn, actor.guild_id, league.id)
    assert updated is not None
    return SettingsChange(league=updated, changed=changed)


async def update_settings(
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    changes: dict[str, Any],
    *,
    announce_channel_id: int | None = None,
    set_channel: bool = False,
    reason: str | None = None,
) -> SettingsChange:
    """Change settings (validated together with the others); the audit log records before and after, and
    the reason given. Changed reminder hours apply to the open rounds at once."""
    return await rt.db.write(
        _update, rt, actor, reference, changes, announce_channel_id, set_channel, optional_reason(reason)
    )


@dataclass(frozen=True)
class LogPage:
    league: League
    entries: list[AuditEntry]
    page: int
    page_count: int


def _log(conn: Connection, guild_id: int, reference: str | None, page: int) -> LogPage:
    league = find_league(conn, guild_id, reference)
    entries = audit.recent(conn, guild_id, league_id=league.id, limit=500)
    page_count = max(1, -(-len(entries) // LOG_PAGE_SIZE))
    page = min(max(page, 0), page_count - 1)
    chunk = entries[page * LOG_PAGE_SIZE : (page + 1) * LOG_PAGE_SIZE]
    return LogPage(league=league, entries=chunk, page=page, page_count=page_count)


async def league_log(rt: Runtime, guild_id: int, reference: str | None, page: int = 0) -> LogPage:
    whole(page, 0, 1_000_000, _("the page"))
    return await rt.db.read(_log, guild_id, reference, page)
