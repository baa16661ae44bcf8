"""/match: before kick-off (who can play, journeymen, CTVs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.catalog.search import best_matches
from bot.i18n import _, ngettext
from bot.rules.match.journeymen import journeyman_mixes, journeyman_positions, mix_text
from bot.rules.match.match_day import MATCH_TABLES
from bot.services.inputs import one_of
from bot.services.league.leagues import get_competition
from bot.services.match import inducements, match_day, match_events, pregame, prepare
from bot.services.match.inducements import InducementState
from bot.services.match.prepare import MatchPreparation, MatchSide
from bot.services.records import Fixture, Purchase
from bot.services.roster import team_lookup
from bot.text import k
from bot.ui.autocomplete import Choices, choice
from bot.ui.checks import is_commissioner
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds, send_messages
from bot.ui.options import FixtureOption, choices
from bot.ui.pregame_views import pregame_embeds

if TYPE_CHECKING:
    from bot.host import Host


async def _language(interaction: discord.Interaction, fixture: Fixture) -> str:
    """The language of the fixture's league or event: what its channel reads."""
    competition = await get_competition(runtime_of(interaction), fixture.guild_id, fixture.league_id)
    return competition.language


def _side_lines(side: MatchSide) -> list[str]:
    value = k(side.sheet.current_team_value)
    able = ngettext(
        "**CTV {value}** · {n} able to play",
        "**CTV {value}** · {n} able to play",
        len(side.able),
        value=value,
    )
    lines = [able]
    if side.journeymen:
        named = ", ".join(f"#{p.row.number} {p.position.name}" for p in side.journeymen)
        lines.append(_("Journeymen: {players}", players=named))
    if side.out:
        named = ", ".join(f"#{p.row.number} {plain(p.row.name)} ({why})" for p, why in side.out)
        lines.append(_("Out: {players}", players=named))
    lines.append(_("Able: {players}", players=" ".join(f"#{p.row.number}" for p in side.able)))
    return lines


def preparation_embeds(prep: MatchPreparation) -> list[discord.Embed]:
    fx = prep.fixture
    difference = prep.home.sheet.current_team_value - prep.away.sheet.current_team_value
    if difference:
        richer = fx.home_name if difference > 0 else fx.away_name
        footer = _(
            "CTV difference {difference}: {team} buys inducements first.",
            difference=k(abs(difference)),
            team=richer,
        )
    else:
        footer = _("Equal CTVs: neither team spends treasury on inducements.")
    return pack_embeds(
        _("Before kick-off: {home} v {away}", home=plain(fx.home_name), away=plain(fx.away_name)),
        [
            *fields(_("{team} (home)", team=plain(fx.home_name)), _side_lines(prep.home)),
            *fields(_("{team} (away)", team=plain(fx.away_name)), _side_lines(prep.away)),
        ],
        description=list(prep.added) or _("Fixture #{number}.", number=fx.id),
        colour=COLOUR,
        footer=footer,
    )


def _purchase_label(purchase: Purchase) -> str:
    if purchase.inducement == "mercenary_player":
        if purchase.count > 1:
            return _("mercenary {player} x{count}", player=purchase.star, count=purchase.count)
        return _("mercenary {player}", player=purchase.star)
    if purchase.star:
        return f"★ {purchase.star}"
    return purchase.inducement.replace("_", " ") + (f" x{purchase.count}" if purchase.count > 1 else "")


def inducements_embeds(state: InducementState) -> list[discord.Embed]:
    fx, phase = state.fixture, state.phase
    home, away = k(phase.home_ctv), k(phase.away_ctv)
    if state.special_plays is not None:
        lines = [_("Team Value {home} (home) v {away} (away)", home=home, away=away)]
    else:
        lines = [_("CTV {home} (home) v {away} (away)", home=home, away=away)]
    if phase.favourite is None:
        lines.append(_("Equal CTVs: the teams are even; neither spends treasury on inducements."))
    elif state.waiting_for is not None:
        turn_team = state.side(state.waiting_for).team
        lines.append(
            _(
                "Buying now: **{team}** (<@{coach}>); /match induce-done ends the turn.",
                team=plain(turn_team.name),
                coach=turn_team.coach_id,
            )
        )
    else:
        lines.append(_("Inducements are closed."))
    body: list[Field] = []
    for index, side in enumerate((state.home, state.away)):
        bought = [f"{_purchase_label(p)}: {k(p.cost)}" for p in side.purchases] or [_("nothing")]
        if state.special_plays is not None:  # seed 003: the higher Team Value draws first
            cards = state.special_plays[index]
            bought.append(_("Special Play cards: draw {draw}, keep {keep}", draw=cards.draw, keep=cards.keep))
        treasury = k(side.treasury_left)
        if side.budget.petty_cash:
            money = _(
                "Petty cash {petty} left · treasury {treasury} may still be spent",
                petty=k(side.petty_left),
                treasury=treasury,
            )
        else:
            money = _("No petty cash · treasury {treasury} may still be spent", treasury=treasury)
        body += fields(plain(side.team.name), [money, *bought])
    if state.special_plays is not None:
        first = state.home if phase.home_ctv >= phase.away_ctv else state.away
        lines.append(
            _(
                "Special Play cards: {team} (the higher Team Value) draws and keeps first, from the coaches' "
                "own decks.",
                team=plain(first.team.name),
            )
        )
    title = _("Inducements: {fixture}", fixture=plain(fx.label))
    return pack_embeds(title, body, description=lines, colour=COLOUR)


def _roll_text(result: match_day.MatchRoll) -> str:
    rolled = result.rolled
    dice = f"{rolled.roll.dice.upper()} {' + '.join(map(str, rolled.roll.faces))}"
    if rolled.modifier:
        dice += " + " + _(
            "{modifier} (Niggling Injuries) = {result}", modifier=rolled.modifier, result=rolled.result
        )
    where = plain(result.fixture.label)
    entry = f"**{rolled.entry.name}**: {_(rolled.entry.summary)}"
    if result.player is None:
        return f"🎲 **{rolled.table.name}** ({where}): {dice} → {entry}"
    return _(
        "🎲 **{table}** for #{number} {player} ({fixture}): {roll} → {result}",
        table=rolled.table.name,
        number=result.player.number,
        player=plain(result.player.name),
        fixture=where,
        roll=dice,
        result=entry,
    )


class MatchCog(commands.GroupCog, group_name="match", group_description="Before and during a match"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="prepare", description="Before kick-off: who can play, journeymen, both CTVs")
    @app_commands.describe(
        fixture="Your fixture",
        journeymen="Several 0-16 Lineman positions: your journeymen's type, one for all or a mix",
    )
    async def prepare(
        self, interaction: discord.Interaction, fixture: FixtureOption, journeymen: str | None = None
    ) -> None:
        prep = await prepare.prepare_match(
            runtime_of(interaction), actor_of(interaction), fixture, journeymen
        )
        with i18n.using(prep.home.sheet.league.language):
            embeds = preparation_embeds(prep)
        await send_messages(interaction, embeds=embeds)

    @app_commands.command(
        name="roll",
        description="Roll a match-day table for your fixture: weather, kick-off, "
        "prayers, casualty, lasting injury",
    )
    @app_commands.describe(
        fixture="Your fixture",
        table="Which table",
        player="Casualty or lasting injury: the player (his Niggling Injuries add to the casualty roll)",
    )
    @app_commands.choices(
        table=choices(
            {
                "weather": "Weather (2D6)",
                "kickoff": "Kick-off event (2D6)",
                "prayers": "Prayers to Nuffle",
                "casualty": "Casualty (D16)",
                "lasting_injury": "Lasting injury (D6)",
            }
        )
    )
    async def roll(
        self, interaction: discord.Interaction, fixture: FixtureOption, table: str, player: str | None = None
    ) -> None:
        result = await match_day.roll_table(
            runtime_of(interaction),
            actor_of(interaction),
            fixture,
            one_of(table, MATCH_TABLES, _("the table")),
            player,
        )
        with i18n.using(await _language(interaction, result.fixture)):
            text = _roll_text(result)
        await send_messages(interaction, text)

    @app_commands.command(
        name="penalties",
        description="A play-off or knock-out game level after extra time: roll the penalty shoot-out",
    )
    @app_commands.describe(fixture="Your play-off or knock-out fixture")
    async def penalties(self, interaction: discord.Interaction, fixture: FixtureOption) -> None:
        outcome = await match_day.roll_penalties(
            runtime_of(interaction),
            actor_of(interaction),
            fixture,
            as_commissioner=await is_commissioner(interaction),
        )
        fx, shootout = outcome.fixture, outcome.shootout
        winner = fx.home_name if shootout.winner == "home" else fx.away_name
        home, away = plain(fx.home_name), plain(fx.away_name)
        wins = sorted((shootout.home_wins, shootout.away_wins), reverse=True)
        score = f"{wins[0]}-{wins[1]}"
        with i18n.using(await _language(interaction, fx)):
            if outcome.already_rolled:
                heading = _(
                    "Already rolled for this game: {home} (home) v {away} (away)", home=home, away=away
                )
            else:
                heading = _("🎲 Penalty shoot-out: {home} (home) v {away} (away)", home=home, away=away)
            lines = [heading, *shootout.lines()]
            lines.append(
                _(
                    "**{team}** win the shoot-out {score}: report the game level after extra time.",
                    team=plain(winner),
                    score=score,
                )
            )
        await send_messages(interaction, "\n".join(lines))

    @app_commands.command(
        name="turn", description="Start of a team turn: the Match Events D16 (when the league uses them)"
    )
    @app_commands.describe(fixture="Your fixture", half="Which half (extra time has no Match Events)")
    @app_commands.choices(half=choices({"1": "first half", "2": "second half", "extra": "extra time"}))
    async def turn(self, interaction: discord.Interaction, fixture: FixtureOption, half: str) -> None:
        which: match_events.Half = "1" if half == "1" else "2" if half == "2" else "extra"
        outcome = await match_events.start_team_turn(
            runtime_of(interaction), actor_of(interaction), fixture, which
        )
        turn = outcome.turn
        with i18n.using(await _language(interaction, outcome.fixture)):
            if turn.event is None:
                text = _(
                    "🎲 Match Events, half {half}: {trigger} · nothing happens.",
                    half=outcome.half,
                    trigger=turn.trigger,
                )
            else:
                row, column = turn.event_rolls
                text = _(
                    "🎲 Match Events, half {half}: {trigger} · **an event!** D8 {row} (active coach) x D6 "
                    "{column} (other coach): **{event}**: {summary}\nNo more Match Event rolls this half.",
                    half=outcome.half,
                    trigger=turn.trigger,
                    row=row.total,
                    column=column.total,
                    event=turn.event.name,
                    summary=_(turn.event.summary),
                )
        await interaction.response.send_message(text)

    @app_commands.command(
        name="foul", description="After a foul: does the referee send the fouler off? (league referee rules)"
    )
    @app_commands.describe(
        fixture="Your fixture", distance="Squares between the fouling player and the referee"
    )
    async def foul(
        self,
        interaction: discord.Interaction,
        fixture: FixtureOption,
        distance: app_commands.Range[int, 1, 30],
    ) -> None:
        outcome = await match_events.foul(runtime_of(interaction), actor_of(interaction), fixture, distance)
        result = outcome.send_off
        modifier = f" {result.modifier:+d} ({outcome.referee.name})" if result.modifier else ""
        roll = f"{result.roll}{modifier}"
        with i18n.using(await _language(interaction, outcome.fixture)):
            if result.needed is None:
                verdict = _("too far away to be seen: never sent off")
            elif result.sent_off:
                verdict = _("needs {number}+: **sent off!**", number=result.needed)
            else:
                verdict = _("needs {number}+: not seen, stays on", number=result.needed)
            text = ngettext(
                "🟥 Foul {n} squares from {referee}: {roll} · {verdict}",
                "🟥 Foul {n} squares from {referee}: {roll} · {verdict}",
                distance,
                referee=outcome.referee.name,
                roll=roll,
                verdict=verdict,
            )
        await interaction.response.send_message(text)

    @app_commands.command(
        name="induce", description="Buy an inducement or star player for your fixture (higher CTV buys first)"
    )
    @app_commands.describe(
        fixture="Your fixture", item="The inducement or star player", count="How many (default 1)"
    )
    async def induce(
        self,
        interaction: discord.Interaction,
        fixture: FixtureOption,
        item: str,
        count: app_commands.Range[int, 1, 10] = 1,
    ) -> None:
        state = await inducements.buy_inducement(
            runtime_of(interaction), actor_of(interaction), fixture, item, count
        )
        with i18n.using(await _language(interaction, state.fixture)):
            embeds = inducements_embeds(state)
        await send_messages(interaction, state.message, embeds)

    @induce.autocomplete("item")
    async def item_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await inducements.item_choices(
            runtime_of(interaction), actor_of(interaction), str(interaction.namespace.fixture or "")
        )
        return [choice(i.label, i.value) for i in best_matches(current, found, lambda i: i.label)]

    @app_commands.command(name="induce-done", description="End your turn of buying inducements for a fixture")
    @app_commands.describe(fixture="Your fixture")
    async def induce_done(self, interaction: discord.Interaction, fixture: FixtureOption) -> None:
        state = await inducements.finish_buying(runtime_of(interaction), actor_of(interaction), fixture)
        with i18n.using(await _language(interaction, state.fixture)):
            embeds = inducements_embeds(state)
        await send_messages(interaction, state.message, embeds)

    @app_commands.command(
        name="inducements", description="A fixture's inducements: budgets, petty cash, purchases"
    )
    @app_commands.describe(fixture="The fixture")
    async def show_inducements(self, interaction: discord.Interaction, fixture: FixtureOption) -> None:
        state = await inducements.inducement_state(
            runtime_of(interaction),
            actor_of(interaction),
            fixture,
            as_commissioner=await is_commissioner(interaction),
        )
        with i18n.using(await _language(interaction, state.fixture)):
            embeds = inducements_embeds(state)
        await send_messages(interaction, embeds=embeds)

    @roll.autocomplete("player")
    async def player_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        found = await match_day.fixture_players(
            runtime_of(interaction), actor_of(interaction).guild_id, str(interaction.namespace.fixture or "")
        )
        shown = best_matches(current, found, lambda tp: f"{tp[1].number} {tp[1].name} {tp[0]}")
        return [choice(f"#{p.number} {p.name} ({team})", f"p:{p.id}") for team, p in shown]

    @prepare.autocomplete("journeymen")
    async def journeymen_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        """The roster's 0-16 Lineman positions; once the fixture is chosen and several journeymen are
        needed, every mix of them too ("2 Skeleton Lineman + 1 Zombie Lineman")."""
        need = await prepare.journeyman_need(
            runtime_of(interaction), actor_of(interaction), str(interaction.namespace.fixture or "")
        )
        if need is not None:
            options, needed = need.options, need.needed
        else:
            roster = await team_lookup.my_roster(runtime_of(interaction), actor_of(interaction), None)
            options, needed = (journeyman_positions(roster) if roster else []), 0
        if needed > 1 and len(options) > 1:
            offered = [(mix_text(mix), mix_text(mix, ids=True)) for mix in journeyman_mixes(options, needed)]
        else:
            offered = [(p.name, p.id) for p in options]
        text = current.strip().lower()
        return [choice(label, value) for label, value in offered if text in label.lower()][:25]

    # --- the pre-game sequence of the league's ruleset ---
    @app_commands.command(
        name="pregame",
        description="Before kick-off: roll your fixture's pre-game steps (stadium, weather, ...)",
    )
    @app_commands.describe(fixture="Your fixture")
    async def pregame(self, interaction: discord.Interaction, fixture: FixtureOption) -> None:
        view = await pregame.run_pregame(
            runtime_of(interaction),
            actor_of(interaction),
            fixture,
            as_commissioner=await is_commissioner(interaction),
        )
        with i18n.using(await _language(interaction, view.fixture)):
            embeds = pregame_embeds(view)
        await send_messages(interaction, embeds=embeds)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(MatchCog(league_bot))
