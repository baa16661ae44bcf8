"""Buying inducements before a fixture: the favourite from its treasury first, then the underdog with petty
cash (the CTV difference plus what the favourite spent) and up to 50,000 from its treasury. Each purchase is
one transaction; the purchases are recorded on the fixture and end with the match.

The league's ruleset decides the list, each team's budget, who buys first with equal values and any Special
Play cards (bot/rules/rulesets: seed 003's league buys from its own list, both teams from their treasuries,
the lower Team Value with the difference as petty cash too, the home coach first with equal values).

A tournament game (seed 000, with the rulespack's injuries or advancement) uses the same steps with petty
cash only: the lower CTV gets the difference for that game; no treasury on either side, unspent gold lost."""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import Conflict, InvalidInput, NotAllowed, NotFound, RuleViolation
from bot.i18n import _
from bot.rules.match.inducements import (
    MERCENARY_ID,
    STAR_LIMIT_ID,
    Budget,
    Buyer,
    Inducements,
    check_allowed,
    check_pregame_inducements,
    check_ready,
    check_turn,
    item_kind,
    limit,
    opening,
    order,
    pay,
    price,
    whose_turn,
)
from bot.rules.match.match_result import Side
from bot.rules.roster.eligibility import plays_for
from bot.rules.rulesets import Ruleset, ruleset
from bot.rules.rulesets.policy import Cards
from bot.rules.statuses import fixture_status
from bot.rules.tournament.tournament_settings import Rulespack
from bot.services.league.contracts import signed_stars
from bot.services.league.leagues import language_of
from bot.services.match.prepare import MatchSide, match_side
from bot.services.match.results import find_fixture
from bot.services.roster.team_lookup import roster_of
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import event_of_fixture
from bot.store import audit
from bot.store import inducements as inducement_store
from bot.store import leagues as league_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.inducements import Phase, Purchase
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow
from bot.text import gp


@dataclass(frozen=True)
class SideBudget:
    team: TeamRow
    budget: Budget
    petty_spent: int
    treasury_spent: int
    purchases: list[Purchase]

    @property
    def petty_left(self) -> int:
        return self.budget.petty_cash - self.petty_spent

    @property
    def treasury_left(self) -> int:
        return self.budget.treasury - self.treasury_spent


@dataclass(frozen=True)
class InducementState:
    fixture: Fixture
    phase: Phase
    home: SideBudget
    away: SideBudget
    message: str = ""
    # the Special Play cards each coach draws and keeps (home, away), in a ruleset that has them (seed 003)
    special_plays: tuple[Cards, Cards] | None = None

    def side(self, side: Side) -> SideBudget:
        return self.home if side == "home" else self.away

    @property
    def waiting_for(self) -> Side | None:
        """Whose turn it is to buy (None once closed)."""
        return whose_turn(self.phase.stage, self.phase.favourite)


def _tournament(conn: Connection, fx: Fixture) -> Rulespack | None:
    """The rulespack when `fx` is a tournament game (None for a league's)."""
    event = event_of_fixture(conn, fx)
    return event.rulespack if event is not None else None


def _phase(conn: Connection, rt: Runtime, fx: Fixture) -> Phase:
    existing = inducement_store.phase(conn, fx.guild_id, fx.id)
    if existing is not None:
        return existing
    rulespack = _tournament(conn, fx)
    check_pregame_inducements(rulespack is not None, rulespack is not None and rulespack.petty_cash)
    sides: list[MatchSide] = []
    for team_id in (fx.home_team_id, fx.away_team_id):
        team = team_store.get(conn, fx.guild_id, team_id)
        assert team is not None
        side = match_side(conn, rt, fx, team)
        check_ready(team.name, len(side.able))
        sides.append(side)
    home_ctv = sides[0].sheet.current_team_value
    away_ctv = sides[1].sheet.current_team_value
    # in an event (seed 000) only the lower CTV gets the difference, as petty cash: the favourite buys nothing
    favourite, stage = opening(
        home_ctv, away_ctv, _ruleset_of(conn, rt, fx).level_first, favourite_buys=rulespack is None
    )
    inducement_store.open_phase(
        conn,
        fx.guild_id,
        fx.id,
        home_ctv=home_ctv,
        away_ctv=away_ctv,
        favourite=favourite,
        stage=stage,
        now=rt.clock.now(),
    )
    opened = inducement_store.phase(conn, fx.guild_id, fx.id)
    assert opened is not None
    return opened


def _ruleset_of(conn: Connection, rt: Runtime, fx: Fixture) -> Ruleset:
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    return ruleset(rt.catalog, league.settings.ruleset)


def _offered(conn: Connection, rt: Runtime, fx: Fixture) -> Inducements:
    """The inducements the league's ruleset offers."""
    return _ruleset_of(conn, rt, fx).inducements()


def _state(conn: Connection, rt: Runtime, fx: Fixture, message: str = "") -> InducementState:
    phase = _phase(conn, rt, fx)
    bought = inducement_store.purchases(conn, fx.guild_id, fx.id)
    in_tournament = _tournament(conn, fx) is not None  # petty cash only: no treasury on either side
    rs = _ruleset_of(conn, rt, fx)
    result = {}
    for side, team_id, ctv_self, ctv_other in (
        ("home", fx.home_team_id, phase.home_ctv, phase.away_ctv),
        ("away", fx.away_team_id, phase.away_ctv, phase.home_ctv),
    ):
        team = team_store.get(conn, fx.guild_id, team_id)
        assert team is not None
        mine = [p for p in bought if p.team_id == team_id]
        treasury_spent = sum(p.from_treasury for p in mine)
        budget = rs.inducement_budget(
            ctv_self,
            ctv_other,
            treasury=0 if in_tournament else team.treasury + treasury_spent,
            favourite_spent=phase.favourite_spent,
            top_up_max=0 if in_tournament else rt.catalog.underdog_treasury_max,
        )
        result[side] = SideBudget(team, budget, sum(p.from_petty for p in mine), treasury_spent, mine)
    cards = rs.special_plays(
        phase.home_ctv, phase.away_ctv, (result["home"].purchases, result["away"].purchases)
    )
    return InducementState(fx, phase, result["home"], result["away"], message, cards)


def _coach_side(fx: Fixture, actor: Actor) -> Side:
    side = fx.side_of(actor.user_id)
    if side is None:
        raise NotAllowed(_("Only the two coaches of this fixture buy its inducements."))
    return side


def _open_fixture(conn: Connection, actor: Actor, fixture_ref: str) -> Fixture:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    if fx.status != "scheduled":
        raise Conflict(
            _(
                "{match} is {status}: inducements are bought before kick-off.",
                match=fx.label,
                status=fixture_status(fx.status),
            )
        )
    return fx


def _buy(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, item: str, count: int
) -> InducementState:
    fx = _open_fixture(conn, actor, fixture_ref)
    side = _coach_side(fx, actor)
    state = _state(conn, rt, fx)
    check_turn(state.phase.stage, state.phase.favourite, side)
    mine = state.side(side)
    team = mine.team
    offered = _offered(conn, rt, fx)
    kind = item_kind(rt.catalog, item, offered)
    buyer = Buyer(
        team.name,
        roster_of(rt.catalog, team),
        team.regional_league,
        team.alignment,
        mine.purchases,
        # who is able to play counts for players joining the team only
        [(p.position.id, p.row.journeyman) for p in match_side(conn, rt, fx, team).able]
        if kind != "inducement"
        else (),
    )
    signed = signed_stars(conn, fx.guild_id, fx.league_id) if kind == "star" else set()
    bought = order(rt.catalog, buyer, item, count, signed=signed, inducements=offered)
    payment = pay(bought.cost, mine.budget, petty_spent=mine.petty_spent, treasury_spent=mine.treasury_spent)
    now = rt.clock.now()
    language = language_of(conn, fx.guild_id, fx.league_id)  # the ledger's and the channel's
    if payment.from_treasury:
        with i18n.using(language):
            cause = _("inducement: {item} ({match})", item=bought.label, match=fx.label)
        team_store.change_treasury(
            conn, team, -payment.from_treasury, cause, actor_id=actor.user_id, now=now, fixture_id=fx.id
        )
    if side == state.phase.favourite:
        inducement_store.add_favourite_spent(conn, fx.guild_id, fx.id, payment.from_treasury)
    inducement_store.buy(
        conn,
        fx.guild_id,
        fx.id,
        team.id,
        inducement=bought.inducement,
        star=bought.player,
        count=bought.units,
        cost=bought.cost,
        from_petty=payment.from_petty_cash,
        from_treasury=payment.from_treasury,
        actor_id=actor.user_id,
        now=now,
    )
    detail = {"fixture": fx.id, "team": team.name, "item": bought.label, "count": bought.units}
    audit.record_in(conn, fx, actor.user_id, "match.inducement", now, {**detail, "cost": bought.cost})
    times = f" x{count}" if bought.units > 1 and bought.inducement != STAR_LIMIT_ID else ""
    with i18n.using(language):  # the public reply's message
        paid = " + ".join(
            part
            for part in (
                _("{amount} petty cash", amount=gp(payment.from_petty_cash))
                if payment.from_petty_cash
                else "",
                _("{amount} treasury", amount=gp(payment.from_treasury)) if payment.from_treasury else "",
            )
            if part
        )
        message = _(
            "{team} buys {item}{times} for {cost} ({paid}).",
            team=team.name,
            item=bought.label,
            times=times,
            cost=gp(bought.cost),
            paid=paid or _("free"),
        )
    return _state(conn, rt, fx, message)


async def buy_inducement(
    rt: Runtime, actor: Actor, fixture: str, item: str, count: int = 1
) -> InducementState:
    if not 1 <= count <= 10:
        raise InvalidInput(_("Buy 1 to 10 at a time."))
    return await rt.db.write(_buy, rt, actor, fixture, item, count)


def _done(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> InducementState:
    fx = _open_fixture(conn, actor, fixture_ref)
    side = _coach_side(fx, actor)
    state = _state(conn, rt, fx)
    if state.waiting_for != side and state.waiting_for:
        raise Conflict(_("It is not your turn to buy inducements."))
    if state.waiting_for != side:
        raise Conflict(_("Inducements are already closed for this fixture."))
    language = language_of(conn, fx.guild_id, fx.league_id)  # the public reply's message
    if state.phase.stage == "favourite":
        inducement_store.set_stage(conn, fx.guild_id, fx.id, "underdog", expected="favourite")
        with i18n.using(language):
            message = _(
                "{team} is done. The other team now has {amount} of petty cash.",
                team=state.side(side).team.name,
                amount=gp(budgets_for_underdog(state, rt).petty_cash),
            )
    else:
        inducement_store.set_stage(conn, fx.guild_id, fx.id, "closed", expected="underdog")
        with i18n.using(language):
            message = _("Inducements are closed; unspent petty cash is lost.")
    return _state(conn, rt, fx, message)


def budgets_for_underdog(state: InducementState, rt: Runtime) -> Budget:
    underdog: Side = "away" if state.phase.favourite == "home" else "home"
    return state.side(underdog).budget


async def finish_buying(rt: Runtime, actor: Actor, fixture: str) -> InducementState:
    """End your turn: the favourite hands over to the underdog; the underdog closes the inducements."""
    return await rt.db.write(_done, rt, actor, fixture)


def _show(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, as_commissioner: bool
) -> InducementState:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    phase = inducement_store.phase(conn, fx.guild_id, fx.id)
    if phase is None:
        if fx.status != "scheduled":
            raise NotFound(_("{match} had no inducements.", match=fx.label))
        # Looking first opens the phase and fixes both CTVs: only the two coaches or a commissioner may.
        if fx.side_of(actor.user_id) is None and not as_commissioner:
            raise NotAllowed(
                _(
                    "Inducements for {match} are not open yet: one of its two coaches (or a commissioner) "
                    "opens them with /match inducements. Anyone may look once they are open.",
                    match=fx.label,
                )
            )
    return _state(conn, rt, fx)


async def inducement_state(
    rt: Runtime, actor: Actor, fixture: str, *, as_commissioner: bool = False
) -> InducementState:
    """A fixture's inducements; the first look (by a coach of the fixture or a commissioner) opens them."""
    return await rt.db.write(_show, rt, actor, fixture, as_commissioner)


@dataclass(frozen=True)
class ItemChoice:
    value: str
    label: str


def _choices(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> list[ItemChoice]:
    try:
        fx = find_fixture(conn, actor.guild_id, fixture_ref)
        side = _coach_side(fx, actor)
    except (NotFound, NotAllowed):
        return []
    team = team_store.get(conn, actor.guild_id, fx.home_team_id if side == "home" else fx.away_team_id)
    assert team is not None
    roster = roster_of(rt.catalog, team)
    special = roster.special_rules_with(team.regional_league, team.alignment)
    found = []
    offered = _offered(conn, rt, fx)
    for inducement in offered.values():
        if inducement.cost is None or inducement.price_rule is not None:
            continue
        try:
            check_allowed(inducement, roster, team.regional_league, team.alignment)
        except RuleViolation:
            continue
        found.append(
            ItemChoice(
                inducement.id,
                f"{inducement.name} ({gp(price(inducement, roster, special))}, "
                f"0-{limit(inducement, special)})",
            )
        )
    mercenary = offered[MERCENARY_ID]
    if mercenary.price_rule is not None:
        surcharge = mercenary.price_rule.surcharge
        for position in roster.positions:
            found.append(
                ItemChoice(
                    f"mercenary:{position.id}",
                    _(
                        "Mercenary {position} ({cost})",
                        position=position.name,
                        cost=gp(position.cost + surcharge),
                    ),
                )
            )
    seen = set()
    taken = signed_stars(conn, team.guild_id, team.league_id)
    for star in rt.catalog.stars.values():
        key = star.pair or star.name
        if (
            key in seen
            or not plays_for(star, roster, team.regional_league, team.alignment)
            or star.name in taken
        ):
            continue
        seen.add(key)
        found.append(ItemChoice(f"star:{key}", f"★ {key} ({gp(rt.catalog.star_cost(star))})"))
    return found


async def item_choices(rt: Runtime, actor: Actor, fixture: str) -> list[ItemChoice]:
    """What the caller's team may buy for this fixture (for autocomplete)."""
    return await rt.db.read(_choices, rt, actor, fixture)
