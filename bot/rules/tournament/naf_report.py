"""The NAF report (issue 29): the XML that NAF tools exchange, through which a NAF-sanctioned event reports
its games for the NAF's world rankings.

    <nafReport><organiser>…</organiser>
      <coaches><coach><name/><number/><team/></coach>…</coaches>
      <game><timeStamp>YYYY-MM-DD HH:MM</timeStamp>
        <playerRecord>…</playerRecord><playerRecord>…</playerRecord>
      </game>…
    </nafReport>

Each `playerRecord` holds the coach's `name` and `number`, the `team` (the race as NAF names it: the
catalogue's team name), `teamRating` (the team value in thousands of gold pieces), `touchDowns` and
`badlyHurt` (the casualties that side caused). Byes are not games and never reach this module; a conceded
game is reported with its recorded score. Pure: plain values in, UTF-8 bytes with the XML declaration out.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.errors import RuleViolation
from bot.i18n import N_, _

TIME_FORMAT = "%Y-%m-%d %H:%M"  # the NAF report's timeStamp
RATING_UNIT = 1_000  # teamRating: the team value in thousands of gold pieces
NAF_REFUSAL = N_(
    "this is a NAF-sanctioned event, so every coach gives a NAF name and number. Set them with /roster naf."
)


@dataclass(frozen=True)
class NafCoach:
    """A coach as the NAF knows them, with the race they play at the event."""

    name: str
    number: int | None  # None: the coach gave no NAF number (written empty)
    team: str


@dataclass(frozen=True)
class NafRecord:
    """One side of a game."""

    coach: NafCoach
    team_value: int  # gold pieces
    touchdowns: int
    casualties: int  # caused by this side


@dataclass(frozen=True)
class NafGame:
    played_at: datetime  # when the result was confirmed (UTC)
    first: NafRecord
    second: NafRecord


def naf_refusal(required: bool, name: str | None, number: int | None) -> str | None:
    """Why a roster may not play a NAF-sanctioned event (rulespack `naf`) for want of its coach's NAF name
    and number; None when it may."""
    if required and (not name or number is None):
        return _(NAF_REFUSAL)
    return None


def check_naf_details(team: str, required: bool, name: str | None, number: int | None) -> None:
    """A NAF-sanctioned event takes a roster only with its coach's NAF name and number."""
    refusal = naf_refusal(required, name, number)
    if refusal is not None:
        raise RuleViolation(f"{team}: {refusal}")


def _text(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag).text = "" if value is None else str(value)


def _coach(parent: ET.Element, tag: str, coach: NafCoach) -> ET.Element:
    element = ET.SubElement(parent, tag)
    _text(element, "name", coach.name)
    _text(element, "number", coach.number)
    _text(element, "team", coach.team)
    return element


def naf_report(organiser: str, coaches: Sequence[NafCoach], games: Sequence[NafGame]) -> bytes:
    """The event's NAF report: its coaches, then its games in the order given."""
    root = ET.Element("nafReport")
    _text(root, "organiser", organiser)
    listed = ET.SubElement(root, "coaches")
    for coach in coaches:
        _coach(listed, "coach", coach)
    for game in games:
        element = ET.SubElement(root, "game")
        _text(element, "timeStamp", game.played_at.strftime(TIME_FORMAT))
        for record in (game.first, game.second):
            side = _coach(element, "playerRecord", record.coach)
            _text(side, "teamRating", record.team_value // RATING_UNIT)
            _text(side, "touchDowns", record.touchdowns)
            _text(side, "badlyHurt", record.casualties)
    ET.indent(root)
    document: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return document


def check_reportable(event: str, games: int) -> None:
    """A NAF report needs at least one confirmed game."""
    if games == 0:
        raise RuleViolation(
            _("{event} has no confirmed game yet: there is nothing to report to the NAF.", event=event)
        )
