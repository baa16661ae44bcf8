"""How leagues read in Discord: Team Draft List, settings, season announcement, fixtures, standings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot.catalog import Catalog
from bot.pictures.standings import CAS_LEGEND
from bot.rules.league.league_settings import TIEBREAKER_NAMES, BonusMode, LeagueSettings
from bot.rules.league.standings import StandingRow, tie_notes
from bot.rules.rulesets import ruleset
from bot.services.league.seasons import FixtureList, SeasonOverview, Standings
from bot.services.records import Fixture, League
from bot.services.roster.team_lookup import TeamSheet, profile_of
from bot.text import k
from bot.ui.formatting import TEAM_STATUS, gp, plain, plural, timestamp
from bot.ui.limits import FIELD_VALUE, Field, one_embed, pack_embeds, shorten, split_text

COLOUR = discord.Colour.dark_red()
MARKS = {"draft": "📝 ", "submitted": "⏳ ", "approved": "✅ ", "rejected": "❌ "}
STATUS_MARK = {status: MARKS.get(status, "") + words for status, words in TEAM_STATUS.items()}


FLAG_WORDS = {"MNG": "misses the next game", "NI": "niggling injuries"}  # the team sheet's legend


def team_sheet_embeds(sheet: TeamSheet) -> list[discord.Embed]:
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
        (
            f"**Team Value {k(sheet.team_value)} (with {sheet.fans_name}, without players out next match)"
            if sheet.one_value
            else f"**TV {k(sheet.team_value)} · CTV {k(sheet.current_team_value)}"
        )
        + f" · Treasury {gp(team.treasury)}**",
    ]
    if team.status == "rejected" and team.review_note:
        lines.append(f"Rejected: {plain(team.review_note)}")
    lines.append("")
    if not sheet.players:
        lines.append("No players yet: /team hire.")
    flagged: set[str] = set()
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
        if row.mercenary:
            flags.append("Mercenary")
        if player.familiar_face:
            flags.append("Familiar Face (no Loner)")
        skills = ", ".join(
            (*player.position.skills, *player.loner, *(f"**{s}**" for s in player.extra_skills))
        )
        shown = player.position.name  # a default name is its position and number: said once
        if row.name != f"{player.position.name} {row.number}":
            shown = f"{plain(row.name)} ({player.position.name})"
        lines.append(
            f"**#{row.number}** {shown} · {profile_of(player.position, player.row)}"
            f" · {k(row.current_value)} · {row.spp} SPP"
            + (f" · {' '.join(flags)}" if flags else "")
            + (f" · {skills}" if skills else "")
        )
        flagged.update(flag.split("×")[0] for flag in flags)
    if sheet.players:
        lines.append("")
        lines.append(
            "*MA/ST/AG/PA/AV · value · SPP"
            + "".join(f" · {code}: {FLAG_WORDS[code]}" for code in FLAG_WORDS if code in flagged)
            + "*"
        )
    staff = sheet.staffing
    staffing = Field(
        f"Players {len(sheet.players)}/16",
        f"Re-rolls {staff.rerolls} ({k(roster.reroll_cost)} each)"
        + (
            f" + {sheet.trophy_rerolls} 🏆 League Trophy re-roll (free, in TV)"
            if sheet.trophy_rerolls
            else ""
        )
        + "\n"
        f"Assistant coaches {staff.assistant_coaches} · Cheerleaders {staff.cheerleaders}\n"
        f"Apothecary {'yes' if staff.apothecary else 'no'} · {sheet.fans_name} {staff.dedicated_fans}",
    )
    return pack_embeds(
        plain(team.name), [staffing], description=lines, colour=COLOUR, footer=sheet.league.name
    )


def settings_embed(league: League, catalog: Catalog) -> discord.Embed:
    """A league's settings, a field a topic (as /settings shows them)."""
    s: LeagueSettings = league.settings
    rules = split_text("\n".join(ruleset(catalog, s.ruleset).summary_lines()), FIELD_VALUE)
    shown = [("Ruleset" if index == 0 else "Ruleset (more)", chunk) for index, chunk in enumerate(rules)]
    shown += _points_settings(s) + _season_settings(s)
    shown.append(("Match day", _match_day(s)))
    channel = f"<#{league.announce_channel_id}>" if league.announce_channel_id else "none"
    shown.append(
        (
            "Drafting and announcements",
            f"Budget {gp(s.draft_budget)} · Edition {s.edition} · Channel {channel}",
        )
    )
    embed = discord.Embed(title=f"{league.name}: settings", colour=COLOUR)
    for name, value in shown:
        embed.add_field(name=name, value=value, inline=False)
    return embed


BONUS_MODES = {
    BonusMode.OFF: "off",
    BonusMode.ADDED: "added to league points",
    BonusMode.TIEBREAK: "used as the first tiebreaker",
}
REFEREES = {
    "off": "off",
    "generic": "generic referee",
    "elnos_lawkeeper": "Elnos Lawkeeper",
    "redkur_forgebeard": "Redkur Forgebeard",
}


def _points_settings(s: LeagueSettings) -> list[tuple[str, str]]:
    """League points, bonus points and the tiebreakers."""
    which = [
        name
        for on, name in (
            (s.bonus_three_touchdowns, "3+ touchdowns"),
            (s.bonus_clean_sheet, "0 conceded"),
            (s.bonus_three_casualties, "3+ casualties"),
        )
        if on
    ]
    return [
        ("League points", f"Win {s.points_win} · Draw {s.points_draw} · Loss {s.points_loss}"),
        ("Bonus points", BONUS_MODES[s.bonus_mode] + (f" ({', '.join(which)})" if which else "")),
        (
            "Tiebreakers",
            ", ".join(TIEBREAKER_NAMES[t] for t in s.tiebreak_order) + ", then registration order",
        ),
    ]


def _season_settings(s: LeagueSettings) -> list[tuple[str, str]]:
    """The season, the play-offs and off-season, and the star players."""
    divisions = (
        f"at most {s.teams_per_division} teams per division" if s.teams_per_division else "one division"
    )
    if s.playoff_places:
        opening = "opened by a commissioner" if s.playoff_opening == "commissioner" else "opened by the bot"
        seeding = "division winners kept apart" if s.playoff_seeding == "separate_winners" else "random draw"
        playoffs = f"{s.playoff_places} places · {opening} · {seeding}"
    else:
        playoffs = "none: prizes follow the standings"
    cap = gp(s.redraft_cap) if s.redraft_cap is not None else "no cap"
    stars = (
        f"long-term contracts: a signing draft each season, {s.signing_pick_hours} h a pick"
        if s.star_contracts
        else "inducements only"
    )
    return [
        ("Season", f"Rounds of {s.round_days} days · {divisions} · {s.playoff_places} play-off places"),
        ("Play-offs and off-season", f"Play-offs: {playoffs} · re-draft budget cap {cap}"),
        ("Star players", stars),
    ]


def _match_day(s: LeagueSettings) -> str:
    prayers = "league D16" if s.prayers_table == "league" else "matched-play D8"
    reminders = (
        "reminders " + ", ".join(f"{hours} h" for hours in s.reminder_hours) + " before deadlines"
        if s.reminder_hours
        else "no deadline reminders"
    )
    events = ("on, also in play-offs" if s.match_events_in_playoffs else "on") if s.match_events else "off"
    return (
        f"Prayers to Nuffle: {prayers} · Match Events: {events} · Referee: {REFEREES[s.referee]} · "
        f"{reminders} · results confirm themselves {s.confirm_grace_hours} h after"
    )


def fixture_line(fixture: Fixture, *, with_round: bool = True, round_deadline: datetime | None = None) -> str:
    """A fixture on one line; its deadline only when it is not `round_deadline` (the round's, said once in
    the heading above)."""
    prefix = f"R{fixture.round_number} · " if with_round and fixture.round_number else ""
    names = f"{plain(fixture.home_name)} v {plain(fixture.away_name)}"
    if fixture.status == "confirmed":
        state = f"**{fixture.home_score}-{fixture.away_score}** ✅"
    elif fixture.status == "reported":
        state = "reported, waiting for confirmation"
    elif fixture.status == "disputed":
        state = "⚠️ disputed: the commissioner decides"
    else:
        due = fixture.deadline_at if fixture.deadline_at != round_deadline else None
        state = f"due {timestamp(due, 'R')}" if due else "to play"
    return f"{prefix}{names} · {state} · `#{fixture.id}`"


def season_start_text(overview: SeasonOverview) -> str:
    """The season's start in a few words, posted with its picture (the title, every division with its
    teams, round 1's games: said once, by the picture): the size of the season and round 1's deadline in
    the reader's own time."""
    teams = sum(len(members) for _, members in overview.divisions)
    divisions = len(overview.divisions)
    text = f"Season {overview.season.number} started: {plural(teams, 'team')}"
    if divisions > 1:
        text += f" in {plural(divisions, 'division')}"
    if overview.rounds:
        days = overview.league.settings.round_days
        text += (
            f", {plural(len(overview.rounds), 'round')} of {days} days."
            f" Round 1 deadline {timestamp(overview.rounds[0].deadline_at, 'f')}."
            " /fixtures shows yours; /report when you have played."
        )
    else:
        text += "."
    return text


def fixture_pages(listing: FixtureList, per_page: int = 12) -> list[str]:
    lines: list[str] = []
    last_round = None
    deadline = None
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
        lines.append(fixture_line(fixture, with_round=False, round_deadline=deadline))
    if not lines:
        lines.append("No fixtures.")
    return ["\n".join(lines[i : i + per_page]) for i in range(0, len(lines), per_page)]


STANDING_NAME = 18  # a team's name in a standings line: every line fits a phone's width (about 44 characters)


def short_names(names: Sequence[str], limit: int = STANDING_NAME) -> dict[str, str]:
    """Each name cut to `limit` characters alike; names that would then read the same keep the first word
    that tells them apart (`The Mighty… 07`)."""
    short = {name: shorten(name, limit) for name in names}
    groups: dict[str, list[str]] = {}
    for name, cut in short.items():
        groups.setdefault(cut, []).append(name)
    for same in (group for group in groups.values() if len(group) > 1):
        words = [name.split(" ") for name in same]
        apart = next((i for i in range(min(map(len, words))) if len({w[i] for w in words}) > 1), None)
        if apart is None:
            continue
        for name, split in zip(same, words, strict=True):
            tail = shorten(split[apart], limit // 2)
            head = shorten(" ".join(split[:apart]), max(limit - len(tail) - 1, 2))
            short[name] = f"{head if head.endswith('…') else head + '…'} {tail}" if apart else tail
    return short


def standing_line(row: StandingRow, name: str, bonus: bool) -> str:
    """One team's line, one line on a phone: `**1.** Reikland Reavers **9** · 3-0-0 · TD+4 · Cas 5` (the
    name already cut, `short_names`; the legend says what each number is)."""
    return (
        f"**{row.position}.** {plain(name)} **{row.points}**"
        f" · {row.won}-{row.drawn}-{row.lost} · TD{row.td_diff:+d} · Cas {row.cas_for}"
        + (f" · BP {row.bonus_points}" if bonus else "")
    )


STANDINGS_LEGEND = "Bold: league points · W-D-L: won, drawn, lost · TD: touchdown difference · " + CAS_LEGEND


STANDINGS_PAGE_LINES = 24  # a team's line is at most about 100 characters: a page stays one description


def standings_pages(standings: Standings, per_page: int = STANDINGS_PAGE_LINES) -> list[discord.Embed]:
    """Every division's table, a line per team with its full name, tie notes only for real ties; one embed
    a page of `per_page` lines (a division cut by a page continues under its name on the next)."""
    bonus = standings.league.settings.bonus_mode != BonusMode.OFF
    several = len(standings.tables) > 1
    pages: list[list[str]] = [[]]
    for table in standings.tables:
        head = f"__**{plain(table.division.name)}**__"
        short = short_names(list(table.names.values()))
        lines = [
            standing_line(row, short.get(table.names.get(row.team_id, "?"), "?"), bonus) for row in table.rows
        ]
        lines += [
            f"*{row.position}. {plain(table.names.get(row.team_id, '?'))} placed on {row.decided_by}*"
            for row in tie_notes(table.rows)
        ]
        if several:
            if len(pages[-1]) + 2 > per_page:  # a heading never ends a page
                pages.append([])
            pages[-1].append(head)
        for line in lines or ["No teams."]:
            if len(pages[-1]) >= per_page:
                pages.append([f"{head} (cont.)"] if several else [])
            pages[-1].append(line)
    legend = STANDINGS_LEGEND + (" · BP: bonus points" if bonus else "")
    title = f"{standings.league.name}: season {standings.season.number} standings"
    return [
        one_embed(
            title,
            lines,
            colour=COLOUR,
            footer=(f"Page {i} of {len(pages)} · " if len(pages) > 1 else "") + legend,
        )
        for i, lines in enumerate(pages, start=1)
    ]
