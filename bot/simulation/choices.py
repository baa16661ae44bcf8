"""Random but legal decisions a coach makes: a draft, a match report, which advancement to take.

Only the coaches' choices come from this seeded random source; every die the rules roll still comes from
the bot's Dice, and every choice still goes through the same services (so the services judge legality).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from bot.catalog import Catalog
from bot.catalog.models import Position, Team
from bot.errors import RuleViolation
from bot.rules.match.journeymen import journeyman_positions
from bot.rules.match.match_report import Characteristic, InjuryResult, PlayerEvents, format_team_events
from bot.rules.roster.team_building import check_hire
from bot.services.match.results import SideInput

INJURIES: tuple[tuple[InjuryResult, Characteristic | None, int], ...] = (
    ("badly_hurt", None, 8),
    ("seriously_hurt", None, 2),
    ("serious_injury", None, 2),
    ("lasting_injury", "ma", 1),
    ("lasting_injury", "av", 1),
    ("dead", None, 2),
)  # the injury, its lasting characteristic, and its weight: like a D16 casualty roll


@dataclass(frozen=True)
class DraftPlan:
    roster: Team
    regional_league: str
    alignment: str | None
    hires: list[Position]
    rerolls: int


def draft_plan(catalog: Catalog, rng: random.Random, budget: int, stunty: bool = False) -> DraftPlan:
    """A legal draft: 11-13 players within limits and budget, then re-rolls with what is left (`stunty`:
    a stunty roster fielding only the positions a stunty event allows, seed 000)."""
    if stunty:
        allowed = {r.team: r.only for r in catalog.tournament.stunty.rosters}
        roster = catalog.teams[rng.choice(sorted(allowed))]
        only = allowed[roster.id]
        positions = [p for p in roster.positions if only is None or p.id in only]
    else:
        roster = rng.choice(sorted(catalog.teams.values(), key=lambda t: t.id))
        positions = list(roster.positions)
    league = rng.choice(roster.leagues)
    alignments = roster.alignments_in(league)
    alignment = rng.choice(alignments) if alignments else None
    journeymen = [p for p in journeyman_positions(roster) if p in positions]
    cheapest = min(p.cost for p in journeymen or positions)
    hires: list[Position] = []
    remaining = budget
    wanted = rng.randint(11, 13)
    while len(hires) < wanted:
        missing_after = max(0, 11 - len(hires) - 1)
        options = []
        for position in sorted(positions, key=lambda p: p.id):
            if position.cost + missing_after * cheapest > remaining:
                continue
            try:
                check_hire(roster, position.id, hires, catalog.drafting)
            except RuleViolation:
                continue
            options.append(position)
        if not options:
            break
        choice = rng.choice(options)
        hires.append(choice)
        remaining -= choice.cost
    rerolls = min(rng.randint(1, 3), remaining // roster.reroll_cost)
    return DraftPlan(roster, league, alignment, hires, rerolls)


def _events(
    rng: random.Random, numbers: list[int], touchdowns: int, casualties: int, injuries_suffered: int
) -> dict[int, PlayerEvents]:
    tally: dict[int, Counter[str]] = {n: Counter() for n in numbers}
    for _ in range(touchdowns):
        tally[rng.choice(numbers)]["td"] += 1
    for _ in range(casualties):
        tally[rng.choice(numbers)]["cas"] += 1
    for _ in range(rng.randint(0, 3)):
        tally[rng.choice(numbers)]["comp"] += 1
    if rng.random() < 0.15:
        tally[rng.choice(numbers)]["int"] += 1
    nominees = rng.sample(numbers, k=min(len(numbers), rng.randint(0, 3)))
    injured = rng.sample(numbers, k=min(len(numbers), injuries_suffered))
    events = {}
    for number in numbers:
        counts = tally[number]
        injury: InjuryResult | None = None
        characteristic: Characteristic | None = None
        if number in injured:
            injury, characteristic, _ = rng.choices(INJURIES, weights=[w for *_, w in INJURIES])[0]
        player = PlayerEvents(
            number=number,
            touchdowns=counts["td"],
            casualties=counts["cas"],
            completions=counts["comp"],
            interceptions=counts["int"],
            mvp_nomination=number in nominees,
            injury=injury,
            lasting_characteristic=characteristic,
        )
        if player != PlayerEvents(number=number):
            events[number] = player
    return events


def match_report(
    rng: random.Random, home_numbers: list[int], away_numbers: list[int]
) -> tuple[SideInput, SideInput]:
    """A plausible result: scores, SPP casualties, what players did, injuries each side suffered."""
    scores = [rng.choices(range(5), weights=(3, 5, 4, 2, 1))[0] for _ in range(2)]
    casualties = [rng.choices(range(4), weights=(4, 4, 2, 1))[0] for _ in range(2)]
    sides = []
    for index, numbers in enumerate((home_numbers, away_numbers)):
        other = 1 - index
        events = _events(rng, numbers, scores[index], casualties[index], casualties[other])
        sides.append(
            SideInput(
                scores[index], casualties[index], format_team_events(events), stalling=rng.random() < 0.05
            )
        )
    return sides[0], sides[1]
