"""The post-game sequence (seed 001) run by the bot for both teams of a confirmed fixture.

On confirmation, in the same transaction as the confirmation itself: record the outcome and collect
winnings (fan factors rolled if the pre-game did not), update dedicated fans, award Star Player Points and
roll the MVP, apply the injuries reported. Each team then finishes its post-game (its coach, or a
commissioner): expensive mistakes are rolled and players who missed this game recover. Every die is
logged against the fixture; every change is a row tied to the fixture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.catalog.models import split_skill_reference
from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.rules.dice import RecordingDice
from bot.rules.league.league_settings import RulesetId
from bot.rules.league.redraft import getting_even, hatred_options
from bot.rules.league.star_drafts import contract_injury
from bot.rules.match.match_result import Outcome, PlayerLine, ResultReport, Side, SideReport
from bot.rules.match.postgame import (
    DieRoll,
    conceding_fans,
    expensive_mistake,
    fan_factor,
    missed_players_recover,
    pick_mvp,
    quits_after_concession,
    roll,
    spp_earned,
    update_dedicated_fans,
    winnings,
    winnings_after_opponent_conceded,
)
from bot.rules.rulesets import Ruleset, ruleset
from bot.rules.rulesets.classic import (
    fan_factor_change,
    fans_and_fame,
    fans_record,
    may_reroll_winnings,
    roll_winnings,
)
from bot.rules.rulesets.classic import winnings as classic_winnings
from bot.services.dice_logging import log_dice
from bot.services.inputs import an_id
from bot.services.league import playoffs
from bot.services.match import postgame_order
from bot.services.roster.advancement import unfinished_advancements
from bot.services.roster.team_lookup import STAR_PREFIX, roster_of
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import event_of_fixture
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import pregame as pregame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.postgame import TeamPostgame
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp, plural

OTHER: dict[Side, Side] = {"home": "away", "away": "home"}
SIDES: tuple[Side, Side] = ("home", "away")


@dataclass(frozen=True)
class TeamSummary:
    team_id: int
    team_name: str
    coach_id: int
    lines: tuple[str, ...]
    finished: bool
    reroll_offered: bool = False  # classic: the winner may still re-roll the winnings die


@dataclass(frozen=True)
class FinishedPostgame:
    """A finished post-game and its fixture, both read in the transaction that finished it."""

    fixture: Fixture
    summary: TeamSummary


class _Rolls:
    """Dice for one post-game: rolls through the runtime's dice and keeps each DieRoll to log and show."""

    def __init__(self, rt: Runtime) -> None:
        self.dice = RecordingDice(rt.dice)
        self.rolls: list[DieRoll] = []

    def keep(self, *rolls: DieRoll | None) -> None:
        self.rolls += [r for r in rolls if r is not None]


def _log_rolls(
    conn: Connection,
    actor: Actor,
    fx: Fixture,
    rolls: list[DieRoll],
    rt: Runtime,
    team: TeamRow | None = None,
) -> None:
    prefix = f"{fx.label} post-game" + (f", {team.name}" if team else "")
    log_dice(conn, rt, actor, rolls, purpose=prefix, fixture_id=fx.id)


@dataclass
class _Side:
    """One team's part of a post-game while it is being worked out."""

    side: Side
    team: TeamRow
    outcome: Outcome
    rolls: _Rolls
    lines: list[str]
    fans_after: int
    earned: int = 0
    stars: frozenset[int] = frozenset()  # star players under contract: no SPP, never MVP (seed 004)


def _without(rolled: DieRoll, said: str) -> str:
    """A roll shown after a line that already says what it is for: 'D6 3', not 'MVP: D6 3'."""
    return rolled.shown if rolled.purpose.lower().startswith(said) else str(rolled)


def _collect_winnings(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, side: _Side, amount: int, why: str
) -> None:
    side.earned = amount
    side.lines.append(f"Winnings {gp(amount)} ({why})" if amount else f"No winnings: {why}")
    if amount:
        team_store.change_treasury(
            conn,
            side.team,
            amount,
            f"winnings: {fx.label}",
            actor_id=actor.user_id,
            now=rt.clock.now(),
            fixture_id=fx.id,
        )


def _update_fans(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, side: _Side, *, penalty: bool = False
) -> None:
    fan_rule = rt.catalog.drafting.dedicated_fans
    before = side.team.dedicated_fans
    if penalty:
        side.fans_after, lost = conceding_fans(before, side.rolls.dice, rt.catalog.postgame, fan_rule)
        side.rolls.keep(lost)
        rolled = f" ({lost})"
    else:
        side.fans_after, check = update_dedicated_fans(before, side.outcome, side.rolls.dice, fan_rule)
        side.rolls.keep(check)
        rolled = f" ({check.shown})" if check is not None else ""
    if side.fans_after != before:
        postgame_store.set_fans(
            conn,
            side.team,
            before=before,
            after=side.fans_after,
            cause=f"post-game: {fx.label}",
            fixture_id=fx.id,
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
    change = f"{before} → {side.fans_after}" if side.fans_after != before else f"{before}, unchanged"
    side.lines.append(f"Dedicated fans {change}{rolled}")


def _award_mvps(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    side: _Side,
    count: int,
    nominees: list[int],
    squad: list[PlayerRow],
    max_nominees: int | None = None,
) -> None:
    """The MVP (or two): rolled among the nominees, or at random among the players who could play
    (`max_nominees`: the ruleset's, BB2025's by default)."""
    rules = rt.catalog.postgame
    nominees = [n for n in nominees if n not in side.stars]
    eligible = nominees or [p.id for p in squad if not p.miss_next_game and p.id not in side.stars]
    names = {p.id: f"#{p.number} {p.name}" for p in squad}
    picked: list[int] = []
    for award in range(count):
        pool = [p for p in eligible if p not in picked] or eligible  # a second MVP goes to another player
        if not pool:
            return
        mvp, mvp_rolls = pick_mvp(
            pool,
            side.rolls.dice,
            max_nominees or rules.mvp_nominees,
            "MVP" + (" (second award)" if award else ""),
        )
        side.rolls.keep(*mvp_rolls)
        picked.append(mvp)
        postgame_store.add_spp(
            conn,
            side.team,
            mvp,
            rules.spp["mvp"],
            "mvp",
            fixture_id=fx.id,
            actor_id=actor.user_id,
            now=rt.clock.now(),
            detail={"nominated": bool(nominees)},
        )
        how = "nominated" if nominees else "no nominations: random among those who could play"
        if not mvp_rolls:
            how = "the only nominee" if nominees else "the only one who could play"
        faces = ", ".join(str(r.total) for r in mvp_rolls)
        shown = f"{mvp_rolls[0].dice.upper()} {faces}; " if mvp_rolls else ""
        side.lines.append(f"MVP {names.get(mvp, mvp)} +{rules.spp['mvp']} SPP ({shown}{how})")


def _award_spp(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    side: _Side,
    data: SideReport,
    special: tuple[str, ...],
) -> None:
    values = rt.catalog.postgame.spp_values(special)
    for line in data.players:
        if line.player_id in side.stars:
            continue  # star players earn no Star Player Points
        points = spp_earned(line, values)
        if points:
            postgame_store.add_spp(
                conn,
                side.team,
                line.player_id,
                points,
                "spp",
                fixture_id=fx.id,
                actor_id=actor.user_id,
                now=rt.clock.now(),
                detail={"events": line.summary},
            )
            side.lines.append(f"#{line.number} {line.name}: +{points} SPP ({line.summary})")


def _hated(conn: Connection, rt: Runtime, team: TeamRow, player_id: int) -> list[str]:
    """The keywords a player hates already: his profile's Hatred (X) and the Hatred he gained."""
    player = team_store.player(conn, team, player_id)
    position = roster_of(rt.catalog, team).position(player.position) if player else None
    inherent = [
        parameter
        for skill in (position.skills if position else ())
        for name, parameter in [split_skill_reference(skill)]
        if name == "Hatred" and parameter
    ]
    gained = [
        t.parameter for t in trait_store.of_team(conn, team.guild_id, team.id) if t.player_id == player_id
    ]
    return inherent + [g for g in gained if g]


def _getting_even(
    conn: Connection, rt: Runtime, fx: Fixture, side: _Side, opponent: TeamRow, line: PlayerLine
) -> None:
    """A player who must miss the next game after this casualty may come to hate his tormentors (4+)."""
    rules = rt.catalog.season_end.getting_even
    check = getting_even(side.rolls.dice, rules, f"#{line.number} {line.name}")
    side.rolls.keep(check.roll)
    if not check.passed:
        side.lines.append(f"#{line.number} {line.name}: Getting Even {check.shown}")
        return
    options = hatred_options(
        roster_of(rt.catalog, opponent), rules, _hated(conn, rt, side.team, line.player_id)
    )
    if not options:
        side.lines.append(
            f"#{line.number} {line.name}: Getting Even {check.shown}, but he hates every keyword they have "
            "already"
        )
        return
    trait_store.add_pending(
        conn,
        guild_id=fx.guild_id,
        team_id=side.team.id,
        player_id=line.player_id,
        fixture_id=fx.id,
        trait="Hatred",
        options=options,
        now=rt.clock.now(),
    )
    side.lines.append(
        f"#{line.number} {line.name}: Getting Even {check.shown}: gains Hatred of one of "
        f"{', '.join(options)}; the coach picks it with /team hatred"
    )


def _apply_injuries(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    side: _Side,
    data: SideReport,
    friendly: bool,
    opponent: TeamRow,
    getting_even: bool = True,
) -> None:
    """In a friendly every casualty counts as Badly Hurt. In league play a player who must miss the next
    game after a Seriously Hurt, Serious Injury or Lasting Injury rolls for Getting Even (not in a
    tournament: `getting_even` False)."""
    for line in data.players:
        if line.injury is None:
            continue
        injury = "badly_hurt" if friendly else line.injury
        star = line.player_id in side.stars
        if star:  # a contracted star's Serious Injury, Lasting Injury or Dead counts as Seriously Hurt
            injury = contract_injury(injury)
        postgame_store.injure(
            conn,
            side.team,
            line.player_id,
            injury,
            characteristic=line.lasting_characteristic,
            fixture_id=fx.id,
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
        reduced = line.lasting_characteristic if injury == "lasting_injury" else None
        side.lines.append(
            f"#{line.number} {line.name}: {injury.replace('_', ' ')}"
            + (f" ({reduced.upper()} reduced)" if reduced else "")
            + (
                " (a star under contract: never worse than Seriously Hurt)"
                if star and injury != line.injury
                else ""
            )
        )
        if getting_even and injury in rt.catalog.season_end.getting_even.injuries and not star:
            _getting_even(conn, rt, fx, side, opponent, line)


def apply_confirmed(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport
) -> list[TeamSummary]:
    """The post-game sequence of the league's ruleset for both teams, in the confirming transaction. Called
    by services/confirmation.py, the one path by which a result becomes final."""
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    rs = ruleset(rt.catalog, league.settings.ruleset)
    return _SEQUENCES[rs.id](conn, rt, actor, fx, report, rs)


def _record(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    state: _Side,
    missed: list[int],
    absent: list[int],
    *,
    fan_factor: int | None = None,
    winnings_die: int | None = None,
    reroll_offered: bool = False,
) -> TeamSummary:
    """One team's post-game, worked out: who recovers at Finish (`missed`; after a friendly `absent`
    players stay out), the record with its summary, and its dice logged. Every sequence ends here."""
    if missed:
        state.lines.append(
            f"{plural(len(missed), 'player')} who missed this game recover when the post-game is finished"
        )
    elif absent:
        state.lines.append(
            f"A friendly does not count: {plural(len(absent), 'player')} still out for the next game"
        )
    team = state.team
    postgame_store.insert(
        conn,
        team,
        fixture_id=fx.id,
        fan_factor=fan_factor,
        winnings=state.earned,
        fans_before=team.dedicated_fans,
        fans_after=state.fans_after,
        missed_player_ids=missed,
        summary=state.lines,
        now=rt.clock.now(),
        winnings_die=winnings_die,
        winnings_reroll="offered" if reroll_offered else None,
    )
    _log_rolls(conn, actor, fx, state.rolls.rolls, rt, team)
    return TeamSummary(team.id, team.name, team.coach_id, tuple(state.lines), False, reroll_offered)


def _sides(conn: Connection, rt: Runtime, fx: Fixture, report: ResultReport) -> dict[Side, _Side]:
    """Both teams of a confirmed fixture, as the post-game works them out (contracted stars marked)."""
    sides: dict[Side, _Side] = {}
    for side, team_id, outcome in zip(
        SIDES, (fx.home_team_id, fx.away_team_id), report.outcomes, strict=True
    ):
        team = team_store.get(conn, fx.guild_id, team_id)
        assert team is not None
        stars = frozenset(p.id for p in team_store.players(conn, team) if p.star_contract is not None)
        sides[side] = _Side(side, team, outcome, _Rolls(rt), [], team.dedicated_fans, stars=stars)
    return sides


def _apply_bb2025(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport, rs: Ruleset
) -> list[TeamSummary]:
    """Steps 1-3 and 5 of seed 001's post-game sequence for both teams (friendlies: injuries only, as Badly
    Hurt; fixtures settled unplayed at the deadline: as seed 001, League Fixtures, says)."""
    friendly = fx.kind == "friendly"
    rules = rt.catalog.postgame
    now = rt.clock.now()
    sides = _sides(conn, rt, fx, report)
    factors: dict[Side, int] = {}
    if not friendly and report.unplayed is None:
        for side, state in sides.items():
            factors[side], fair = fan_factor(state.team.dedicated_fans, state.rolls.dice, rules)
            state.rolls.keep(fair)
            state.lines.append(f"Fan Factor {factors[side]} ({state.team.dedicated_fans} dedicated + {fair})")
    attendance = sum(factors.values())
    summaries = []
    for side, state in sides.items():
        team, data = state.team, report.side(side)
        special = roster_of(rt.catalog, team).special_rules_with(team.regional_league, team.alignment)
        squad = team_store.players(conn, team)
        absent = [p.id for p in squad if p.miss_next_game]
        missed = absent if missed_players_recover(friendly) else []
        conceded = report.conceded_by == side and report.concession_penalty
        opponent_conceded = report.conceded_by == OTHER[side] and report.concession_penalty
        if friendly:
            pass
        elif report.unplayed == "forfeit":
            _collect_winnings(
                conn, rt, actor, fx, state, 0, "not played by the deadline: a loss for both teams"
            )
            _update_fans(conn, rt, actor, fx, state)
            state.lines.append("No MVP: not played")
        elif report.unplayed == "conceded" and report.conceded_by == side:
            _collect_winnings(conn, rt, actor, fx, state, 0, "conceded before the deadline (without penalty)")
            _update_fans(conn, rt, actor, fx, state)
        elif report.unplayed == "conceded":
            unplayed = rules.unplayed_concession_winnings
            paid = roll(state.rolls.dice, unplayed.dice, "winnings for the conceded fixture")
            state.rolls.keep(paid)
            _collect_winnings(
                conn,
                rt,
                actor,
                fx,
                state,
                paid.total * unplayed.multiplier,
                f"opponent conceded before the deadline: {paid} x {gp(unplayed.multiplier)}",
            )
            _update_fans(conn, rt, actor, fx, state)
            _award_mvps(conn, rt, actor, fx, state, 2, [], squad)
        else:
            if conceded:
                _collect_winnings(conn, rt, actor, fx, state, 0, "the team conceded")
            elif opponent_conceded:
                _collect_winnings(
                    conn,
                    rt,
                    actor,
                    fx,
                    state,
                    winnings_after_opponent_conceded(attendance, data.score, rules),
                    f"whole attendance {attendance} + {data.score} TD, opponent conceded",
                )
            else:
                stalled = ", stalling" if data.stalling else " + 1 no stalling"
                _collect_winnings(
                    conn,
                    rt,
                    actor,
                    fx,
                    state,
                    winnings(attendance, data.score, data.stalling, rules),
                    f"attendance {attendance} / 2 + {data.score} TD{stalled}",
                )
            _update_fans(conn, rt, actor, fx, state, penalty=conceded)
            if conceded:
                state.lines.append("No SPP and no MVP: the team conceded")
            else:
                _award_spp(conn, rt, actor, fx, state, data, special)
                nominees = [line.player_id for line in data.players if line.mvp_nomination]
                _award_mvps(conn, rt, actor, fx, state, 2 if opponent_conceded else 1, nominees, squad)
        _apply_injuries(
            conn, rt, actor, fx, state, data, friendly, sides[OTHER[side]].team, getting_even=rs.getting_even
        )
        if conceded and not friendly and rs.concession_penalties:
            for player in squad:  # players with three or more advancements may quit
                quits, check = quits_after_concession(player.advancements, state.rolls.dice, rules)
                state.rolls.keep(check)
                if quits:
                    postgame_store.set_status(
                        conn,
                        team,
                        player.id,
                        "left",
                        fixture_id=fx.id,
                        actor_id=actor.user_id,
                        now=now,
                        reason="quit after the concession",
                    )
                    state.lines.append(f"#{player.number} {player.name} quits in disgust ({check})")
        summaries.append(_record(conn, rt, actor, fx, state, missed, absent, fan_factor=factors.get(side)))
    return summaries  # the after-result hooks run next, in services/confirmation.py


def _classic_fame(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, sides: dict[Side, _Side]
) -> dict[Side, int]:
    """Each team's FAME: from the fans rolled before the game (/match pregame), or rolled now and written as
    that pre-game step, so it is never rolled twice."""
    rule = rt.catalog.classic_season.fans_and_fame
    stored = pregame_store.step(conn, fx.guild_id, fx.id, "fans_and_fame")
    if stored is None:
        rolled = fans_and_fame(
            (sides["home"].team.dedicated_fans, sides["away"].team.dedicated_fans),
            sides["home"].rolls.dice,
            rule,
        )
        result = fans_record(*rolled)
        for side, fans in zip(SIDES, rolled, strict=True):
            sides[side].rolls.keep(*fans.rolls)
        pregame_store.write(
            conn,
            fx.guild_id,
            fx.id,
            "fans_and_fame",
            result,
            actor_id=actor.user_id,
            now=rt.clock.now(),
        )
        stored = pregame_store.step(conn, fx.guild_id, fx.id, "fans_and_fame")
        assert stored is not None
    fame: dict[Side, int] = {}
    for side in SIDES:
        entry = stored.result[side]
        fame[side] = int(entry["fame"])
        sides[side].lines.append(
            f"Fans {int(entry['fans']):,} (Fan Factor {entry['fan_factor']}): FAME {fame[side]:+d}"
        )
    return fame


def _apply_classic(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport, rs: Ruleset
) -> list[TeamSummary]:
    """Seed 003's post-match sequence for both teams: the MVP among the nominated (none in a friendly),
    SPP, winnings (D6 + FAME) x 10,000 (+10,000 for a win or a tie; a D3 in a friendly; none for a team that
    conceded; the winner may re-roll the die once with a button), the Fan Factor roll, and the injuries. A
    deadline settlement (seed 001): a forfeit is a loss for both, unplayed; a concession ahead of the
    deadline a conceded loss, and a win with FAME 0 for the other team."""
    rules = rt.catalog.classic_season
    friendly = fx.kind == "friendly"
    now = rt.clock.now()
    sides = _sides(conn, rt, fx, report)
    played = report.unplayed is None
    fame = _classic_fame(conn, rt, actor, fx, sides) if played else {"home": 0, "away": 0}
    summaries = []
    for side, state in sides.items():
        team, data = state.team, report.side(side)
        squad = team_store.players(conn, team)
        absent = [p.id for p in squad if p.miss_next_game]
        missed = absent if missed_players_recover(friendly) else []
        conceded = report.conceded_by == side
        die: DieRoll | None = None
        if report.unplayed == "forfeit":
            _collect_winnings(
                conn, rt, actor, fx, state, 0, "not played by the deadline: a loss for both teams"
            )
        elif conceded:
            _collect_winnings(conn, rt, actor, fx, state, 0, "a team that concedes gets no winnings")
        else:
            die = roll_winnings(state.rolls.dice, rules.winnings, friendly=friendly)
            state.rolls.keep(die)
            amount = classic_winnings(die.total, fame[side], state.outcome, rules.winnings)
            extra = rules.winnings.win_or_draw_bonus if state.outcome in ("W", "D") else 0
            bonus = f" + {extra:,} for the result" if extra else ""
            _collect_winnings(
                conn,
                rt,
                actor,
                fx,
                state,
                amount,
                f"({die.shown} + FAME {fame[side]}) x {rules.winnings.multiplier:,}{bonus}",
            )
        offer = die is not None and may_reroll_winnings(state.outcome, rules.winnings)
        if offer:
            state.lines.append("The winner may re-roll the winnings die once and must keep the second roll")
        change = fan_factor_change(team.dedicated_fans, state.outcome, state.rolls.dice, rules.fan_factor)
        state.rolls.keep(change.roll)
        state.fans_after = change.after
        if change.after != change.before:
            postgame_store.set_fans(
                conn,
                team,
                before=change.before,
                after=change.after,
                cause=f"post-game: {fx.label}",
                fixture_id=fx.id,
                actor_id=actor.user_id,
                now=now,
            )
        moved = (
            f"{change.before} → {change.after}"
            if change.after != change.before
            else f"{change.before}, unchanged"
        )
        state.lines.append(f"Fan Factor {moved} ({change.roll.shown})")
        if friendly:
            state.lines.append("No MVP and no league points: a friendly")
        elif report.unplayed == "forfeit" or (report.unplayed and conceded):
            state.lines.append("No MVP: not played")
        else:
            if played:
                special = roster_of(rt.catalog, team).special_rules_with(team.regional_league, team.alignment)
                _award_spp(conn, rt, actor, fx, state, data, special)
            nominees = [line.player_id for line in data.players if line.mvp_nomination] if played else []
            _award_mvps(conn, rt, actor, fx, state, 1, nominees, squad, rs.mvp_nominees)
        _apply_injuries(
            conn, rt, actor, fx, state, data, friendly, sides[OTHER[side]].team, getting_even=rs.getting_even
        )
        summaries.append(
            _record(
                conn,
                rt,
                actor,
                fx,
                state,
                missed,
                absent,
                winnings_die=die.total if die is not None else None,
                reroll_offered=offer,
            )
        )
    return summaries


_SEQUENCES: dict[RulesetId, Callable[..., list[TeamSummary]]] = {
    "bb2025": _apply_bb2025,
    "classic": _apply_classic,
}


def _own_postgame(
    conn: Connection, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool, doing: str
) -> tuple[TeamRow, Fixture, TeamPostgame]:
    """A team's post-game that the actor may act on: its coach, or a commissioner."""
    team = team_store.get(conn, actor.guild_id, team_id)
    fx = season_store.fixture(conn, actor.guild_id, fixture_id)
    if team is None or fx is None:
        raise NotFound("That post-game does not exist on this server.")
    if team.coach_id != actor.user_id and not as_commissioner:
        raise NotAllowed(f"Only {team.name}'s coach (or a commissioner) {doing}.")
    record = postgame_store.get(conn, actor.guild_id, fixture_id, team_id)
    if record is None:
        raise NotFound(f"{team.name} has no post-game for fixture #{fixture_id}.")
    return team, fx, record


def _reroll_winnings(
    conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool
) -> FinishedPostgame:
    team, fx, record = _own_postgame(
        conn, actor, fixture_id, team_id, as_commissioner, "re-rolls its winnings"
    )
    if record.winnings_reroll is None:
        raise RuleViolation("Only the winner of a classic league's game may re-roll the winnings die.")
    if record.winnings_reroll != "offered" or record.status != "open":
        raise Conflict(
            f"{team.name}'s winnings re-roll for {fx.label} is gone: it was used, or the post-game finished."
        )
    rules = rt.catalog.classic_season.winnings
    previous = record.winnings
    # the FAME paid with the first die (a winner's winnings are (die + FAME) x 10,000 + 10,000)
    fame = (previous - rules.win_or_draw_bonus) // rules.multiplier - (record.winnings_die or 0)
    rolls = _Rolls(rt)
    die = roll_winnings(rolls.dice, rules, friendly=fx.kind == "friendly", purpose="winnings re-roll")
    rolls.keep(die)
    amount = classic_winnings(die.total, fame, "W", rules)
    difference = amount - previous
    if team.treasury + difference < 0:
        raise RuleViolation(
            "Decide on the re-roll before spending the winnings: the treasury no longer holds them."
        )
    sign = "+" if difference >= 0 else "-"
    line = f"Winnings re-rolled: {die.shown}, kept: {gp(amount)} ({sign}{gp(abs(difference))})"
    summary = [*record.summary, line]
    if not postgame_store.use_winnings_reroll(
        conn, actor.guild_id, record.id, die=die.total, winnings=amount, summary=summary
    ):
        raise Conflict(f"{team.name}'s winnings re-roll is already used.")
    if difference:
        team_store.change_treasury(
            conn,
            team,
            difference,
            f"winnings re-roll: {fx.label}",
            actor_id=actor.user_id,
            now=rt.clock.now(),
            fixture_id=fx.id,
        )
    _log_rolls(conn, actor, fx, rolls.rolls, rt, team)
    return FinishedPostgame(fx, TeamSummary(team.id, team.name, team.coach_id, tuple(summary), False))


async def reroll_winnings(
    rt: Runtime, actor: Actor, fixture_id: int, team_id: int, *, as_commissioner: bool = False
) -> FinishedPostgame:
    """Seed 003: the winner re-rolls the winnings die once and keeps the second result; the difference is one
    treasury row. A second click, the loser, or a finished post-game is refused."""
    an_id(fixture_id, "fixture")
    an_id(team_id, "team")
    return await rt.db.write(_reroll_winnings, rt, actor, fixture_id, team_id, as_commissioner)


def apply_tournament(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    report: ResultReport,
    *,
    injuries: bool,
    advancement: bool,
) -> list[TeamSummary]:
    """A tournament game's part of the post-game (seed 000, Additional rules), for an event that keeps
    injuries or lets players advance: Star Player Points and the MVP as in a league (`advancement`; spent
    with /advance before the post-game is finished), the reported casualties kept (`injuries`: missing the
    next game, lasting injuries, deaths; no Getting Even). No winnings, no fan rolls, no expensive mistakes.
    Each team then finishes its post-game as in a league, and players who missed this game recover."""
    summaries: list[TeamSummary] = []
    teams = {
        side: team_store.get(conn, fx.guild_id, team_id)
        for side, team_id in zip(SIDES, (fx.home_team_id, fx.away_team_id), strict=True)
    }
    for side, outcome in zip(SIDES, report.outcomes, strict=True):
        team, opponent = teams[side], teams[OTHER[side]]
        assert team is not None and opponent is not None
        squad = team_store.players(conn, team)
        stars = frozenset(
            p.id for p in squad if p.star_contract is not None or p.position.startswith(STAR_PREFIX)
        )
        state = _Side(side, team, outcome, _Rolls(rt), [], team.dedicated_fans, stars=stars)
        data = report.side(side)
        missed = [p.id for p in squad if p.miss_next_game]
        if advancement:
            if report.conceded_by == side and report.concession_penalty:
                state.lines.append("No SPP and no MVP: the team conceded")
            elif report.unplayed == "forfeit":
                state.lines.append("No SPP and no MVP: not played")
            else:
                special = roster_of(rt.catalog, team).special_rules_with(team.regional_league, team.alignment)
                _award_spp(conn, rt, actor, fx, state, data, special)
                nominees = [line.player_id for line in data.players if line.mvp_nomination]
                _award_mvps(conn, rt, actor, fx, state, 1, nominees, squad)
        if injuries:
            _apply_injuries(conn, rt, actor, fx, state, data, False, opponent, getting_even=False)
        summaries.append(_record(conn, rt, actor, fx, state, missed, missed))
    return summaries


def _finish(
    conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool
) -> FinishedPostgame:
    team, fx, record = _own_postgame(
        conn, actor, fixture_id, team_id, as_commissioner, "finishes its post-game"
    )
    if record.status == "finished":
        raise Conflict(f"{team.name}'s post-game for {fx.label} is already finished.")
    if not as_commissioner:
        waiting = unfinished_advancements(conn, rt, team)
        hatred = trait_store.of_team(conn, team.guild_id, team.id, ("pending",))
        if hatred:
            numbers = {p.id: p.number for p in team_store.players(conn, team)}
            raise RuleViolation(
                "First choose what "
                + ", ".join(f"#{numbers.get(t.player_id, '?')}" for t in hatred)
                + " now hates (/team hatred): Getting Even gave them Hatred."
            )
        if waiting:
            raise RuleViolation(
                f"First advance (/advance) {', '.join(waiting)}: a player whose SPP reach the price "
                "of a characteristic improvement must advance, and rolled choices must be made."
            )
    now = rt.clock.now()
    lines = list(record.summary)
    rolls = _Rolls(rt)
    tournament = event_of_fixture(conn, fx) is not None
    if fx.kind != "friendly" and not tournament:  # a tournament has no treasury to lose
        # Expensive mistakes, after any hiring.
        current = team_store.get(conn, actor.guild_id, team_id)
        assert current is not None
        mistake = expensive_mistake(current.treasury, rt.catalog.expensive_mistakes, rolls.dice)
        if mistake is None:
            lines.append(
                f"Expensive mistakes: no roll (treasury {gp(current.treasury)} is under "
                f"{gp(rt.catalog.expensive_mistakes.threshold)})"
            )
        else:
            rolls.keep(*mistake.rolls)
            shown = ", ".join(_without(r, "expensive mistakes") for r in mistake.rolls)
            lines.append(
                f"Expensive mistakes: {mistake.outcome.name} ({shown})"
                + (f": lost {gp(mistake.lost)}" if mistake.lost else "")
            )
            if mistake.lost:
                team_store.change_treasury(
                    conn,
                    current,
                    -mistake.lost,
                    f"expensive mistakes: {mistake.outcome.name}",
                    actor_id=actor.user_id,
                    now=now,
                    fixture_id=fx.id,
                )
    # Journeymen who were not hired are lost.
    for journeyman in team_store.journeymen_of(conn, team, fx.id):
        postgame_store.set_status(
            conn,
            team,
            journeyman.id,
            "left",
            fixture_id=fx.id,
            actor_id=actor.user_id,
            now=now,
            reason="journeyman not hired",
        )
        lines.append(f"Journeyman #{journeyman.number} leaves (not hired)")
    # Prepare for the next fixture: players who missed this game recover.
    postgame_store.recover(
        conn, team, list(record.missed_player_ids), fixture_id=fx.id, actor_id=actor.user_id, now=now
    )
    final = team_store.get(conn, actor.guild_id, team_id)
    assert final is not None
    lines.append(f"Post-game finished: treasury {gp(final.treasury)}")
    if not postgame_store.finish(
        conn, actor.guild_id, record.id, summary=lines, actor_id=actor.user_id, now=now
    ):
        raise Conflict(f"{team.name}'s post-game is already finished.")
    _log_rolls(conn, actor, fx, rolls.rolls, rt, team)
    if not tournament:
        playoffs.after_postgame(conn, rt, fx)  # the season may be over: prizes and the League Trophy
    postgame_order.release_held(conn, rt, final, fx)  # what waited for this post-game goes ahead
    return FinishedPostgame(fx, TeamSummary(team.id, team.name, team.coach_id, tuple(lines), True))


async def finish_postgame(
    rt: Runtime, actor: Actor, fixture_id: int, team_id: int, *, as_commissioner: bool = False
) -> FinishedPostgame:
    """Roll expensive mistakes and prepare the team for its next fixture; a second click changes nothing.

    Returns the team's summary with the fixture, both from this one transaction (what the Finish button
    shows needs no second read)."""
    an_id(fixture_id, "fixture")
    an_id(team_id, "team")
    return await rt.db.write(_finish, rt, actor, fixture_id, team_id, as_commissioner)


def open_postgames(conn: Connection, guild_id: int, team: TeamRow) -> list[TeamPostgame]:
    return postgame_store.open_for_team(conn, guild_id, team.id)
