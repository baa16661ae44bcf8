"""Tournament rosters (seed 000, Matched Play Guide: Writing your roster, Inducements, Skill Points, Stars).

A coach drafts under the league drafting rules (rules/roster/team_building.py: position limits, costs, staff)
with the event's Team Draft Budget instead of 1,000,000 gp; may buy Dedicated Fans up to 6 at 10,000 gp each
and any Inducement the event allows, permanently on the roster; gold not spent is lost. The team's tier
(the catalogue's `Team.tier`) gives Skill Points and limits (`TierTable`, overridable by the rulespack):
a primary skill costs 1 point, a secondary 2 (at most the tier's number of secondaries), at most one added
skill per player, none for stars, and added skills do not raise value. Star players (who must play for the
team, rules/roster/eligibility.py) only once the roster has 11 players, each gold plus 2 points (a pair is one
choice for 2 points and two roster places; a Mega-star 4 points, at most one); at most 2 stars in all and
at most the tier's number. Mercenary Players are inducements too ("All Inducements ... are allowed"):
players of the team's roster at their cost + 30,000 gp with Loner (4+), at most three, counted in the
position limits and the 16; a Mercenary's one added skill is a Primary bought for 50,000 gp, not with
Skill Points.

A stunty event (seed 000, Stunty Tournament) allows only the rosters of data/<edition>/tournament.json's
`stunty` list, each with only its listed positions (`stunty_refusals`).

`check_roster` takes plain inputs and returns what was spent and every refusal, each naming its rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.catalog import Catalog
from bot.catalog.models import DraftingRules, Inducement, Position, Team
from bot.errors import RuleViolation
from bot.i18n import N_, _, ngettext
from bot.rules.match import inducements
from bot.rules.roster.eligibility import plays_for
from bot.rules.roster.stars import StarUnit, star_units
from bot.rules.roster.team_building import Staffing, check_hire, check_staff, draft_cost
from bot.rules.tournament.tournament_inducements import EventInducement, as_inducement
from bot.text import gp

# check_roster's refusal of a roster still being drafted begins with this (its {needs}, in every language).
NEEDS_MORE_PLAYERS = N_("A new team needs at least")
MANDATORY_STAR = N_(
    "This event requires every roster to have at least one star player (a pair counts as one)."
)
# Bought star by star and mercenary by player elsewhere: not a roster inducement by id.
NOT_ROSTER_INDUCEMENTS = frozenset({inducements.STAR_LIMIT_ID, inducements.MERCENARY_ID})


@dataclass(frozen=True)
class TierAllowance:
    """What a team of one tier gets: Skill Points, and the most secondary skills and star players."""

    skill_points: int
    max_secondary: int
    max_stars: int

    def __post_init__(self) -> None:
        if min(self.skill_points, self.max_secondary, self.max_stars) < 0:
            raise ValueError("tier allowances are never negative")


@dataclass(frozen=True)
class TierTable:
    """The event's tier table: seed 000's three tiers, plus tier 4 (in the BB2025 catalogue) as tier 3 unless
    the organiser sets it. `override` returns a copy with some rows changed."""

    rows: Mapping[int, TierAllowance]

    def allowance(self, tier: int) -> TierAllowance:
        row = self.rows.get(tier)
        if row is None:
            tiers = ", ".join(str(t) for t in sorted(self.rows))
            raise RuleViolation(
                _("This event has no row for tier {tier}; it sets tiers {tiers}.", tier=tier, tiers=tiers)
            )
        return row

    def override(self, changes: Mapping[int, TierAllowance]) -> TierTable:
        return TierTable({**self.rows, **changes})


def seed_tiers(catalog: Catalog) -> TierTable:
    """The tier table of data/<edition>/tournament.json (seed 000's, tier 4 as tier 3)."""
    return TierTable(
        {
            r.tier: TierAllowance(r.skill_points, r.max_secondary, r.max_stars)
            for r in catalog.tournament.tiers
        }
    )


@dataclass(frozen=True)
class DraftedPlayer:
    """A player drafted for the event: his position and the skills added with Skill Points (at most one);
    a Mercenary's one skill is bought with gold instead (`mercenary_price`)."""

    position_id: str
    skills: tuple[str, ...] = ()
    mercenary: bool = False


@dataclass(frozen=True)
class DraftedStar:
    """A star player (or a pair, by the pair's or a member's name); stars may never be given skills."""

    name: str
    skills: tuple[str, ...] = ()


@dataclass(frozen=True)
class TournamentRoster:
    """A proposed tournament roster in plain values (what a coach submits)."""

    team_id: str
    league: str
    alignment: str | None = None
    players: tuple[DraftedPlayer, ...] = ()
    stars: tuple[DraftedStar, ...] = ()
    staff: Staffing = field(default_factory=Staffing)
    dedicated_fans: int = 1
    inducements: tuple[tuple[str, int], ...] = ()  # (inducement id, how many)


@dataclass(frozen=True)
class RosterRules:
    """The rulespack's roster options: a stunty event; a star player on every roster, and whether
    a star still needs 11 players first (seed 000, Mandatory Star Players)."""

    stunty: bool = False
    mandatory_star: bool = False
    star_needs_eleven: bool = True


@dataclass(frozen=True)
class RosterCheck:
    """What the roster spends and every rule it breaks (empty `refusals`: the roster is legal)."""

    gold_spent: int
    skill_points_spent: int
    gold_lost: int
    refusals: tuple[str, ...]

    @property
    def legal(self) -> bool:
        return not self.refusals


def event_inducements(catalog: Catalog, custom: Sequence[EventInducement] = ()) -> dict[str, Inducement]:
    """The inducements of the listed publications (the catalogue's), plus the custom ones of the event that
    coaches buy (a free one is on every roster already: `free_inducements`)."""
    allowed = {i.id: i for i in catalog.inducements.values() if i.id not in NOT_ROSTER_INDUCEMENTS}
    for item in custom:
        if not item.free:
            allowed[item.id] = as_inducement(catalog, item)
    return allowed


def free_inducements(catalog: Catalog, custom: Sequence[EventInducement]) -> list[Inducement]:
    """The event's custom inducements every roster has for free (seed 000: "allow each coach to add the
    custom Inducement to their Team Draft Roster for free")."""
    return [as_inducement(catalog, item) for item in custom if item.free]


def check_seed_inducement(seed: EventInducement, cost: int | None, limit: int | None) -> None:
    """One of seed 000's examples ("0-1 Dwarven Smith, 100,000 gold pieces") is listed at its own cost and
    limit; an organiser who wants others names his own inducement."""
    if (cost is not None and cost != seed.cost) or (limit is not None and limit != seed.limit):
        raise RuleViolation(
            _(
                "{name} is seed 000's: {line} Give your own inducement another name "
                "to set its cost and limit.",
                name=seed.name,
                line=seed.line(),
            )
        )


def stunty_refusals(catalog: Catalog, team: Team, positions: Sequence[Position]) -> list[str]:
    """Why a roster of these positions may not play in a stunty event (empty: it may)."""
    rules = catalog.tournament.stunty
    allowed = rules.roster(team.id)
    if allowed is None:
        names = ", ".join(sorted(catalog.teams[r.team].name for r in rules.rosters))
        return [
            _(
                "A stunty event takes only stunty teams ({teams}); {team} is not one.",
                teams=names,
                team=team.name,
            )
        ]
    if allowed.only is None:
        return []
    outside = sorted({p.name for p in positions if p.id not in allowed.only})
    if not outside:
        return []
    fielded = ", ".join(p.name for p in team.positions if p.id in allowed.only)
    return [
        _(
            "In a stunty event a {team} team may field only {fielded}; not {outside}.",
            team=team.name,
            fielded=fielded,
            outside=", ".join(outside),
        )
    ]


def check_stunty_team(catalog: Catalog, team: Team) -> None:
    """A stunty event takes only the Stunty Teams (seed 000: "Coaches may only take one of the Stunty
    Teams"), refused when the team is registered, before any player is hired."""
    refusals = stunty_refusals(catalog, team, ())
    if refusals:
        raise RuleViolation(refusals[0])


def _star_unit(catalog: Catalog, name: str) -> StarUnit | None:
    wanted = name.strip().lower()
    for unit in star_units(catalog):
        if unit.name.lower() == wanted or wanted in (m.lower() for m in unit.members):
            return unit
    return None


def _skill_points(
    catalog: Catalog, position: Position, skill_name: str, refusals: list[str]
) -> tuple[int, bool] | None:
    """Points for one added skill and whether it is secondary; None (with a refusal) when not allowed."""
    skill = catalog.skill(skill_name)
    if skill is None:
        refusals.append(_("There is no skill {skill}.", skill=repr(skill_name)))
        return None
    if skill.name in position.skills:
        refusals.append(_("A {position} already has {skill}.", position=position.name, skill=skill.name))
        return None
    clash = catalog.skill_exclusions.get(skill.name, frozenset()) & set(position.skills)
    if clash:
        refusals.append(
            _(
                "A {position} cannot have {skill} with {skills}.",
                position=position.name,
                skill=skill.name,
                skills=", ".join(sorted(clash)),
            )
        )
        return None
    needs = catalog.skill_requirements.get(skill.name)
    if needs is not None and needs not in position.skills:
        refusals.append(_("{skill} is only for players with {needs}.", skill=skill.name, needs=needs))
        return None
    if skill.category in position.primary:
        return catalog.tournament.roster.primary_points, False
    if skill.category in position.secondary:
        return catalog.tournament.roster.secondary_points, True
    refusals.append(
        _(
            "{skill} is not in a {position}'s skill categories ({categories}): "
            "a player may only take a Primary or Secondary skill.",
            skill=skill.name,
            position=position.name,
            categories=position.categories_text,
        )
    )
    return None


@dataclass
class _Tally:
    """What a roster spends so far, and every rule it breaks, in the order the check finds them."""

    gold: int = 0
    points: int = 0
    refusals: list[str] = field(default_factory=list)
    skill_points: int = 0  # of `points`, what the players' skills cost
    star_points: list[tuple[str, int]] = field(default_factory=list)  # (star or pair, its points)
    unknown_stars: int = 0  # stars named that the catalogue does not have

    def spending(self) -> str:
        """Where the Skill Points went: `skills 3, Morg 'n' Thorg 4`."""
        parts = [_("skills {points}", points=self.skill_points)] if self.skill_points else []
        return ", ".join(parts + [f"{name} {points}" for name, points in self.star_points])


def check_roster(
    catalog: Catalog,
    roster: TournamentRoster,
    budget: int,
    tiers: TierTable | None = None,
    allowed_inducements: Mapping[str, Inducement] | None = None,
    tier: int | None = None,
    options: RosterRules = RosterRules(),
) -> RosterCheck:
    """Check a proposed tournament roster against seed 000 and the league drafting rules (and the event's
    roster options: a stunty event's rosters, a mandatory star)."""
    team: Team | None = catalog.teams.get(roster.team_id)
    if team is None:
        raise RuleViolation(_("There is no team roster {roster}.", roster=repr(roster.team_id)))
    tally = _Tally()
    if roster.league not in team.leagues:
        tally.refusals.append(
            _("{team} teams play in: {leagues}.", team=team.name, leagues=", ".join(team.leagues))
        )
    tier = team.tier if tier is None else tier  # the rulespack may move a roster to another tier
    allowance = (tiers or seed_tiers(catalog)).allowance(tier)
    hired = _players(catalog, team, roster, options, tally)
    _staff_and_fans(catalog, team, roster, [position for _player, position in hired], tally)
    allowed = event_inducements(catalog) if allowed_inducements is None else allowed_inducements
    _inducements(team, roster, allowed, tally)
    _skills(catalog, [(p, pos) for p, pos in hired if not p.mercenary], allowance, tier, tally)
    _mercenaries(catalog, team, roster, [(p, pos) for p, pos in hired if p.mercenary], tally)
    stars = _stars(catalog, team, roster, len(hired), allowance, tier, options, tally)
    _eleven(catalog, len(hired), stars, options, tally)
    if tally.points > allowance.skill_points:
        tally.refusals.append(
            ngettext(
                "A tier {tier} team has {n} Skill Point; this roster spends {spent} ({spending}).",
                "A tier {tier} team has {n} Skill Points; this roster spends {spent} ({spending}).",
                allowance.skill_points,
                tier=tier,
                spent=tally.points,
                spending=tally.spending(),
            )
        )
    if tally.gold > budget:
        tally.refusals.append(
            _(
                "The roster costs {cost}, over the {budget} Team Draft Budget by {over}.",
                cost=gp(tally.gold),
                budget=gp(budget),
                over=gp(tally.gold - budget),
            )
        )
    return RosterCheck(
        gold_spent=tally.gold,
        skill_points_spent=tally.points,
        gold_lost=max(0, budget - tally.gold),
        refusals=tuple(tally.refusals),
    )


def _players(
    catalog: Catalog, team: Team, roster: TournamentRoster, options: RosterRules, tally: _Tally
) -> list[tuple[DraftedPlayer, Position]]:
    """Players, under the league drafting rules (position limits, group limits, 16 players), and a stunty
    event's rosters."""
    rules = catalog.drafting
    positions: list[Position] = []
    hired: list[tuple[DraftedPlayer, Position]] = []
    for player in roster.players:
        try:
            position = check_hire(team, player.position_id, positions, rules)
        except RuleViolation as refusal:
            tally.refusals.append(str(refusal))
            continue
        positions.append(position)
        hired.append((player, position))
    if options.stunty:
        tally.refusals.extend(stunty_refusals(catalog, team, positions))
    return hired


def _eleven(
    catalog: Catalog, players: int, stars: Sequence[StarUnit], options: RosterRules, tally: _Tally
) -> None:
    """At least 11 players. Where the organiser lifts "11 players before a Star Player", the stars count
    toward the 11, a pair as two (seed 000: "so long as all rosters still have at least 11 players")."""
    least = catalog.drafting.min_players_at_draft
    if options.star_needs_eleven:
        if players < least:
            tally.refusals.append(
                _(
                    "{needs} {least} players; you have {players}.",
                    needs=_(NEEDS_MORE_PLAYERS),
                    least=least,
                    players=players,
                )
            )
        return
    places = players + sum(unit.size for unit in stars)
    if places < least:
        tally.refusals.append(
            _(
                "{needs} {least} players, star players included (a pair as two); you have {players}.",
                needs=_(NEEDS_MORE_PLAYERS),
                least=least,
                players=places,
            )
        )


def _staff_and_fans(
    catalog: Catalog, team: Team, roster: TournamentRoster, positions: Sequence[Position], tally: _Tally
) -> None:
    """The players, re-rolls and sideline staff at the league prices; Dedicated Fans up to 6, at 10,000 gp
    each above the free first."""
    rules = catalog.drafting
    numbers = catalog.tournament.roster
    start = rules.dedicated_fans.start
    staff = replace(roster.staff, dedicated_fans=start)  # fans are bought at the tournament's price below
    try:
        check_staff(team, staff, rules, drafting=True)
    except RuleViolation as refusal:
        tally.refusals.append(str(refusal))
    tally.gold += draft_cost(team, positions, staff, rules)
    tally.refusals += fans_refusals(catalog, roster.dedicated_fans)
    tally.gold += max(0, roster.dedicated_fans - start) * numbers.fan_cost


def fans_refusals(catalog: Catalog, fans: int) -> list[str]:
    """Dedicated Fans on a tournament roster: the free first, and up to 6 at 10,000 gp each above it."""
    numbers = catalog.tournament.roster
    start = catalog.drafting.dedicated_fans.start
    if start <= fans <= numbers.max_fans:
        return []
    return [
        _(
            "A tournament team may have {start}-{most} Dedicated Fans, each above {start} at {cost}.",
            start=start,
            most=numbers.max_fans,
            cost=gp(numbers.fan_cost),
        )
    ]


def check_fans(catalog: Catalog, fans: int) -> None:
    """The Dedicated Fans a coach buys for the event (/roster fans), refused as the roster check words it."""
    refused = fans_refusals(catalog, fans)
    if refused:
        raise RuleViolation(refused[0])


def _inducements(
    team: Team, roster: TournamentRoster, allowed: Mapping[str, Inducement], tally: _Tally
) -> None:
    """Inducements the event allows, permanently on the roster."""
    special = (
        team.special_rules_with(roster.league, roster.alignment) if roster.league in team.leagues else ()
    )
    for key, count in roster.inducements:
        inducement = allowed.get(key)
        if inducement is None:
            tally.refusals.append(
                _("{inducement} is not an inducement this event allows.", inducement=repr(key))
            )
            continue
        try:
            inducements.check_allowed(inducement, team, roster.league, roster.alignment)
            most = inducements.limit(inducement, special)
            if not 1 <= count <= most:
                raise RuleViolation(
                    _("A team may have 1-{most} {inducement}.", most=most, inducement=inducement.name)
                )
            tally.gold += count * inducements.price(inducement, team, special)
        except RuleViolation as refusal:
            tally.refusals.append(str(refusal))


def _skills(
    catalog: Catalog,
    hired: Sequence[tuple[DraftedPlayer, Position]],
    allowance: TierAllowance,
    tier: int,
    tally: _Tally,
) -> None:
    """Skill Points: primary 1, secondary 2 (within the tier's limit), one added skill per player."""
    secondaries = 0
    for player, position in hired:
        if len(player.skills) > 1:
            tally.refusals.append(
                _(
                    "Each player can only be given a single additional skill; a {position} has {count}.",
                    position=position.name,
                    count=len(player.skills),
                )
            )
        for skill_name in player.skills:
            cost = _skill_points(catalog, position, skill_name, tally.refusals)
            if cost is not None:
                tally.points += cost[0]
                tally.skill_points += cost[0]
                secondaries += cost[1]
    if secondaries > allowance.max_secondary:
        tally.refusals.append(
            ngettext(
                "A tier {tier} team may have at most {n} secondary skill; you have {count}.",
                "A tier {tier} team may have at most {n} secondary skills; you have {count}.",
                allowance.max_secondary,
                tier=tier,
                count=secondaries,
            )
        )


def mercenary_price(catalog: Catalog, position: Position, skill: str | None = None) -> int:
    """A Mercenary Player's price (BB2025, Inducements): his position's cost + 30,000 gp, and + 50,000 gp for
    his one optional Primary skill."""
    rule = catalog.inducements[inducements.MERCENARY_ID].price_rule
    assert rule is not None  # the catalogue prices mercenaries by rule
    return position.cost + rule.surcharge + (rule.optional_primary_skill if skill else 0)


def check_mercenary_skill(catalog: Catalog, position: Position, skill_name: str) -> str:
    """A Mercenary "may be given one additional Primary skill selected from those available to a player of
    that position": the skill's name, or why not."""
    refusals: list[str] = []
    cost = _skill_points(catalog, position, skill_name, refusals)
    if refusals:
        raise RuleViolation(refusals[0])
    skill = catalog.skill(skill_name)
    assert skill is not None and cost is not None
    if cost[1]:
        raise RuleViolation(
            _(
                "A Mercenary may only be given a Primary skill; {skill} is Secondary for him.",
                skill=skill.name,
            )
        )
    return skill.name


def _mercenaries(
    catalog: Catalog,
    team: Team,
    roster: TournamentRoster,
    hired: Sequence[tuple[DraftedPlayer, Position]],
    tally: _Tally,
) -> None:
    """Mercenary Players (seed 000: "All Inducements ... are allowed"; BB2025's Mercenaries): each at his
    price, at most the inducement's limit, one Primary skill each at most; they count toward the position
    limits and the 16 players like any player (`_players`)."""
    if not hired:
        return
    mercenary = catalog.inducements[inducements.MERCENARY_ID]
    special = (
        team.special_rules_with(roster.league, roster.alignment) if roster.league in team.leagues else ()
    )
    most = inducements.limit(mercenary, special)
    if len(hired) > most:
        tally.refusals.append(
            ngettext(
                "A team may have at most {n} Mercenary Player; you have {count}.",
                "A team may have at most {n} Mercenary Players; you have {count}.",
                most,
                count=len(hired),
            )
        )
    for player, position in hired:
        skill = player.skills[0] if player.skills else None
        if len(player.skills) > 1:
            tally.refusals.append(
                _(
                    "A Mercenary may be given one Primary skill; a {position} has more.",
                    position=position.name,
                )
            )
        if skill is not None:
            try:
                check_mercenary_skill(catalog, position, skill)
            except RuleViolation as refusal:
                tally.refusals.append(str(refusal))
        tally.gold += mercenary_price(catalog, position, skill) - position.cost  # the position: `draft_cost`


def star_points(catalog: Catalog, unit: StarUnit) -> int:
    """The Skill Points a star (or a pair) costs: 2, a Mega-star 4."""
    numbers = catalog.tournament.roster
    mega = any(catalog.stars[m].mega_star for m in unit.members)
    return numbers.mega_star_points if mega else numbers.star_points


def _star_units(catalog: Catalog, team: Team, roster: TournamentRoster, tally: _Tally) -> list[StarUnit]:
    """The roster's stars that exist, once each, without skills, and play for the team."""
    units: list[StarUnit] = []
    for drafted in roster.stars:
        unit = _star_unit(catalog, drafted.name)
        if unit is None:
            tally.refusals.append(_("There is no star player {star}.", star=repr(drafted.name)))
            tally.unknown_stars += 1
            continue
        if drafted.skills:
            tally.refusals.append(
                _("Star players cannot be given additional skills ({star}).", star=unit.name)
            )
        if unit in units:
            tally.refusals.append(_("{star} is on the roster once already.", star=unit.name))
            continue
        members = [catalog.stars[m] for m in unit.members]
        if roster.league in team.leagues and not all(
            plays_for(star, team, roster.league, roster.alignment) for star in members
        ):
            tally.refusals.append(
                _(
                    "{star} does not play for {team} teams in the {league}.",
                    star=unit.name,
                    team=team.name,
                    league=roster.league,
                )
            )
        units.append(unit)
        points = star_points(catalog, unit)
        tally.points += points
        tally.star_points.append((unit.name, points))
        tally.gold += unit.cost
    return units


def _stars(
    catalog: Catalog,
    team: Team,
    roster: TournamentRoster,
    players: int,
    allowance: TierAllowance,
    tier: int,
    options: RosterRules,
    tally: _Tally,
) -> list[StarUnit]:
    """Star players: 11 players first; gold plus 2 points (a Mega-star 4); at most 2 (and the tier's
    limit), one Mega-star; a pair takes two roster places."""
    rules = catalog.drafting
    numbers = catalog.tournament.roster
    units = _star_units(catalog, team, roster, tally)
    refusals = tally.refusals
    if options.mandatory_star and not units and not tally.unknown_stars:
        refusals.append(_(MANDATORY_STAR))
    if units and options.star_needs_eleven and players < rules.min_players_at_draft:
        refusals.append(
            _(
                "A team must include at least {least} players before adding any star players.",
                least=rules.min_players_at_draft,
            )
        )
    most_stars = min(numbers.max_stars, allowance.max_stars)
    if len(units) > most_stars:
        refusals.append(
            ngettext(
                "A tier {tier} team may have at most {n} star player (a pair counts as one); "
                "you have {count}.",
                "A tier {tier} team may have at most {n} star players (a pair counts as one); "
                "you have {count}.",
                most_stars,
                tier=tier,
                count=len(units),
            )
        )
    megas = sum(any(catalog.stars[m].mega_star for m in u.members) for u in units)
    if megas > numbers.max_mega_stars:
        refusals.append(_("A team may only ever have a single Mega-star; you have {count}.", count=megas))
    places = players + sum(u.size for u in units)
    if places > rules.max_players:
        refusals.append(
            _(
                "A team may never have more than {most} players, star players included "
                "(a pair takes two places); you have {count}.",
                most=rules.max_players,
                count=places,
            )
        )
    return units


def staff_apart_from_fans(
    current: Staffing, new: Staffing, rules: DraftingRules
) -> tuple[Staffing, Staffing, Staffing]:
    """Seed 000 prices Dedicated Fans apart (up to 6, at 10,000 gp each above the first): a change of staff
    keeps the team's fans, and the league staff rules price the rest as for a team with the free first fan.
    The staff to set, and the staff before and after as priced."""
    kept = replace(new, dedicated_fans=current.dedicated_fans)
    start = rules.dedicated_fans.start
    return kept, replace(current, dedicated_fans=start), replace(kept, dedicated_fans=start)


def tiers_text(tiers: TierTable) -> list[str]:
    """One line per tier, for the rulespack."""
    return [
        _(
            "Tier {tier}: {points}, {secondaries}, {stars}",
            tier=tier,
            points=ngettext("{n} Skill Point", "{n} Skill Points", row.skill_points),
            secondaries=ngettext(
                "at most {n} secondary skill", "at most {n} secondary skills", row.max_secondary
            ),
            stars=ngettext("at most {n} star player", "at most {n} star players", row.max_stars),
        )
        for tier, row in sorted(tiers.rows.items())
    ]
