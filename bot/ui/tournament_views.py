"""How a tournament reads in Discord: its rulespack (every setting in one embed), a round's pairings, the
rankings."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.rules import statuses
from bot.rules.tournament.formats import format_of
from bot.rules.tournament.swiss import OddPlayer
from bot.rules.tournament.tournament_rosters import TierTable, tiers_text
from bot.rules.tournament.tournament_scoring import TIEBREAKER_NAMES
from bot.rules.tournament.tournament_settings import Rulespack
from bot.services.tournament import tournaments
from bot.services.tournament.tournament_awards import ranking_line, squad_line
from bot.services.tournament.tournament_options import escalation_line
from bot.services.tournament.tournament_play import EventStandings, Pairings, table_text
from bot.services.tournament.tournament_squads import SquadView
from bot.services.tournament.tournaments import Event
from bot.ui.context import runtime_of
from bot.ui.formatting import gp, plain, timestamp
from bot.ui.limits import Field, fields, one_embed, pack_embeds, send_messages

COLOUR = discord.Colour.dark_gold()
REGISTRATION = {  # the rulespack's registration line by the state of registration (marked)
    "open": N_("Registration: **open**"),
    "closed": N_("Registration: **closed**"),
    "running": N_("Registration: **under way**"),
    "finished": N_("Registration: **finished**"),
}


def roster_option_lines(r: Rulespack) -> list[str]:
    """The rulespack's roster options, one line each."""
    lines = []
    if r.stunty:
        lines.append(_("Stunty teams only (seed 000's stunty rosters and limits); no Stunty Cup"))
    if r.mandatory_star:
        if r.star_needs_eleven:
            lines.append(_("Every roster must have a star player (after 11 players)"))
        else:
            lines.append(_("Every roster must have a star player (stars count toward the 11, a pair as two)"))
    elif not r.star_needs_eleven:
        lines.append(
            _("Star players may be taken before 11 players: stars count toward the 11, a pair as two")
        )
    lines += [_("Custom inducement: {inducement}", inducement=i.line()) for i in r.inducements]
    if r.escalation:
        budgets = " / ".join(gp(b) for b in r.escalation)
        lines.append(
            _(
                "Gold piece escalation: {budgets} (a roster per budget at registration, only adding)",
                budgets=budgets,
            )
        )
    if r.naf:
        lines.append(_("NAF-sanctioned: every roster needs its coach's NAF name and number (/roster naf)"))
    return lines or [_("none")]


def _tiebreakers(r: Rulespack) -> str:
    named = ", ".join(
        _("{name} (entered with each result)", name=plain(r.custom_tiebreaker))
        if t == "custom"
        else _(TIEBREAKER_NAMES[t])
        for t in r.tiebreakers
    )
    return _("{tiebreakers}, then registration order", tiebreakers=named)


def rulespack_embeds(event: Event, tiers: TierTable, roster_names: dict[str, str]) -> list[discord.Embed]:
    """The whole rulespack, as coaches read it before they write their rosters."""
    r = event.rulespack
    registration = "open" if r.registration_open else "closed"
    if event.status != "registration":
        registration = event.status
    if r.round_hours:
        deadline = _("{hours} hours per round", hours=r.round_hours)
    else:
        deadline = _("no deadline (played in person)")
    odd = _("a game against the Spare Player") if r.odd_player is OddPlayer.SPARE else _("a Bye (a 2-0 win)")
    if r.final_rematch:
        final = _("may meet again in the final round")
    else:
        final = _("are kept apart like everyone else")
    painted = _("coaches' votes") if r.best_painted == "votes" else _("the organiser's choice")
    moved = [
        _("{roster}: tier {tier}", roster=roster_names.get(team, team), tier=tier)
        for team, tier in sorted(r.roster_tiers.items())
    ]
    fmt = format_of(r).describe(r)
    rows = [
        (_("Format"), fmt),
        (_("Team Draft Budget"), gp(r.budget)),
        (_("Rounds"), f"{r.rounds} · {deadline}"),
        (_("Odd number of coaches"), odd),
        (_("1st and 2nd in the final round"), final),
        (_("Tiebreakers"), _tiebreakers(r)),
        (_("Tiers"), "\n".join(tiers_text(tiers))),
        (_("Rosters moved to another tier"), "\n".join(moved) or _("none")),
        (_("Best Painted"), painted),
        (_("Optional rules"), optional_rules_text(r)),
        (_("Roster options"), "\n".join(roster_option_lines(r))),
    ]
    if r.team_size is not None:  # --- team events ---
        squads = _("squads of {size} coaches, a team of coaches (seed 000, Team Events)", size=r.team_size)
        rows.insert(0, (_("Team event"), squads))
    body: list[Field] = [piece for name, value in rows for piece in fields(name, value)]
    shown = _(REGISTRATION[registration]) if registration in REGISTRATION else registration
    return pack_embeds(_("{event}: rulespack", event=event.name), body, colour=COLOUR, description=shown)


def optional_rules_text(r: Rulespack) -> str:
    """Seed 000's optional rules for play that the event uses."""
    used = [
        *([_("Secret Objectives")] if r.secret_objectives else []),
        *([_("injuries kept")] if r.injuries else []),
        *([_("player advancement")] if r.advancement else []),
        *([_("petty cash by CTV before each game")] if r.petty_cash else []),
    ]
    return ", ".join(used) or _("none")


# --- play (part 2): a round's pairings, the rankings -----

STANDINGS_PAGE_LINES = 20


def pairings_embeds(pairings: Pairings) -> list[discord.Embed]:
    """A round's tables with coach mentions (scores once confirmed), the round-1 dice, any forced rematch,
    the deadline, and the games still open when the organiser paired early. Never clipped."""
    lines = [table_text(t, mentions=True, bold=True) for t in pairings.tables]
    if pairings.draws:
        dice = ", ".join(f"d{d.sides}={d.face}" for d in pairings.draws)
        lines.append(_("Drawn with the bot's dice (one die per name drawn): {dice}", dice=dice))
    lines += [
        _("{first} and {second} meet again: no other pairing was possible.", first=plain(a), second=plain(b))
        for a, b in pairings.rematches
    ]
    if pairings.unconfirmed:
        games = ", ".join(f"#{f.id} {plain(f.label)}" for f in pairings.unconfirmed)
        lines.append(
            _(
                "Paired before these games were confirmed (they stay open and count when confirmed): {games}",
                games=games,
            )
        )
    lines += escalation_line(pairings.event, pairings.round_number)  # which roster each coach fields
    if pairings.deadline is None:
        lines.append(_("Played in person: no deadline."))
    else:
        lines.append(
            _(
                "Deadline {deadline} ({relative})",
                deadline=timestamp(pairings.deadline),
                relative=timestamp(pairings.deadline, "R"),
            )
        )
    title = _(
        "{event}: round {number} of {rounds}",
        event=pairings.event.name,
        number=pairings.round_number,
        rounds=pairings.event.rulespack.rounds,
    )
    return pack_embeds(title, colour=COLOUR, description=lines, footer=_("Report your game with /report"))


def standings_pages(table: EventStandings, per_page: int = STANDINGS_PAGE_LINES) -> list[discord.Embed]:
    """The rankings: a line per coach (position, team, coach, TP, BP, TD difference, touchdowns, casualties
    and the rulespack's extra tiebreakers), a note for each tie naming the tiebreaker that settled it, and
    the Spare Player apart. One embed a page of `per_page` lines."""
    extra = table.event.rulespack.extra_columns
    heads = dict(table.sections)  # a group event: the knock-out places, then Best of the Rest
    coach_heads = {} if table.squads else heads  # a group team event: the sections head its squads
    lines = []
    for line in table.lines:
        if line.row.position in coach_heads:
            lines.append(f"__{coach_heads[line.row.position]}__")
        lines.append(ranking_line(line.row, line.team, extra))
    if table.squads:  # --- team events: the squad ranking first, then the individual one ---
        squad_lines = []
        for s in table.squads:
            if s.row.position in heads:
                squad_lines.append(f"__{heads[s.row.position]}__")
            squad_lines.append(squad_line(s.row, s.squad))
        lines = [f"__{_('Squads')}__", *squad_lines, "", f"__{_('Coaches')}__", *lines]
    if table.spare is not None:
        lines.append(
            _(
                "Spare Player (not ranked): {team} (<@{coach}>)",
                team=plain(table.spare.name),
                coach=table.spare.coach_id,
            )
        )
    if not table.lines:
        lines = [_("No approved coaches yet.")]
    pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [[]]
    legend = _("TP: Tournament Points · BP: Bonus Points · TD: touchdown difference · cas: inflicted")
    title = table.title
    return [
        one_embed(
            title,
            page,
            colour=COLOUR,
            footer=(_("Page {page} of {pages}", page=i, pages=len(pages)) + " · " if len(pages) > 1 else "")
            + legend,
        )
        for i, page in enumerate(pages, start=1)
    ]


async def send_rulespack(
    interaction: discord.Interaction, event: tournaments.Event, content: str, *, ephemeral: bool
) -> None:
    """The rulespack under `content`: in the event's language when the channel sees it."""
    rt = runtime_of(interaction)
    names = {team_id: team.name for team_id, team in rt.catalog.teams.items()}
    with i18n.using(None if ephemeral else event.league.language):
        embeds = rulespack_embeds(event, tournaments.tier_table(rt, event.rulespack), names)
    await send_messages(interaction, content, embeds, ephemeral=ephemeral)


# --- team events: squads (a team of coaches, seed 000 Team Events) -----


def squad_embeds(views: Sequence[SquadView]) -> list[discord.Embed]:
    """Each squad: its captain, then each coach with his roster (or none yet). Never clipped."""
    lines: list[str] = []
    for view in views:
        size = view.event.rulespack.team_size
        lines.append(
            _(
                "**{squad}** ({count} of {size} coaches)",
                squad=plain(view.squad.name),
                count=len(view.squad.members),
                size=size,
            )
        )
        for coach in view.squad.members:
            team = view.rosters.get(coach)
            role = " " + _("(captain)") if coach == view.squad.captain_id else ""
            if team:
                roster = f"{plain(team.name)} ({statuses.team_status(team.status)})"
            else:
                roster = _("no roster registered yet")
            lines.append(f"• <@{coach}>{role}: {roster}")
        lines.append("")
    title = _("{event}: squads", event=views[0].event.name) if views else _("Squads")
    return pack_embeds(title, colour=COLOUR, description=lines[:-1] or [_("No squads yet.")])
