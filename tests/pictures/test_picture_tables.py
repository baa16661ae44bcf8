"""What each picture puts in its tables (plain values in): the columns the text shows, the sections."""

from __future__ import annotations

from bot import i18n
from bot.pictures import bracket, event_bracket, kit, rankings, standings


def test_standings_tables_have_the_texts_columns_and_bonus_points_only_when_used() -> None:
    line = standings.StandingLine(1, "Reavers", 3, 2, 1, 0, 4, 5, 7, 2)
    division = standings.DivisionStandings("Division 1", [line])
    [with_bonus] = standings.tables([division], bonus=True)
    # fewer columns for a phone (played is W+D+L); "Cas" is casualties caused, as in the text table
    assert [c.header for c in with_bonus.columns] == ["#", "Team", "W-D-L", "TD", "Cas", "BP", "Pts"]
    assert [c.text for c in with_bonus.rows[0]] == ["1", "Reavers", "2-1-0", "+4", "5", "2", "7"]
    assert standings.CAS_LEGEND == "Cas: casualties caused (SPP casualties)"
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
    # a phone's width: after TP, BP and TD the other tiebreakers in words, the organiser's by their name
    assert [c.header for c in tables[1].columns] == ["#", "Coach", "TP", "BP", "TD", "Then"]
    assert tables[1].rows[0][-1].text == "5 scored · 1 cas · Votes 2"


def test_a_picture_is_labelled_in_the_current_language() -> None:
    """Issue 32: a picture's headers, empty lines, page headings and legends are worded in the language it
    is drawn in (the ui draws a channel's picture in its league's language); names stay as they are."""
    line = standings.StandingLine(1, "Reavers", 3, 2, 1, 0, 4, 5, 7, 2)
    division = standings.DivisionStandings("Division 1", [line])
    long = standings.tables([standings.DivisionStandings("Division 1", [line] * 40)], bonus=False)[0]
    with i18n.using("fr"):
        [table] = standings.tables([division], bonus=True)
        empty = bracket.tables([bracket.BracketStage("Finale", [])], [])
        continued = kit.paginate([long], 800, first_top=100, top=100, page_height=900)[1][0]
        places = event_bracket.Tie(3, 4, bracket.BracketGame("A", "B", "to play")).places
        words = rankings.tables(
            [rankings.RankingSection("Places", [rankings.RankingLine(1, "A", 4, 2, 3, 1, 2)])]
        )
    assert [c.header for c in table.columns] == ["#", "Équipe", "V-N-D", "TD", "Cas", "PB", "Pts"]
    assert [c.text for c in table.rows[0]][:2] == ["1", "Reavers"]
    assert empty[0].empty == "Pas encore tiré." and empty[0].heading == "Finale"
    assert continued.heading == "Division 1 (suite)"
    assert places.startswith("Places 3") and words[0].rows[0][-1].text == "1 marqué · 2 cas"
    assert standings.tables([division], bonus=False)[0].columns[1].header == "Team"  # English again outside
