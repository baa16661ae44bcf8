"""The splitting helpers: nothing lost or reordered, every piece within Discord's limits, no token cut."""

from __future__ import annotations

import re

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ui import limits
from bot.ui.limits import (
    CONTENT,
    EMBED_TOTAL,
    EMBEDS,
    FIELD_VALUE,
    FIELDS,
    chunk_text,
    fields,
    group_embeds,
    messages,
    pack_embeds,
    shorten,
    split_lines,
    split_text,
    within_limits,
)

TOKEN = re.compile(r"<@!?\d+>|<#\d+>|<t:\d+:[tTdDfFR]>")
tokens = st.one_of(
    st.integers(10**16, 10**19).map(lambda n: f"<@{n}>"),
    st.integers(0, 2**40).map(lambda n: f"<t:{n}:R>"),
    st.integers(10**16, 10**19).map(lambda n: f"<#{n}>"),
)
words = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="<>*"), min_size=0, max_size=30),
    tokens,
    st.sampled_from([" ", "\n", "  ", "**bold words here**", "`code`", "x" * 150]),
)
texts = st.lists(words, max_size=120).map(lambda parts: " ".join(parts))


def _tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def _no_token_cut(original: str, pieces: list[str]) -> None:
    """Every token of the text is whole inside one piece, in the same order."""
    found = [t for piece in pieces for t in _tokens(piece)]
    assert found == _tokens(original)


@settings(max_examples=150)
@given(texts, st.integers(min_value=30, max_value=2000))
def test_chunks_give_back_the_text_within_the_limit(text: str, limit: int) -> None:
    chunks = chunk_text(text, limit)
    assert "".join(chunks) == text
    assert all(0 < len(c) <= limit for c in chunks)
    _no_token_cut(text, chunks)


@settings(max_examples=100)
@given(st.lists(st.text(max_size=300).map(lambda t: t.replace("<", "(")), max_size=60))
def test_lines_split_keeps_every_character_in_order(lines: list[str]) -> None:
    pieces = split_lines(lines, 500)
    assert all(len(p) <= 500 for p in pieces)
    # Separators: the line break at a cut is dropped, pieces that are only whitespace are left out.
    assert "".join("".join(pieces).split()) == "".join("".join(lines).split())


def test_a_cut_prefers_line_breaks_then_spaces_and_keeps_mentions_and_timestamps_whole() -> None:
    lines = [
        f"<@{10**17 + i}> v <@{2 * 10**17 + i}>: Team {i} v Team {i + 1} <t:1700000000:R>" for i in range(80)
    ]
    pieces = split_lines(lines, CONTENT)
    assert len(pieces) > 1
    assert [line for piece in pieces for line in piece.split("\n")] == lines
    one_long_line = " ".join(lines)
    parts = split_text(one_long_line, 300)
    assert " ".join(p.strip() for p in parts) == one_long_line
    _no_token_cut(one_long_line, parts)


def test_bold_is_only_cut_when_nothing_else_is_possible() -> None:
    text = "a " * 40 + "**" + "b " * 10 + "**"
    parts = split_text(text, 90)
    assert parts[-1].startswith("**") and parts[-1].endswith("**")
    assert split_text("**" + "x" * 200 + "**", 100) == ["**" + "x" * 98, "x" * 100, "x" * 2 + "**"]


def test_a_token_longer_than_the_limit_is_cut_rather_than_lost() -> None:
    assert "".join(chunk_text("<@12345678901234567890>", 10)) == "<@12345678901234567890>"


def test_fields_continue_under_the_same_name() -> None:
    body = [f"line {i} " + "y" * 60 for i in range(40)]
    made = fields("Round 1", body)
    assert [f.name for f in made] == ["Round 1"] + ["Round 1 (cont.)"] * (len(made) - 1)
    assert all(len(f.value) <= FIELD_VALUE for f in made)
    assert [line for f in made for line in f.value.split("\n")] == body
    assert fields("Empty", []) == [limits.Field("Empty", "-")]


@settings(max_examples=60)
@given(
    st.lists(st.tuples(st.text(min_size=1, max_size=300), st.text(max_size=3000)), max_size=40),
    st.text(max_size=9000),
)
def test_packed_embeds_hold_everything_within_the_limits(
    items: list[tuple[str, str]], description: str
) -> None:
    made = [f for name, value in items for f in fields(name, value)]
    embeds = pack_embeds("Title " * 60, made, description=description, footer="footer")
    assert all(within_limits(e) for e in embeds)
    assert [(f.name, f.value) for e in embeds for f in e.fields] == [(f.name, f.value) for f in made]
    got = "".join((e.description or "") for e in embeds)
    assert "".join(got.split()) == "".join(("**" + "Title " * 60 + "**" + description).split())
    assert embeds[-1].footer.text == "footer"
    groups = group_embeds(embeds)
    assert [e for g in groups for e in g] == embeds
    assert all(len(g) <= EMBEDS and sum(len(e) for e in g) <= EMBED_TOTAL for g in groups)


def test_many_fields_make_several_embeds_and_messages() -> None:
    made = [limits.Field(f"Team {i}", "z" * 1000) for i in range(64)]
    embeds = pack_embeds("Big", made, colour=discord.Colour.red())
    assert all(len(e.fields) <= FIELDS and len(e) <= EMBED_TOTAL for e in embeds)
    assert sum(len(e.fields) for e in embeds) == 64
    sent = messages("<@1> " * 600, embeds)
    assert all(m.content is None or len(m.content) <= CONTENT for m in sent)
    assert [e for m in sent for e in m.embeds] == embeds
    assert "".join(m.content or "" for m in sent).split() == ["<@1>"] * 600


def test_shorten_is_for_labels() -> None:
    assert shorten("Finish: Reavers", 80) == "Finish: Reavers"
    label = shorten("The Extremely Long Named Reikland Reavers Of The Old World And Beyond " * 2, 80)
    assert len(label) <= 80 and label.endswith("…")
