"""Team events (issue 16 item 1): squads, their limits, squad pairings and rankings through the services."""

from __future__ import annotations

import sqlite3
from collections import Counter
from typing import Any

import pytest

from bot.errors import NotAllowed, RuleViolation
from bot.services.match import results
from bot.services.match.results import SideInput
from bot.services.roster.team_lookup import star_position_id
from bot.services.runtime import Runtime
from bot.services.tournament import (
    tournament_awards,
    tournament_entries,
    tournament_play,
    tournament_squads,
    tournaments,
)
from bot.store import teams as team_store
from bot.store import tournament_squads as squad_store
from bot.store import tournaments as tournament_store
from bot.store.seasons import Fixture
from tests.builders import ORGANISER, coach
from tests.conftest import CATALOG

ROSTERS = [t for t in CATALOG.teams][:8]


async def squad_event(runtime: Runtime, squads: int, size: int, **rulespack: Any) -> dict[str, list[int]]:
    """A team event of `squads` squads "Squad 0"... of `size` coaches each (coach(s * 10 + j)), each coach
    with an approved roster of a different catalogue team. Returns squad name -> team ids."""
    await tournaments.create_tournament(runtime, ORGANISER, "Clubs", 555, {"team_size": size, **rulespack})
    out: dict[str, list[int]] = {}
    for s in range(squads):
        name = f"Squad {s}"
        captain = coach(s * 10)
        await tournament_squads.create_squad(runtime, captain, None, name)
        for j in range(1, size):
            await tournament_squads.add_coach(runtime, captain, None, name, coach(s * 10 + j).user_id)
        out[name] = await runtime.db.write(_rosters, runtime, s, size)
    return out


def _rosters(conn: sqlite3.Connection, runtime: Runtime, s: int, size: int) -> list[int]:
    ids = []
    now = runtime.clock.now()
    for j in range(size):
        team = team_store.insert(
            conn,
            guild_id=1,
            league_id=1,
            coach_id=coach(s * 10 + j).user_id,
            name=f"S{s} T{j}",
            roster=ROSTERS[j],
            regional_league=CATALOG.teams[ROSTERS[j]].leagues[0],
            alignment=None,
            now=now,
        )
        lineman = min((p for p in CATALOG.teams[ROSTERS[j]].positions if p.max >= 11), key=lambda p: p.cost)
        for number in range(1, 12):  # a legal roster: 11 of its cheapest position that allows 11
            team_store.insert_player(
                conn,
                team,
                number=number,
                name=f"P{number}",
                position=lineman.id,
                hiring_fee=lineman.cost,
                now=now,
            )
        team_store.set_status(conn, team, "approved")
        tournament_store.insert_entry(conn, 1, 1, team.id, spare=False, now=now)
        ids.append(team.id)
    return ids


async def round_games(runtime: Runtime, number: int | None = None) -> list[Fixture]:
    pairings = await tournament_play.round_pairings(runtime, 1, None, number)
    return [t.fixture for t in pairings.tables if t.fixture is not None]


async def play_round(runtime: Runtime, number: int | None = None) -> None:
    for fx in await round_games(runtime, number):
        done = await results.report_result(
            runtime,
            tournament_actor(fx.home_coach_id),
            f"f:{fx.id}",
            SideInput(1 + fx.id % 3, 0),
            SideInput(fx.id % 2, 0),
        )
        await results.confirm_result(runtime, tournament_actor(fx.away_coach_id), fx.id, done.version)


def tournament_actor(user_id: int) -> Any:
    return coach(user_id - 100)


async def test_team_event_round_1_pairs_squads_and_draws_coaches(runtime: Runtime) -> None:
    """Seed 000: "When two teams are paired against each other, it means that each coach will play a coach
    from the opposing team. In round 1, teams will be randomly paired against each other as normal and coaches
    will be randomly paired against a coach from the opposing team." """
    squads = await squad_event(runtime, 4, 3)
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    assert len(pairings.tables) == 6
    squad_of = {t: name for name, ids in squads.items() for t in ids}
    by_label: dict[str, list[tuple[str, str]]] = {}
    for table in pairings.tables:
        assert table.away is not None and table.label is not None
        by_label.setdefault(table.label, []).append((squad_of[table.home.id], squad_of[table.away.id]))
    assert len(by_label) == 2
    for label, pairs in by_label.items():
        assert len(pairs) == 3 and len(set(pairs)) == 1
        assert label == f"{pairs[0][0]} v {pairs[0][1]}"
    # the squads' draw (d4, d3, d2), then each match's coaches (d3, d2)
    assert [d.sides for d in pairings.draws] == [4, 3, 2, 3, 2, 3, 2]


async def test_later_rounds_pair_squads_by_ranking_and_coaches_first_v_first(runtime: Runtime) -> None:
    """Seed 000: "Coaches will be paired against each other depending on the individual ranking of the
    players in each team, with the highest ranked player on each team playing each other, the second highest
    ranked player on each team playing each other, and so on." """
    squads = await squad_event(runtime, 4, 3)
    await tournament_play.start_event(runtime, ORGANISER, None)
    await play_round(runtime, 1)
    squad_of = {t: name for name, ids in squads.items() for t in ids}
    round_1 = {
        frozenset((squad_of[f.home_team_id], squad_of[f.away_team_id])) for f in await round_games(runtime, 1)
    }
    individual = [line.team.id for line in (await tournament_play.standings(runtime, 1, None)).lines]
    pairings = await tournament_play.round_pairings(runtime, 1, None, 2)
    matches: dict[frozenset[str], list[tuple[int, int]]] = {}
    for table in pairings.tables:
        assert table.away is not None
        key = frozenset((squad_of[table.home.id], squad_of[table.away.id]))
        matches.setdefault(key, []).append((table.home.id, table.away.id))
    assert not set(matches) & round_1  # squads do not meet again
    for games in matches.values():
        homes = [h for h, _ in games]
        aways = [a for _, a in games]
        assert homes == sorted(homes, key=individual.index)
        assert aways == sorted(aways, key=individual.index)
    standing = await runtime.db.read(
        lambda conn: tournament_squads.squad_standings(conn, runtime, tournaments.find_event(conn, 1, None))
    )
    assert sum(s.row.team_points for s in standing) == 2 * 2  # two matches of round 1, 2 points each
    assert sorted(s.row.won + s.row.drawn + s.row.lost for s in standing) == [3, 3, 3, 3]


async def test_odd_squads_get_a_bye_each_coach_a_bye(runtime: Runtime) -> None:
    """Odd number of squads with odd_player bye: a squad has the Bye (a round win), each coach a seed Bye."""
    squads = await squad_event(runtime, 3, 3, odd_player="bye")
    pairings = await tournament_play.start_event(runtime, ORGANISER, None)
    byes = [t for t in pairings.tables if t.away is None]
    assert len(byes) == 3
    (bye_squad,) = {name for name, ids in squads.items() if {t.home.id for t in byes} == set(ids)}
    assert all(t.label == f"{bye_squad}: Bye" for t in byes)

    async def bye_row() -> tuple[int, int, int]:
        standing = await runtime.db.read(
            lambda conn: tournament_squads.squad_standings(
                conn, runtime, tournaments.find_event(conn, 1, None)
            )
        )
        top = next(s for s in standing if s.squad.name == bye_squad)
        return top.row.team_points, top.row.won, top.row.matches

    assert await bye_row() == (0, 0, 0)  # issue 29: the Bye counts once its round is played
    await play_round(runtime, 1)
    assert await bye_row() == (2, 3, 1)


async def test_odd_squads_need_a_bye_and_no_spare(runtime: Runtime) -> None:
    await squad_event(runtime, 3, 3)
    with pytest.raises(RuleViolation, match="odd number: set odd_player: bye"):
        await tournament_play.start_event(runtime, ORGANISER, None)
    with pytest.raises(RuleViolation, match="no Spare Player"):
        await tournament_entries.set_spare(runtime, ORGANISER, None, "S0 T0")


async def test_start_needs_full_squads(runtime: Runtime) -> None:
    await squad_event(runtime, 2, 3)

    def reject(conn: sqlite3.Connection) -> None:
        team = next(t for t in team_store.in_league(conn, 1, 1) if t.name == "S1 T2")
        team_store.set_status(conn, team, "rejected")

    await runtime.db.write(reject)
    with pytest.raises(RuleViolation, match="Squad 1 has 2 approved rosters; a squad plays with 3"):
        await tournament_play.start_event(runtime, ORGANISER, None)


async def test_squad_size_captain_and_one_squad_per_coach(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Clubs", 555, {"team_size": 3})
    captain = coach(0)
    await tournament_squads.create_squad(runtime, captain, None, "Reikland Reavers' club")
    for n in (1, 2):
        await tournament_squads.add_coach(runtime, captain, None, "reikland reavers' club", coach(n).user_id)
    with pytest.raises(RuleViolation, match="has 3 coaches already"):
        await tournament_squads.add_coach(runtime, captain, None, "Reikland Reavers' club", coach(3).user_id)
    with pytest.raises(NotAllowed, match="captain"):
        await tournament_squads.remove_coach(
            runtime, coach(1), None, "Reikland Reavers' club", coach(2).user_id
        )
    await tournament_squads.create_squad(runtime, coach(5), None, "Altdorf Allstars")
    with pytest.raises(Exception, match="in Reikland Reavers' club already"):
        await tournament_squads.add_coach(runtime, coach(5), None, "Altdorf Allstars", coach(1).user_id)
    done = await tournament_squads.remove_coach(
        runtime, ORGANISER, None, "Reikland Reavers' club", coach(2).user_id, as_organiser=True
    )
    assert done.squad.members == (coach(0).user_id, coach(1).user_id)
    listed = await tournament_squads.list_squads(runtime, 1, None)
    assert [v.squad.name for v in listed] == ["Reikland Reavers' club", "Altdorf Allstars"]


async def test_no_two_coaches_of_a_squad_on_the_same_roster(runtime: Runtime) -> None:
    """Seed 000: "no coach may take the same team as another coach on their team - only one coach could take
    a Skaven team for example." """
    await tournaments.create_tournament(runtime, ORGANISER, "Clubs", 555, {"team_size": 3})
    await tournament_squads.create_squad(runtime, coach(0), None, "Rats")
    await tournament_squads.add_coach(runtime, coach(0), None, "Rats", coach(1).user_id)
    await tournament_entries.register(runtime, coach(0), None, "Rat Pack", "skaven", None, None)
    with pytest.raises(RuleViolation, match="Only one coach of a squad may take Skaven"):
        await tournament_entries.register(runtime, coach(1), None, "More Rats", "skaven", None, None)
    with pytest.raises(RuleViolation, match="join a squad"):
        await tournament_entries.register(runtime, coach(7), None, "Loners", "orc", None, None)
    await tournament_entries.register(runtime, coach(1), None, "Greenskins", "orc", None, None)


async def test_no_star_player_twice_in_a_squad(runtime: Runtime) -> None:
    """Seed 000: "each Star Player can only be taken once across the entire team. So, if one player has Morg
    'n' Thorg on their roster, no one else in their team can take Morg 'n' Thorg." """
    await squad_event(runtime, 2, 3)
    star = next(name for name in CATALOG.stars if "Morg" in name)

    def give_star(conn: sqlite3.Connection) -> list[str]:
        event = tournaments.find_event(conn, 1, None)
        teams = [t for t in team_store.in_league(conn, 1, 1) if t.name in ("S0 T0", "S0 T1", "S1 T0")]
        for team in teams:
            team_store.insert_player(
                conn,
                team,
                number=20,
                name=star,
                position=star_position_id(star),
                hiring_fee=1,
                now=runtime.clock.now(),
            )
        return [r for t in teams for r in tournament_squads.squad_refusals(conn, runtime, event, t)]

    refusals = await runtime.db.write(give_star)
    assert len(refusals) == 2 and all(star in r and "S0 T0, S0 T1" in r for r in refusals)
    assert Counter(r.startswith("A star player only once in a squad") for r in refusals) == {True: 2}


async def test_squads_only_in_a_team_event(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, ORGANISER, "Open", 555, {})
    with pytest.raises(RuleViolation, match="not a team event"):
        await tournament_squads.create_squad(runtime, coach(0), None, "Club")


async def test_squad_store_is_scoped_by_guild(runtime: Runtime) -> None:
    await squad_event(runtime, 2, 3)
    assert await runtime.db.read(lambda conn: squad_store.squads(conn, 2, 1)) == []


async def test_three_rounds_standings_and_final_announcement_name_the_squads(runtime: Runtime) -> None:
    """Seed 000: "there are two sets of rankings used in a Team Event: individual ranking and team rankings"
    and "the team that finishes top of the rankings winning the event"."""
    await squad_event(runtime, 4, 3, rounds=3)
    await tournament_play.start_event(runtime, ORGANISER, None)
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        pairings = await tournament_play.round_pairings(runtime, 1, None, number)
        labels = {t.label for t in pairings.tables}
        assert len(labels) == 2
        for label in labels:
            assert label is not None
            pair = frozenset(label.split(" v "))
            assert pair not in met
            met.add(pair)
        await play_round(runtime, number)
    table = await tournament_play.standings(runtime, 1, None)
    assert len(table.squads) == 4 and len(table.lines) == 12
    assert sum(s.row.team_points for s in table.squads) == 3 * 2 * 2
    assert [s.row.position for s in table.squads] == [1, 2, 3, 4]
    standing = await tournament_awards.finish(runtime, ORGANISER, None)
    text = "\n".join(tournament_awards.standing_lines(standing))
    top = table.squads[0].squad.name
    assert f"**1st squad**: {top}" in text and "**3rd squad**" in text
    assert text.index("squads__") < text.index("coaches__") < text.index("__Awards__")
    assert set(table.squads[0].squad.members) <= set(tournament_awards.winner_coaches(standing))


async def test_swap_only_inside_a_squad(runtime: Runtime) -> None:
    """The organiser's swap keeps the squad matches whole: only coaches of one squad trade tables."""
    await squad_event(runtime, 2, 3)
    await tournament_play.start_event(runtime, ORGANISER, None)
    with pytest.raises(RuleViolation, match="different squads"):
        await tournament_play.swap_tables(runtime, ORGANISER, None, "S0 T0", "S1 T0", "late")
    after = await tournament_play.swap_tables(runtime, ORGANISER, None, "S0 T0", "S0 T1", "late")
    assert len({t.label for t in after.tables}) == 1
