"""Awards, votes and the end of a tournament (issue 15 item 6; seed 000, Awards).

The played state is built directly with the stores (entries, fixtures, confirmed reports, Byes, tables) and
read back through `tournaments.played` / `tournaments.ranking`, as the awards service reads it."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, NotAllowed, RuleViolation
from bot.rules.match.match_result import PlayerLine, ResultReport, SideReport
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_awards, tournaments
from bot.store import announcements, audit
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.teams import TeamRow
from tests.conftest import actor

ORGANISER = 10


async def setup_event(runtime: Runtime, rounds: int = 2, **settings: object) -> dict[str, TeamRow]:
    """A running event: coaches 1..4 (Ann, Bob, Cat, Dan) and a Spare Player (coach 5), all approved."""
    event = await tournaments.create_tournament(runtime, actor(), "Cup", 200, {"rounds": rounds, **settings})
    now = runtime.clock.now()

    def _build(conn: sqlite3.Connection) -> dict[str, TeamRow]:
        teams = {}
        for coach, (name, roster) in enumerate(
            [("Ann", "human"), ("Bob", "orc"), ("Cat", "halfling"), ("Dan", "wood_elf"), ("Spare", "goblin")],
            start=1,
        ):
            team = team_store.insert(
                conn,
                guild_id=1,
                league_id=event.id,
                coach_id=coach,
                name=name,
                roster=roster,
                regional_league="x",
                alignment=None,
                now=now,
            )
            team_store.set_status(conn, team, "approved")
            tournament_store.insert_entry(conn, 1, event.id, team.id, spare=name == "Spare", now=now)
            teams[name] = team_store.get(conn, 1, team.id)  # type: ignore[assignment]
        tournament_store.set_status(conn, event.tournament, "running", now)
        return teams

    return await runtime.db.write(_build)


def side(team: TeamRow, score: int, cas: int, *players: PlayerLine) -> SideReport:
    return SideReport(team_id=team.id, score=score, casualties=cas, players=players)


def line(pid: int, name: str, td: int = 0, cas: int = 0, sent_off: int = 0) -> PlayerLine:
    return PlayerLine(player_id=pid, number=pid, name=name, touchdowns=td, casualties=cas, sent_off=sent_off)


async def add_game(
    runtime: Runtime,
    round_number: int,
    table: int,
    home: SideReport,
    away: SideReport,
    *,
    confirmed: bool = True,
    conceded_by: str | None = None,
) -> None:
    event = await tournaments.get_event(runtime, 1, None)

    def _add(conn: sqlite3.Connection) -> None:
        now = runtime.clock.now()
        fid = season_store.insert_fixture(
            conn, guild_id=1, league_id=event.id, kind="league", home=home.team_id, away=away.team_id, now=now
        )
        tournament_store.insert_table(
            conn, 1, event.id, round_number=round_number, table_number=table, fixture_id=fid, bye_team_id=None
        )
        if confirmed:
            report = ResultReport(home=home, away=away, conceded_by=conceded_by)  # type: ignore[arg-type]
            fx = season_store.fixture(conn, 1, fid)
            assert fx is not None
            season_store.save_report(
                conn, fx, status="confirmed", report=report.model_dump_json(), version=1, actor_id=1, now=now
            )

    await runtime.db.write(_add)


async def add_bye(runtime: Runtime, round_number: int, table: int, team: TeamRow) -> None:
    event = await tournaments.get_event(runtime, 1, None)
    await runtime.db.write(
        lambda conn: tournament_store.insert_table(
            conn,
            1,
            event.id,
            round_number=round_number,
            table_number=table,
            fixture_id=None,
            bye_team_id=team.id,
        )
    )


async def two_rounds(runtime: Runtime, t: dict[str, TeamRow]) -> None:
    """Round 1: Ann 3-1 Bob, Cat 1-0 Spare, Dan a Bye... (4 coaches + spare = 5 entries, 2 games + Bye)."""
    await add_game(
        runtime,
        1,
        1,
        side(t["Ann"], 3, 2, line(1, "Griff", td=3)),
        side(t["Bob"], 1, 4, line(2, "Zug", cas=4)),
    )
    await add_game(
        runtime, 1, 2, side(t["Cat"], 1, 0), side(t["Spare"], 0, 5, line(3, "Ringer", td=0, cas=5))
    )
    await add_bye(runtime, 1, 3, t["Dan"])
    await add_game(runtime, 2, 1, side(t["Ann"], 2, 0), side(t["Dan"], 0, 1, line(4, "Thorn", sent_off=1)))
    await add_game(runtime, 2, 2, side(t["Bob"], 1, 1), side(t["Cat"], 1, 0))


def coach(user_id: int) -> object:
    return actor(user_id=user_id)


async def test_awards_follow_the_played_state_and_the_spare_wins_nothing(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    await two_rounds(runtime, t)
    standing = await tournament_awards.awards(runtime, 1, None)
    assert not standing.final
    found = {a.key: a for a in standing.awards}
    assert [w.team for w in found["first"].winners] == [t["Ann"].id]
    assert [(w.player_name, w.team) for w in found["player_casualties"].winners] == [("Zug", t["Bob"].id)]
    # Cat is a Halfling team (tier 3): the Stunty Cup; the Spare Player's 5 casualties win nothing.
    assert [w.team for w in found["stunty"].winners] == [t["Cat"].id]
    assert [w.team for w in found["carnage"].winners] == [t["Bob"].id]
    assert found["filthiest"].winners[0].team == t["Dan"].id
    spare = t["Spare"].id
    assert all(w.team != spare for a in standing.awards for w in a.winners)
    lines = tournament_awards.standing_lines(standing)
    assert lines[0] == "__Rankings so far (provisional)__"
    assert any(line.startswith("**Wooden Spoon**") for line in lines)


async def test_votes_every_refusal_and_replacement(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    await two_rounds(runtime, t)
    ann = actor(user_id=t["Ann"].coach_id)
    with pytest.raises(RuleViolation, match="yourself"):
        await tournament_awards.vote(runtime, ann, None, "Ann")
    with pytest.raises(RuleViolation, match="have not played Cat"):
        await tournament_awards.vote(runtime, ann, None, "Cat")
    cat = actor(user_id=t["Cat"].coach_id)
    with pytest.raises(RuleViolation, match="Spare Player"):
        await tournament_awards.vote(runtime, cat, None, "Spare")
    with pytest.raises(NotAllowed, match="approved roster"):
        await tournament_awards.vote(runtime, actor(user_id=99), None, "Bob")
    ballot = await tournament_awards.vote(runtime, ann, None, "Bob", "Cat")
    assert (ballot.opponent.name, ballot.painted and ballot.painted.name) == ("Bob", "Cat")
    ballot = await tournament_awards.vote(runtime, ann, None, "Dan")  # replaces the Favourite Opponent vote
    votes = await runtime.db.read(tournament_store.votes, 1, ballot.event.id)
    assert [(v.kind, v.for_team_id) for v in votes] == [("painted", t["Cat"].id), ("sporting", t["Dan"].id)]
    standing = await tournament_awards.awards(runtime, 1, None)
    found = {a.key: a for a in standing.awards}
    assert [w.team for w in found["sporting"].winners] == [t["Dan"].id]
    assert [w.team for w in found["painted"].winners] == [t["Cat"].id]
    # Votes are secret: nothing in the log or the announcements says who voted for whom.
    assert not [e for e in await runtime.db.read(audit.recent, 1) if "vote" in e.action]
    assert await runtime.db.read(announcements.unsent) == []

    await tournaments.update_rulespack(runtime, actor(), None, {"best_painted": "organiser"})
    with pytest.raises(RuleViolation, match="organiser chooses Best Painted"):
        await tournament_awards.vote(runtime, ann, None, "Bob", "Cat")
    await tournament_awards.finish(runtime, actor(), None)
    with pytest.raises(RuleViolation, match="is over"):
        await tournament_awards.vote(runtime, ann, None, "Bob")


async def test_no_votes_before_the_event_starts(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, actor(), "Cup", 200)
    with pytest.raises(RuleViolation, match="has not started"):
        await tournament_awards.vote(runtime, actor(user_id=1), None, "Bob")


async def test_organiser_chooses_best_painted(runtime: Runtime) -> None:
    t = await setup_event(runtime)
    with pytest.raises(RuleViolation, match="coaches vote for Best Painted"):
        await tournament_awards.choose_best_painted(runtime, actor(), None, "Cat")
    await tournaments.update_rulespack(runtime, actor(), None, {"best_painted": "organiser"})
    with pytest.raises(RuleViolation, match="Spare Player"):
        await tournament_awards.choose_best_painted(runtime, actor(), None, "Spare")
    standing = await tournament_awards.choose_best_painted(runtime, actor(), None, "Cat")
    painted = next(a for a in standing.awards if a.key == "painted")
    assert [w.team for w in painted.winners] == [t["Cat"].id]
    log = await runtime.db.read(audit.recent, 1)
    assert log[0].action == "tournament.painted"


async def test_finish_refuses_naming_what_is_left_then_force(runtime: Runtime) -> None:
    t = await setup_event(runtime, rounds=3)
    await two_rounds(runtime, t)
    await add_game(runtime, 3, 1, side(t["Ann"], 1, 0), side(t["Cat"], 0, 0), confirmed=False)
    with pytest.raises(RuleViolation) as refused:
        await tournament_awards.finish(runtime, actor(), None)
    assert "unconfirmed: Round 3, table 1: Ann v Cat (scheduled)" in str(refused.value)
    assert "force:True" in str(refused.value)

    standing = await tournament_awards.finish(runtime, actor(), None, force=True)
    assert standing.final and standing.not_counted == ("Round 3, table 1: Ann v Cat (scheduled)",)
    posted = await runtime.db.read(announcements.unsent)
    assert len(posted) == 1 and posted[0].title == "Cup: final rankings and awards"
    text = "\n".join(posted[0].lines)
    assert posted[0].lines[0] == "__Final rankings__"
    assert "**First Place**: Ann (<@1>)" in text
    assert "Ann v Cat (scheduled)" in text and "Not counted" in text
    assert "**Most Casualties by a Single Player**: Zug of Bob (<@2>) · 4 casualties" in text
    assert t["Ann"].coach_id in posted[0].mentions
    assert 5 not in posted[0].mentions  # the Spare Player wins nothing
    assert len([line for line in posted[0].lines if line.startswith("**") and "TP" in line]) == 4
    log = await runtime.db.read(audit.recent, 1)
    assert log[0].action == "tournament.finish" and log[0].detail["forced"] is True
    with pytest.raises(Conflict, match="already finished"):
        await tournament_awards.finish(runtime, actor(), None)
    with pytest.raises(RuleViolation, match="awards are final"):
        await tournament_awards.choose_best_painted(runtime, actor(), None, "Cat")


async def test_finish_refuses_an_unpaired_round_and_finishes_a_complete_event(runtime: Runtime) -> None:
    t = await setup_event(runtime, rounds=3)
    await two_rounds(runtime, t)
    with pytest.raises(RuleViolation, match="Round 3 of 3 is not paired"):
        await tournament_awards.finish(runtime, actor(), None)
    await tournaments.update_rulespack(runtime, actor(), None, {"rounds": 2})
    standing = await tournament_awards.finish(runtime, actor(), None)
    assert standing.final and standing.not_counted == ()


async def test_finish_before_the_start_is_refused(runtime: Runtime) -> None:
    await tournaments.create_tournament(runtime, actor(), "Cup", 200)
    with pytest.raises(RuleViolation, match="has not started"):
        await tournament_awards.finish(runtime, actor(), None)
