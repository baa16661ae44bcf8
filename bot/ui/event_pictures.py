"""/tournament bracket as pictures: the service's `Bracket` (groups, knock-out, Best of the Rest) as
bot/pictures' plain values, each knock-out game with its score from the unit's stored table. A picture is
posted in the channel: it is drawn in the event's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot import i18n
from bot.i18n import N_, _
from bot.pictures.bracket import BracketGame
from bot.pictures.event_bracket import (
    EventBracket,
    GroupTable,
    KnockoutRound,
    Tie,
    UnitLine,
    event_bracket_pngs,
)
from bot.rules.tournament.tournament_groups import KnockoutGame, StagedTable
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_teams import KNOCKOUT_MATCH_RULE
from bot.services.tournament.tournament_groups import Bracket

COACH_NOTE = N_("A drawn knock-out game goes to extra time, then a penalty shoot-out (pens).")
SQUAD_NOTE = N_("Score: games won. *: won on the shoot-outs of drawn games or the tiebreak.")


def _name(bracket: Bracket, unit: int) -> str:
    if bracket.squads:
        return bracket.squads[unit] if unit in bracket.squads else _("squad {id}", id=unit)
    team = bracket.teams.get(unit)
    return team.name if team else _("team {id}", id=unit)


def _line(bracket: Bracket, row: RankingRow[int]) -> UnitLine:
    return UnitLine(
        row.position,
        _name(bracket, row.coach),
        row.tournament_points,
        row.won,
        row.drawn,
        row.lost,
        row.td_diff,
    )


def score(game: KnockoutGame[int], table: StagedTable[int] | None, squads: bool) -> str:
    """A knock-out game's score: "2-1"; level on the score, how it was decided ("1-1 pens", a squad match's
    "2-2*", see `SQUAD_NOTE`) or that the shoot-out is still to come; "conceded"; "to play" before."""
    played = table.game if table is not None else None
    if played is None:
        return _("to play")
    first, second = (
        (played.first_score, played.second_score)
        if played.first == game.first
        else (played.second_score, played.first_score)
    )
    text = f"{first}-{second}"
    if played.conceded_by is not None:
        return _("{score} conceded", score=text)
    if game.winner is None:
        return _("{score}, shoot-out to come", score=text)
    winner_ahead = (first > second) if game.winner == game.first else (second > first)
    if winner_ahead:
        return text
    return f"{text}*" if squads else f"{text} " + _("pens")


def _ties(bracket: Bracket, games: Sequence[KnockoutGame[int]], number: int) -> list[Tie]:
    tables = {(t.round, t.first, t.second): t for t in bracket.tables if t.stage == "knockout"}
    out = []
    for game in games:
        table = tables.get((number, game.first, game.second)) or tables.get((number, game.second, game.first))
        winner: Literal["home", "away"] | None = None
        if game.winner is not None:
            winner = "home" if game.winner == game.first else "away"
        shown = BracketGame(
            _name(bracket, game.first),
            _name(bracket, game.second),
            score(game, table, bool(bracket.squads)),
            winner,
        )
        out.append(Tie(game.low, game.high, shown))
    return out


def subtitle(bracket: Bracket) -> str:
    state, qualifiers = bracket.progress, bracket.event.rulespack.qualifiers
    if not state.groups:
        return _("Not drawn yet: the groups are drawn when the organiser starts the event.")
    if not state.knockout:
        return _(
            "Group stage: the group winners, then the runners-up, ... qualify ({qualifiers} of them).",
            qualifiers=qualifiers,
        )
    if state.places:
        return _("Knock-out over: every place of the {qualifiers} qualifiers decided.", qualifiers=qualifiers)
    return _(
        "Knock-out: {qualifiers} qualified; winners play for the upper places, losers for the lower.",
        qualifiers=qualifiers,
    )


def event_bracket(bracket: Bracket) -> EventBracket:
    """The groups, the knock-out round by round with each game's score, the places decided, Best of the
    Rest, as plain values."""
    state = bracket.progress
    return EventBracket(
        [GroupTable(g.name, [_line(bracket, r) for r in g.rows], g.complete) for g in state.groups],
        [
            KnockoutRound(
                bracket.first_knockout_round + k, _ties(bracket, games, bracket.first_knockout_round + k)
            )
            for k, games in enumerate(state.knockout)
        ],
        [(place, _name(bracket, unit)) for unit, place in sorted(state.places.items(), key=lambda i: i[1])],
        [_line(bracket, r) for r in state.rest],
        bool(bracket.squads),
    )


def event_bracket_pictures(bracket: Bracket) -> list[bytes]:
    """The bracket as one PNG or pages, with how a level game is decided."""
    with i18n.using(bracket.event.league.language):
        if bracket.squads:  # the squad match's rule (marked where it is written)
            notes = [_(SQUAD_NOTE), _("The rule: {rule}.", rule=_(KNOCKOUT_MATCH_RULE))]
        else:
            notes = [_(COACH_NOTE)]
        return event_bracket_pngs(
            _("{event}: groups and knock-out", event=bracket.event.name),
            event_bracket(bracket),
            subtitle=subtitle(bracket),
            notes=notes,
        )
