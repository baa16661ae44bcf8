"""How leagues read in Discord: Team Draft List, settings, season announcement, fixtures, standings."""

from __future__ import annotations

import discord

from bot.rules.league_settings import TIEBREAKER_NAMES, BonusMode, LeagueSettings
from bot.services.seasons import FixtureList, SeasonOverview, Standings
from bot.services.teams import SheetPlayer, TeamSheet
from bot.store.leagues import League
from bot.store.seasons import Fixture
from bot.ui.catalog_views import k
from bot.ui.formatting import gp, plain, timestamp

COLOUR = discord.Colour.dark_red()
STATUS_MARK = {
    "draft": "📝 draft",
    "submitted": "⏳ waiting for approval",
    "approved": "✅ approved",
    "rejected": "❌ rejected",
    "retired": "retired",
}


def _profile(player: SheetPlayer) -> str:
    """The player's profile now: the position's, with injuries and improvements applied."""
    position, row = player.position, player.row
    pa = "-" if position.pa is None else f"{position.pa + row.pa_change}+"
    return (
        f"{position.ma + row.ma_change}/{position.st + row.st_change}/{position.ag + row.ag_change}+/"
        f"{pa}/{position.av + row.av_change}+"
    )


def team_sheet_embed(sheet: TeamSheet) -> discord.Embed:
    team, roster = sheet.team, sheet.roster
    lines = [
        f"{roster.name} · coach <@{team.coach_id}> · {STATUS_MARK.get(team.status, team.status)}",
        f"{team.regional_league}"
        + (f" · Favoured of {team.alignment}" if team.alignment else "")
        + (
            f" · {', '.join(r for r in sheet.special_rules if not r.startswith('Favoured'))}"
            if any(not r.startswith("Favoured") for r in sheet.special_rules)
            else ""
        ),
        f"**TV {k(sheet.team_value)} · CTV {k(sheet.current_team_value)} · Treasury {gp(team.treasury)}**",
    ]
    if team.status == "rejected" and team.review_note:
        lines.append(f"Rejected: {plain(team.review_note)}")
    lines.append("")
    if not sheet.players:
        lines.append("No players yet: /team hire.")
    for player in sheet.players:
        row = player.row
        flags = []
        if row.miss_next_game:
            flags.append("MNG")
        if row.niggling_injuries:
            flags.append(f"NI×{row.niggling_injuries}")
        if row.temporarily_retired:
            flags.append("retired")
        if row.journeyman:
            flags.append("journeyman")
        journeyman_trait = ("Loner (4+)",) if row.journeyman else ()
        skills = ", ".join(
            (*player.position.skills, *journeyman_trait, *(f"**{s}**" for s in player.gained_skills))
        )
        lines.append(
            f"**#{row.number} {plain(row.name)}** · {player.position.name} · {_profile(player)}"
            f" · {k(row.current_value)} · {row.spp} SPP"
            + (f" · {' '.join(flags)}" if flags else "")
            + (f"\n  {skills}" if skills else "")
        )
    embed = discord.Embed(title=plain(team.name), description="\n".join(lines)[:4096], colour=COLOUR)
    staff = sheet.staffing
    embed.add_field(
        name=f"Players {len(sheet.players)}/16",
        value=f"Re-rolls {staff.rerolls} ({k(roster.reroll_cost)} each)"
        + (
            f" + {sheet.trophy_rerolls} 🏆 League Trophy re-roll (free, in TV)"
            if sheet.trophy_rerolls
            else ""
        )
        + "\n"
        f"Assistant coaches {staff.assistant_coaches} · Cheerleaders {staff.cheerleaders}\n"
        f"Apothecary {'yes' if staff.apothecary else 'no'} · Dedicated fans {staff.dedicated_fans}",
        inline=False,
    )
    embed.set_footer(text=f"{sheet.league.name}")
    return embed


def settings_embed(league: League) -> discord.Embed:
    s: LeagueSettings = league.settings
    bonus = {
        BonusMode.OFF: "off",
        BonusMode.ADDED: "added to league points",
        BonusMode.TIEBREAK: "used as the first tiebreaker",
    }[s.bonus_mode]
    which = [
        name
        for on, name in (
            (s.bonus_three_touchdowns, "3+ touchdowns"),
            (s.bonus_clean_sheet, "0 conceded"),
            (s.bonus_three_casualties, "3+ casualties"),
        )
        if on
    ]
    embed = discord.Embed(title=f"{league.name}: settings", colour=COLOUR)
    embed.add_field(
        name="League points",
        value=f"Win {s.points_win} · Draw {s.points_draw} · Loss {s.points_loss}",
        inline=False,
    )
    embed.add_field(
        name="Bonus points", value=f"{bonus}" + (f" ({', '.join(which)})" if which else ""), inline=False
    )
    embed.add_field(
        name="Tiebreakers",
        value=", ".join(TIEBREAKER_NAMES[t] for t in s.tiebreak_order) + ", then registration order",
        inline=False,
    )
    embed.add_field(
        name="Season",
        value=f"Rounds of {s.round_days} days · "
        + (f"at most {s.teams_per_division} teams per division" if s.teams_per_division else "one division")
        + f" · {s.playoff_places} play-off places",
        inline=False,
    )
    if s.playoff_places:
        opening = "opened by a commissioner" if s.playoff_opening == "commissioner" else "opened by the bot"
        seeding = "division winners kept apart" if s.playoff_seeding == "separate_winners" else "random draw"
        playoffs = f"{s.playoff_places} places · {opening} · {seeding}"
    else:
        playoffs = "none: prizes follow the standings"
    cap = gp(s.redraft_cap) if s.redraft_cap is not None else "no cap"
    embed.add_field(
        name="Play-offs and off-season",
        value=f"Play-offs: {playoffs} · re-draft budget cap {cap}",
        inline=False,
    )
    stars = (
        f"long-term contracts: a signing draft each season, {s.signing_pick_hours} h a pick"
        if s.star_contracts
        else "inducements only"
    )
    embed.add_field(name="Star players", value=stars, inline=False)
    referee = {
        "off": "off",
        "generic": "generic referee",
        "elnos_lawkeeper": "Elnos Lawkeeper",
        "redkur_forgebeard": "Redkur Forgebeard",
    }[s.referee]
    prayers = "league D16" if s.prayers_table == "league" else "matched-play D8"
    reminders = (
        "reminders " + ", ".join(f"{hours} h" for hours in s.reminder_hours) + " before deadlines"
        if s.reminder_hours
        else "no deadline reminders"
    )
    events = ("on, also in play-offs" if s.match_events_in_playoffs else "on") if s.match_events else "off"
    embed.add_field(
        name="Match day",
        value=f"Prayers to Nuffle: {prayers} · Match Events: {events} · "
        f"Referee: {referee} · {reminders} · results confirm themselves "
        f"{s.confirm_grace_hours} h after",
        inline=False,
    )
    channel = f"<#{league.announce_channel_id}>" if league.announce_channel_id else "none"
    embed.add_field(
        name="Drafting and announcements",
        value=f"Budget {gp(s.draft_budget)} · Edition {s.edition} · Channel {channel}",
        inline=False,
    )
    return embed


def fixture_line(fixture: Fixture, *, with_round: bool = True) -> str:
    prefix = f"R{fixture.round_number} · " if with_round and fixture.round_number else ""
    names = f"{plain(fixture.home_name)} v {plain(fixture.away_name)}"
    if fixture.status == "confirmed":
        state = f"**{fixture.home_score}-{fixture.away_score}** ✅"
    elif fixture.status == "reported":
        state = "reported, waiting for confirmation"
    elif fixture.status == "disputed":
        state = "⚠️ disputed: the commissioner decides"
    else:
        state = f"due {timestamp(fixture.deadline_at, 'R')}" if fixture.deadline_at else "to play"
    return f"{prefix}{names} · {state} · `#{fixture.id}`"


def season_embed(overview: SeasonOverview) -> discord.Embed:
    embed = discord.Embed(
        title=f"{overview.league.name}: season {overview.season.number} begins", colour=COLOUR
    )
    for division, members in overview.divisions:
        embed.add_field(
            name=f"{division.name} ({len(members)} teams)",
            value="\n".join(f"{plain(t.name)} (<@{t.coach_id}>)" for t in members)[:1024],
            inline=False,
        )
    if overview.rounds:
        first = overview.rounds[0]
        games = "\n".join(fixture_line(f, with_round=False) for f in overview.round_fixtures(1))
        embed.add_field(
            name=f"Round 1 · deadline {timestamp(first.deadline_at, 'f')}",
            value=games[:1024] or "-",
            inline=False,
        )
        embed.set_footer(
            text=f"{len(overview.rounds)} rounds of {overview.league.settings.round_days} days."
            " /fixtures shows yours; /report when you have played."
        )
    return embed


def fixture_pages(listing: FixtureList, per_page: int = 12) -> list[str]:
    lines: list[str] = []
    last_round = None
    for fixture in listing.fixtures:
        if fixture.round_number != last_round:
            last_round = fixture.round_number
            deadline = next((r.deadline_at for r in listing.rounds if r.number == last_round), None)
            stage = " · play-offs" if fixture.kind == "playoff" else ""
            head = f"**Round {last_round}{stage}**" + (
                f" · deadline {timestamp(deadline, 'f')}" if deadline else ""
            )
            lines.append(head)
            if last_round in listing.byes:
                lines.append("Bye: " + ", ".join(plain(n) for n in listing.byes[last_round]))
        lines.append(fixture_line(fixture, with_round=False))
    if not lines:
        lines.append("No fixtures.")
    return ["\n".join(lines[i : i + per_page]) for i in range(0, len(lines), per_page)]


def standings_embed(standings: Standings) -> discord.Embed:
    embed = discord.Embed(
        title=f"{standings.league.name}: season {standings.season.number} standings", colour=COLOUR
    )
    settings = standings.league.settings
    for table in standings.tables:
        header = "#  Team            P  W-D-L  Pts  TD±  Cas" + (
            "  BP" if settings.bonus_mode != BonusMode.OFF else ""
        )
        body = [header]
        notes = []
        for row in table.rows:
            name = table.names.get(row.team_id, "?")
            short = name if len(name) <= 14 else name[:13] + "…"
            line = (
                f"{row.position:<2} {short:<15} {row.played:<2} {row.won}-{row.drawn}-{row.lost:<3}"
                f" {row.points:>3}  {row.td_diff:>+3}  {row.cas_for:>3}"
            )
            if settings.bonus_mode != BonusMode.OFF:
                line += f"  {row.bonus_points:>2}"
            body.append(line)
            if row.decided_by:
                notes.append(f"{row.position}. {plain(name)} placed on {row.decided_by}")
        value = "```\n" + "\n".join(body) + "\n```" + ("\n" + "\n".join(notes) if notes else "")
        embed.add_field(name=table.division.name, value=value[:1024], inline=False)
    embed.set_footer(text="Pts: league points · TD±: touchdown difference · Cas: SPP casualties caused")
    return embed
