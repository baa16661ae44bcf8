"""How a tournament roster reads (seed 000, Writing your roster): the Team Draft List with the Skill-Point
skills, the stars, staff, Dedicated Fans, inducements, the gold spent and lost and the Skill Points spent;
as embeds for `/roster show` and as plain text for `/roster export` (a file opponents can keep)."""

from __future__ import annotations

import io
from operator import attrgetter

import discord

from bot.catalog.search import best_matches
from bot.i18n import _
from bot.rules.roster.stars import StarUnit
from bot.rules.tournament.tournament_rosters import mercenary_price
from bot.services.roster import event_rosters
from bot.services.roster.event_rosters import TournamentSheet
from bot.services.tournament import tournament_awards, tournament_entries, tournament_spp
from bot.text import gp
from bot.ui.autocomplete import (
    Choices,
    choice,
    offer,
    player_choices,
    position_choices,
    team_choice,
)
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain, team_status
from bot.ui.limits import fields, pack_embeds

COLOUR = discord.Colour.dark_gold()


def _players(ts: TournamentSheet, bold: bool) -> list[str]:
    star_rows = {row.id for star in ts.stars for row in star.players}
    lines = []
    for player in ts.sheet.players:
        row = player.row
        if row.id in star_rows:
            continue
        extra = player.extra_skills  # the round's Skill-Point skill (an escalation round's own), then gained
        skills = [*player.position.skills, *player.loner, *(f"**{s}**" if bold else f"+{s}" for s in extra)]
        name = plain(row.name) if bold else row.name
        position = player.position.name
        head = f"#{row.number} {name} · " + (
            _("Mercenary {position}", position=position) if row.mercenary else position
        )
        lines.append((f"**{head}**" if bold else head) + (f": {', '.join(skills)}" if skills else ""))
    return lines or [_("No players yet: /roster hire.")]


def _stars(ts: TournamentSheet) -> list[str]:
    lines = []
    for star in ts.stars:
        numbers = ", ".join(f"#{row.number}" for row in star.players)
        kind = _("Mega-star") if star.mega else (_("pair") if star.unit.is_pair else _("star"))
        lines.append(f"{star.unit.name} ({kind}, {numbers}) · {gp(star.unit.cost)}")
    return lines or [_("None")]


def _extras(ts: TournamentSheet) -> list[str]:
    staff = ts.sheet.staffing
    if ts.entry.fans_gained:
        fans = _(
            "Dedicated Fans {count} ({bought} bought, {won} won)",
            count=ts.dedicated_fans,
            bought=ts.team.dedicated_fans,
            won=ts.entry.fans_gained,
        )
    else:
        fans = _("Dedicated Fans {count}", count=ts.dedicated_fans)
    counts = {
        "rerolls": staff.rerolls,
        "assistants": staff.assistant_coaches,
        "cheerleaders": staff.cheerleaders,
    }
    if staff.apothecary:
        staffed = _(
            "Re-rolls {rerolls} · Assistant coaches {assistants} · Cheerleaders {cheerleaders} · "
            "Apothecary yes",
            **counts,
        )
    else:
        staffed = _(
            "Re-rolls {rerolls} · Assistant coaches {assistants} · Cheerleaders {cheerleaders} · "
            "Apothecary no",
            **counts,
        )
    lines = [staffed, fans]
    if ts.inducements:
        items = ", ".join(f"{i.count}× {i.inducement.name} ({gp(i.cost)})" for i in ts.inducements)
        lines.append(_("Inducements: {items}", items=items))
    if ts.free:
        lines.append(_("Free for every team: {items}", items=", ".join(i.name for i in ts.free)))
    return lines


def _budget(ts: TournamentSheet) -> list[str]:
    check = ts.check
    lines = [
        _(
            "Tier {tier} · Skill Points {spent}/{allowed} · secondary skills at most {secondary} · stars at "
            "most {stars}",
            tier=ts.tier,
            spent=check.skill_points_spent,
            allowed=ts.allowance.skill_points,
            secondary=ts.allowance.max_secondary,
            stars=min(ts.allowance.max_stars, 2),
        ),
        _(
            "Gold spent {spent} of {budget} · lost (not spent) {lost}",
            spent=gp(check.gold_spent),
            budget=gp(ts.budget),
            lost=gp(check.gold_lost),
        ),
        _("Team value {value} (added skills do not raise it)", value=gp(ts.sheet.team_value)),
    ]
    return lines


def _head(ts: TournamentSheet) -> str:
    team = ts.team
    spare = " · " + _("Spare Player (not ranked)") if ts.entry.spare else ""
    rounds = ts.event.rulespack.roster_rounds
    escalation = (
        "\n"
        + _(
            "Round {round} roster of {rounds} (gold piece escalation; /roster show round:N)",
            round=ts.round_number,
            rounds=rounds,
        )
        if ts.round_number is not None
        else ""
    )
    status = team_status(team.status)
    naf = _naf(ts)
    return f"{ts.sheet.roster.name} · {team.regional_league} · {status}{spare}" + naf + escalation


def _naf(ts: TournamentSheet) -> str:
    """The coach's NAF details as the NAF report gives them, or that they are missing in a NAF event."""
    entry = ts.entry
    if entry.naf_name or entry.naf_number:
        return f"\nNAF: {entry.naf_name or '?'} #{entry.naf_number or '?'}"
    return "\n" + _("NAF: no name or number yet (/roster naf)") if ts.event.rulespack.naf else ""


def roster_embeds(ts: TournamentSheet) -> list[discord.Embed]:
    """`/roster show`: every line of the roster, split over as many embeds as it takes."""
    body = [
        *fields(_("Players"), _players(ts, bold=True)),
        *fields(_("Star players"), _stars(ts)),
        *fields(_("Staff, fans, inducements"), _extras(ts)),
        *fields(_("Budget and Skill Points"), _budget(ts)),
    ]
    if ts.check.refusals:
        body += fields(_("Not legal yet"), [f"• {r}" for r in ts.check.refusals])
    description = f"{_head(ts)}\n" + _("Coach <@{coach}>", coach=ts.team.coach_id)
    if ts.team.status == "rejected" and ts.team.review_note:
        description += "\n" + _("Rejected: {note}", note=plain(ts.team.review_note))
    return pack_embeds(
        plain(ts.team.name), body, description=description, colour=COLOUR, footer=ts.event.name
    )


def roster_text(ts: TournamentSheet, coach_name: str | None = None) -> str:
    """`/roster export`: the same roster as plain text."""
    sections = [
        f"{ts.team.name} — {ts.event.name}",
        _head(ts) + ("\n" + _("Coach: {name}", name=coach_name) if coach_name else ""),
        _("PLAYERS") + "\n" + "\n".join(_players(ts, bold=False)),
        _("STAR PLAYERS") + "\n" + "\n".join(_stars(ts)),
        _("STAFF, FANS, INDUCEMENTS") + "\n" + "\n".join(_extras(ts)),
        _("BUDGET AND SKILL POINTS") + "\n" + "\n".join(_budget(ts)),
    ]
    if ts.check.refusals:
        sections.append(_("NOT LEGAL YET") + "\n" + "\n".join(f"- {r}" for r in ts.check.refusals))
    return "\n\n".join(sections) + "\n"


def roster_file(ts: TournamentSheet, coach_name: str | None = None) -> discord.File:
    name = "".join(c if c.isalnum() else "_" for c in ts.team.name).strip("_") or "roster"
    data = io.BytesIO(roster_text(ts, coach_name).encode("utf-8"))
    return discord.File(data, filename=f"{name[:60]}.txt")


# --- autocomplete for /roster and the organiser's /event approve|reject|spare ------------------------------


def _event_option(interaction: discord.Interaction) -> str | None:
    value = getattr(interaction.namespace, "tournament", None)
    return str(value) if value else None


async def entry_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The event's registered teams."""
    rt = runtime_of(interaction)
    found = await tournament_entries.entry_choices(
        rt, actor_of(interaction).guild_id, _event_option(interaction)
    )
    return [
        team_choice(rt.catalog, t, team_status(t.status))
        for t in best_matches(current, found, lambda t: t.name)
    ]


async def _options(interaction: discord.Interaction) -> event_rosters.RosterOptions:
    return await event_rosters.roster_options(
        runtime_of(interaction), actor_of(interaction), _event_option(interaction)
    )


async def event_player_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The players (not the stars) of the team chosen in the same command, for the organiser."""
    team = str(getattr(interaction.namespace, "team", "") or "")
    if not team:
        return []
    players = await tournament_spp.team_players(
        runtime_of(interaction), actor_of(interaction).guild_id, _event_option(interaction), team
    )
    return player_choices(current, players)


async def roster_position_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    return position_choices(current, (await _options(interaction)).positions)


async def roster_player_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    return player_choices(current, (await _options(interaction)).players)


async def roster_skill_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The skills of the chosen player's Primary (1 point) and Secondary (2 points) categories, and none."""
    rt = runtime_of(interaction)
    options = await _options(interaction)
    wanted = str(getattr(interaction.namespace, "player", "") or "")
    player = next(
        (p for p in options.players if wanted in (f"p:{p.id}", str(p.number), f"#{p.number}", p.name)), None
    )
    position = next((pos for pos in options.positions if player and pos.id == player.position), None)
    none = choice(_("none (take the added skill away)"), "none")
    if position is None:
        return [none]
    skills = event_rosters.skill_options(rt, position)
    return [none] + [
        choice(
            _("{skill} (primary, 1 point)", skill=s.name)
            if s.category in position.primary
            else _("{skill} (secondary, 2 points)", skill=s.name),
            s.name,
        )
        for s in best_matches(current, skills, lambda s: s.name, limit=24)
    ]


async def mercenary_skill_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The Primary skills of the position chosen in the same command (a Mercenary's one skill, priced by the
    catalogue's Mercenary rule), and none."""
    rt = runtime_of(interaction)
    wanted = str(getattr(interaction.namespace, "position", "") or "").lower()
    options = await _options(interaction)
    position = next((p for p in options.positions if wanted in (p.id, p.name.lower())), None)
    none = choice(_("none (no skill)"), "none")
    if position is None:
        return [none]
    skills = [s for s in event_rosters.skill_options(rt, position) if s.category in position.primary]
    extra = gp(mercenary_price(rt.catalog, position, "skill") - mercenary_price(rt.catalog, position))
    return [none] + [
        choice(f"{s.name} (+{extra})", s.name)
        for s in best_matches(current, skills, lambda s: s.name, limit=24)
    ]


async def roster_star_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    stars = (await _options(interaction)).stars
    name = attrgetter("name")
    return offer(current, stars, _star_label, name, name)


def _star_label(star: StarUnit) -> str:
    """`Grim Ironjaw (200,000 gp)`; a pair's `(..., pair)`."""
    if star.is_pair:
        return _("{star} ({cost}, pair)", star=star.name, cost=gp(star.cost))
    return f"{star.name} ({gp(star.cost)})"


async def roster_inducement_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    inducements = (await _options(interaction)).inducements
    return offer(
        current,
        inducements,
        lambda i: (
            _("{item} (varies each)", item=i.name)
            if i.cost is None
            else _("{item} ({cost} each)", item=i.name, cost=gp(i.cost))
        ),
        lambda i: i.id,
        lambda i: i.name,
    )


async def opponent_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The teams the coach has played in the event (whom he may vote for)."""
    found = await tournament_awards.opponents(
        runtime_of(interaction), actor_of(interaction), _event_option(interaction)
    )
    return [choice(t.name, f"t:{t.id}") for t in best_matches(current, found, lambda t: t.name)]
