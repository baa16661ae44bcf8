"""The drawing kit: measured columns, wrapped names, never a clipped cell, the phone's width."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.pictures.kit import (
    BACKGROUND,
    MARGIN,
    MAX_WIDTH,
    PAD_X,
    Cell,
    Column,
    Table,
    draw,
    layout,
    measure,
    picture_width,
    wrap,
)

LONGEST = ("Ü" * 20 + " The Longest Team Name The Settings Allow")[:60]  # a long word, then words
WIDE = "W" * 60  # the widest letter, no space to wrap at


def _table(names: list[str]) -> Table:
    columns = (Column("#"), Column("Team", "left", wrap=True), Column("W-D-L", "center"), Column("Pts"))
    rows = tuple(
        (Cell(str(n)), Cell(name, "bold"), Cell("10-10-10"), Cell(str(99 - n)))
        for n, name in enumerate(names)
    )
    return Table("Division 1", columns, rows)


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_sixty_character_names_fit_their_column_without_clipping() -> None:
    assert len(LONGEST) == len(WIDE) == 60
    table = _table([LONGEST, WIDE, "Short"] * 22)  # 66 rows: more than a 64-team division
    width = picture_width([table])
    assert width <= MAX_WIDTH
    plan = layout(table, width)
    assert sum(plan.widths) + 2 * MARGIN <= width
    for row, cells in zip(table.rows, plan.cells, strict=True):
        for column, (cell, lines) in enumerate(zip(row, cells, strict=True)):
            bold = cell.style == "bold"
            for line in lines:  # every line of every cell within its column's width: nothing clipped
                assert measure(line, bold=bold) <= plan.widths[column] - 2 * PAD_X
            assert "".join(lines).replace(" ", "") == cell.text.replace(" ", "")  # nothing lost
    assert len(plan.cells[1][1]) > 1  # the 60 W's wrap onto more lines rather than widen past a phone


def test_a_short_table_is_not_wrapped() -> None:
    table = _table(["Reikland Reavers", "Orcland Raiders"])
    plan = layout(table, picture_width([table]))
    assert all(len(lines) == 1 for row in plan.cells for lines in row)


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("abcdefghijWXYZ ÆØéß.-'"), min_size=1, max_size=60),
    width=st.integers(min_value=40, max_value=900),
)
def test_wrapping_keeps_every_character_and_each_line_fits(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        assert measure(line) <= width or len(line) == 1


def test_a_sixty_four_team_division_grows_in_height_and_stays_small() -> None:
    small = _decode(draw("League: season 1 standings", [_table([f"Team {n}" for n in range(4)])]))
    data = draw("League: season 1 standings", [_table([f"{LONGEST[:-2]}{n:02d}" for n in range(64)])])
    big = _decode(data)
    assert big.format == "PNG"
    assert small.width <= MAX_WIDTH and big.width <= MAX_WIDTH
    assert big.height > 10 * small.height // 2  # every team has its row(s)
    assert len(data) < 8 * 1024 * 1024 // 4  # far below Discord's 8 MiB attachment limit
    bottom = big.crop((0, big.height - MARGIN // 2, big.width, big.height)).convert("RGB")
    colours = bottom.getcolors()
    assert colours is not None and [c for _, c in colours] == [
        Image.new("RGB", (1, 1), BACKGROUND).getpixel((0, 0))
    ]


def test_the_bytes_change_when_a_cell_changes() -> None:
    before = draw("T", [_table(["Reavers", "Raiders"])])
    after_table = _table(["Reavers", "Raiders"])
    rows = (after_table.rows[0], (*after_table.rows[1][:3], Cell("100")))
    after = draw("T", [Table(after_table.heading, after_table.columns, rows)])
    assert before != after
    assert before == draw("T", [_table(["Reavers", "Raiders"])])  # the same data draws the same picture
