"""How the rules catalogue reads in Discord: embeds for teams, positions, skills, stars and inducements,
and every table as lines of text (paginated by the /rules table command). Compact enough for a phone. The
catalogue's names stay as they are; its descriptions (`summary`) are worded as `_(entry.summary)`."""

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
from bot.i18n import _, ngettext
from bot.rules.roster.eligibility import rosters_for_star
from bot.rules.rulesets import Ruleset, rulesets
from bot.text import k
from bot.ui.formatting import gp, span
from bot.ui.limits import Field, fields, pack_embeds, split_text

COLOUR = discord.Colour.dark_green()
LINE_LIMIT = 1000  # one line of a paginated table


def _join(items: tuple[str, ...] | list[str], empty: str | None = None) -> str:
    """Items joined with commas, or `empty` (by default "none" in the current language)."""
    if items:
        return ", ".join(items)
    return _("none") if empty is None else empty


def position_label(team: Team, position: Position) -> str:
    return f"{position.name} ({team.name}) 0-{position.max}, {k(position.cost)}"


def team_embeds(catalog: Catalog, team: Team) -> list[discord.Embed]:
    reroll = gp(team.reroll_cost)
    if team.apothecary:
        facts = _("Tier {tier} · Re-roll {cost} · Apothecary: yes", tier=team.tier, cost=reroll)
    else:
        facts = _("Tier {tier} · Re-roll {cost} · Apothecary: no", tier=team.tier, cost=reroll)
    if len(team.leagues) > 1:
        leagues = _("Leagues (choose one): {leagues}", leagues=_join(team.leagues))
    else:
        leagues = _("League: {leagues}", leagues=_join(team.leagues))
    lines = [facts, leagues]
    if team.special_rules:
        lines.append(_("Special rules: {rules}", rules=_join(team.special_rules)))
    if team.favoured_of:
        options = team.favoured_of.options
        only = team.favoured_of.only_in_league
        where = " " + _("(in the {league} only)", league=only) if only else ""
        if len(options) == 1:
            lines.append(f"Favoured of {options[0]}{where}")
        else:
            lines.append(_("Favoured of (choose one): {options}", options=_join(options)) + where)
    body: list[Field] = []
    for position in team.positions:
        skills = _join(position.skills, _("no skills"))
        categories = _("Skills {categories}", categories=position.categories_text)
        value = f"{position.profile_text}\n{skills}\n{categories}"
        body += fields(f"0-{position.max} {position.name} · {k(position.cost)}", value)
    return pack_embeds(
        team.name,
        body,
        description=lines,
        colour=COLOUR,
        footer=f"{catalog.edition} · " + _("/rules position for one player type"),
    )


def _skill_lines(catalog: Catalog, references: tuple[str, ...]) -> list[str]:
    lines = []
    for reference in references:
        skill = catalog.skills.get(split_skill_reference(reference)[0])
        lines.append(f"**{reference}**: {_(skill.summary)}" if skill else f"**{reference}**")
    return lines or [_("none")]


def position_embeds(catalog: Catalog, team: Team, position: Position) -> list[discord.Embed]:
    primary = _join([CATEGORY_NAMES[c] for c in position.primary])
    secondary = _join([CATEGORY_NAMES[c] for c in position.secondary])
    return pack_embeds(
        f"{position.name} ({team.name})",
        [
            *fields(_("Skills and traits"), _skill_lines(catalog, position.skills)),
            *fields(
                _("Advances"),
                _("Primary: {primary}\nSecondary: {secondary}", primary=primary, secondary=secondary),
            ),
            *fields(_("Keywords"), _join(position.keywords)),
        ],
        description=f"0-{position.max} · {gp(position.cost)}\n{position.profile_text}",
        colour=COLOUR,
    )


def skill_embeds(catalog: Catalog, skill: Skill) -> list[discord.Embed]:
    kind = _("Trait") if skill.is_trait else _("{category} skill", category=CATEGORY_NAMES[skill.category])
    title = skill.name + (f" ({skill.parameter})" if skill.parameter else "")
    facts = [kind]
    if skill.elite:
        extra = gp(catalog.advancement.value_increase.elite_skill_extra)
        facts.append(_("Elite: +{value} player value", value=extra))
    for category, table in catalog.random_skill_tables.items():
        if skill.name in table.names:
            index = table.names.index(skill.name)
            facts.append(
                _(
                    "Random {category} table: first D6 {first}, second D6 {second}",
                    category=CATEGORY_NAMES[category],
                    first="1-3" if index < 6 else "4-6",
                    second=index % 6 + 1,
                )
            )
    body = fields(_("About"), facts)
    starting = [
        f"{p.name} ({t.name})"
        for t in catalog.teams.values()
        for p in t.positions
        if any(split_skill_reference(r)[0] == skill.name for r in p.skills)
    ]
    if starting:
        name = ngettext(
            "Starting skill of {n} player types", "Starting skill of {n} player types", len(starting)
        )
        body += fields(name, _join(starting))
    return pack_embeds(title, body, description=_(skill.summary), colour=COLOUR)


def star_embeds(catalog: Catalog, star: Star) -> list[discord.Embed]:
    title = star.name + (" · Mega-Star" if star.mega_star else "")
    price = gp(catalog.star_cost(star))
    if star.pair is not None:
        partners = ", ".join(p.name for p in catalog.partners(star))
        price = _(
            "{price} for the pair ({pair}: hired together with {partners})",
            price=price,
            pair=star.pair,
            partners=partners,
        )
    body = [
        *fields(_("Skills and traits"), _skill_lines(catalog, star.skills)),
        *fields(star.special_rule.name, _(star.special_rule.summary)),
    ]
    rule = star.plays_for
    if rule.any_team and rule.except_leagues:
        plays = _("Any team except {leagues}", leagues=_join(rule.except_leagues))
    elif rule.any_team:
        plays = _("Any team")
    else:
        plays = _join([*rule.leagues, *rule.special_rules])
    rosters = [t.name for t in rosters_for_star(catalog, star)]
    body += fields(_("Plays for"), f"{plays}\n" + _("Rosters: {rosters}", rosters=_join(rosters)))
    return pack_embeds(
        title, body, description=f"{price}\n{star.profile_text}\n{_join(star.keywords)}", colour=COLOUR
    )


def inducement_embeds(catalog: Catalog, inducement: Inducement) -> list[discord.Embed]:
    if inducement.cost is None:
        if inducement.id == "star_player":
            price = _("priced per player (see /rules star)")
        else:
            price = _("price varies")
        if inducement.price_rule is not None:
            price = _(
                "the position's cost + {surcharge} (+{skill} for one Primary skill)",
                surcharge=gp(inducement.price_rule.surcharge),
                skill=gp(inducement.price_rule.optional_primary_skill),
            )
    else:
        price = gp(inducement.cost)
    limit = f"0-{inducement.max}" if inducement.max else _("no limit")
    body: list[Field] = []
    who = inducement.only_for
    if not who.anyone:
        body += fields(_("Only for"), _join([*who.special_rules, *who.leagues, *who.teams]))
    cheaper = [
        _("{cost} for {who}", cost=gp(r.cost), who=r.special_rule or r.team) for r in inducement.reduced_cost
    ]
    cheaper += [_("0-{most} for {who}", most=m.max, who=m.special_rule) for m in inducement.increased_max]
    if cheaper:
        body += fields(_("Special prices and limits"), _join(cheaper))
    if inducement.notes:
        body += fields(_("Notes"), _(inducement.notes))
    return pack_embeds(
        inducement.name, body, description=f"{limit} · {price}\n{_(inducement.summary)}", colour=COLOUR
    )


# --- tables -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    key: str
    title: str
    lines: Callable[[Catalog], list[str]]


def roll_table_lines(table: RollTable) -> list[str]:
    return [f"**{entry.range_text}** {entry.name}: {_(entry.summary)}" for entry in table.entries]


def _expensive_mistakes(catalog: Catalog) -> list[str]:
    table = catalog.expensive_mistakes
    names = {o.id: o.name for o in table.outcomes}
    lines = [
        _(
            "Rolled ({dice}) after a league game if the treasury holds {threshold}+.",
            dice=table.dice.upper(),
            threshold=gp(table.threshold),
        )
    ]
    for band in table.bands:
        label = span(k(band.min), None if band.max is None else k(band.max))
        cells = " · ".join(f"{span(c.min, c.max)} {names[c.outcome]}" for c in band.entries)
        lines.append(f"**{label}**: {cells}")
    lines += [f"**{o.name}**: {_(o.summary)}" for o in table.outcomes]
    return lines


def _advancement(catalog: Catalog) -> list[str]:
    table = catalog.advancement
    lines = [
        _(
            "**{advancement} {title}**: random primary {random} · primary {primary} · secondary "
            "{secondary} · characteristic {characteristic} SPP",
            advancement=c.advancement,
            title=c.title,
            random=c.random_primary,
            primary=c.chosen_primary,
            secondary=c.chosen_secondary,
            characteristic=c.characteristic,
        )
        for c in table.spp_costs
    ]
    value = table.value_increase
    increases = " · ".join(f"{name.upper()} +{k(amount)}" for name, amount in value.characteristic.items())
    lines.append(
        _(
            "**Value increase**: primary skill +{primary} · secondary skill +{secondary} · {increases} · "
            "Elite skill +{elite} more",
            primary=k(value.primary_skill),
            secondary=k(value.secondary_skill),
            increases=increases,
            elite=k(value.elite_skill_extra),
        )
    )
    lines += [
        _("**D8 {range}** characteristic: {summary}", range=span(e.min, e.max), summary=_(e.summary))
        for e in table.characteristic_improvement.entries
    ]
    return lines


def _match_events(catalog: Catalog) -> list[str]:
    events = catalog.match_events
    lines = [
        _(
            "{dice} at the start of each team turn; an event on a {fires}. Then D8 (active coach) x D6 "
            "(other coach). At most {most} per half, none in extra time.",
            dice=events.trigger.dice.upper(),
            fires=events.trigger.fires_on["min"],
            most=events.limits.max_per_half,
        )
    ]
    for event in sorted(events.entries, key=lambda e: (e.d8_min, e.d6)):
        lines.append(
            f"**D8 {span(event.d8_min, event.d8_max)} · D6 {event.d6}** {event.name}: {_(event.summary)}"
        )
    return lines


def _referee(catalog: Catalog) -> list[str]:
    referees = catalog.referees
    lines = [
        _("**{range} squares**: {summary}", range=span(row.min, row.max), summary=_(row.summary))
        for row in referees.send_off.entries
    ]
    for referee in referees.referees:
        special = referee.special_rule
        rule = f"{special.name}: {_(special.summary)}" if special else ""
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
        TableView(
            "advancement", _("Advancement, characteristic improvement and value increase"), _advancement
        ),
        TableView("match_events", _("Match Events (optional)"), _match_events),
        TableView("referee", _("Referee send-off by distance (optional)"), _referee),
    ]
    views += [_sequence_view(rs) for rs in rulesets(catalog).values() if rs.reference() is not None]
    views += [
        TableView(
            f"skills_{c.lower()}",
            _("Random {category} skills", category=CATEGORY_NAMES[c]),
            _random_skills(c),
        )
        for c in sorted(catalog.random_skill_tables)
    ]

    def roll_lines(table: RollTable) -> Callable[[Catalog], list[str]]:
        return lambda _catalog: [_("Roll {dice}.", dice=table.dice.upper()), *roll_table_lines(table)]

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
