"""Changing a tournament roster while the event is open (seed 000): when a coach may register and change his
roster, what a change may not break (`check_step`, against the roster check of tournament_rosters.py), what
submission and approval ask (`check_entered`), and the refusals of the one drafting sequence that only an
event roster has (its stars, its Mercenaries, the Spare Player). The services load and ask
(bot/services/roster/event_drafting.py, bot/services/tournament/tournament_entries.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from bot.errors import RuleViolation
from bot.i18n import _
from bot.rules.tournament.tournament_rosters import NEEDS_MORE_PLAYERS, RosterCheck


def check_registration_open(event_name: str, registration_open: bool) -> None:
    """A coach registers a team only while the organiser keeps registration open."""
    if not registration_open:
        raise RuleViolation(
            _("Registration for {event} is closed; ask the organiser to open it.", event=event_name)
        )


def check_rosters_open(event_name: str, status: str) -> None:
    """Rosters are written while the event is in registration and lock when it starts: what a roster holds
    is on it "for the duration of the event" (seed 000)."""
    if status == "running":
        raise RuleViolation(_("{event} has started: rosters lock when the event starts.", event=event_name))
    if status != "registration":
        raise RuleViolation(_("{event} has finished: rosters lock when the event starts.", event=event_name))


def refuse_after_game(event_name: str) -> NoReturn:
    """An event roster has no post-game sequence: nobody is fired after a game of the event."""
    raise RuleViolation(_("{event}: rosters lock when the event starts.", event=event_name))


def check_step(before: Sequence[str], after: Sequence[str]) -> None:
    """A change of a roster is refused when it breaks a rule the roster kept before it (`before` and `after`:
    the roster check's refusals); a roster still short of 11 players is no refusal while drafting (the
    submission asks for them)."""
    drafting = _(NEEDS_MORE_PLAYERS)
    new = [r for r in after if r not in before and drafting not in r]
    if new:
        raise RuleViolation(" ".join(new))


def check_entered(team_name: str, check: RosterCheck) -> RosterCheck:
    """A roster submitted or approved breaks no rule: refused with every rule it breaks."""
    if not check.legal:
        raise RuleViolation(
            _("{team} cannot be entered yet:", team=team_name)
            + "\n"
            + "\n".join(f"• {r}" for r in check.refusals)
        )
    return check


def check_star_release(name: str, star: bool) -> None:
    """A star player (or a pair) leaves the roster as he came, as one unit (/roster unstar), not as a
    player released."""
    if star:
        raise RuleViolation(_("{star} is a star player: remove him with /roster unstar.", star=name))


def check_star_skill(star: bool) -> None:
    """Seed 000: "Star Players cannot be given additional Skills under any circumstances"."""
    if star:
        raise RuleViolation(_("Star Players cannot be given additional Skills under any circumstances."))


def check_not_mercenary(player: str, mercenary: bool) -> None:
    """A Mercenary's one Primary skill is bought with him, in gold: never with Skill Points."""
    if mercenary:
        raise RuleViolation(
            _(
                "{player} is a Mercenary: his one skill is bought with him (/roster mercenary skill:…), "
                "not with Skill Points. Fire him and hire him again to change it.",
                player=player,
            )
        )


def check_spare(event_name: str, team_event: bool) -> None:
    """A team event has no Spare Player: an odd squad's coach has a Bye (the squads are paired, not the
    coaches)."""
    if team_event:
        raise RuleViolation(
            _("{event} is a team event: it has no Spare Player (an odd squad has a Bye).", event=event_name)
        )
