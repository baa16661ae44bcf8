"""A league's or event's language: what its channel and web view read (bot/i18n).

A new league or event takes its server's language (Discord's guild locale, when the bot ships it); the
commissioner (an event's organiser) changes it with /language. The change is audited with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import InvalidInput, NotFound
from bot.i18n import _
from bot.services.inputs import optional_reason
from bot.services.league.leagues import find_league
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import leagues as league_store
from bot.store.connection import Connection
from bot.store.leagues import League


@dataclass(frozen=True)
class LanguageChange:
    competition: League  # as it is now
    before: str


def find_competition(conn: Connection, guild_id: int, league: str | None, event: str | None) -> League:
    """The league or event meant: the one named, else the server's only league or event."""
    if event:
        return find_league(conn, guild_id, event, "tournament")
    if league:
        return find_league(conn, guild_id, league)
    found = league_store.in_guild(conn, guild_id) + league_store.in_guild(conn, guild_id, "tournament")
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotFound(_("There is no league or event on this server yet."))
    raise NotFound(
        _("This server runs several leagues or events: choose one with the league or event option.")
    )


async def competition(rt: Runtime, guild_id: int, league: str | None, event: str | None) -> League:
    return await rt.db.read(find_competition, guild_id, league, event)


def _set(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: str | None,
    event: str | None,
    language: str,
    reason: str | None,
) -> LanguageChange:
    found = find_competition(conn, actor.guild_id, league, event)
    if found.language != language:
        league_store.set_language(conn, found, language)
        action = "tournament.language" if found.is_tournament else "league.language"
        detail = {"language": [found.language, language]}
        audit.record_in(conn, found, actor.user_id, action, rt.clock.now(), detail, reason=reason)
    now = league_store.get(conn, actor.guild_id, found.id)
    assert now is not None
    return LanguageChange(competition=now, before=found.language)


async def set_language(
    rt: Runtime,
    actor: Actor,
    league: str | None,
    event: str | None,
    language: str,
    *,
    reason: str | None = None,
) -> LanguageChange:
    """Make a league or event speak `language` (a shipped language's code) from now on."""
    if language not in i18n.SHIPPED:
        shipped = ", ".join(i18n.SHIPPED)
        raise InvalidInput(
            _(
                "The bot speaks {languages}; {language} is not one of them.",
                languages=shipped,
                language=language[:20],
            )
        )
    return await rt.db.write(_set, rt, actor, league, event, language, optional_reason(reason))
