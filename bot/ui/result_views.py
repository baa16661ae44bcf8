"""Renderers shared by the cogs and the deadline watch: a reported or confirmed result, a fixture's
post-game, and the Finish buttons under it (a DynamicItem, `pgf:<fixture>:<team>`, so it works after a
restart; the results cog registers it) with, in a classic league, the winner's re-roll (`pgw:`); and the
two sides of a result as the report commands take them. A post-game posted in the channel (under the
confirmation, or a finished or re-rolled one) is worded in the competition's language."""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot import i18n
from bot.i18n import _
from bot.rules.match.match_result import PlayerLine, Side
from bot.services.league import leagues
from bot.services.match import postgame
from bot.services.match.postgame import OpenPostgame, TeamSummary
from bot.services.match.results import ReportedResult, SideInput, side_name
from bot.services.records import Fixture
from bot.ui.buttons import GuardedButton
from bot.ui.checks import is_commissioner
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import gp, plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds, send_messages, shorten

FINISH_NAME = 32  # a Finish button names the team, shortened: the post-game above names it in full


def _player_lines(players: tuple[PlayerLine, ...]) -> list[str]:
    """A side's players: what each did (touchdowns, casualties, ...) a line each, then the side's own
    injured players on one line of their own (an injury is suffered, not scored)."""
    lines, injured = [], []
    for p in players:
        done = p.model_copy(update={"injury": None, "lasting_characteristic": None})
        nothing = PlayerLine(player_id=p.player_id, number=p.number, name=p.name).summary  # "no events"
        if done.summary != nothing:
            lines.append(f"{player_label(p.number, p.name)}: {done.summary}")
        if p.injury is not None:
            hurt = PlayerLine(
                player_id=p.player_id,
                number=p.number,
                name=p.name,
                injury=p.injury,
                lasting_characteristic=p.lasting_characteristic,
            )
            injured.append(f"{player_label(p.number, p.name)} ({hurt.summary})")
    if injured:
        lines.append(_("Injured: {players}", players=", ".join(injured)))
    return lines


def result_embeds(outcome: ReportedResult, *, heading: str) -> list[discord.Embed]:
    """A reported result (a report is at most 500 characters a side: one embed, in practice)."""
    fx, report = outcome.fixture, outcome.report
    if fx.kind == "league":
        kind = _("Round {number}", number=fx.round_number) if fx.round_number else _("League")
    else:
        kind = _("Friendly") if fx.kind == "friendly" else _("Play-off")
    decided = ""
    if report.penalty_winner:
        decided = " · " + _("{team} won on penalties", team=plain(side_name(fx, report.penalty_winner)))
    elif report.extra_time:
        decided = " · " + _("after extra time")
    body: list[Field] = []
    sides: tuple[tuple[Side, str], ...] = (("home", fx.home_name), ("away", fx.away_name))
    for side, name in sides:
        data = report.side(side)
        caused = _("SPP casualties caused: {count}", count=data.casualties)
        lines = [caused + (" · " + _("stalling") if data.stalling else "")]
        if data.crowd_casualties:
            lines.append(_("Crowd casualties caused: {count} (no SPP)", count=data.crowd_casualties))
        if data.tiebreaker is not None:
            tiebreaker = plain(outcome.tiebreaker_name or _("Organiser tiebreaker"))
            lines.append(f"{tiebreaker}: {data.tiebreaker}")
        lines += _player_lines(data.players)
        body += fields(plain(name), lines)
    about = _("{kind} · fixture #{id} · report v{version}", kind=kind, id=fx.id, version=outcome.version)
    return pack_embeds(
        f"{plain(fx.home_name)} {report.score_text} {plain(fx.away_name)}",
        body,
        description=f"{heading}\n{about}{decided}",
        colour=COLOUR,
    )


_PLAYER = re.compile(r"^#(?P<number>\d+) (?P<name>[^:]+): (?P<rest>.+)$")
_MVP = re.compile(r"^MVP #(?P<number>\d+) (?P<name>.+?) (?P<rest>\+\d+ SPP.*)$")
_FANS = ("Fan Factor", "Dedicated fans")


def player_label(number: int, name: str) -> str:
    """`#7 Griff`, and a default name (`Human Lineman 7`, its position and number) without the number
    said twice: `#7 Human Lineman`."""
    shown = name.removesuffix(f" {number}")
    return f"#{number} {plain(shown or name)}"


def postgame_lines(summary: TeamSummary) -> list[str]:
    """A team's post-game, compact: one line per player (his SPP, MVP, injury and Getting Even together),
    the fan rolls on one line, then the SPP totals this game changed and the treasury as the last lines."""
    lines: list[str] = []
    players: dict[str, int] = {}  # a player's label (or "fans"): the index of his line
    for line in summary.lines:
        found = _PLAYER.match(line) or _MVP.match(line)
        if found is None:
            if line.startswith(_FANS) and "fans" in players:
                lines[players["fans"]] += f" · {plain(line)}"
                continue
            if line.startswith(_FANS):
                players["fans"] = len(lines)
            lines.append(plain(line))
            continue
        label = player_label(int(found["number"]), found["name"])
        rest = plain(found["rest"] if line.startswith("#") else f"MVP {found['rest']}")
        if label in players:
            lines[players[label]] += f" · {rest}"
        else:
            players[label] = len(lines)
            lines.append(f"{label}: {rest}")
    if summary.spp:
        now = ", ".join(f"{player_label(p.number, p.name)} {p.total} (+{p.earned})" for p in summary.spp)
        lines.append(_("SPP now: {players}", players=now))
    if summary.treasury is not None:
        lines.append(_("Treasury: {amount}", amount=gp(summary.treasury)))
    return lines


def postgame_embeds(
    fixture: Fixture, summaries: tuple[TeamSummary, ...] | list[TeamSummary]
) -> list[discord.Embed]:
    """The post-game of one fixture: every team's lines (`postgame_lines`), in as many fields and embeds as
    it takes."""
    body: list[Field] = []
    for summary in summaries:
        if summary.finished:
            state = _("✅ finished")
        else:
            state = _("<@{coach}>: finish it with the button", coach=summary.coach_id)
        body += fields(f"{plain(summary.team_name)}", [state, *postgame_lines(summary)])
    return pack_embeds(
        _("Post-game: {fixture}", fixture=plain(fixture.label)),
        body,
        description=_("Every roll below was made by the bot and is in /roll-history."),
        colour=COLOUR,
    )


async def channel_language(interaction: discord.Interaction, fixture: Fixture) -> str:
    """The language of the fixture's league or event: what its channel reads."""
    competition = await leagues.get_competition(runtime_of(interaction), fixture.guild_id, fixture.league_id)
    return competition.language


def finish_view(fixture_id: int, summaries: tuple[TeamSummary, ...]) -> discord.ui.View | None:
    pending = [s for s in summaries if not s.finished]
    if not pending:
        return None
    view = discord.ui.View(timeout=None)
    for summary in pending:
        if summary.reroll_offered:
            view.add_item(WinningsRerollButton(fixture_id, summary.team_id, summary.team_name))
        view.add_item(FinishPostgameButton(fixture_id, summary.team_id, summary.team_name))
    return view


async def follow_with_postgame(
    interaction: discord.Interaction, fixture: Fixture, summaries: tuple[TeamSummary, ...]
) -> None:
    """The post-game under an answer that confirmed a result: every roll, and a Finish button per team (the
    channel sees it: in the competition's language)."""
    if summaries:
        with i18n.using(await channel_language(interaction, fixture)):
            embeds, view = postgame_embeds(fixture, summaries), finish_view(fixture.id, summaries)
        await send_messages(interaction, embeds=embeds, view=view, followup=True)


async def show_open_postgames(interaction: discord.Interaction, found: Sequence[OpenPostgame]) -> None:
    """A coach's open post-game(s) again, each with its Finish button: only he sees them."""
    for number, one in enumerate(found):
        await send_messages(
            interaction,
            embeds=postgame_embeds(one.fixture, (one.summary,)),
            view=finish_view(one.fixture.id, (one.summary,)),
            ephemeral=True,
            followup=number > 0,
        )


class FinishPostgameButton(GuardedButton, template=r"pgf:(?P<fixture>\d+):(?P<team>\d+)"):
    """Finish one team's post-game: expensive mistakes, then players who missed the game recover."""

    def __init__(self, fixture_id: int, team_id: int, team_name: str = "") -> None:
        label = (
            _("Finish: {team}", team=shorten(team_name, FINISH_NAME)) if team_name else _("Finish post-game")
        )
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"pgf:{fixture_id}:{team_id}"
            )
        )
        self.fixture_id, self.team_id = fixture_id, team_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> FinishPostgameButton:
        return cls(int(match["fixture"]), int(match["team"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        finished = await postgame.finish_postgame(
            runtime_of(interaction),
            actor_of(interaction),
            self.fixture_id,
            self.team_id,
            as_commissioner=await is_commissioner(interaction),
        )
        with i18n.using(await channel_language(interaction, finished.fixture)):  # the channel sees it
            embeds = postgame_embeds(finished.fixture, [finished.summary])
        await send_messages(interaction, embeds=embeds)


class WinningsRerollButton(GuardedButton, template=r"pgw:(?P<fixture>\d+):(?P<team>\d+)"):
    """Classic ruleset (seed 003): the winner re-rolls the winnings die once and keeps the second roll."""

    def __init__(self, fixture_id: int, team_id: int, team_name: str = "") -> None:
        label = (
            _("Re-roll winnings: {team}", team=shorten(team_name, FINISH_NAME))
            if team_name
            else _("Re-roll winnings")
        )
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"pgw:{fixture_id}:{team_id}"
            )
        )
        self.fixture_id, self.team_id = fixture_id, team_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> WinningsRerollButton:
        return cls(int(match["fixture"]), int(match["team"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        rerolled = await postgame.reroll_winnings(
            runtime_of(interaction),
            actor_of(interaction),
            self.fixture_id,
            self.team_id,
            as_commissioner=await is_commissioner(interaction),
        )
        with i18n.using(await channel_language(interaction, rerolled.fixture)):  # the channel sees it
            embeds = postgame_embeds(rerolled.fixture, [rerolled.summary])
        await send_messages(interaction, embeds=embeds)


def side_inputs(
    my_score: int,
    their_score: int,
    my_casualties: int,
    their_casualties: int,
    my_players: str | None,
    their_players: str | None,
    my_stalling: bool,
    their_stalling: bool,
    my_objectives: int | None = None,
    their_objectives: int | None = None,
    crowd: tuple[int, int] = (0, 0),
    tiebreaker: tuple[int | None, int | None] = (None, None),
) -> tuple[SideInput, SideInput]:
    """Both sides as typed (`crowd`, `tiebreaker`: an event's crowd casualties and own number, mine then
    theirs)."""
    return (
        SideInput(
            my_score, my_casualties, my_players or "", my_stalling, my_objectives, crowd[0], tiebreaker[0]
        ),
        SideInput(
            their_score,
            their_casualties,
            their_players or "",
            their_stalling,
            their_objectives,
            crowd[1],
            tiebreaker[1],
        ),
    )
