"""Star players as a roster takes them (seeds 000 and 004): one star, or a pair of stars who come together
and fill two roster places for one price. A league's contracts and All-Star drafts (rules/league) and an
event's stars (rules/tournament) choose among the same units."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.catalog import Catalog


@dataclass(frozen=True)
class StarUnit:
    """What is signed or drawn at once: one star, or a pair of stars who come together."""

    name: str
    members: tuple[str, ...]
    cost: int

    @property
    def size(self) -> int:
        return len(self.members)

    @property
    def is_pair(self) -> bool:
        return self.size > 1

    def member_costs(self) -> list[int]:
        """What each star of the unit counts for in team value: his own cost, or his share of the pair's."""
        share, rest = divmod(self.cost, self.size)
        return [share + (rest if index == 0 else 0) for index in range(self.size)]


def star_units(catalog: Catalog, excluded: Sequence[str] = ()) -> list[StarUnit]:
    """Every star once, pairs as one unit (at the pair's price), in name order, less the excluded ones."""
    units = [StarUnit(s.name, (s.name,), s.cost or 0) for s in catalog.stars.values() if s.pair is None]
    units += [StarUnit(p.name, tuple(p.members), p.cost) for p in catalog.pairs.values()]
    out = {e.lower() for e in excluded}
    return sorted(
        (u for u in units if u.name.lower() not in out and not {m.lower() for m in u.members} & out),
        key=lambda u: u.name,
    )
