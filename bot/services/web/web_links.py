"""The web view's public links (`/league web`, `/event web`): one unguessable link per league or tournament,
turned on or off and replaced by its commissioner or organiser; and the one way a web request finds what a
link shows (`resolve`)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Concatenate, Literal, ParamSpec, TypeVar, get_args

from bot import i18n
from bot.errors import NotFound
from bot.i18n import _
from bot.services.inputs import one_of
from bot.services.league.leagues import find_league
from bot.services.runtime import Actor, Runtime
from bot.store import audit, web_links
from bot.store import leagues as league_store
from bot.store.connection import Connection
from bot.store.leagues import League

P = ParamSpec("P")
T = TypeVar("T")
LinkAction = Literal["show", "on", "off", "replace"]
LINK_ACTIONS: tuple[LinkAction, ...] = get_args(LinkAction)
TOKEN_BYTES = 16  # 128 bits: a link cannot be guessed
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class LinkState:
    """What `/league web` answers: the league and its link (no token: never turned on)."""

    league: League
    token: str | None
    enabled: bool
    changed: bool  # False: the action changed nothing (already on, already off, or only shown)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _set(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    kind: league_store.Kind,
    action: LinkAction,
) -> LinkState:
    league = find_league(conn, actor.guild_id, league_ref, kind)
    link = web_links.of_league(conn, actor.guild_id, league.id)
    token, enabled = (link.token, link.enabled) if link else (None, False)
    if action == "show" or (action == "on" and enabled) or (action == "off" and not enabled):
        return LinkState(league, token, enabled, changed=False)
    if action == "replace" or token is None:
        token = new_token()
    enabled = action != "off"
    web_links.save(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        token=token,
        enabled=enabled,
        now=rt.clock.now(),
        actor_id=actor.user_id,
    )
    audit.record_in(conn, league, actor.user_id, "league.web", rt.clock.now(), {"action": action})
    return LinkState(league, token, enabled, changed=True)


async def set_link(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    action: LinkAction,
    kind: league_store.Kind = "league",
) -> LinkState:
    """Show, turn on, turn off or replace a league's (or, with `kind`, a tournament's) public link.
    Replacing gives a new token: the old link shows nothing from then on."""
    one_of(action, LINK_ACTIONS, _("what to do with the link"))
    one_of(kind, ("league", "tournament"), _("the kind of competition"))
    if action == "show":
        return await rt.db.read(_set, rt, actor, league_ref, kind, action)
    return await rt.db.write(_set, rt, actor, league_ref, kind, action)


@dataclass(frozen=True)
class WebScope:
    """What one web link may show: one league (or tournament) of one guild, nothing else."""

    guild_id: int
    league: League

    @property
    def ref(self) -> str:
        """The league as the services' `league_ref` names it."""
        return f"l:{self.league.id}"


def _league_of(conn: Connection, token: str) -> League | None:
    link = web_links.by_token(conn, token) if TOKEN_SHAPE.fullmatch(token) else None
    return None if link is None else league_store.get(conn, link.guild_id, link.league_id)


def resolve_in(conn: Connection, token: str) -> WebScope:
    """The league an enabled link shows; NotFound for a link that is unknown, off or replaced."""
    league = _league_of(conn, token)
    if league is None:
        raise NotFound(_("This link does not lead anywhere: it may have been turned off or replaced."))
    return WebScope(league.guild_id, league)


def worded(
    token: str, build: Callable[Concatenate[Connection, P], T]
) -> Callable[Concatenate[Connection, P], T]:
    """`build` (a page's unit of work) with what it words (the loaders' labels, an injury, who did
    something) in the language of the league or event the link shows: `rt.db.read(worded(token, _page),
    ...)`. A link that leads nowhere keeps the current language (`build` refuses it)."""

    def unit(conn: Connection, /, *args: P.args, **kwargs: P.kwargs) -> T:
        league = _league_of(conn, token)
        with i18n.using(None if league is None else league.language):
            return build(conn, *args, **kwargs)

    return unit
