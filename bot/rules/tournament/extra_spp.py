"""Extra SPP the organiser awards (seed 000, Player Advancement): "Event Organisers may also decide to award
additional SPP for other in-game instances if they wish; if this is the case then this will need to be
clearly outlined in the rulespack." So an award needs an event with player advancement, a rulespack that
says what extra SPP are for, a player of the team who is not a star, and a game of his team that is over.
A negative award takes back one given by mistake, never below the SPP the player has.
"""

from __future__ import annotations

from bot.errors import RuleViolation
from bot.i18n import _, ngettext

MOST_AT_ONCE = 10  # SPP one award gives or takes back


def check_awardable(event: str, advancement: bool, described: str) -> None:
    """SPP count only where players advance, and the rulespack must say what extra SPP are for."""
    if not advancement:
        raise RuleViolation(
            _(
                "{event} has no player advancement, so SPP count for nothing: the organiser turns it on with "
                "/rulespack play-rules advancement:True.",
                event=event,
            )
        )
    if not described:
        raise RuleViolation(
            _(
                "{event}'s rulespack does not say what extra SPP are for: write it first with "
                "/rulespack play-rules extra_spp:…, so coaches know.",
                event=event,
            )
        )


def check_amount(amount: int, player: str, spp: int) -> int:
    """A non-zero award of at most 10 either way; taking back never leaves the player below 0 SPP."""
    if amount == 0 or abs(amount) > MOST_AT_ONCE:
        raise RuleViolation(
            _(
                "Award 1 to {most} SPP, or -1 to -{most} to take back an award given by mistake.",
                most=MOST_AT_ONCE,
            )
        )
    if spp + amount < 0:
        raise RuleViolation(
            ngettext(
                "{player} has {n} SPP: you can take back at most that.",
                "{player} has {n} SPP: you can take back at most that.",
                spp,
                player=player,
            )
        )
    return amount


def check_player(player: str, star: bool, mercenary: bool = False) -> None:
    """Star players and Mercenaries never earn SPP (BB2025: "Mercenaries do not earn Star Player points")."""
    if star:
        raise RuleViolation(_("{player} is a star player: star players never earn SPP.", player=player))
    if mercenary:
        raise RuleViolation(_("{player} is a Mercenary: Mercenaries never earn SPP.", player=player))


def check_game(team: str, round_number: int | None, confirmed: bool) -> None:
    """The SPP are for something that happened in a game of the team that is over (confirmed)."""
    if confirmed:
        return
    if round_number is None:
        raise RuleViolation(
            _("{team} has no confirmed game in the event: award extra SPP once the game is over.", team=team)
        )
    raise RuleViolation(
        _(
            "{team} has no confirmed game in round {number}: award extra SPP once the game is over.",
            team=team,
            number=round_number,
        )
    )
