"""The pictures of /tournament bracket and /history (plain values in) and the kit's pages: what each table
shows, the documented cases drawn, and a 64-coach event or a long history split into pages a phone can read,
within Discord's 10 attachments a message."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures import event_bracket, history
from bot.pictures.bracket import BracketGame, BracketStage, Prize
from bot.pictures.kit import (
    MAX_PAGES,
    MAX_WIDTH,
    MIN_WIDTH,
    PAGE_HEIGHT,
    Cell,
    Column,
    Table,
    draw_pages,
    paginate,
)
from bot.pictures.standings import DivisionStandings, StandingLine


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and MIN_WIDTH <= image.width <= MAX_WIDTH
    assert len(data) < 8 * 1024 * 1024 // 8  # far below the 8 MiB a server allows per file
    return image


def _unit(position: int, name: str) -> event_bracket.UnitLine:
    return event_bracket.UnitLine(position, name, 9 - 3 * position, 3 - position, 0, position, 4 - position)


def _group(index: int, complete: bool = True) -> event_bracket.GroupTable:
    return event_bracket.GroupTable(
        f"Group {chr(65 + index % 26)}{index // 26 or ''}",
        [_unit(p, f"Team {4 * index + p}") for p in range(1, 5)],
        complete,
    )


def _tie(places: tuple[int, int], home: str, away: str, score: str, winner: str | None) -> event_bracket.Tie:
    return event_bracket.Tie(*places, BracketGame(home, away, score, winner))  # type: ignore[arg-type]


def test_the_group_stage_shows_each_group_and_says_which_are_in_play() -> None:
    bracket = event_bracket.EventBracket([_group(0), _group(1, complete=False)], [], [], [])
    tables = event_bracket.tables(bracket)
    assert [t.heading for t in tables] == ["Group A", "Group B (in play)"]  # no knock-out, no Rest yet
    assert [c.header for c in tables[0].columns] == ["#", "Team", "TP", "W-D-L", "TD"]
    assert [c.text for c in tables[0].rows[0]] == ["1", "Team 1", "6", "2-0-1", "+3"]
    assert tables[0].rows[0][1].style == "bold"  # the group's leader
    squads = event_bracket.tables(event_bracket.EventBracket([_group(0)], [], [], [], squads=True))
    assert squads[0].columns[1].header == "Squad"


def test_the_knock_out_marks_winners_shows_pens_unplayed_games_and_the_places_at_stake() -> None:
    first = event_bracket.KnockoutRound(
        4,
        [
            _tie((1, 4), "Team 1", "Team 8", "2-1", "home"),
            _tie((1, 4), "Team 5", "Team 4", "1-1 pens", "away"),
        ],
    )
    second = event_bracket.KnockoutRound(
        5,
        [
            _tie((1, 2), "Team 1", "Team 4", "to play", None),
            _tie((3, 4), "Team 8", "Team 5", "0-2", "away"),
        ],
    )
    bracket = event_bracket.EventBracket(
        [_group(0), _group(1)], [first, second], [(3, "Team 5"), (4, "Team 8")], [_unit(1, "Team 2")]
    )
    tables = event_bracket.tables(bracket)
    headings = [t.heading for t in tables]
    assert headings == [  # once the knock-out is drawn, it comes first, the groups last
        "Places decided",
        "Knock-out, round 4 · Places 1-4",  # one set of places: in the heading
        "Knock-out, round 5",  # several: a column of their own
        "Best of the Rest",
        "Group A",
        "Group B",
    ]
    home, score, away = tables[1].rows[1]
    assert (home.style, score.text, away.style) == ("loss", "1-1 pens", "win")
    places, home, score, away = tables[2].rows[0]
    assert (places.text, home.style, score.text, score.style, away.style) == (
        "Final",
        "normal",
        "to play",
        "muted",
        "normal",
    )
    assert tables[2].rows[1][0].text == "3-4" and tables[2].columns[0].header == "Places"
    assert [c.text for c in tables[0].rows[1]] == ["4th", "Team 8"] and tables[0].highlight == frozenset()
    [page] = event_bracket.event_bracket_pngs("Cup: groups and knock-out", bracket, subtitle="Knock-out")
    assert _png(page).height > 1000


def test_an_event_not_drawn_yet_still_draws_its_title_and_notes() -> None:
    [page] = event_bracket.event_bracket_pngs(
        "Cup: groups and knock-out", event_bracket.EventBracket([], [], [], []), subtitle="Not drawn yet."
    )
    assert 150 < _png(page).height < 600


def _sixty_four_coaches() -> event_bracket.EventBracket:
    """16 groups of four, 32 qualifiers: five knock-out rounds of 16 games, 32 in Best of the Rest."""
    groups = [_group(i) for i in range(16)]
    rounds = []
    for k in range(5):
        span = 32 >> k
        rounds.append(
            event_bracket.KnockoutRound(
                4 + k,
                [
                    _tie(
                        (1 + (g // max(span // 2, 1)) * span, (g // max(span // 2, 1) + 1) * span),
                        f"The Longest Team Name Allowed {2 * g}",
                        f"The Longest Team Name Allowed {2 * g + 1}",
                        "1-1 pens",
                        "home",
                    )
                    for g in range(16)
                ],
            )
        )
    places = [(p, f"Team {p}") for p in range(1, 33)]
    rest = [_unit(p, f"Team {32 + p}") for p in range(1, 33)]
    return event_bracket.EventBracket(groups, rounds, places, rest)


def test_a_sixty_four_coach_event_is_split_into_pages_a_phone_can_read() -> None:
    pages = event_bracket.event_bracket_pngs("World Cup: groups and knock-out", _sixty_four_coaches())
    assert 2 <= len(pages) <= MAX_PAGES
    images = [_png(p) for p in pages]
    assert len({i.width for i in images}) == 1  # one width for every page
    for image in images:
        assert image.height <= PAGE_HEIGHT + 400  # the page, and the notes under the last
        assert image.height < 3 * image.width  # taller than wide, but not a ribbon
    assert sum(len(p) for p in pages) < 25 * 1024 * 1024


def _rows(n: int) -> Table:
    columns = (Column("#"), Column("Team", "left", wrap=True))
    return Table(
        "Teams", columns, tuple((Cell(str(i)), Cell(f"Team {i}")) for i in range(n)), frozenset({0, 45})
    )


def test_pages_continue_a_table_under_its_heading_and_keep_every_row() -> None:
    table = _rows(100)
    pages = paginate([table, _rows(0)], 720, first_top=200, top=100)
    assert len(pages) >= 2
    pieces = [t for page in pages for t in page]
    assert pieces[0].heading == "Teams" and pieces[1].heading == "Teams (continued)"
    assert [r for t in pieces[:-1] for r in t.rows] == list(table.rows)  # every row, once, in order
    assert pieces[-1].rows == ()  # an empty table keeps its place (and its "nobody yet" line)
    highlighted = [t.rows[i][0].text for t in pieces for i in t.highlight]
    assert highlighted == ["0", "45"]


def test_more_than_ten_pages_stop_at_ten_and_say_what_is_left_out() -> None:
    pages = draw_pages("Huge", [_rows(2000)])
    assert len(pages) == MAX_PAGES
    assert all(_png(p).height <= PAGE_HEIGHT + 200 for p in pages)
    assert len(draw_pages("Small", [_rows(5)])) == 1


def test_history_shows_each_seasons_podium_or_how_far_it_has_got() -> None:
    rows = [
        history.SeasonRow(3, 8, "regular season", []),
        history.SeasonRow(2, 8, "play-offs", ["Reavers (100,000 gp)"]),
        history.SeasonRow(
            1, 6, "finished", ["Reavers (100,000 gp)", "Raiders (60,000 gp)", "Orcs (30,000 gp)"]
        ),
    ]
    table = history.seasons_table(rows)
    # four columns for a phone: the champion, then the runner-up and third together
    assert [c.header for c in table.columns] == ["Season", "Teams", "Champion", "2nd, 3rd"]
    assert [c.text for c in table.rows[0]] == ["3", "8", "regular season", ""]
    assert table.rows[0][2].style == "muted"
    assert [c.text for c in table.rows[2]][2:] == [
        "Reavers (100,000 gp)",
        "2. Raiders (60,000 gp) · 3. Orcs (30,000 gp)",
    ]
    assert table.rows[2][2].style == "win"
    [page] = history.history_pngs("League: seasons", rows)
    assert _png(page).height > 400
    [empty] = history.history_pngs("League: seasons", [])
    _png(empty)


def test_a_long_history_is_split_into_pages() -> None:
    rows = [
        history.SeasonRow(n, 16, "finished", [f"The Longest Team Name Allowed {n} (100,000 gp)"] * 3)
        for n in range(200, 0, -1)
    ]
    pages = history.history_pngs("League: seasons", rows)
    assert 2 <= len(pages) <= MAX_PAGES
    for page in pages:
        assert _png(page).height <= PAGE_HEIGHT + 300


def test_a_season_draws_its_tables_then_its_play_offs() -> None:
    line = StandingLine(1, "Reavers", 3, 2, 1, 0, 4, -1, 7)
    divisions = [DivisionStandings("Division 1", [line], ["1. Reavers placed on head-to-head"])]
    stages = [BracketStage("Final", [BracketGame("Reavers", "Raiders", "2-1", "home")])]
    [page] = history.season_pngs(
        "League: season 1", divisions, stages, [Prize("1st", "Reavers", "100,000 gp")], bonus=False
    )
    assert _png(page).height > 700
