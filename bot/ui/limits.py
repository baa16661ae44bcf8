"""Discord's message limits, and the one set of helpers that splits long text to fit them.

A reply never silently loses text: long text is split into several fields, embeds or messages (or
paginated where the reader asked for a list). Splits fall on line boundaries; an over-long line is split at
a space; a mention (`<@123>`), a channel or role mention, a custom emoji or a timestamp (`<t:...:R>`) is
never cut, and bold, italic or code spans only when there is no other way. A continuation is named
`<name> (cont.)` in the current language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import discord

from bot.i18n import _

# https://discord.com/developers/docs/resources/message#embed-object-embed-limits and friends
CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
EMBEDS = 10
EMBED_TOTAL = 6000  # across all the embeds of one message
BUTTON_LABEL = 80

EMPTY = "\u200b"  # a field value may not be empty

_HARD = re.compile(r"<(?:@[!&]?|#)\d+>|<t:-?\d+(?::[tTdDfFR])?>|<a?:\w+:\d+>")
_SOFT = re.compile(r"\*\*[^*\n]+?\*\*|__[^_\n]+?__|`[^`\n]+`|\*[^*\n]+?\*|~~[^~\n]+?~~|\|\|[^|\n]+?\|\|")


def _blocked(text: str, pattern: re.Pattern[str]) -> list[bool]:
    """blocked[c] is True when cutting the text before index c would split a span of `pattern`."""
    blocked = [False] * (len(text) + 1)
    for match in pattern.finditer(text):
        for c in range(match.start() + 1, match.end()):
            blocked[c] = True
    return blocked


def _find_cut(text: str, start: int, end: int, hard: list[bool], soft: list[bool]) -> int | None:
    """The best place to cut text[start:end]: the last line break, else the last space, outside any
    span; then the last space outside a mention or timestamp; then anywhere outside one."""
    for level in range(4):
        for c in range(end, start, -1):
            if hard[c] or (level < 2 and soft[c]):
                continue
            before = text[c - 1]
            if (level == 0 and before == "\n") or (level in (1, 2) and before.isspace()) or level == 3:
                return c
    return None


def chunk_text(text: str, limit: int) -> list[str]:
    """Cut `text` into pieces of at most `limit` characters; joined together they are the text again.

    A cut falls after a line break if one is in reach, else after a space, never inside a mention or a
    timestamp, and inside a bold/italic/code span only when there is no other place."""
    if limit < 1:
        raise ValueError("the limit must be positive")
    if len(text) <= limit:
        return [text] if text else []
    hard, soft = _blocked(text, _HARD), _blocked(text, _SOFT)
    chunks: list[str] = []
    start = 0
    while len(text) - start > limit:
        cut = _find_cut(text, start, start + limit, hard, soft)
        if cut is None:  # a single token longer than the limit: nothing else to do
            cut = start + limit
        chunks.append(text[start:cut])
        start = cut
    chunks.append(text[start:])
    return chunks


def split_text(text: str, limit: int) -> list[str]:
    """`chunk_text` with the line breaks at the cuts dropped (each piece goes to its own field/message).
    Pieces that would be only whitespace are left out; an empty text gives no pieces."""
    pieces = (piece.rstrip("\n") for piece in chunk_text(text, limit))
    return [piece for piece in pieces if piece.strip()]


def split_lines(lines: Iterable[str], limit: int) -> list[str]:
    """Lines joined into as few pieces of at most `limit` characters as they fit in."""
    return split_text("\n".join(lines), limit)


def continued(name: str, limit: int) -> str:
    """`name (cont.)` in the current language, within `limit` characters (the name shortened first)."""
    more = _("{name} (cont.)", name="")
    return _("{name} (cont.)", name=shorten(name, limit - len(more)))


def shorten(label: str, limit: int) -> str:
    """For labels only (button labels, titles repeated elsewhere): cut at a word with an ellipsis."""
    if len(label) <= limit:
        return label
    cut = label[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


def fields(name: str, body: str | Iterable[str], *, empty: str = "-", inline: bool = False) -> list[Field]:
    """One field, or several named `name (cont.)` when the text is longer than a field holds."""
    text = body if isinstance(body, str) else "\n".join(body)
    pieces = split_text(text, FIELD_VALUE) or [empty or EMPTY]
    head = shorten(name, FIELD_NAME)
    more = continued(name, FIELD_NAME)
    return [Field(head if i == 0 else more, piece, inline) for i, piece in enumerate(pieces)]


def _size(*parts: str | None) -> int:
    return sum(len(p) for p in parts if p)


@dataclass
class _Draft:
    title: str
    description: str = ""
    fields: list[Field] = field(default_factory=list)

    def size(self) -> int:
        return _size(self.title, self.description) + sum(_size(f.name, f.value) for f in self.fields)


def pack_embeds(
    title: str,
    body: Sequence[Field] = (),
    *,
    description: str | Iterable[str] = "",
    colour: discord.Colour | None = None,
    footer: str | None = None,
) -> list[discord.Embed]:
    """Embeds holding the whole description and every field: at most 25 fields and 6,000 characters each
    (with room for the footer, which goes on the last). Continuation embeds are titled `title (cont.)`."""
    text = description if isinstance(description, str) else "\n".join(description)
    if len(title) > EMBED_TITLE:  # keep every word of it: the full title opens the description
        text = f"**{title}**\n{text}" if text else f"**{title}**"
        title = shorten(title, EMBED_TITLE)
    more = continued(title, EMBED_TITLE)
    footer_text = footer if footer is None or len(footer) <= FOOTER else None
    if footer is not None and footer_text is None:
        body = [*body, *fields(_("Note"), footer)]
    room = EMBED_TOTAL - _size(footer_text)
    drafts: list[_Draft] = []
    for i, piece in enumerate(split_text(text, EMBED_DESCRIPTION - 0)):
        drafts.append(_Draft(title if i == 0 else more, piece))
    if not drafts:
        drafts.append(_Draft(title))
    for item in body:
        last = drafts[-1]
        if len(last.fields) >= FIELDS or last.size() + _size(item.name, item.value) > room:
            drafts.append(_Draft(more))
        drafts[-1].fields.append(item)
    embeds = []
    for draft in drafts:
        embed = discord.Embed(title=draft.title, description=draft.description or None, colour=colour)
        for item in draft.fields:
            embed.add_field(name=item.name, value=item.value, inline=item.inline)
        embeds.append(embed)
    if footer_text:
        embeds[-1].set_footer(text=footer_text)
    return embeds


def one_embed(
    title: str, lines: Sequence[str], *, colour: discord.Colour | None = None, footer: str | None = None
) -> discord.Embed:
    """One embed for one page of a paginated list: the description, continued in fields when the page is
    longer than a description holds. The page's size is the caller's to keep within 6,000 characters
    (pages are cut by entries); every line is kept whatever happens."""
    pieces = split_lines(lines, EMBED_DESCRIPTION) or [EMPTY]
    embed = discord.Embed(title=shorten(title, EMBED_TITLE), description=pieces[0], colour=colour)
    for rest in pieces[1:]:
        for piece in split_text(rest, FIELD_VALUE):
            embed.add_field(name=_("(cont.)"), value=piece, inline=False)
    if footer:
        embed.set_footer(text=shorten(footer, FOOTER))
    return embed


def group_embeds(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages: at most 10 a message and 6,000 characters across them."""
    groups: list[list[discord.Embed]] = []
    total = 0
    for embed in embeds:
        size = len(embed)
        if not groups or len(groups[-1]) >= EMBEDS or total + size > EMBED_TOTAL:
            groups.append([])
            total = 0
        groups[-1].append(embed)
        total += size
    return groups


@dataclass(frozen=True)
class Message:
    content: str | None = None
    embeds: tuple[discord.Embed, ...] = ()


def messages(content: str | None = None, embeds: Sequence[discord.Embed] = ()) -> list[Message]:
    """Everything split into messages Discord accepts: the content (mentions in it still ping) in pieces
    of at most 2,000 characters, the last piece with the first group of embeds."""
    texts: list[str | None] = list(split_text(content or "", CONTENT)) or [None]
    groups = group_embeds(embeds)
    out = [Message(text) for text in texts[:-1]]
    out.append(Message(texts[-1], tuple(groups[0]) if groups else ()))
    out += [Message(None, tuple(group)) for group in groups[1:]]
    return out


def within_limits(embed: discord.Embed) -> bool:
    """Whether one embed is inside every per-embed limit (for tests and assertions)."""
    return (
        len(embed.title or "") <= EMBED_TITLE
        and len(embed.description or "") <= EMBED_DESCRIPTION
        and len(embed.fields) <= FIELDS
        and all(
            len(f.name or "") <= FIELD_NAME and 0 < len(f.value or "") <= FIELD_VALUE for f in embed.fields
        )
        and len(embed.footer.text or "") <= FOOTER
        and len(embed) <= EMBED_TOTAL
    )


async def send_messages(
    interaction: discord.Interaction,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    *,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
    followup: bool = False,
) -> None:
    """Answer an interaction with as many messages as it takes (the first as the response unless
    `followup` says the interaction was answered already, the rest as follow-ups); the view goes with
    the last message."""
    parts = messages(content, embeds)
    missing = discord.utils.MISSING
    mentions = allowed_mentions if allowed_mentions is not None else missing
    for i, part in enumerate(parts):
        last_view = view if view is not None and i == len(parts) - 1 else missing
        one = part.embeds[0] if len(part.embeds) == 1 else missing
        many = list(part.embeds) if len(part.embeds) > 1 else missing
        if i == 0 and not followup and not interaction.response.is_done():
            await interaction.response.send_message(
                part.content,
                embed=one,
                embeds=many,
                ephemeral=ephemeral,
                view=last_view,
                allowed_mentions=mentions,
            )
        else:
            await interaction.followup.send(
                part.content or missing,
                embed=one,
                embeds=many,
                ephemeral=ephemeral,
                view=last_view,
                allowed_mentions=mentions,
            )
