"""What the /tournament bracket picture is drawn from (bot/ui/event_pictures.py): a team event in groups
shows its squads and each knock-out squad match's games won, and every way a knock-out game can stand reads
as such (won, on pens, a squad match won on its tiebreak, conceded, waiting for its shoot-out, to play)."""

from __future__ import annotations

from bot.rules.tournament.tournament_groups import KnockoutGame, StagedTable
from bot.rules.tournament.tournament_scoring import TournamentGame
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_groups, tournament_play
from bot.ui.event_pictures import event_bracket, event_bracket_pictures, score
from tests.builders import ORGANISER
from tests.services.tournament.test_tournament_group_squads import play
from tests.services.tournament.test_tournament_squads import round_games, squad_event


def _table(first_score: int, second_score: int, conceded_by: int | None = None) -> StagedTable[int]:
    game = TournamentGame(1, 2, first_score, second_score, conceded_by=conceded_by)
    return StagedTable(4, 1, "knockout", 1, 2, game)


def test_every_state_of_a_knock_out_game_reads_as_such() -> None:
    won = KnockoutGame(1, 2, 1, 4, winner=1)
    assert score(won, _table(2, 1), squads=False) == "2-1"
    assert score(KnockoutGame(2, 1, 1, 4, winner=1), _table(2, 1), squads=False) == "1-2"  # as paired
    assert score(won, _table(1, 1), squads=False) == "1-1 pens"
    assert score(won, _table(1, 1), squads=True) == "1-1*"  # a squad match: the shoot-outs or tiebreak
    assert score(won, _table(2, 0, conceded_by=2), squads=False) == "2-0 conceded"
    assert score(KnockoutGame(1, 2, 1, 4), _table(1, 1), squads=False) == "1-1, shoot-out to come"
    assert score(KnockoutGame(1, 2, 1, 4), None, squads=False) == "to play"
    assert score(KnockoutGame(1, 2, 1, 4), StagedTable(4, 1, "knockout", 1, 2), squads=False) == "to play"


async def test_a_team_event_in_groups_shows_its_squads_and_games_won(runtime: Runtime) -> None:
    await squad_event(runtime, 8, 3, format="groups", qualifiers=4)
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3):
        for fx in await round_games(runtime, number):
            await play(runtime, fx, 2, 0)
    games = await round_games(runtime, 4)
    for fx in games[:3]:  # the first squad match's three games: the away coaches win them all
        await play(runtime, fx, 0, 1)
    found = await tournament_groups.bracket(runtime, 1, None)
    shown = event_bracket(found)
    assert shown.squads and len(shown.groups) == 2
    assert {line.name for g in shown.groups for line in g.lines} == {f"Squad {n}" for n in range(8)}
    [round_four] = shown.knockout
    decided, waiting = round_four.ties
    assert (decided.game.score, decided.game.winner) == ("0-3", "away")  # games won by each squad
    assert decided.game.home.startswith("Squad ") and (waiting.game.score, waiting.game.winner) == (
        "to play",
        None,
    )
    assert len(shown.rest) == 4
    [page] = event_bracket_pictures(found)
    assert page[:8] == b"\x89PNG\r\n\x1a\n"
