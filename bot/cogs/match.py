"""/match: before kick-off (who can play, journeymen, CTVs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog.search import best_matches
from bot.rules.match.journeymen import journeyman_mixes, journeyman_positions, mix_text
from bot.rules.match.match_day import MATCH_TABLES
from bot.services.inputs import one_of
from bot.services.match import inducements, match_day, match_events, pregame, prepare
from bot.services.match.inducements import InducementState
from bot.services.match.prepare import MatchPreparation, MatchSide
from bot.services.records import Purchase
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


def _side_lines(side: MatchSide) -> list[str]:
    lines = [f"**CTV {k(side.sheet.current_team_value)}** · {len(side.able)} able to play"]
    if side.journeymen:
        lines.append(
            "Journeymen: " + ", ".join(f"#{p.row.number} {p.position.name}" for p in side.journeymen)
        )
    if side.out:
        lines.append(
            "Out: " + ", ".join(f"#{p.row.number} {plain(p.row.name)} ({why})" for p, why in side.out)
        )
    lines.append("Able: " + " ".join(f"#{p.row.number}" for p in side.able))
    return lines


def preparation_embeds(prep: MatchPreparation) -> list[discord.Embed]:
    fx = prep.fixture
    difference = prep.home.sheet.current_team_value - prep.away.sheet.current_team_value
    if difference:
        richer = fx.home_name if difference > 0 else fx.away_name
        footer = f"CTV difference {k(abs(difference))}: {richer} buys inducements first."
    else:
        footer = "Equal CTVs: neither team spends treasury on inducements."
    return pack_embeds(
        f"Before kick-off: {plain(fx.home_name)} v {plain(fx.away_name)}",
        [
            *fields(f"{plain(fx.home_name)} (home)", _side_lines(prep.home)),
            *fields(f"{plain(fx.away_name)} (away)", _side_lines(prep.away)),
        ],
        description=list(prep.added) or f"Fixture #{fx.id}.",
        colour=COLOUR,
        footer=footer,
    )


def _purchase_label(purchase: Purchase) -> str:
    if purchase.inducement == "mercenary_player":
        return f"mercenary {purchase.star}" + (f" x{purchase.count}" if purchase.count > 1 else "")
    if purchase.star:
        return f"★ {purchase.star}"
    return purchase.inducement.replace("_", " ") + (f" x{purchase.count}" if purchase.count > 1 else "")


def inducements_embeds(state: InducementState) -> list[discord.Embed]:
    fx, phase = state.fixture, state.phase
    value = "Team Value" if state.special_plays is not None else "CTV"
    lines = [f"{value} {k(phase.home_ctv)} (home) v {k(phase.away_ctv)} (away)"]
    if phase.favourite is None:
        lines.append("Equal CTVs: the teams are even; neither spends treasury on inducements.")
    elif state.waiting_for is not None:
        turn_team = state.side(state.waiting_for).team
        lines.append(
            f"Buying now: **{plain(turn_team.name)}** (<@{turn_team.coach_id}>); /match induce-done ends "
            "the turn."
        )
    else:
        lines.append("Inducements are closed.")
    body: list[Field] = []
    for index, side in enumerate((state.home, state.away)):
        bought = [f"{_purchase_label(p)}: {k(p.cost)}" for p in side.purchases] or ["nothing"]
        if state.special_plays is not None:  # seed 003: the higher Team Value draws first
            cards = state.special_plays[index]
            bought.append(f"Special Play cards: draw {cards.draw}, keep {cards.keep}")
        money = f"Petty cash {k(side.petty_left)} left" if side.budget.petty_cash else "No petty cash"
        body += fields(
            plain(side.team.name), [f"{money} · treasury {k(side.treasury_left)} may still be spent", *bought]
        )
    if state.special_plays is not None:
        first = state.home if phase.home_ctv >= phase.away_ctv else state.away
        lines.append(
            f"Special Play cards: {plain(first.team.name)} (the higher Team Value) draws and keeps first, "
            "from the coaches' own decks."
        )
    return pack_embeds(f"Inducements: {plain(fx.label)}", body, description=lines, colour=COLOUR)


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
        await send_messages(interaction, embeds=preparation_embeds(prep))

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
            one_of(table, MATCH_TABLES, "the table"),
            player,
        )
        rolled = result.rolled
        modifier = f" + {rolled.modifier} (Niggling Injuries) = {rolled.result}" if rolled.modifier else ""
        who = f" for #{result.player.number} {plain(result.player.name)}" if result.player else ""
        await send_messages(
            interaction,
            f"🎲 **{rolled.table.name}**{who} ({plain(result.fixture.label)}): {rolled.roll.dice.upper()} "
            f"{' + '.join(map(str, rolled.roll.faces))}{modifier} → **{rolled.entry.name}**: "
            f"{rolled.entry.summary}",
        )

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
        heading = "Already rolled for this game" if outcome.already_rolled else "🎲 Penalty shoot-out"
        lines = [f"{heading}: {plain(fx.home_name)} (home) v {plain(fx.away_name)} (away)"]
        lines += shootout.lines()
        lines.append(
            f"**{plain(winner)}** win the shoot-out {max(shootout.home_wins, shootout.away_wins)}-"
            f"{min(shootout.home_wins, shootout.away_wins)}: report the game level after extra time."
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
        if turn.event is None:
            text = f"🎲 Match Events, half {outcome.half}: {turn.trigger} · nothing happens."
        else:
            row, column = turn.event_rolls
            text = (
                f"🎲 Match Events, half {outcome.half}: {turn.trigger} · **an event!** D8 {row.total} "
                f"(active coach) x D6 {column.total} (other coach): **{turn.event.name}**: "
                f"{turn.event.summary}\n"
                "No more Match Event rolls this half."
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
        if result.needed is None:
            verdict = "too far away to be seen: never sent off"
        else:
            verdict = f"needs {result.needed}+: " + (
                "**sent off!**" if result.sent_off else "not seen, stays on"
            )
        await interaction.response.send_message(
            f"🟥 Foul {distance} squares from {outcome.referee.name}: {result.roll}{modifier} · {verdict}"
        )

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
        await send_messages(interaction, state.message, inducements_embeds(state))

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
        await send_messages(interaction, state.message, inducements_embeds(state))

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
        await send_messages(interaction, embeds=inducements_embeds(state))

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
        await send_messages(interaction, embeds=pregame_embeds(view))


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(MatchCog(league_bot))
