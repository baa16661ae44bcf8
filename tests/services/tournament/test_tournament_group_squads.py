"""A group and knock-out TEAM event (issue 16: formats "combine where the seed says they can (a group and
knock-out team event, ...)"). Seed 000, Group & Knockout Events: "This format can also be used together with
the likes of Team Events". Groups of four squads, each squad match played as its coaches' games; the
knock-out of squads with its placement bracket; Best of the Rest of squads beside it."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.errors import RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_awards, tournament_groups, tournament_play
from bot.store.seasons import Fixture
from bot.ui.bracket_views import bracket_embeds
from bot.ui.tournament_views import standings_pages
from tests.builders import ORGANISER
from tests.services.tournament.test_tournament_squads import round_games, squad_event, tournament_actor


async def play(runtime: Runtime, fx: Fixture, home: int, away: int) -> None:
    done = await results.report_result(
        runtime, tournament_actor(fx.home_coach_id), f"f:{fx.id}", SideInput(home, 0), SideInput(away, 0)
    )
    await results.confirm_result(runtime, tournament_actor(fx.away_coach_id), fx.id, done.version)


async def test_start_refuses_squads_that_do_not_fill_groups(runtime: Runtime) -> None:
    await squad_event(runtime, 6, 3, format="groups", qualifiers=4)
    with pytest.raises(
        RuleViolation, match="has 6 squads: a group and knock-out event needs a multiple of 4"
    ):
        await tournament_play.start_event(runtime, ORGANISER, None)


async def test_eight_squads_of_three_through_groups_knock_out_and_best_of_the_rest(runtime: Runtime) -> None:
    """Seed 000, Team Events: "When two teams are paired against each other, it means that each coach will
    play a coach from the opposing team." and "a team will win if it wins more games than the other team".
    Group & Knockout: "teams should be divided into groups of four then the first three games of the event
    are played as a round robin"; the knock-out keeps every team playing for its place."""
    squads = await squad_event(runtime, 8, 3, format="groups", qualifiers=4)
    squad_of = {t: name for name, ids in squads.items() for t in ids}
    first = await tournament_play.start_event(runtime, ORGANISER, None)
    assert first.event.rulespack.rounds == 5  # three group rounds, then 4 -> 2
    # the squads' draw into groups (d8 ... d2), then each match's coaches (d3, d2) for its 4 matches
    assert [d.sides for d in first.draws] == [*range(8, 1, -1), *[3, 2] * 4]
    met: Counter[frozenset[str]] = Counter()
    for number in (1, 2, 3):
        lines = (await tournament_play.round_pairings(runtime, 1, None, number)).tables
        assert len(lines) == 12 and all(t.stage == "group" for t in lines)
        assert sorted(u.id for t in lines for u in (t.home, t.away) if u) == sorted(squad_of)
        matches: dict[str, set[frozenset[str]]] = {}
        for t in lines:
            assert t.away is not None and t.label is not None
            pair = frozenset((squad_of[t.home.id], squad_of[t.away.id]))
            assert len(pair) == 2
            home, away = squad_of[t.home.id], squad_of[t.away.id]
            assert t.label.startswith("Group ") and t.label.endswith(f" · {home} v {away}")
            matches.setdefault(t.label, set()).add(pair)
        assert len(matches) == 4 and all(len(p) == 1 for p in matches.values())  # 3 coaches a squad match
        met.update(next(iter(p)) for p in matches.values())
        for fx in await round_games(runtime, number):
            await play(runtime, fx, 2, 0)  # the home coach (his squad's first-named) wins every game
    assert len(met) == 12 and set(met.values()) == {1}  # two groups' round robins of six squad matches

    fourth = (await tournament_play.round_pairings(runtime, 1, None, 4)).tables
    labels = Counter((t.label or "").split(" · ")[0] for t in fourth)
    assert labels == {"Places 1-4": 6, "Best of the Rest": 6}
    standings = await tournament_play.standings(runtime, 1, None)
    qualified = [s.squad.name for s in standings.squads[:4]]
    knockout_squads = {squad_of[u.id] for t in fourth if t.stage == "knockout" for u in (t.home, t.away) if u}
    assert knockout_squads == set(qualified)
    for fx in await round_games(runtime, 4):
        await play(runtime, fx, 0, 1)  # now the away coach wins every game: the away squads go through
    fifth = (await tournament_play.round_pairings(runtime, 1, None, 5)).tables
    by_label = Counter((t.label or "").split(" · ")[0] for t in fifth)
    assert by_label == {"Final": 3, "Places 3-4": 3, "Best of the Rest": 6}
    finalists = {
        squad_of[u.id] for t in fifth if (t.label or "").startswith("Final") for u in (t.home, t.away) if u
    }
    round4_winners = {squad_of[t.away.id] for t in fourth if t.stage == "knockout" and t.away}
    assert finalists == round4_winners
    final = next(t for t in fifth if (t.label or "").startswith("Final"))
    assert final.away is not None
    champion = squad_of[final.away.id]
    for fx in await round_games(runtime, 5):
        await play(runtime, fx, 0, 3)

    bracket = await tournament_groups.bracket(runtime, 1, None)
    names = bracket.squads
    assert sorted(bracket.progress.places.values()) == [1, 2, 3, 4]
    assert names[min(bracket.progress.places, key=lambda s: bracket.progress.places[s])] == champion
    standings = await tournament_play.standings(runtime, 1, None)
    assert [s.row.position for s in standings.squads] == list(range(1, 9))
    assert standings.squads[0].squad.name == champion
    assert {s.squad.name for s in standings.squads[:2]} == finalists
    assert {s.squad.name for s in standings.squads[:4]} == set(qualified)
    assert standings.sections[0][1].startswith("Knock-out: places 1-4 (decided)")
    assert len(standings.lines) == 24  # the individual ranking stays, every coach in it
    text = "\n".join(
        f"{e.title}\n{e.description}\n" + "\n".join(f"{f.name}\n{f.value}" for f in e.fields)
        for e in bracket_embeds(bracket)
    )
    assert f"Final: **{champion}** beat" in text and "1st: **" + champion in text
    assert re.search(r"\bteam \d", text) is None  # every unit named as its squad, never "team <id>"
    pages = "\n".join(e.description or "" for e in standings_pages(standings))
    assert (
        pages.index("__Knock-out: places 1-4 (decided)__")
        < pages.index(champion)
        < pages.index("__Coaches__")
    )
    done = await tournament_awards.finish(runtime, ORGANISER, None)
    assert done.squads[0].squad.name == champion


async def test_a_level_knock_out_squad_match_of_an_even_size_is_decided(runtime: Runtime) -> None:
    """Squads of 4: a knock-out squad match can be level on games won (2-2); the better touchdown difference
    over the match's games wins it (bot/rules/tournament/tournament_teams.py KNOCKOUT_MATCH_RULE)."""
    squads = await squad_event(runtime, 4, 4, format="groups", qualifiers=2)
    squad_of = {t: name for name, ids in squads.items() for t in ids}
    await tournament_play.start_event(runtime, ORGANISER, None)
    for number in (1, 2, 3):
        for fx in await round_games(runtime, number):
            await play(runtime, fx, 1, 0)
    final = [
        t for t in (await tournament_play.round_pairings(runtime, 1, None, 4)).tables if t.stage == "knockout"
    ]
    assert len(final) == 4 and all((t.label or "").startswith("Final · ") for t in final)
    # home squad wins two games 1-0, away squad two games 3-0: 2-2 in games, away +4 TD difference
    for k, line in enumerate(final):
        assert line.fixture is not None
        await play(runtime, line.fixture, *((1, 0) if k < 2 else (0, 3)))
    bracket = await tournament_groups.bracket(runtime, 1, None)
    (game,) = bracket.progress.knockout[-1]
    assert final[0].away is not None
    assert game.winner is not None and bracket.squads[game.winner] == squad_of[final[0].away.id]
    assert bracket.progress.places[game.winner] == 1
