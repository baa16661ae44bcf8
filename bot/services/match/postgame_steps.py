"""The writing side of a post-game (services/match/postgame.py runs the sequence): what a fixture's
post-game writes for one team, each row tied to the fixture and the actor, and the lines it says. What the
ruleset decided (winnings, lasting fans), Star Player Points and the MVP, the reported injuries and Getting
Even. The lines are worded in the current language: the sequence runs inside its league's language."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from bot import i18n
from bot.catalog.models import split_skill_reference
from bot.i18n import _
from bot.rules.dice import DieRoll
from bot.rules.league.redraft import getting_even, hatred_options
from bot.rules.league.star_drafts import contract_injury
from bot.rules.match.match_result import PlayerLine, Side, SideReport
from bot.rules.match.postgame import award_mvps, spp_earned
from bot.rules.rulesets.policy import SideOutcome
from bot.services.dice_logging import log_dice
from bot.services.roster.team_lookup import roster_of
from bot.services.runtime import Actor, Runtime
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow, TeamRow


@dataclass(frozen=True)
class Post:
    """A fixture's post-game being written: the transaction, the runtime, who acts, the fixture and the
    language of its league (what the post-game says is kept and shown in the league's channel). Every row it
    writes is tied to the fixture and the actor."""

    conn: Connection
    rt: Runtime
    actor: Actor
    fx: Fixture
    language: str

    @property
    def now(self) -> datetime:
        return self.rt.clock.now()

    def pay(self, team: TeamRow, amount: int, cause: str) -> None:
        team_store.change_treasury(
            self.conn, team, amount, cause, actor_id=self.actor.user_id, now=self.now, fixture_id=self.fx.id
        )

    def leave(self, team: TeamRow, player_id: int, reason: str) -> None:
        postgame_store.set_status(
            self.conn,
            team,
            player_id,
            "left",
            fixture_id=self.fx.id,
            actor_id=self.actor.user_id,
            now=self.now,
            reason=reason,
        )

    def add_spp(
        self, team: TeamRow, player_id: int, points: int, kind: Literal["spp", "mvp"], detail: dict[str, Any]
    ) -> None:
        postgame_store.add_spp(
            self.conn,
            team,
            player_id,
            points,
            kind,
            fixture_id=self.fx.id,
            actor_id=self.actor.user_id,
            now=self.now,
            detail=detail,
        )

    def add_spp_to_many(self, team: TeamRow, awards: list[tuple[int, int, dict[str, Any]]]) -> None:
        postgame_store.add_spp_to_many(
            self.conn, team, awards, "spp", fixture_id=self.fx.id, actor_id=self.actor.user_id, now=self.now
        )

    def log(self, rolls: list[DieRoll], team: TeamRow) -> None:
        with i18n.using(self.language):
            purpose = _("{match} post-game, {team}", match=self.fx.label, team=team.name)
        log_dice(self.conn, self.rt, self.actor, rolls, purpose=purpose, fixture_id=self.fx.id)


@dataclass
class SideState:
    """One team's part of a post-game while it is being worked out."""

    side: Side
    team: TeamRow
    fans_after: int
    stars: frozenset[int] = frozenset()  # star players under contract: no SPP, never MVP (seed 004)
    mercenaries: frozenset[int] = frozenset()  # an event roster's Mercenaries: no SPP, never MVP either

    @property
    def unpaid(self) -> frozenset[int]:
        """Who earns no SPP and is never the MVP."""
        return self.stars | self.mercenaries

    lines: list[str] = field(default_factory=list)
    rolls: list[DieRoll] = field(default_factory=list)
    earned: int = 0


def without(rolled: DieRoll, said: str) -> str:
    """A roll shown after a line that already says what it is for: 'D6 3', not 'MVP: D6 3'."""
    return rolled.shown if rolled.purpose.lower().startswith(said) else str(rolled)


def write_outcome(post: Post, side: SideState, outcome: SideOutcome) -> None:
    """What the ruleset decided for one team: its lines and dice, the winnings paid into its treasury and its
    lasting fans after the game."""
    side.lines += outcome.lines
    side.rolls += outcome.rolls
    side.earned = outcome.winnings
    if outcome.winnings:
        post.pay(side.team, outcome.winnings, _("winnings: {match}", match=post.fx.label))
    before = side.team.dedicated_fans
    if outcome.fans_after is not None:
        side.fans_after = outcome.fans_after
    if side.fans_after != before:
        postgame_store.set_fans(
            post.conn,
            side.team,
            before=before,
            after=side.fans_after,
            cause=_("post-game: {match}", match=post.fx.label),
            fixture_id=post.fx.id,
            actor_id=post.actor.user_id,
            now=post.now,
        )


def give_mvps(
    post: Post,
    side: SideState,
    count: int,
    nominees: list[int],
    squad: list[PlayerRow],
    max_nominees: int | None = None,
) -> None:
    """The MVP (or two): rolled among the nominees, or at random among the players who could play
    (`max_nominees`: the ruleset's, seed 001's by default)."""
    rules = post.rt.catalog.postgame
    names = {p.id: f"#{p.number} {p.name}" for p in squad}
    awards = award_mvps(
        nominees,
        [(p.id, p.miss_next_game) for p in squad],
        side.unpaid,
        count,
        post.rt.dice,
        max_nominees or rules.mvp_nominees,
    )
    for award in awards:
        side.rolls += award.rolls
        post.add_spp(side.team, award.player_id, rules.spp["mvp"], "mvp", {"nominated": award.nominated})
        side.lines.append(award.line(names.get(award.player_id, str(award.player_id)), rules.spp["mvp"]))


def award_spp(post: Post, side: SideState, data: SideReport) -> None:
    """Star Player Points for what each player did (a contracted star or a Mercenary earns none)."""
    team = side.team
    special = roster_of(post.rt.catalog, team).special_rules_with(team.regional_league, team.alignment)
    values = post.rt.catalog.postgame.spp_values(special)
    earned: list[tuple[int, int, dict[str, Any]]] = []
    for line in data.players:
        if line.player_id in side.unpaid:
            continue  # star players (and Mercenaries) earn no Star Player Points
        points = spp_earned(line, values)
        if points:
            earned.append((line.player_id, points, {"events": line.summary}))
            side.lines.append(
                _(
                    "#{number} {player}: +{points} SPP ({events})",
                    number=line.number,
                    player=line.name,
                    points=points,
                    events=line.summary,
                )
            )
    post.add_spp_to_many(team, earned)  # written together: two statements for the team, not two a player


def hated_keywords(conn: Connection, rt: Runtime, team: TeamRow, player_id: int) -> list[str]:
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


def roll_getting_even(post: Post, side: SideState, opponent: TeamRow, line: PlayerLine) -> None:
    """A player who must miss the next game after this casualty may come to hate his tormentors (4+)."""
    rules = post.rt.catalog.season_end.getting_even
    who = f"#{line.number} {line.name}"
    check = getting_even(post.rt.dice, rules, who)
    side.rolls.append(check.roll)
    if not check.passed:
        side.lines.append(_("{player}: Getting Even {roll}", player=who, roll=check.shown))
        return
    hated = hated_keywords(post.conn, post.rt, side.team, line.player_id)
    options = hatred_options(roster_of(post.rt.catalog, opponent), rules, hated)
    if not options:
        side.lines.append(
            _(
                "{player}: Getting Even {roll}, but he hates every keyword they have already",
                player=who,
                roll=check.shown,
            )
        )
        return
    trait_store.add_pending(
        post.conn,
        guild_id=post.fx.guild_id,
        team_id=side.team.id,
        player_id=line.player_id,
        fixture_id=post.fx.id,
        trait="Hatred",
        options=options,
        now=post.now,
    )
    side.lines.append(
        _(
            "{player}: Getting Even {roll}: gains Hatred of one of {keywords}; the coach picks it with "
            "/team hatred",
            player=who,
            roll=check.shown,
            keywords=", ".join(options),
        )
    )


def apply_injuries(
    post: Post, side: SideState, data: SideReport, badly_hurt: bool, opponent: TeamRow, getting_even: bool
) -> None:
    """The reported casualties (`badly_hurt`: each counts as Badly Hurt, as in a friendly of a ruleset that
    says so). A player who must miss the next game after a Seriously Hurt, Serious Injury or Lasting Injury
    rolls for Getting Even (not in a tournament, nor where the ruleset has none: `getting_even` False)."""
    for line in data.players:
        if line.injury is None:
            continue
        injury = "badly_hurt" if badly_hurt else line.injury
        star = line.player_id in side.stars
        if star:  # a contracted star's Serious Injury, Lasting Injury or Dead counts as Seriously Hurt
            injury = contract_injury(injury)
        postgame_store.injure(
            post.conn,
            side.team,
            line.player_id,
            injury,
            characteristic=line.lasting_characteristic,
            fixture_id=post.fx.id,
            actor_id=post.actor.user_id,
            now=post.now,
        )
        reduced = line.lasting_characteristic if injury == "lasting_injury" else None
        said = f"#{line.number} {line.name}: {injury.replace('_', ' ')}"  # a Casualty table result
        if reduced:
            said = _("{injury} ({characteristic} reduced)", injury=said, characteristic=reduced.upper())
        if star and injury != line.injury:
            said = _("{injury} (a star under contract: never worse than Seriously Hurt)", injury=said)
        side.lines.append(said)
        if getting_even and injury in post.rt.catalog.season_end.getting_even.injuries and not star:
            roll_getting_even(post, side, opponent, line)
