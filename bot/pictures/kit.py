"""The one drawing kit of every picture: a title, then titled tables (zebra rows, large type), then notes,
as PNG bytes. Mobile first: at most `MAX_WIDTH` pixels wide (Discord shows it at a phone's width, so the
type is large: `PHONE_MIN_TEXT`), as tall as the rows need.

Nothing is clipped: every cell is measured; a column as wide as its widest cell, and when the table would
pass `MAX_WIDTH` the wrapping column (the names) gets what is left and its text wraps onto more lines (at
spaces, or inside a word longer than the column). `layout` returns the measured plan so that tests can
check it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from bot.i18n import _, ngettext

# Drawn for a phone first: Discord shows a picture at the phone's width (about 390 px), so a picture
# `width` pixels wide shrinks by 390 / width and its type with it. At most `MAX_WIDTH` (800) wide, the
# smallest type (`SMALL_SIZE`, 28 px) still shows at 28 x 390 / 800 = 13.7 px on the phone, the body
# (32 px) at 15.6 px: tall rather than wide, few columns, names wrapping (tests/pictures/test_phone.py).
PHONE_WIDTH = 390
PHONE_MIN_TEXT = 12  # the smallest text, in pixels as the phone shows it
MAX_WIDTH = 800
MIN_WIDTH = 600
MIN_WRAP = 160  # the narrowest a wrapping column gets before the picture widens instead
MARGIN = 24
PAD_X = 12
PAD_Y = 10
BODY_SIZE = 32
TITLE_SIZE = 40
HEADING_SIZE = 34
SMALL_SIZE = 28
COMPRESS_LEVEL = 3  # zlib: optimize=True or level 9 take seconds for a 64-team picture, level 3 a fraction

BACKGROUND = "#ffffff"
INK = "#1d1f24"
MUTED = "#5f6673"
TITLE_BAND = "#2b3a67"
TITLE_INK = "#ffffff"
HEADER_BAND = "#d9dfee"
ZEBRA = "#f1f3f8"
WIN = "#1e7a3c"
LOSS = "#8a8f99"
HIGHLIGHT = "#fff4cc"

Align = Literal["left", "right", "center"]
Style = Literal["normal", "bold", "win", "loss", "muted"]

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@dataclass(frozen=True)
class Cell:
    text: str
    style: Style = "normal"


@dataclass(frozen=True)
class Column:
    header: str
    align: Align = "right"
    wrap: bool = False  # a column that takes the spare room and wraps when the table is too wide (names)


@dataclass(frozen=True)
class Table:
    heading: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    highlight: frozenset[int] = frozenset()  # row indexes drawn on a highlight (a champion, the leader)
    empty: str = ""  # the line of a table with no rows ("": "Nobody yet.", in the language drawn in)


@dataclass(frozen=True)
class TableLayout:
    widths: tuple[int, ...]  # each column's width in pixels, padding included
    cells: tuple[tuple[tuple[str, ...], ...], ...]  # each row's cells as their wrapped lines
    header: tuple[tuple[str, ...], ...]


Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans where the system has it (wide coverage of scripts), else Pillow's bundled FreeType font."""
    path = _DEJAVU / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def measure(text: str, size: int = BODY_SIZE, bold: bool = False) -> int:
    """The width of `text` in pixels as it is drawn."""
    return int(font(size, bold).getlength(text))


def line_height(size: int) -> int:
    return int(size * 1.3)


def wrap(text: str, width: int, size: int = BODY_SIZE, bold: bool = False) -> tuple[str, ...]:
    """`text` as lines no wider than `width`: broken at spaces, and inside a word only when the word alone
    is wider. Joining the lines (with the spaces they were broken at) gives the text back."""
    if measure(text, size, bold) <= width:
        return (text,)
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if measure(candidate, size, bold) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
            current = ""
        while measure(word, size, bold) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and measure(word[:cut], size, bold) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    lines.append(current)
    return tuple(lines)


def _bold(style: Style) -> bool:
    return style in ("bold", "win")


def natural_width(table: Table) -> int:
    """The width the table needs with no wrapping."""
    return sum(_natural_columns(table)) + 2 * MARGIN


def _natural_columns(table: Table) -> list[int]:
    widths = [measure(c.header, bold=True) for c in table.columns]
    for row in table.rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], measure(cell.text, bold=_bold(cell.style)))
    return [w + 2 * PAD_X for w in widths]


def layout(table: Table, width: int) -> TableLayout:
    """Column widths for a picture `width` wide and every cell's lines: the wrapping columns share what the
    others leave (and wrap); without one, the last left-aligned column does."""
    widths = _natural_columns(table)
    flexible = _flexible(table)
    room = width - 2 * MARGIN - sum(w for i, w in enumerate(widths) if i not in flexible)
    need = sum(widths[i] for i in flexible)
    if need <= room:  # everything fits: the spare room goes to the wrapping columns
        share, extra = divmod(room - need, len(flexible))
        for i in flexible:
            widths[i] += share
        widths[flexible[-1]] += extra
    else:
        for i in flexible:
            widths[i] = max(room // len(flexible), MIN_WRAP)
    cells = tuple(
        tuple(wrap(cell.text, widths[i] - 2 * PAD_X, bold=_bold(cell.style)) for i, cell in enumerate(row))
        for row in table.rows
    )
    header = tuple(wrap(c.header, widths[i] - 2 * PAD_X, bold=True) for i, c in enumerate(table.columns))
    return TableLayout(tuple(widths), cells, header)


def picture_width(tables: Sequence[Table]) -> int:
    """One width for the whole picture: the widest table's need, between MIN_WIDTH and MAX_WIDTH (wider
    only when the fixed columns alone pass MAX_WIDTH: never clipped)."""
    width = min(max((natural_width(t) for t in tables), default=MIN_WIDTH), MAX_WIDTH)
    width = max(width, MIN_WIDTH)
    for table in tables:
        columns = _natural_columns(table)
        flexible = _flexible(table)
        others = sum(w for i, w in enumerate(columns) if i not in flexible)
        width = max(width, others + len(flexible) * MIN_WRAP + 2 * MARGIN)
    return width


def _flexible(table: Table) -> list[int]:
    """The columns that take the spare room and wrap: those marked `wrap`, else the last left-aligned."""
    marked = [i for i, c in enumerate(table.columns) if c.wrap]
    if marked:
        return marked
    return [max((i for i, c in enumerate(table.columns) if c.align == "left"), default=0)]


_COLOURS: dict[Style, str] = {"normal": INK, "bold": INK, "win": WIN, "loss": LOSS, "muted": MUTED}


def _heading_lines(table: Table, text_width: int) -> tuple[str, ...]:
    return wrap(table.heading, text_width, HEADING_SIZE, True)


def _row_heights(plan: TableLayout) -> list[int]:
    return [max(len(c) for c in row) * line_height(BODY_SIZE) + 2 * PAD_Y for row in plan.cells]


def _table_top(heading: str, plan: TableLayout, text_width: int) -> int:
    """A table's heading and header row."""
    height = PAD_Y * 2 + len(wrap(heading, text_width, HEADING_SIZE, True)) * line_height(HEADING_SIZE)
    return height + max(len(h) for h in plan.header) * line_height(BODY_SIZE) + 2 * PAD_Y


def _table_height(table: Table, plan: TableLayout, text_width: int) -> int:
    """A table's height as drawn: its heading, header row, and its rows (or its empty line)."""
    rows = sum(_row_heights(plan)) if plan.cells else line_height(BODY_SIZE) + 2 * PAD_Y
    return _table_top(table.heading, plan, text_width) + rows


def _top_height(title: str, subtitle: str, text_width: int) -> int:
    """The title band and the subtitle under it."""
    height = (
        MARGIN + len(wrap(title, text_width, TITLE_SIZE, bold=True)) * line_height(TITLE_SIZE) + 2 * PAD_Y
    )
    subtitle_lines = wrap(subtitle, text_width, SMALL_SIZE) if subtitle else ()
    return height + len(subtitle_lines) * line_height(SMALL_SIZE) + (PAD_Y if subtitle_lines else 0)


def _notes_height(notes: Sequence[str], text_width: int) -> int:
    lines = sum(len(wrap(note, text_width, SMALL_SIZE)) for note in notes)
    return lines * line_height(SMALL_SIZE) + MARGIN * 2


def draw(
    title: str,
    tables: Sequence[Table],
    *,
    subtitle: str = "",
    notes: Sequence[str] = (),
    width: int | None = None,
) -> bytes:
    """The picture as PNG bytes: the title band, each table under its heading, then the notes. `width`:
    the picture's width (default: what its tables need, `picture_width`)."""
    width = width or picture_width(tables)
    text_width = width - 2 * MARGIN
    title_lines = wrap(title, text_width, TITLE_SIZE, bold=True)
    subtitle_lines = wrap(subtitle, text_width, SMALL_SIZE) if subtitle else ()
    note_lines = [line for note in notes for line in wrap(note, text_width, SMALL_SIZE)]
    plans = [(t, layout(t, width)) for t in tables]

    body_line = line_height(BODY_SIZE)
    height = _top_height(title, subtitle, text_width) + _notes_height(notes, text_width)
    height += sum(_table_height(table, plan, text_width) for table, plan in plans)

    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    y = 0
    band = MARGIN + len(title_lines) * line_height(TITLE_SIZE) + PAD_Y
    pen.rectangle((0, 0, width, band), fill=TITLE_BAND)
    y = MARGIN // 2 + PAD_Y
    for line in title_lines:
        pen.text((MARGIN, y), line, font=font(TITLE_SIZE, True), fill=TITLE_INK)
        y += line_height(TITLE_SIZE)
    y = band + PAD_Y
    for line in subtitle_lines:
        pen.text((MARGIN, y), line, font=font(SMALL_SIZE), fill=MUTED)
        y += line_height(SMALL_SIZE)
    for table, plan in plans:
        y += PAD_Y
        for line in _heading_lines(table, text_width):
            pen.text((MARGIN, y), line, font=font(HEADING_SIZE, True), fill=TITLE_BAND)
            y += line_height(HEADING_SIZE)
        y += PAD_Y
        header_styles: list[Style] = ["bold"] * len(plan.widths)
        y = _row(pen, plan.widths, table.columns, plan.header, header_styles, y, HEADER_BAND)
        if not plan.cells:
            empty = table.empty or _("Nobody yet.")
            pen.text((MARGIN + PAD_X, y + PAD_Y), empty, font=font(BODY_SIZE), fill=MUTED)
            y += body_line + 2 * PAD_Y
        for index, (row, lines) in enumerate(zip(table.rows, plan.cells, strict=True)):
            fill = HIGHLIGHT if index in table.highlight else (ZEBRA if index % 2 else BACKGROUND)
            y = _row(pen, plan.widths, table.columns, lines, tuple(c.style for c in row), y, fill)
    y += MARGIN // 2
    for line in note_lines:
        pen.text((MARGIN, y), line, font=font(SMALL_SIZE), fill=MUTED)
        y += line_height(SMALL_SIZE)
    assert y + MARGIN // 2 <= height, "the picture's height is measured before drawing"
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


# --- pictures too long for one -----------------------------------------------------------------------------

PAGE_HEIGHT = 2200  # a page's target height: under three times the widest picture, a phone screen or two
MAX_PAGES = 10  # Discord's attachments (and embeds) per message
MAX_BYTES = 24 * 1024 * 1024  # every page together, below Discord's 25 MiB per message


def _slice(table: Table, start: int, end: int, continued: bool) -> Table:
    heading = continued_heading(table.heading) if continued else table.heading
    highlight = frozenset(i - start for i in table.highlight if start <= i < end)
    return Table(heading, table.columns, table.rows[start:end], highlight, table.empty)


def continued_heading(heading: str) -> str:
    """A table's heading on the pages after its first."""
    return _("{heading} (continued)", heading=heading)


def paginate(
    tables: Sequence[Table], width: int, *, first_top: int, top: int, page_height: int = PAGE_HEIGHT
) -> list[list[Table]]:
    """The tables split into pages no taller than `page_height` where rows allow (a page holds at least one
    row, so one taller row still goes): a table split across pages goes on under its heading "(continued)".
    `first_top`, `top`: the height above the tables on the first page and on the others."""
    text_width = width - 2 * MARGIN
    pages: list[list[Table]] = [[]]
    used = first_top
    for table in tables:
        plan = layout(table, width)
        heights = _row_heights(plan) or [line_height(BODY_SIZE) + 2 * PAD_Y]  # or the empty line
        start = 0
        while start < len(heights):
            heading = continued_heading(table.heading) if start else table.heading
            fixed = _table_top(heading, plan, text_width)
            end, size = start, fixed
            while end < len(heights) and used + size + heights[end] <= page_height:
                size += heights[end]
                end += 1
            if end == start:  # not even one row fits here
                if pages[-1]:
                    pages.append([])
                    used = top
                    continue
                end, size = start + 1, fixed + heights[start]  # a fresh page: the row goes anyway
            pages[-1].append(_slice(table, start, min(end, len(table.rows)), start > 0))
            used += size
            start = end
    return pages


def draw_pages(
    title: str,
    tables: Sequence[Table],
    *,
    subtitle: str = "",
    notes: Sequence[str] = (),
    page_height: int = PAGE_HEIGHT,
    max_pages: int = MAX_PAGES,
) -> list[bytes]:
    """The picture as one PNG, or as several ("title (2/3)") when it would be taller than `page_height`:
    one width for every page, the subtitle on the first, the notes on the last. More than `max_pages` (or
    `MAX_BYTES` together) are not sent: the last page drawn says how many rows it leaves out."""
    width = picture_width(tables)
    text_width = width - 2 * MARGIN
    first_top = _top_height(title, subtitle, text_width)
    top = _top_height(f"{title} (10/10)", "", text_width)
    pages = paginate(tables, width, first_top=first_top, top=top, page_height=page_height)
    kept = pages[:max_pages]
    while True:
        left_out = sum(len(t.rows) for page in pages[len(kept) :] for t in page)
        last_notes = list(notes)
        if left_out:
            last_notes.insert(
                0,
                ngettext(
                    "{n} more row is not drawn (too many for pictures): the text has it.",
                    "{n} more rows are not drawn (too many for pictures): the text has them.",
                    left_out,
                    n=left_out,  # as it always read: 1234, not 1,234
                ),
            )
        drawn = [
            draw(
                title if len(pages) == 1 else f"{title} ({n}/{len(kept)})",
                page,
                subtitle=subtitle if n == 1 else "",
                notes=last_notes if n == len(kept) else (),
                width=width,
            )
            for n, page in enumerate(kept, start=1)
        ]
        if sum(len(d) for d in drawn) <= MAX_BYTES or len(kept) == 1:
            return drawn
        kept = kept[: len(kept) // 2]


def _row(
    pen: ImageDraw.ImageDraw,
    widths: Sequence[int],
    columns: Sequence[Column],
    cells: Sequence[Sequence[str]],
    styles: Sequence[Style],
    y: int,
    fill: str,
) -> int:
    body_line = line_height(BODY_SIZE)
    height = max(len(c) for c in cells) * body_line + 2 * PAD_Y
    right = MARGIN + sum(widths)
    pen.rectangle((MARGIN, y, right, y + height), fill=fill)
    x = MARGIN
    for width, column, lines, style in zip(widths, columns, cells, styles, strict=True):
        face = font(BODY_SIZE, _bold(style))
        for n, line in enumerate(lines):
            size = measure(line, BODY_SIZE, _bold(style))
            if column.align == "right":
                left = x + width - PAD_X - size
            elif column.align == "center":
                left = x + (width - size) // 2
            else:
                left = x + PAD_X
            pen.text((left, y + PAD_Y + n * body_line), line, font=face, fill=_COLOURS[style])
        x += width
    return y + height
