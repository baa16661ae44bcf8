"""How a tournament reads in Discord: its rulespack (every setting in one embed), a round's pairings, the
rankings."""

from __future__ import annotations

from collections.abc import Sequence

import discord

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
STATUS = {"registration": "registration", "running": "under way", "finished": "finished"}


def roster_option_lines(r: Rulespack) -> list[str]:
    """The rulespack's roster options, one line each."""
    lines = []
    if r.stunty:
        lines.append("Stunty teams only (seed 000's stunty rosters and limits); no Stunty Cup")
    if r.mandatory_star:
        eleven = "after 11 players" if r.star_needs_eleven else "stars count toward the 11, a pair as two"
        lines.append(f"Every roster must have a star player ({eleven})")
    elif not r.star_needs_eleven:
        lines.append("Star players may be taken before 11 players: stars count toward the 11, a pair as two")
    lines += [f"Custom inducement: {i.line()}" for i in r.inducements]
    if r.escalation:
        budgets = " / ".join(gp(b) for b in r.escalation)
        lines.append(f"Gold piece escalation: {budgets} (a roster per budget at registration, only adding)")
    if r.naf:
        lines.append("NAF-sanctioned: every roster needs its coach's NAF name and number (/roster naf)")
    return lines or ["none"]


def rulespack_embeds(event: Event, tiers: TierTable, roster_names: dict[str, str]) -> list[discord.Embed]:
    """The whole rulespack, as coaches read it before they write their rosters."""
    r = event.rulespack
    registration = "open" if r.registration_open else "closed"
    if event.status != "registration":
        registration = STATUS[event.status]
    deadline = f"{r.round_hours} hours per round" if r.round_hours else "no deadline (played in person)"
    odd = "a game against the Spare Player" if r.odd_player is OddPlayer.SPARE else "a Bye (a 2-0 win)"
    final = "may meet again in the final round" if r.final_rematch else "are kept apart like everyone else"
    tiebreakers = ", ".join(
        plain(r.custom_tiebreaker) + " (entered with each result)" if t == "custom" else TIEBREAKER_NAMES[t]
        for t in r.tiebreakers
    )
    tiebreakers += ", then registration order"
    painted = "coaches' votes" if r.best_painted == "votes" else "the organiser's choice"
    moved = [f"{roster_names.get(team, team)}: tier {tier}" for team, tier in sorted(r.roster_tiers.items())]
    fmt = format_of(r).describe(r)
    rows = [
        ("Format", fmt),
        ("Team Draft Budget", gp(r.budget)),
        ("Rounds", f"{r.rounds} · {deadline}"),
        ("Odd number of coaches", odd),
        ("1st and 2nd in the final round", final),
        ("Tiebreakers", tiebreakers),
        ("Tiers", "\n".join(tiers_text(tiers))),
        ("Rosters moved to another tier", "\n".join(moved) or "none"),
        ("Best Painted", painted),
        ("Optional rules", optional_rules_text(r)),
        ("Roster options", "\n".join(roster_option_lines(r))),
    ]
    if r.team_size is not None:  # --- team events ---
        rows.insert(
            0, ("Team event", f"squads of {r.team_size} coaches, a team of coaches (seed 000, Team Events)")
        )
    body: list[Field] = [piece for name, value in rows for piece in fields(name, value)]
    return pack_embeds(
        f"{event.name}: rulespack",
        body,
        colour=COLOUR,
        description=f"Registration: **{registration}**",
    )


def optional_rules_text(r: Rulespack) -> str:
    """Seed 000's optional rules for play that the event uses."""
    used = [
        *(["Secret Objectives"] if r.secret_objectives else []),
        *(["injuries kept"] if r.injuries else []),
        *(["player advancement"] if r.advancement else []),
        *(["petty cash by CTV before each game"] if r.petty_cash else []),
    ]
    return ", ".join(used) or "none"


# --- play (part 2): a round's pairings, the rankings -----

STANDINGS_PAGE_LINES = 20


def pairings_embeds(pairings: Pairings) -> list[discord.Embed]:
    """A round's tables with coach mentions (scores once confirmed), the round-1 dice, any forced rematch,
    the deadline, and the games still open when the organiser paired early. Never clipped."""
    lines = [table_text(t, mentions=True, bold=True) for t in pairings.tables]
    if pairings.draws:
        dice = ", ".join(f"d{d.sides}={d.face}" for d in pairings.draws)
        lines.append(f"Drawn with the bot's dice (one die per name drawn): {dice}")
    lines += [
        f"{plain(a)} and {plain(b)} meet again: no other pairing was possible." for a, b in pairings.rematches
    ]
    if pairings.unconfirmed:
        lines.append(
            "Paired before these games were confirmed (they stay open and count when confirmed): "
            + ", ".join(f"#{f.id} {plain(f.label)}" for f in pairings.unconfirmed)
        )
    lines += escalation_line(pairings.event, pairings.round_number)  # which roster each coach fields
    if pairings.deadline is None:
        lines.append("Played in person: no deadline.")
    else:
        lines.append(f"Deadline {timestamp(pairings.deadline)} ({timestamp(pairings.deadline, 'R')})")
    title = f"{pairings.event.name}: round {pairings.round_number} of {pairings.event.rulespack.rounds}"
    return pack_embeds(title, colour=COLOUR, description=lines, footer="Report your game with /report")


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
        lines = ["__Squads__", *squad_lines, "", "__Coaches__", *lines]
    if table.spare is not None:
        lines.append(f"Spare Player (not ranked): {plain(table.spare.name)} (<@{table.spare.coach_id}>)")
    if not table.lines:
        lines = ["No approved coaches yet."]
    pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [[]]
    legend = "TP: Tournament Points · BP: Bonus Points · TD: touchdown difference · cas: inflicted"
    title = table.title
    return [
        one_embed(
            title,
            page,
            colour=COLOUR,
            footer=(f"Page {i} of {len(pages)} · " if len(pages) > 1 else "") + legend,
        )
        for i, page in enumerate(pages, start=1)
    ]


async def send_rulespack(
    interaction: discord.Interaction, event: tournaments.Event, content: str, *, ephemeral: bool
) -> None:
    rt = runtime_of(interaction)
    names = {team_id: team.name for team_id, team in rt.catalog.teams.items()}
    embeds = rulespack_embeds(event, tournaments.tier_table(rt, event.rulespack), names)
    await send_messages(interaction, content, embeds, ephemeral=ephemeral)


# --- team events: squads (a team of coaches, seed 000 Team Events) -----


def squad_embeds(views: Sequence[SquadView]) -> list[discord.Embed]:
    """Each squad: its captain, then each coach with his roster (or none yet). Never clipped."""
    lines: list[str] = []
    for view in views:
        size = view.event.rulespack.team_size
        lines.append(f"**{plain(view.squad.name)}** ({len(view.squad.members)} of {size} coaches)")
        for coach in view.squad.members:
            team = view.rosters.get(coach)
            role = " (captain)" if coach == view.squad.captain_id else ""
            roster = f"{plain(team.name)} ({team.status})" if team else "no roster registered yet"
            lines.append(f"• <@{coach}>{role}: {roster}")
        lines.append("")
    title = f"{views[0].event.name}: squads" if views else "Squads"
    return pack_embeds(title, colour=COLOUR, description=lines[:-1] or ["No squads yet."])
