"""What a reported result may say: who played and who may be MVP, which games have extra time and a penalty
shoot-out (seed 001's play-offs, seed 000's knock-out games), who plays a friendly and when Secret Objectives
are reported. Pure: the service loads the fixture, its teams and players, and asks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.match.match_result import ResultReport, Side
from bot.rules.statuses import team_status


def check_player_reported(
    team_name: str, number: int, name: str, *, missing: bool, star: bool, mvp_nomination: bool
) -> None:
    """A player in the report played the game: not one who was to miss it (injured last game); and a star
    player is never nominated MVP (seed 004: Star Players cannot "be awarded the MVP award for a game")."""
    if missing:
        raise RuleViolation(
            _(
                "{team} #{number} {player} was missing this game (injured last game).",
                team=team_name,
                number=number,
                player=name,
            )
        )
    if star and mvp_nomination:
        raise RuleViolation(
            _(
                "{team} #{number} {player} is a star player: stars are never MVP.",
                team=team_name,
                number=number,
                player=name,
            )
        )


def check_objectives(reported: bool, played_with: bool) -> None:
    """Secret Objectives are reported only for a tournament's game that plays with them (seed 000)."""
    if reported and not played_with:
        raise RuleViolation(_("Secret Objectives are reported only in a tournament that plays with them."))


def check_shootout(must_have_winner: bool) -> None:
    """Only a game that must have a winner goes to a penalty shoot-out: a league's play-off game (seed 001:
    "every Play-off game will be played using the Extra Time and Penalties (if required) rules") or an
    event's knock-out game (seed 000)."""
    if not must_have_winner:
        raise RuleViolation(
            _("Penalty shoot-outs are for play-off and knock-out games, which must have a winner.")
        )


@dataclass(frozen=True)
class Decider:
    """What decides a game's extra time and shoot-out: whether it must have a winner (a play-off or knock-out
    game), the shoot-out the bot rolled for it (if any), and the names a refusal gives."""

    must_have_winner: bool
    rolled: Side | None
    home_name: str
    away_name: str
    fixture_id: int

    def name(self, side: Side) -> str:
        return self.home_name if side == "home" else self.away_name


def decide(
    report: ResultReport, game: Decider, extra_time: bool, penalty_winner: Side | None
) -> ResultReport:
    """Extra time and penalties: only play-off games (and a tournament's knock-out games) have them, and they
    must have a winner (seed 001: "every Play-off game will be played using the Extra Time and Penalties (if
    required) rules"). A shoot-out the bot rolled decides a level game; a reporter's answer must agree."""
    if not game.must_have_winner:
        if extra_time or penalty_winner:
            raise RuleViolation(
                _("Only play-off and knock-out games go to extra time and penalties; this one may be a draw.")
            )
        return report
    if report.conceded_by is not None:
        return report
    if report.home.score != report.away.score:
        if penalty_winner:
            raise RuleViolation(_("A penalty shoot-out only decides a game that is level after extra time."))
        return report.model_copy(update={"extra_time": extra_time})
    if game.rolled and penalty_winner and game.rolled != penalty_winner:
        raise RuleViolation(
            _("The shoot-out the bot rolled for this game was won by {team}.", team=game.name(game.rolled))
        )
    winner = penalty_winner or game.rolled
    if winner is None:
        raise RuleViolation(
            _(
                "A play-off or knock-out game needs a winner: level after extra time, it goes to penalties. "
                "Roll them with /match penalties fixture:#{fixture}, or give the shoot-out's winner.",
                fixture=game.fixture_id,
            )
        )
    return report.model_copy(update={"extra_time": True, "penalty_winner": winner})


class PlayingTeam(Protocol):
    """A team as the rules of who plays see it (a friendly, a season): its id, name and status."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def status(self) -> str: ...


def check_friendly(own: PlayingTeam, opponent: PlayingTeam) -> None:
    """A friendly is a game between two different teams, both approved to play (seed 001, Friendlies)."""
    if opponent.id == own.id:
        raise RuleViolation(_("A friendly needs two different teams."))
    for team in (own, opponent):
        if team.status != "approved":
            raise RuleViolation(
                _(
                    "{team} is {status}: only approved teams play friendlies.",
                    team=team.name,
                    status=team_status(team.status),
                )
            )
