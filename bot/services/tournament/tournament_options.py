"""The organiser's roster options of an event that are more than a switch: the custom
inducements listed in the rulespack (seed 000, Custom Inducements). Each change goes through the one
rulespack update (services/tournament/tournaments.py: validated as a whole, audited, locked once the event
runs).
Before each game of a paired round the bot rolls what the custom inducements need (`roll_before_games`,
called from tournament_play's one hook)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot import i18n
from bot.errors import InvalidInput, NotFound
from bot.i18n import _
from bot.rules.tournament.tournament_escalation import fielded_round
from bot.rules.tournament.tournament_inducements import (
    MAX_COST,
    MAX_LIMIT,
    EventInducement,
    before_game,
    seed_inducement,
    slug,
)
from bot.rules.tournament.tournament_rosters import check_seed_inducement, event_inducements, free_inducements
from bot.services.dice_logging import log_dice
from bot.services.inputs import one_of, optional_whole
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament import tournaments
from bot.services.tournament.tournaments import Event, RulespackChange, find_event
from bot.store import seasons as season_store
from bot.store.connection import Connection
from bot.store.teams import TeamRow
from bot.text import gp

Action = Literal["add", "remove"]


def _inducement(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    action: Action,
    name: str,
    cost: int | None,
    limit: int | None,
    text: str | None,
    free: bool,
    reason: str | None,
) -> RulespackChange:
    event = find_event(conn, actor.guild_id, reference)
    listed = list(event.rulespack.inducements)
    seed = seed_inducement(rt.catalog, name)
    key = seed.id if seed is not None else slug(name)
    found = next((i for i in listed if i.id == key or i.name.lower() == name.strip().lower()), None)
    if action == "remove":
        if found is None:
            if not listed:
                raise NotFound(
                    _(
                        "{event} lists no custom inducement {name}; it lists: none.",
                        event=event.name,
                        name=repr(name),
                    )
                )
            names = ", ".join(i.name for i in listed)
            raise NotFound(
                _(
                    "{event} lists no custom inducement {name}; it lists: {names}.",
                    event=event.name,
                    name=repr(name),
                    names=names,
                )
            )
        listed.remove(found)
    else:
        if seed is not None:  # seed 000's own: its cost, limit and effect; the organiser may make it free
            check_seed_inducement(seed, cost, limit)
            item = seed.model_copy(update={"free": free, "text": text or seed.text})
        else:
            if not text:
                raise InvalidInput(_("Say what your inducement does (text), as coaches will read it."))
            if cost is None and not free:
                raise InvalidInput(
                    _("Give your inducement a cost in gold pieces, or make it free for every team.")
                )
            item = EventInducement(id=key, name=name, cost=cost or 0, limit=limit, text=text, free=free)
        if found is not None:
            listed[listed.index(found)] = item  # changed in place
        else:
            listed.append(item)
    changes = {"inducements": [i.model_dump() for i in listed]}
    return tournaments.update_rulespack_in(conn, rt, actor, reference, changes, reason)


async def set_inducement(
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    action: Action,
    name: str,
    *,
    cost: int | None = None,
    limit: int | None = None,
    text: str | None = None,
    free: bool = False,
    reason: str | None = None,
) -> RulespackChange:
    """Add (or change) or remove a custom inducement of the event: one of seed 000's four by name (its cost,
    limit and effect), or the organiser's own (name, cost, limit, short text); `free`: on every roster."""
    one_of(action, ("add", "remove"), _("the action"))
    cleaned = " ".join(name.split())[:40]
    if not cleaned:
        raise InvalidInput(_("Name the inducement."))
    optional_whole(cost, 0, MAX_COST, _("an inducement's cost in gold pieces"))
    optional_whole(limit, 1, MAX_LIMIT, _("an inducement's limit (leave it empty for none)"))
    words = " ".join((text or "").split())[:200] or None
    why = " ".join((reason or "").split())[:300] or None
    return await rt.db.write(
        _inducement, rt, actor, reference, action, cleaned, cost, limit, words, free, why
    )


# --- before each game: what the custom inducements roll ---------------------------------------------------


def roll_before_games(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    games: Sequence[tuple[int, int, TeamRow, TeamRow]],
) -> list[str]:
    """For each game of a just-paired round (table number, fixture id, the two teams): roll what each team's
    custom inducements need before the game (bought on the roster, or free for every team), log every die
    against the fixture, and return the lines for the pairings announcement (the lines and the dice log's
    labels in the event's language)."""
    customs = {i.id for i in event.rulespack.inducements}
    if not customs:
        return []
    with i18n.using(event.league.language):
        return _roll_before_games(conn, rt, actor, event, games, customs)


def _roll_before_games(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    games: Sequence[tuple[int, int, TeamRow, TeamRow]],
    customs: set[str],
) -> list[str]:
    free = free_inducements(rt.catalog, event.rulespack.inducements)
    bought = event_inducements(rt.catalog, event.rulespack.inducements)
    lines: list[str] = []
    for table, fixture_id, *teams in games:
        fx = season_store.fixture(conn, event.league.guild_id, fixture_id)
        assert fx is not None
        for team in teams:
            fielded = escalation.fielded_roster(conn, fx, team)  # gold piece escalation: this round's roster
            owned = [bought[key] for key, _count in fielded.inducements if key in customs]
            if not owned and not free:
                continue
            players = [f"#{p.number} {p.name}" for p in fielded.players]
            for inducement in [*owned, *free]:
                done = before_game(inducement, team.name, players, rt.dice)
                if done is None:
                    continue
                for roll in done.rolls:
                    log_dice(
                        conn,
                        rt,
                        actor,
                        [(roll.sides, roll.face)],
                        purpose=_(
                            "{event} table {number}, {team}: {purpose}",
                            event=event.name,
                            number=table,
                            team=team.name,
                            purpose=roll.purpose,
                        ),
                        fixture_id=fixture_id,
                    )
                lines.append(_("Table {number}: {line}", number=table, line=done.line))
    return lines


def escalation_line(event: Event, round_number: int) -> list[str]:
    """Gold piece escalation: which roster every coach fields in this round (a roster per budget), in the
    current language (the pairings announcement's: the event's)."""
    if not event.rulespack.escalation:
        return []
    budget = event.rulespack.budget_of(round_number)
    number = fielded_round(round_number, event.rulespack.roster_rounds)
    return [
        _(
            "Every coach fields his round-{number} roster ({budget}): /roster show round:{number}.",
            number=number,
            budget=gp(budget),
        )
    ]
