"""How the rules catalogue reads in Discord: embeds for teams, positions, skills, stars and inducements,
and every table as lines of text (paginated by the /rules table command). Compact enough for a phone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.catalog import Catalog
from bot.catalog.models import (
    CATEGORY_NAMES,
    Inducement,
    Position,
    RollTable,
    Skill,
    SkillCategory,
    Star,
    Team,
    split_skill_reference,
)
from bot.rules.roster.eligibility import rosters_for_star
from bot.rules.rulesets import Ruleset, rulesets
from bot.text import k
from bot.ui.formatting import gp, span
from bot.ui.limits import Field, fields, pack_embeds, split_text

COLOUR = discord.Colour.dark_green()
LINE_LIMIT = 1000  # one line of a paginated table


def _join(items: tuple[str, ...] | list[str], empty: str = "none") -> str:
    return ", ".join(items) if items else empty


def position_label(team: Team, position: Position) -> str:
    return f"{position.name} ({team.name}) 0-{position.max}, {k(position.cost)}"


def team_embeds(catalog: Catalog, team: Team) -> list[discord.Embed]:
    lines = [
        f"Tier {team.tier} · Re-roll {gp(team.reroll_cost)}"
        f" · Apothecary: {'yes' if team.apothecary else 'no'}",
        f"League{'s (choose one)' if len(team.leagues) > 1 else ''}: {_join(team.leagues)}",
    ]
    if team.special_rules:
        lines.append(f"Special rules: {_join(team.special_rules)}")
    if team.favoured_of:
        options = team.favoured_of.options
        where = f" (in the {team.favoured_of.only_in_league} only)" if team.favoured_of.only_in_league else ""
        if len(options) == 1:
            lines.append(f"Favoured of {options[0]}{where}")
        else:
            lines.append(f"Favoured of (choose one): {_join(options)}{where}")
    body: list[Field] = []
    for position in team.positions:
        skills = _join(position.skills, "no skills")
        value = f"{position.profile_text}\n{skills}\nSkills {position.categories_text}"
        body += fields(f"0-{position.max} {position.name} · {k(position.cost)}", value)
    return pack_embeds(
        team.name,
        body,
        description=lines,
        colour=COLOUR,
        footer=f"{catalog.edition} · /rules position for one player type",
    )


def _skill_lines(catalog: Catalog, references: tuple[str, ...]) -> list[str]:
    lines = []
    for reference in references:
        skill = catalog.skills.get(split_skill_reference(reference)[0])
        lines.append(f"**{reference}**: {skill.summary}" if skill else f"**{reference}**")
    return lines or ["none"]


def position_embeds(catalog: Catalog, team: Team, position: Position) -> list[discord.Embed]:
    primary = _join([CATEGORY_NAMES[c] for c in position.primary])
    secondary = _join([CATEGORY_NAMES[c] for c in position.secondary])
    return pack_embeds(
        f"{position.name} ({team.name})",
        [
            *fields("Skills and traits", _skill_lines(catalog, position.skills)),
            *fields("Advances", f"Primary: {primary}\nSecondary: {secondary}"),
            *fields("Keywords", _join(position.keywords)),
        ],
        description=f"0-{position.max} · {gp(position.cost)}\n{position.profile_text}",
        colour=COLOUR,
    )


def skill_embeds(catalog: Catalog, skill: Skill) -> list[discord.Embed]:
    kind = "Trait" if skill.is_trait else f"{CATEGORY_NAMES[skill.category]} skill"
    title = skill.name + (f" ({skill.parameter})" if skill.parameter else "")
    facts = [kind]
    if skill.elite:
        facts.append(f"Elite: +{gp(catalog.advancement.value_increase.elite_skill_extra)} player value")
    for category, table in catalog.random_skill_tables.items():
        if skill.name in table.names:
            index = table.names.index(skill.name)
            facts.append(
                f"Random {CATEGORY_NAMES[category]} table: first D6 {'1-3' if index < 6 else '4-6'}, "
                f"second D6 {index % 6 + 1}"
            )
    body = fields("About", facts)
    starting = [
        f"{p.name} ({t.name})"
        for t in catalog.teams.values()
        for p in t.positions
        if any(split_skill_reference(r)[0] == skill.name for r in p.skills)
    ]
    if starting:
        body += fields(f"Starting skill of {len(starting)} player types", _join(starting))
    return pack_embeds(title, body, description=skill.summary, colour=COLOUR)


def star_embeds(catalog: Catalog, star: Star) -> list[discord.Embed]:
    title = star.name + (" · Mega-Star" if star.mega_star else "")
    price = gp(catalog.star_cost(star))
    if star.pair is not None:
        partners = ", ".join(p.name for p in catalog.partners(star))
        price = f"{price} for the pair ({star.pair}: hired together with {partners})"
    body = [
        *fields("Skills and traits", _skill_lines(catalog, star.skills)),
        *fields(star.special_rule.name, star.special_rule.summary),
    ]
    rule = star.plays_for
    if rule.any_team:
        plays = "Any team" + (f" except {_join(rule.except_leagues)}" if rule.except_leagues else "")
    else:
        plays = _join([*rule.leagues, *rule.special_rules])
    rosters = [t.name for t in rosters_for_star(catalog, star)]
    body += fields("Plays for", f"{plays}\nRosters: {_join(rosters)}")
    return pack_embeds(
        title, body, description=f"{price}\n{star.profile_text}\n{_join(star.keywords)}", colour=COLOUR
    )


def inducement_embeds(catalog: Catalog, inducement: Inducement) -> list[discord.Embed]:
    if inducement.cost is None:
        price = "priced per player (see /rules star)" if inducement.id == "star_player" else "price varies"
        if inducement.price_rule is not None:
            price = (
                f"the position's cost + {gp(inducement.price_rule.surcharge)} "
                f"(+{gp(inducement.price_rule.optional_primary_skill)} for one Primary skill)"
            )
    else:
        price = gp(inducement.cost)
    limit = f"0-{inducement.max}" if inducement.max else "no limit"
    body: list[Field] = []
    who = inducement.only_for
    if not who.anyone:
        body += fields("Only for", _join([*who.special_rules, *who.leagues, *who.teams]))
    cheaper = [f"{gp(r.cost)} for {r.special_rule or r.team}" for r in inducement.reduced_cost]
    cheaper += [f"0-{m.max} for {m.special_rule}" for m in inducement.increased_max]
    if cheaper:
        body += fields("Special prices and limits", _join(cheaper))
    if inducement.notes:
        body += fields("Notes", inducement.notes)
    return pack_embeds(
        inducement.name, body, description=f"{limit} · {price}\n{inducement.summary}", colour=COLOUR
    )


# --- tables -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    key: str
    title: str
    lines: Callable[[Catalog], list[str]]


def roll_table_lines(table: RollTable) -> list[str]:
    return [f"**{entry.range_text}** {entry.name}: {entry.summary}" for entry in table.entries]


def _expensive_mistakes(catalog: Catalog) -> list[str]:
    table = catalog.expensive_mistakes
    names = {o.id: o.name for o in table.outcomes}
    lines = [
        f"Rolled ({table.dice.upper()}) after a league game if the treasury holds {gp(table.threshold)}+."
    ]
    for band in table.bands:
        label = span(k(band.min), None if band.max is None else k(band.max))
        cells = " · ".join(f"{span(c.min, c.max)} {names[c.outcome]}" for c in band.entries)
        lines.append(f"**{label}**: {cells}")
    lines += [f"**{o.name}**: {o.summary}" for o in table.outcomes]
    return lines


def _advancement(catalog: Catalog) -> list[str]:
    table = catalog.advancement
    lines = [
        f"**{c.advancement} {c.title}**: random primary {c.random_primary} · primary {c.chosen_primary}"
        f" · secondary {c.chosen_secondary} · characteristic {c.characteristic} SPP"
        for c in table.spp_costs
    ]
    value = table.value_increase
    increases = " · ".join(f"{name.upper()} +{k(amount)}" for name, amount in value.characteristic.items())
    lines.append(
        f"**Value increase**: primary skill +{k(value.primary_skill)} · secondary skill "
        f"+{k(value.secondary_skill)} · {increases} · Elite skill +{k(value.elite_skill_extra)} more"
    )
    lines += [
        f"**D8 {span(e.min, e.max)}** characteristic: {e.summary}"
        for e in table.characteristic_improvement.entries
    ]
    return lines


def _match_events(catalog: Catalog) -> list[str]:
    events = catalog.match_events
    lines = [
        f"{events.trigger.dice.upper()} at the start of each team turn; an event on a "
        f"{events.trigger.fires_on['min']}. Then D8 (active coach) x D6 (other coach). "
        f"At most {events.limits.max_per_half} per half, none in extra time."
    ]
    for event in sorted(events.entries, key=lambda e: (e.d8_min, e.d6)):
        lines.append(
            f"**D8 {span(event.d8_min, event.d8_max)} · D6 {event.d6}** {event.name}: {event.summary}"
        )
    return lines


def _referee(catalog: Catalog) -> list[str]:
    referees = catalog.referees
    lines = [f"**{span(row.min, row.max)} squares**: {row.summary}" for row in referees.send_off.entries]
    for referee in referees.referees:
        rule = f"{referee.special_rule.name}: {referee.special_rule.summary}" if referee.special_rule else ""
        lines.append(f"**{referee.name}**: {rule}")
    return lines


def _sequence_view(rs: Ruleset) -> TableView:
    """A ruleset's own season sequence (classic: `classic_season`), as the ruleset describes it."""
    reference = rs.reference()
    assert reference is not None
    title, lines = reference
    return TableView(f"{rs.id}_season", title, lambda _catalog: lines)


def _random_skills(category: SkillCategory) -> Callable[[Catalog], list[str]]:
    def lines(catalog: Catalog) -> list[str]:
        table = catalog.random_skill_tables[category]
        return [f"**{'1-3' if i < 6 else '4-6'} / {i % 6 + 1}** {name}" for i, name in enumerate(table.names)]

    return lines


def table_views(catalog: Catalog) -> dict[str, TableView]:
    views = [
        TableView("expensive_mistakes", "Expensive Mistakes", _expensive_mistakes),
        TableView("advancement", "Advancement, characteristic improvement and value increase", _advancement),
        TableView("match_events", "Match Events (optional)", _match_events),
        TableView("referee", "Referee send-off by distance (optional)", _referee),
    ]
    views += [_sequence_view(rs) for rs in rulesets(catalog).values() if rs.reference() is not None]
    views += [
        TableView(f"skills_{c.lower()}", f"Random {CATEGORY_NAMES[c]} skills", _random_skills(c))
        for c in sorted(catalog.random_skill_tables)
    ]

    def roll_lines(table: RollTable) -> Callable[[Catalog], list[str]]:
        return lambda _catalog: [f"Roll {table.dice.upper()}.", *roll_table_lines(table)]

    views += [TableView(table.id, table.name, roll_lines(table)) for table in catalog.tables.values()]
    return {view.key: view for view in views}


def paginate_lines(lines: list[str], *, max_chars: int = 3500, max_lines: int = 16) -> list[list[str]]:
    """Split lines into embed-sized pages (a line longer than a page allows continues on the next line)."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in (piece for whole in lines for piece in (split_text(whole, LINE_LIMIT) or [whole])):
        if pages[-1] and (size + len(line) + 1 > max_chars or len(pages[-1]) >= max_lines):
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return pages
