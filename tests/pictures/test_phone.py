"""Every picture is drawn for a phone first: Discord shows a picture at the phone's width (about 390 px), so
the type shrinks by 390 / the picture's width. Drawn with the biggest content the settings allow (64 teams,
60-character names, the organiser's extra tiebreakers), each picture's smallest type still shows at 12 px
or more on the phone, and no picture is wider than the kit's `MAX_WIDTH`."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

from bot.pictures import bracket, event_bracket, history, kit, rankings, season_start, standings

LONG = "The Mighty Reikland Reavers of Altdorf 00 and the Old Worlds"  # 60 characters, the most allowed
SIZES = (kit.BODY_SIZE, kit.SMALL_SIZE, kit.HEADING_SIZE, kit.TITLE_SIZE)  # every size the kit draws


def _standings() -> list[bytes]:
    lines = [standings.StandingLine(n, LONG, 63, 60, 2, 1, -123, 120, 182, 12) for n in range(1, 65)]
    division = standings.DivisionStandings("Division 1", lines, [f"2. {LONG} placed on head-to-head"])
    return [standings.standings_png(f"{LONG}: season 12 standings", [division], bonus=True)]


def _rankings() -> list[bytes]:
    coaches = [
        rankings.RankingLine(n, f"{LONG} (A Coach With A Long Name)", 45, 12, -23, 40, 40, (99, 99, 99))
        for n in range(1, 65)
    ]
    squads = [rankings.SquadLine(n, LONG, 45, 9, 9, 9, 12, -23, 40) for n in range(1, 17)]
    sections = [rankings.RankingSection("Places 1-8", coaches[:8]), rankings.RankingSection("Rest", coaches)]
    return [rankings.rankings_png(LONG, sections, squads, extra_names=["Votes", "Objectives", "Fouls"])]


def _game() -> bracket.BracketGame:
    return bracket.BracketGame(LONG, LONG, "12-12 pens", "home")


def _bracket() -> list[bytes]:
    stages = [bracket.BracketStage(f"Round {n}", [_game()] * 16) for n in range(1, 6)]
    return [bracket.bracket_png(LONG, stages, [bracket.Prize("Runner-up", LONG, "100,000 gp")])]


def _season_start() -> list[bytes]:
    teams = season_start.DivisionTeams("Division 1", [(LONG, "Chaos Chosen")] * 64)
    return [season_start.season_start_png(f"{LONG}: season 12 begins", [teams], [(LONG, LONG)] * 32)]


def _event_bracket() -> list[bytes]:
    units = [event_bracket.UnitLine(n, LONG, 45, 9, 9, 9, -23) for n in range(1, 9)]
    ties = [event_bracket.Tie(9, 16, _game()), event_bracket.Tie(1, 2, _game())]
    state = event_bracket.EventBracket(
        [event_bracket.GroupTable(f"Group {n}", units, True) for n in range(8)],
        [event_bracket.KnockoutRound(4, ties)],
        [(1, LONG), (12, LONG)],
        units,
    )
    return event_bracket.event_bracket_pngs(LONG, state, subtitle=LONG, notes=[LONG])


def _history() -> list[bytes]:
    rows = [history.SeasonRow(n, 64, "finished", [f"{LONG} (100,000 gp)"] * 3) for n in range(1, 30)]
    return history.history_pngs(f"{LONG}: seasons", rows)


def _season() -> list[bytes]:
    lines = [standings.StandingLine(n, LONG, 63, 60, 2, 1, -123, 120, 182, 12) for n in range(1, 65)]
    stages = [bracket.BracketStage("Final", [_game()])]
    return history.season_pngs(
        LONG, [standings.DivisionStandings("Division 1", lines)], stages, [], bonus=True
    )


PICTURES: dict[str, Callable[[], list[bytes]]] = {
    "standings": _standings,
    "rankings": _rankings,
    "bracket": _bracket,
    "season_start": _season_start,
    "event_bracket": _event_bracket,
    "history": _history,
    "history_season": _season,
}


@pytest.mark.parametrize("name", PICTURES)
def test_every_picture_reads_at_a_phones_width(name: str) -> None:
    for data in PICTURES[name]():
        image = Image.open(io.BytesIO(data))
        assert image.width <= kit.MAX_WIDTH, (name, image.width)
        shown = {size: size * kit.PHONE_WIDTH / image.width for size in SIZES}
        assert min(shown.values()) >= kit.PHONE_MIN_TEXT >= 12, (name, image.width, shown)
        assert image.height >= image.width or len(data) < 60_000  # tall rather than wide once it has rows


def test_the_smallest_type_is_measured_as_drawn() -> None:
    """The glyphs as rendered, not only the font's nominal size: a capital and a descender of the smallest
    type span 12 px or more once the widest picture is shrunk to the phone."""
    _, top, _, bottom = kit.font(kit.SMALL_SIZE).getbbox("Hg")
    assert (bottom - top) * kit.PHONE_WIDTH / kit.MAX_WIDTH >= 12
