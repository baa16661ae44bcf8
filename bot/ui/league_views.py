"""How leagues read in Discord: Team Draft List, settings, season announcement, fixtures, standings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord

from bot import i18n
from bot.catalog import Catalog
from bot.i18n import N_, _, ngettext
from bot.pictures.standings import CAS_LEGEND
from bot.rules.league.league_settings import TIEBREAKER_NAMES, BonusMode, LeagueSettings
from bot.rules.league.standings import StandingRow, tie_notes
from bot.rules.rulesets import ruleset
from bot.services.league.seasons import FixtureList, SeasonOverview, Standings
from bot.services.records import Fixture, League
from bot.services.roster.team_lookup import SheetPlayer, TeamSheet, profile_of
from bot.text import k
from bot.ui.formatting import gp, plain, team_status, timestamp
from bot.ui.limits import FIELD_VALUE, Field, one_embed, pack_embeds, shorten, split_text

COLOUR = discord.Colour.dark_red()
MARKS = {"draft": "📝 ", "submitted": "⏳ ", "approved": "✅ ", "rejected": "❌ "}

# the team sheet's legend (marked: worded as `_(FLAG_WORDS[code])`)
FLAG_WORDS = {"MNG": N_("misses the next game"), "NI": N_("niggling injuries")}


def status_mark(status: str) -> str:
    """A team's status with its mark: `✅ approved`."""
    return MARKS.get(status, "") + team_status(status)


def _value_line(sheet: TeamSheet) -> str:
    """The team's value(s) and treasury, in bold."""
    treasury = gp(sheet.team.treasury)
    if sheet.one_value:
        return _(
            "**Team Value {value} (with {fans}, without players out next match) · Treasury {treasury}**",
            value=k(sheet.team_value),
            fans=_(sheet.fans_name),
            treasury=treasury,
        )
    return _(
        "**TV {tv} · CTV {ctv} · Treasury {treasury}**",
        tv=k(sheet.team_value),
        ctv=k(sheet.current_team_value),
        treasury=treasury,
    )


def _flags(player: SheetPlayer) -> list[str]:
    """What sets a player apart on the sheet: MNG, NI×2, retired, journeyman ..."""
    row = player.row
    flags = []
    if row.miss_next_game:
        flags.append("MNG")
    if row.niggling_injuries:
        flags.append(f"NI×{row.niggling_injuries}")
    if row.temporarily_retired:
        flags.append(_("retired"))
    if row.journeyman:
        flags.append(_("journeyman"))
    if row.mercenary:
        flags.append(_("Mercenary"))
    if player.familiar_face:
        flags.append(_("Familiar Face (no Loner)"))
    return flags


def _staffing(sheet: TeamSheet) -> Field:
    staff = sheet.staffing
    rerolls = _("Re-rolls {count} ({cost} each)", count=staff.rerolls, cost=k(sheet.roster.reroll_cost))
    if sheet.trophy_rerolls:
        rerolls += " + " + _("{count} 🏆 League Trophy re-roll (free, in TV)", count=sheet.trophy_rerolls)
    helpers = _(
        "Assistant coaches {assistants} · Cheerleaders {cheerleaders}",
        assistants=staff.assistant_coaches,
        cheerleaders=staff.cheerleaders,
    )
    apothecary = _("Apothecary yes") if staff.apothecary else _("Apothecary no")
    return Field(
        _("Players {count}/16", count=len(sheet.players)),
        f"{rerolls}\n{helpers}\n{apothecary} · {_(sheet.fans_name)} {staff.dedicated_fans}",
    )


def team_sheet_embeds(sheet: TeamSheet) -> list[discord.Embed]:
    team, roster = sheet.team, sheet.roster
    lines = [
        _(
            "{roster} · coach <@{coach}> · {status}",
            roster=roster.name,
            coach=team.coach_id,
            status=status_mark(team.status),
        ),
        f"{team.regional_league}"
        + (f" · Favoured of {team.alignment}" if team.alignment else "")
        + (
            f" · {', '.join(r for r in sheet.special_rules if not r.startswith('Favoured'))}"
            if any(not r.startswith("Favoured") for r in sheet.special_rules)
            else ""
        ),
        _value_line(sheet),
    ]
    if team.status == "rejected" and team.review_note:
        lines.append(_("Rejected: {note}", note=plain(team.review_note)))
    lines.append("")
    if not sheet.players:
        lines.append(_("No players yet: /team hire."))
    flagged: set[str] = set()
    for player in sheet.players:
        row = player.row
        flags = _flags(player)
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
            "*"
            + _("MA/ST/AG/PA/AV · value · SPP")
            + "".join(f" · {code}: {_(FLAG_WORDS[code])}" for code in FLAG_WORDS if code in flagged)
            + "*"
        )
    return pack_embeds(
        plain(team.name), [_staffing(sheet)], description=lines, colour=COLOUR, footer=sheet.league.name
    )


def settings_embed(league: League, catalog: Catalog) -> discord.Embed:
    """A league's settings, a field a topic (as /settings shows them)."""
    s: LeagueSettings = league.settings
    rules = split_text("\n".join(ruleset(catalog, s.ruleset).summary_lines()), FIELD_VALUE)
    shown = [
        (_("Ruleset") if index == 0 else _("Ruleset (more)"), chunk) for index, chunk in enumerate(rules)
    ]
    shown += _points_settings(s) + _season_settings(s)
    shown.append((_("Match day"), _match_day(s)))
    channel = f"<#{league.announce_channel_id}>" if league.announce_channel_id else _("none")
    shown.append(
        (
            _("Drafting and announcements"),
            _(
                "Budget {budget} · Edition {edition} · Channel {channel}",
                budget=gp(s.draft_budget),
                edition=s.edition,
                channel=channel,
            ),
        )
    )
    embed = discord.Embed(title=_("{league}: settings", league=league.name), colour=COLOUR)
    for name, value in shown:
        embed.add_field(name=name, value=value, inline=False)
    return embed


BONUS_MODES = {  # marked: worded as `_(BONUS_MODES[mode])`
    BonusMode.OFF: N_("off"),
    BonusMode.ADDED: N_("added to league points"),
    BonusMode.TIEBREAK: N_("used as the first tiebreaker"),
}
REFEREES = {  # marked: worded as `_(REFEREES[referee])` (a named referee's name stays as it is)
    "off": N_("off"),
    "generic": N_("generic referee"),
    "elnos_lawkeeper": "Elnos Lawkeeper",
    "redkur_forgebeard": "Redkur Forgebeard",
}
BONUS_FOR = (  # (the setting, what earns the bonus point), marked
    ("bonus_three_touchdowns", N_("3+ touchdowns")),
    ("bonus_clean_sheet", N_("0 conceded")),
    ("bonus_three_casualties", N_("3+ casualties")),
)


def _points_settings(s: LeagueSettings) -> list[tuple[str, str]]:
    """League points, bonus points and the tiebreakers."""
    which = [_(name) for setting, name in BONUS_FOR if getattr(s, setting)]
    return [
        (
            _("League points"),
            _(
                "Win {win} · Draw {draw} · Loss {loss}",
                win=s.points_win,
                draw=s.points_draw,
                loss=s.points_loss,
            ),
        ),
        (_("Bonus points"), _(BONUS_MODES[s.bonus_mode]) + (f" ({', '.join(which)})" if which else "")),
        (
            _("Tiebreakers"),
            _(
                "{tiebreakers}, then registration order",
                tiebreakers=", ".join(_(TIEBREAKER_NAMES[t]) for t in s.tiebreak_order),
            ),
        ),
    ]


def _playoffs(s: LeagueSettings) -> str:
    if not s.playoff_places:
        return _("none: prizes follow the standings")
    opening = _("opened by a commissioner") if s.playoff_opening == "commissioner" else _("opened by the bot")
    seeding = (
        _("division winners kept apart") if s.playoff_seeding == "separate_winners" else _("random draw")
    )
    return _(
        "{places} places · {opening} · {seeding}", places=s.playoff_places, opening=opening, seeding=seeding
    )


def _season_settings(s: LeagueSettings) -> list[tuple[str, str]]:
    """The season, the play-offs and off-season, and the star players."""
    if s.teams_per_division:
        divisions = _("at most {count} teams per division", count=s.teams_per_division)
    else:
        divisions = _("one division")
    cap = gp(s.redraft_cap) if s.redraft_cap is not None else _("no cap")
    stars = (
        _("long-term contracts: a signing draft each season, {hours} h a pick", hours=s.signing_pick_hours)
        if s.star_contracts
        else _("inducements only")
    )
    return [
        (
            _("Season"),
            _(
                "Rounds of {days} days · {divisions} · {places} play-off places",
                days=s.round_days,
                divisions=divisions,
                places=s.playoff_places,
            ),
        ),
        (
            _("Play-offs and off-season"),
            _("Play-offs: {playoffs} · re-draft budget cap {cap}", playoffs=_playoffs(s), cap=cap),
        ),
        (_("Star players"), stars),
    ]


def _match_day(s: LeagueSettings) -> str:
    prayers = _("league D16") if s.prayers_table == "league" else _("matched-play D8")
    reminders = (
        _("reminders {hours} before deadlines", hours=", ".join(f"{hours} h" for hours in s.reminder_hours))
        if s.reminder_hours
        else _("no deadline reminders")
    )
    if not s.match_events:
        events = _("off")
    else:
        events = _("on, also in play-offs") if s.match_events_in_playoffs else _("on")
    return _(
        "Prayers to Nuffle: {prayers} · Match Events: {events} · Referee: {referee} · {reminders} · results "
        "confirm themselves {hours} h after",
        prayers=prayers,
        events=events,
        referee=_(REFEREES[s.referee]),
        reminders=reminders,
        hours=s.confirm_grace_hours,
    )


def fixture_line(fixture: Fixture, *, with_round: bool = True, round_deadline: datetime | None = None) -> str:
    """A fixture on one line; its deadline only when it is not `round_deadline` (the round's, said once in
    the heading above)."""
    prefix = _("R{round}", round=fixture.round_number) + " · " if with_round and fixture.round_number else ""
    names = f"{plain(fixture.home_name)} v {plain(fixture.away_name)}"
    if fixture.status == "confirmed":
        state = f"**{fixture.home_score}-{fixture.away_score}** ✅"
    elif fixture.status == "reported":
        state = _("reported, waiting for confirmation")
    elif fixture.status == "disputed":
        state = _("⚠️ disputed: the commissioner decides")
    else:
        due = fixture.deadline_at if fixture.deadline_at != round_deadline else None
        state = _("due {time}", time=timestamp(due, "R")) if due else _("to play")
    return f"{prefix}{names} · {state} · `#{fixture.id}`"


def season_start_text(overview: SeasonOverview) -> str:
    """The season's start in a few words, posted with its picture (the title, every division with its
    teams, round 1's games: said once, by the picture): the size of the season and round 1's deadline in
    the reader's own time. Posted in the league's channel: in the league's language."""
    with i18n.using(overview.league.language):
        return _season_start(overview)


def _season_start(overview: SeasonOverview) -> str:
    count = sum(len(members) for _division, members in overview.divisions)
    number = overview.season.number
    teams = ngettext("{n} team", "{n} teams", count)
    divisions = ngettext("{n} division", "{n} divisions", len(overview.divisions))
    several = len(overview.divisions) > 1
    if not overview.rounds:
        if several:
            return _(
                "Season {number} started: {teams} in {divisions}.",
                number=number,
                teams=teams,
                divisions=divisions,
            )
        return _("Season {number} started: {teams}.", number=number, teams=teams)
    rounds = ngettext("{n} round", "{n} rounds", len(overview.rounds))
    days = overview.league.settings.round_days
    if several:
        started = _(
            "Season {number} started: {teams} in {divisions}, {rounds} of {days} days.",
            number=number,
            teams=teams,
            divisions=divisions,
            rounds=rounds,
            days=days,
        )
    else:
        started = _(
            "Season {number} started: {teams}, {rounds} of {days} days.",
            number=number,
            teams=teams,
            rounds=rounds,
            days=days,
        )
    deadline = _("Round 1 deadline {deadline}.", deadline=timestamp(overview.rounds[0].deadline_at, "f"))
    return f"{started} {deadline} " + _("/fixtures shows yours; /report when you have played.")


def _round_head(number: int | None, playoffs: bool, deadline: datetime | None) -> str:
    """`**Round 3** · deadline <t:...>` above a round's fixtures."""
    head = (
        _("**Round {number} · play-offs**", number=number)
        if playoffs
        else _("**Round {number}**", number=number)
    )
    return head + (" · " + _("deadline {deadline}", deadline=timestamp(deadline, "f")) if deadline else "")


def fixture_pages(listing: FixtureList, per_page: int = 12) -> list[str]:
    lines: list[str] = []
    last_round = None
    deadline = None
    for fixture in listing.fixtures:
        if fixture.round_number != last_round:
            last_round = fixture.round_number
            deadline = next((r.deadline_at for r in listing.rounds if r.number == last_round), None)
            lines.append(_round_head(last_round, fixture.kind == "playoff", deadline))
            if last_round in listing.byes:
                lines.append(_("Bye: {teams}", teams=", ".join(plain(n) for n in listing.byes[last_round])))
        lines.append(fixture_line(fixture, with_round=False, round_deadline=deadline))
    if not lines:
        lines.append(_("No fixtures."))
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
        + (" · " + _("BP {points}", points=row.bonus_points) if bonus else "")
    )


def standings_legend(bonus: bool) -> str:
    """What the numbers of a standings line are, in the current language."""
    legend = _(
        "Bold: league points · W-D-L: won, drawn, lost · TD: touchdown difference · {cas}", cas=_(CAS_LEGEND)
    )
    return legend + (" · " + _("BP: bonus points") if bonus else "")


STANDINGS_PAGE_LINES = 24  # a team's line is at most about 100 characters: a page stays one description


def tie_note(position: int, team: str, decided_by: str | None) -> str:
    """`3. Reavers placed on touchdown difference`: the tiebreaker that settled a tie."""
    return _(
        "{position}. {team} placed on {tiebreaker}",
        position=position,
        team=team,
        tiebreaker=_(decided_by) if decided_by else str(decided_by),  # a label of TIEBREAKER_NAMES
    )


def standings_pages(standings: Standings, per_page: int = STANDINGS_PAGE_LINES) -> list[discord.Embed]:
    """Every division's table, a line per team with its full name, tie notes only for real ties; one embed
    a page of `per_page` lines (a division cut by a page continues under its name on the next). The table
    is public: in the league's language."""
    with i18n.using(standings.league.language):
        return _standings_pages(standings, per_page)


def _standings_pages(standings: Standings, per_page: int) -> list[discord.Embed]:
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
            f"*{tie_note(row.position, plain(table.names.get(row.team_id, '?')), row.decided_by)}*"
            for row in tie_notes(table.rows)
        ]
        if several:
            if len(pages[-1]) + 2 > per_page:  # a heading never ends a page
                pages.append([])
            pages[-1].append(head)
        for line in lines or [_("No teams.")]:
            if len(pages[-1]) >= per_page:
                pages.append([_("{name} (cont.)", name=head)] if several else [])
            pages[-1].append(line)
    legend = standings_legend(bonus)
    title = _(
        "{league}: season {number} standings", league=standings.league.name, number=standings.season.number
    )
    return [
        one_embed(
            title,
            lines,
            colour=COLOUR,
            footer=(_("Page {page} of {pages}", page=i, pages=len(pages)) + " · " if len(pages) > 1 else "")
            + legend,
        )
        for i, lines in enumerate(pages, start=1)
    ]
