"""What each picture puts in its tables (plain values in): the columns the text shows, the sections."""

from __future__ import annotations

from bot.pictures import bracket, rankings, standings


def test_standings_tables_have_the_texts_columns_and_bonus_points_only_when_used() -> None:
    line = standings.StandingLine(1, "Reavers", 3, 2, 1, 0, 4, -1, 7, 2)
    division = standings.DivisionStandings("Division 1", [line])
    [with_bonus] = standings.tables([division], bonus=True)
    assert [c.header for c in with_bonus.columns] == ["#", "Team", "P", "W-D-L", "TD", "CAS", "BP", "Pts"]
    assert [c.text for c in with_bonus.rows[0]] == ["1", "Reavers", "3", "2-1-0", "+4", "-1", "2", "7"]
    [plain] = standings.tables([division], bonus=False)
    assert "BP" not in [c.header for c in plain.columns]


def test_the_bracket_marks_winners_and_lists_prizes() -> None:
    game = bracket.BracketGame("Reavers", "Raiders", "1-1 pens", "away")
    tables = bracket.tables(
        [bracket.BracketStage("Final", [game]), bracket.BracketStage("Third-place play-off", [])],
        [bracket.Prize("1st", "Raiders", "100,000 gp")],
    )
    assert [t.heading for t in tables] == ["Final", "Third-place play-off", "Prizes"]
    home, score, away = tables[0].rows[0]
    assert (home.style, score.text, away.style) == ("loss", "1-1 pens", "win")
    assert tables[1].rows == () and tables[2].highlight == frozenset({0})


def test_rankings_put_the_squads_first_then_each_section_with_the_extra_tiebreakers() -> None:
    coach = rankings.RankingLine(1, "Reavers (Jay)", 4, 2, 3, 5, 1, (2,))
    squad = rankings.SquadLine(1, "The Bold", 4, 5, 1, 0, 6, 7, 3)
    tables = rankings.tables(
        [rankings.RankingSection("Places 1-8", [coach]), rankings.RankingSection("Best of the Rest", [])],
        [squad],
        ["Votes"],
    )
    assert [t.heading for t in tables] == ["Squads", "Places 1-8", "Best of the Rest"]
    assert [c.text for c in tables[0].rows[0]][:4] == ["1", "The Bold", "4", "5-1-0"]
    assert tables[1].columns[-1].header == "Votes" and tables[1].rows[0][-1].text == "2"
