"""Plain-text formatting shared by rules messages and the Discord layer (no Discord imports here)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.i18n import _, number

# Last words whose English plural is not the regular one (position names of data/bb2025/teams.json).
_IRREGULAR = {
    "chosen": "chosen",
    "skaven": "skaven",
    "human": "humans",
    "elf": "elves",
    "wolf": "wolves",
    "werewolf": "werewolves",
    "dwarf": "dwarfs",
    "coach": "coaches",
}


def gp(amount: int) -> str:
    """Gold pieces the way coaches write them in the current language: 1,050,000 gp (1 050 000 po)."""
    return _("{amount} gp", amount=number(amount))


def either(names: Sequence[str]) -> str:
    """'Zombie Lineman or Skeleton Lineman' (or three, or one), in the current language."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("{earlier} or {later}", earlier=text, later=name)
    return text


def k(amount: int) -> str:
    """50000 -> '50k' (how rosters print prices)."""
    return f"{amount // 1000}k" if amount % 1000 == 0 else gp(amount)


def _match_case(model: str, word: str) -> str:
    return word.capitalize() if model[:1].isupper() else word


def plural_noun(name: str) -> str:
    """The English plural of a name, by its last word: Human Lineman -> Human Linemen, Witch Elf ->
    Witch Elves, Mummy -> Mummies, Woodland Fox -> Woodland Foxes, Chaos Chosen -> Chaos Chosen."""
    before, space, last = name.rpartition(" ")
    head = before + space
    lower = last.lower()
    if not lower:
        return name
    if lower in _IRREGULAR:
        many = _match_case(last, _IRREGULAR[lower])
    elif lower.endswith("man"):
        many = last[:-3] + ("men" if last[-3:].islower() else "MEN")
    elif re.search(r"[^aeiou]y$", lower):
        many = last[:-1] + "ies"
    elif re.search(r"(s|x|z|ch|sh)$", lower):
        many = last + "es"
    else:
        many = last + "s"
    return head + many


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 player', '3 players', '11 Human Linemen'."""
    return f"{count} {word if count == 1 else (many or plural_noun(word))}"


def shorten(text: str, width: int) -> str:
    """`text` cut to `width` characters with an ellipsis when it is longer."""
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)].rstrip() + "…" if width > 0 else ""


def fit_pair(first: str, second: str, room: int) -> tuple[str, str]:
    """Two names shortened to fit `room` characters together, the longer one first, so that both stay
    readable (two 60-character team names in a 100-character autocomplete label)."""
    if len(first) + len(second) <= room:
        return first, second
    half = room // 2
    if len(first) <= half:
        return first, shorten(second, room - len(first))
    if len(second) <= half:
        return shorten(first, room - len(second)), second
    return shorten(first, half), shorten(second, room - half)


def ordinal(n: int) -> str:
    """A place as the current language writes it: 1st, 2nd, 3rd, 11th, 21st (1er, 2e; 1.º; 1º; 1.)."""
    if n == 1:
        return _("1st")
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    if suffix == "st":
        return _("{n}st", n=n)
    if suffix == "nd":
        return _("{n}nd", n=n)
    if suffix == "rd":
        return _("{n}rd", n=n)
    return _("{n}th", n=n)
