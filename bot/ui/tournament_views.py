"""How a tournament reads in Discord: its rulespack (every setting in one embed)."""

from __future__ import annotations

import discord

from bot.rules.swiss import OddPlayer
from bot.rules.tournament_rosters import TierTable, tiers_text
from bot.rules.tournament_scoring import TIEBREAKER_NAMES
from bot.services.tournaments import Event
from bot.ui.formatting import gp
from bot.ui.limits import Field, fields, pack_embeds

COLOUR = discord.Colour.dark_gold()
STATUS = {"registration": "registration", "running": "under way", "finished": "finished"}


def rulespack_embeds(event: Event, tiers: TierTable, roster_names: dict[str, str]) -> list[discord.Embed]:
    """The whole rulespack, as coaches read it before they write their rosters."""
    r = event.rulespack
    registration = "open" if r.registration_open else "closed"
    if event.status != "registration":
        registration = STATUS[event.status]
    deadline = f"{r.round_hours} hours per round" if r.round_hours else "no deadline (played in person)"
    odd = "a game against the Spare Player" if r.odd_player is OddPlayer.SPARE else "a Bye (a 2-0 win)"
    final = "may meet again in the final round" if r.final_rematch else "are kept apart like everyone else"
    tiebreakers = ", ".join(TIEBREAKER_NAMES[t] for t in r.tiebreakers) + ", then registration order"
    painted = "coaches' votes" if r.best_painted == "votes" else "the organiser's choice"
    moved = [f"{roster_names.get(team, team)}: tier {tier}" for team, tier in sorted(r.roster_tiers.items())]
    rows = [
        ("Team Draft Budget", gp(r.budget)),
        ("Rounds", f"{r.rounds} · {deadline}"),
        ("Odd number of coaches", odd),
        ("1st and 2nd in the final round", final),
        ("Tiebreakers", tiebreakers),
        ("Tiers", "\n".join(tiers_text(tiers))),
        ("Rosters moved to another tier", "\n".join(moved) or "none"),
        ("Best Painted", painted),
    ]
    body: list[Field] = [piece for name, value in rows for piece in fields(name, value)]
    return pack_embeds(
        f"{event.name}: rulespack",
        body,
        colour=COLOUR,
        description=f"Registration: **{registration}**",
    )
