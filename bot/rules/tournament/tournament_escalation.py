"""Gold piece escalation's checks of a change (seed 000, Gold Piece Escalation): a coach writes a roster for
every Team Draft Budget before the event starts, each only adding to the one before. What a roster of one
round holds against the one before is `only_additions`; what a change of the roster being written may not
take away, and when the next roster opens. The rows (who joined in which round) are
services/tournament/tournament_escalation.py's."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import RuleViolation
from bot.i18n import N_, _
from bot.rules.tournament.tournament_rosters import TournamentRoster
from bot.text import gp

# Every refusal of a roster taking something away holds this (its {rule}, in every language).
ONLY_ADDS = N_("an escalation roster only adds to the one before")


def only_additions(before: TournamentRoster, after: TournamentRoster, round_number: int) -> list[str]:
    """Why the roster of `round_number` (`after`) is not the one before plus additions (seed 000: "coaches
    can only add to their Team Draft Roster and cannot take anything away from it once it has been added
    in"); empty when it only adds. A player is matched by position, keeping any skill he had."""
    refusals: list[str] = []

    def missing(old: Sequence[object], new: Sequence[object]) -> int:
        left = list(new)
        gone = 0
        for item in old:
            if item in left:
                left.remove(item)
            else:
                gone += 1
        return gone

    # Each player before must still be there, with his skill if he had one (a skill may be added).
    left = list(after.players)
    lost_players = 0
    for player in sorted(before.players, key=lambda p: -len(p.skills)):
        fits = [
            p for p in left if p.position_id == player.position_id and set(player.skills) <= set(p.skills)
        ]
        if not fits:
            lost_players += 1
            continue
        left.remove(min(fits, key=lambda p: len(p.skills)))
    earlier = round_number - 1
    if lost_players:
        refusals.append(
            _(
                "{count} player(s) or their skills of round {number} are gone",
                count=lost_players,
                number=earlier,
            )
        )
    if missing([s.name for s in before.stars], [s.name for s in after.stars]):
        refusals.append(_("a star player of round {number} is gone", number=earlier))
    b, a = before.staff, after.staff
    for label, old, new in (
        (N_("team re-rolls"), b.rerolls, a.rerolls),
        (N_("assistant coaches"), b.assistant_coaches, a.assistant_coaches),
        (N_("cheerleaders"), b.cheerleaders, a.cheerleaders),
        (N_("apothecary"), int(b.apothecary), int(a.apothecary)),
        (N_("Dedicated Fans"), before.dedicated_fans, after.dedicated_fans),
    ):
        if new < old:
            refusals.append(f"{_(label)} {old}→{new}")
    had = dict(before.inducements)
    has = dict(after.inducements)
    for key, count in had.items():
        if has.get(key, 0) < count:
            refusals.append(
                _("inducement {inducement} {old}→{new}", inducement=key, old=count, new=has.get(key, 0))
            )
    if not refusals:
        return []
    return [
        _(
            "Round {number}: {rule} ({changes}).",
            number=round_number,
            rule=_(ONLY_ADDS),
            changes="; ".join(refusals),
        )
    ]


def _round_label(number: int) -> str:
    """What begins each refusal of the roster of round `number`."""
    return _("Round {number} roster", number=number)


def round_refusals(number: int, budget: int, refusals: Sequence[str]) -> list[str]:
    """The refusals of the roster of round `number` (written for `budget`), each naming its round."""
    label = _round_label(number)
    return [f"{label} ({gp(budget)}): {r}" for r in refusals]


def check_only_adds(escalation: bool, refusals: Sequence[str]) -> None:
    """Refuse a change after which the roster being written no longer holds all of the one before."""
    if escalation:
        rule = _(ONLY_ADDS)
        broken = [r for r in refusals if rule in r]
        if broken:
            raise RuleViolation(" ".join(broken))


def check_player_kept(player: str, joined: int, writing: int) -> None:
    """A player (or star) of an earlier roster stays on every later one: `player` joined in round `joined`,
    the roster of round `writing` is being written."""
    if joined < writing:
        raise RuleViolation(
            _(
                "{player} is on your round-{number} roster: seed 000, {rule}.",
                player=player,
                number=joined,
                rule=_(ONLY_ADDS),
            )
        )


def check_skill_kept(player: str, skill: str | None, skilled: int, writing: int) -> None:
    """A Skill-Point skill given on an earlier roster stays (`skilled`: its round; None: no skill yet)."""
    if writing > 1 and skill is not None and skilled < writing:
        raise RuleViolation(
            _(
                "{player}'s {skill} is on an earlier roster: seed 000, {rule}.",
                player=player,
                skill=skill,
                rule=_(ONLY_ADDS),
            )
        )


def check_next_roster(event_name: str, escalation: bool) -> None:
    """Only an escalation event has a next roster to write."""
    if not escalation:
        raise RuleViolation(
            _("{event} has one Team Draft Budget: there is no next roster to write.", event=event_name)
        )


def check_round_ready(number: int, refusals: Sequence[str]) -> None:
    """The roster of round `number` is closed only when it breaks no rule of its budget (`refusals`: every
    round's, as `round_refusals` names them)."""
    label = _round_label(number) + " ("
    broken = [r for r in refusals if r.startswith(label)]
    if broken:
        raise RuleViolation(
            _("Your round-{number} roster is not ready:", number=number)
            + "\n"
            + "\n".join(f"• {r}" for r in broken)
        )


# --- playing: each round with that round's roster ----------------------------------------------------------


def fielded_round(round_number: int | None, roster_rounds: int) -> int:
    """The roster a game of round `round_number` is played with: that round's (seed 000: "coaches will start
    with a smaller Team Draft Budget for their first game and will then receive more gold pieces after each
    round"), the last one in the rounds after the last budget or in a game without a round."""
    if round_number is None:
        return roster_rounds
    return max(1, min(round_number, roster_rounds))


def check_on_round_roster(team: str, number: int, name: str, joined: int, playing: int) -> None:
    """A game credits only players on the roster of its round (`joined`: the first roster with the player,
    `playing`: the roster the game is played with)."""
    if joined > playing:
        raise RuleViolation(
            _(
                "{team}: #{number} joins the roster in round {joined}; this is round {playing}. "
                "Each round is played with that round's roster (seed 000, Gold Piece Escalation): "
                "leave #{number} {name} out.",
                team=team,
                number=number,
                joined=joined,
                playing=playing,
                name=name,
            )
        )
