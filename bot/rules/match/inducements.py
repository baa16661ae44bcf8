"""Inducements and petty cash (seed 001, Pre-game Sequence: Inducements).

The team with the higher CTV (journeymen included) may first spend gold from its treasury on inducements.
The other team then gets petty cash equal to the CTV difference plus what the first team spent, and may add
up to 50,000 from its treasury; petty cash not spent is lost. With equal CTVs neither team spends treasury.
Each inducement has a 0-N limit (some raised for a special rule), a price (some reduced for a special rule or
a team), and may be for some teams only; a star player only for teams he plays for, a pair together.
Seed example: 1,240,000 v 1,160,000; the favourite spends 50,000; the underdog adds 10,000: 140,000.

A purchase is decided here (`check_turn`, then `order`): whose turn it is, what the item is (an inducement,
a star player or a pair, a mercenary), whether this team may have it and how many, and what it costs. The
service loads the team and writes the purchase.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from bot.catalog import Catalog
from bot.catalog.models import Inducement, Star, Team
from bot.catalog.search import normalise
from bot.errors import Conflict, NotFound, RuleViolation
from bot.i18n import _, ngettext
from bot.rules.match.journeymen import FIELDABLE
from bot.rules.match.match_result import Side
from bot.rules.roster.eligibility import may_buy, plays_for
from bot.text import gp

STAR_LIMIT_ID = "star_player"
MERCENARY_ID = "mercenary_player"

Stage = Literal["favourite", "underdog", "closed"]
ItemKind = Literal["inducement", "star", "mercenary"]


@dataclass(frozen=True)
class Budget:
    """What a team may spend on inducements: petty cash first, then up to `treasury` from its treasury."""

    petty_cash: int
    treasury: int


def budgets(ctv_self: int, ctv_other: int, *, treasury: int, favourite_spent: int, top_up_max: int) -> Budget:
    """The budget of one team, from both CTVs and what the favourite already spent."""
    if ctv_self > ctv_other:
        return Budget(petty_cash=0, treasury=treasury)  # the favourite: its treasury, nothing more
    if ctv_self == ctv_other:
        return Budget(petty_cash=0, treasury=0)  # the teams are even
    return Budget(petty_cash=ctv_other - ctv_self + favourite_spent, treasury=min(top_up_max, treasury))


@dataclass(frozen=True)
class Payment:
    from_petty_cash: int
    from_treasury: int


def pay(cost: int, budget: Budget, *, petty_spent: int, treasury_spent: int) -> Payment:
    """Petty cash first, then the treasury allowance. Refuses what the budget cannot cover."""
    petty_left = budget.petty_cash - petty_spent
    treasury_left = budget.treasury - treasury_spent
    from_petty = min(cost, petty_left)
    from_treasury = cost - from_petty
    if from_treasury > treasury_left:
        raise RuleViolation(
            _(
                "That costs {cost}; you have {petty} of petty cash and may spend {treasury} from the "
                "treasury.",
                cost=gp(cost),
                petty=gp(petty_left),
                treasury=gp(treasury_left),
            )
        )
    return Payment(from_petty, from_treasury)


def price(inducement: Inducement, roster: Team, special_rules: tuple[str, ...]) -> int:
    """The inducement's price for this team (the lowest that applies)."""
    if inducement.cost is None:
        raise RuleViolation(
            _("{inducement} is priced per player: pick the player.", inducement=inducement.name)
        )
    cheaper = [
        r.cost
        for r in inducement.reduced_cost
        if (r.special_rule and r.special_rule in special_rules) or (r.team and r.team == roster.name)
    ]
    return min([inducement.cost, *cheaper])


def limit(inducement: Inducement, special_rules: tuple[str, ...]) -> int:
    raised = [m.max for m in inducement.increased_max if m.special_rule in special_rules]
    base = inducement.max if inducement.max is not None else 99
    return max([base, *raised])


def check_allowed(inducement: Inducement, roster: Team, league: str, alignment: str | None) -> None:
    if inducement.requires_apothecary and not roster.apothecary:
        raise RuleViolation(
            _("{inducement} is only for teams that may hire an Apothecary.", inducement=inducement.name)
        )
    if not may_buy(inducement.only_for, roster, league, alignment):
        who = ", ".join(
            [*inducement.only_for.special_rules, *inducement.only_for.leagues, *inducement.only_for.teams]
        )
        raise RuleViolation(_("{inducement} is only for: {who}.", inducement=inducement.name, who=who))


def check_pregame_inducements(tournament: bool, petty_cash: bool) -> None:
    """A league's game buys inducements before it; a tournament's teams bring theirs on the roster (seed 000,
    building a roster: "Star Players; Inducements"), and buy before a game only where the rulespack gives
    petty cash (its injuries or advancement)."""
    if tournament and not petty_cash:
        raise RuleViolation(
            _(
                "A tournament's inducements are part of each roster (seed 000); petty cash before a game "
                "comes only with the rulespack's injuries or advancement."
            )
        )


def check_ready(team_name: str, able: int) -> None:
    """Inducements are bought with both teams' CTVs fixed, journeymen included: a team short of players
    first takes them on."""
    if able < FIELDABLE:
        raise RuleViolation(
            ngettext(
                "{team} has {n} players able to play: its coach first takes on journeymen with /match "
                "prepare (they count in CTV).",
                "{team} has {n} players able to play: its coach first takes on journeymen with /match "
                "prepare (they count in CTV).",
                able,
                team=team_name,
            )
        )


def opening(
    home_ctv: int, away_ctv: int, level_first: Side | None, *, favourite_buys: bool = True
) -> tuple[Side | None, Stage]:
    """Who is the favourite when a fixture's inducements open, and whose turn it is: the higher CTV buys
    first; with equal values nobody buys (the phase is closed), unless the ruleset says who starts. Where
    the favourite spends nothing (seed 000: "only the lower CTV gets the difference", as petty cash), the
    underdog's turn comes at once."""
    favourite: Side | None = "home" if home_ctv > away_ctv else "away" if away_ctv > home_ctv else level_first
    if favourite is None:
        return None, "closed"
    return favourite, "favourite" if favourite_buys else "underdog"


def whose_turn(stage: Stage, favourite: Side | None) -> Side | None:
    """The favourite buys first, then the underdog; nobody once closed or with equal CTVs."""
    if stage == "closed" or favourite is None:
        return None
    if stage == "favourite":
        return favourite
    return "away" if favourite == "home" else "home"


def check_turn(stage: Stage, favourite: Side | None, side: Side) -> None:
    """Refuse a purchase by a side whose turn it is not."""
    if favourite is None:
        raise RuleViolation(
            _("The CTVs are equal: the teams are even, and neither may spend treasury on inducements.")
        )
    waiting_for = whose_turn(stage, favourite)
    if waiting_for != side:
        if waiting_for is None:
            raise Conflict(_("Inducements are closed for this fixture."))
        raise RuleViolation(
            _(
                "The team with the higher CTV buys first; it is the other coach's turn "
                "(/match induce-done ends a turn)."
            )
        )


class Bought(Protocol):
    """One purchase a team already made for this fixture."""

    @property
    def inducement(self) -> str: ...

    @property
    def star(self) -> str | None: ...

    @property
    def count(self) -> int: ...


@dataclass(frozen=True)
class Buyer:
    """The team that buys: its roster and draft choices, what it bought for this fixture, and (needed for
    star players and mercenaries only) the position id and journeyman flag of each player able to play."""

    name: str
    roster: Team
    league: str
    alignment: str | None
    bought: Sequence[Bought]
    able: Sequence[tuple[str, bool]] = ()

    @property
    def special_rules(self) -> tuple[str, ...]:
        return self.roster.special_rules_with(self.league, self.alignment)

    def owned(self, *inducement_ids: str) -> int:
        return sum(p.count for p in self.bought if p.inducement in inducement_ids)


@dataclass(frozen=True)
class Order:
    """What a purchase buys: the inducement id, its label (the star, pair or mercenary's position for those),
    how many units it counts as against the limits, and its total cost."""

    inducement: str
    label: str
    units: int
    cost: int

    @property
    def player(self) -> str | None:
        """The star, pair or mercenary position recorded with the purchase."""
        return self.label if self.inducement in (STAR_LIMIT_ID, MERCENARY_ID) else None


Inducements = Mapping[str, Inducement]  # the inducements a league's ruleset offers, by id


def find_inducement(inducements: Inducements, key: str) -> Inducement | None:
    """An inducement of the list by id or name (any case)."""
    wanted = normalise(key)
    return inducements.get(key) or next(
        (i for i in inducements.values() if normalise(i.name) == wanted), None
    )


def item_kind(catalog: Catalog, item: str, inducements: Inducements | None = None) -> ItemKind:
    """`mercenary:<position id>`, `star:<star or pair>` (or any name that is not an inducement), or an
    inducement's id or name."""
    if item.startswith("mercenary:"):
        return "mercenary"
    known = catalog.inducement(item) or (
        find_inducement(inducements, item) if inducements is not None else None
    )
    if item.startswith("star:") or known is None:
        return "star"
    return "inducement"


def find_star(catalog: Catalog, name: str) -> Star:
    """A star player by name, or the first member of a pair by the pair's name."""
    key = name.removeprefix("star:")
    star = catalog.star(key)
    if star is not None:
        return star
    pair = next((p for p in catalog.pairs.values() if p.name.lower() == key.lower()), None)
    if pair is None:
        raise NotFound(_("No star player called {name}.", name=name[:40]))
    return catalog.stars[pair.members[0]]


def order(
    catalog: Catalog,
    buyer: Buyer,
    item: str,
    count: int,
    *,
    signed: Collection[str] = (),
    inducements: Inducements | None = None,
) -> Order:
    """Decide a purchase of `count` of `item` (a star or pair is always one purchase) or refuse it.

    `signed` are the star players under contract in the league this season (seed 004): none of them, nor
    their partners, can be induced. `buyer.able` must be given for star players and mercenaries.
    `inducements` is the league's list (its ruleset's; BB2025's catalogue list by default)."""
    offered: Inducements = inducements if inducements is not None else catalog.inducements
    kind = item_kind(catalog, item, offered)
    if kind == "mercenary":
        return _mercenary(catalog, buyer, item.removeprefix("mercenary:"), count, offered)
    if kind == "star":
        return _star(catalog, buyer, find_star(catalog, item), signed, offered)
    found = find_inducement(offered, item)
    if found is None:
        names = ", ".join(i.name for i in offered.values())
        raise NotFound(
            _(
                "{item} is not an inducement of this league; it has: {inducements}.",
                item=item[:40],
                inducements=names,
            )
        )
    if found.price_rule is not None or found.id == STAR_LIMIT_ID:
        raise RuleViolation(
            _(
                "{inducement}: pick the player (star players are in the list by name; "
                "mercenaries are not supported yet).",
                inducement=found.name,
            )
        )
    check_allowed(found, buyer.roster, buyer.league, buyer.alignment)
    owned = buyer.owned(found.id)
    most = limit(found, buyer.special_rules)
    if owned + count > most:
        raise RuleViolation(
            _(
                "{inducement} is 0-{most}; {team} has {owned}.",
                inducement=found.name,
                most=most,
                team=buyer.name,
                owned=owned,
            )
        )
    return Order(found.id, found.name, count, price(found, buyer.roster, buyer.special_rules) * count)


def _star(catalog: Catalog, buyer: Buyer, star: Star, signed: Collection[str], offered: Inducements) -> Order:
    """A star player plays for the team's league or rules, is not under contract, is hired once (a pair
    together, as two star players), within the star player limit and 16 players able to play."""
    if not plays_for(star, buyer.roster, buyer.league, buyer.alignment):
        raise RuleViolation(_("{star} does not play for {team}.", star=star.name, team=buyer.name))
    names = [star.name, *(p.name for p in catalog.partners(star))]
    label = star.pair or star.name
    if set(names) & set(signed):
        raise RuleViolation(
            _("{star} is under contract to a team this season (/stars unsigned).", star=label)
        )
    if any(p.star == label for p in buyer.bought):
        raise Conflict(_("{team} already has {star}.", team=buyer.name, star=label))
    stars_now = buyer.owned(STAR_LIMIT_ID)
    most = limit(offered[STAR_LIMIT_ID], buyer.special_rules)
    if stars_now + len(names) > most:
        raise RuleViolation(
            _("At most {most} star players; {team} has {owned}.", most=most, team=buyer.name, owned=stars_now)
        )
    if len(buyer.able) + stars_now + len(names) > catalog.drafting.max_players:
        raise RuleViolation(
            _(
                "Star players cannot take the team past {most} players able to play.",
                most=catalog.drafting.max_players,
            )
        )
    return Order(STAR_LIMIT_ID, label, len(names), catalog.star_cost(star))


def _mercenary(catalog: Catalog, buyer: Buyer, position_id: str, count: int, offered: Inducements) -> Order:
    """Mercenaries: a player of a roster position at its cost + 30,000, with Loner (4+), for this game only;
    at most 3, within the position's limit (players missing the game do not count) and 16 able to play."""
    rule = offered[MERCENARY_ID]
    assert rule.price_rule is not None
    position = buyer.roster.position(position_id)
    if position is None:
        raise NotFound(
            _("{roster} teams have no such player type for a mercenary.", roster=buyer.roster.name)
        )
    hired = buyer.owned(rule.id)
    most = limit(rule, buyer.special_rules)
    if hired + count > most:
        raise RuleViolation(
            _("At most {most} mercenaries; {team} has {owned}.", most=most, team=buyer.name, owned=hired)
        )
    same = sum(1 for pid, journeyman in buyer.able if pid == position.id and not journeyman)
    same += sum(p.count for p in buyer.bought if p.inducement == rule.id and p.star == position.name)
    if same + count > position.max:
        raise RuleViolation(
            _(
                "{roster} teams may have 0-{most} {position}, mercenaries included.",
                roster=buyer.roster.name,
                most=position.max,
                position=position.name,
            )
        )
    if len(buyer.able) + buyer.owned(rule.id, STAR_LIMIT_ID) + count > catalog.drafting.max_players:
        raise RuleViolation(
            _(
                "Mercenaries cannot take the team past {most} players able to play.",
                most=catalog.drafting.max_players,
            )
        )
    return Order(rule.id, position.name, count, (position.cost + rule.price_rule.surcharge) * count)
