"""`/team export`: a team's roster as CSV (one row per player) and as JSON (the team with staff, treasury and
players), built from the same team sheet `/team show` renders. The CSV is for people, in the current language;
the JSON is for programs, in English."""

from __future__ import annotations

import json

from bot import i18n
from bot.i18n import N_, _
from bot.services.roster.team_lookup import SheetPlayer, TeamSheet
from bot.ui.files import csv_bytes

ROSTER_HEADER = (  # the columns, marked: the CSV's header is in the reader's language (MA ... SPP kept)
    N_("number"),
    N_("name"),
    N_("position"),
    "MA",
    "ST",
    "AG",
    "PA",
    "AV",
    N_("skills"),
    "SPP",
    N_("injuries"),
    N_("value"),
    N_("status"),
)
PLAYER_STATUS = {"active": N_("active"), "fired": N_("fired"), "dead": N_("dead"), "left": N_("left")}


def _characteristics(player: SheetPlayer) -> dict[str, int | None]:
    """MA, ST, AG (target), PA (target; None for a position without one) and AV (target) now."""
    position, row = player.position, player.row
    return {
        "MA": position.ma + row.ma_change,
        "ST": position.st + row.st_change,
        "AG": position.ag + row.ag_change,
        "PA": None if position.pa is None else position.pa + row.pa_change,
        "AV": position.av + row.av_change,
    }


def _skills(player: SheetPlayer) -> list[str]:
    return [*player.position.skills, *player.loner, *player.extra_skills]


def _injuries(player: SheetPlayer) -> list[str]:
    row = player.row
    found = [_("miss next game")] if row.miss_next_game else []
    if row.niggling_injuries:
        found.append(_("niggling injury x{count}", count=row.niggling_injuries))
    # a characteristic made worse: a lower MA/ST or a higher AG/PA/AV target
    for name, change, worse in (
        ("MA", row.ma_change, row.ma_change < 0),
        ("ST", row.st_change, row.st_change < 0),
        ("AG", row.ag_change, row.ag_change > 0),
        ("PA", row.pa_change, row.pa_change > 0),
        ("AV", row.av_change, row.av_change < 0),
    ):
        if worse:
            found.append(f"{name} {change:+d}")
    return found


def _status(player: SheetPlayer) -> str:
    row = player.row
    words: list[str] = [_(PLAYER_STATUS[row.status]) if row.status in PLAYER_STATUS else row.status]
    if row.temporarily_retired:
        words.append(_("temporarily retired"))
    if row.journeyman:
        words.append(_("journeyman"))
    return ", ".join(words)


def roster_csv(sheet: TeamSheet) -> bytes:
    rows = []
    for p in sheet.players:
        c = _characteristics(p)
        rows.append(
            (
                p.row.number,
                p.row.name,
                p.position.name,
                c["MA"],
                f"{c['ST']}",
                f"{c['AG']}+",
                "-" if c["PA"] is None else f"{c['PA']}+",
                f"{c['AV']}+",
                ", ".join(_skills(p)),
                p.row.spp,
                ", ".join(_injuries(p)),
                p.row.current_value,
                _status(p),
            )
        )
    return csv_bytes([_(column) for column in ROSTER_HEADER], rows)


def team_json(sheet: TeamSheet) -> bytes:
    team, staff = sheet.team, sheet.staffing
    with i18n.using(i18n.ENGLISH):  # a program's input: the same words in every language
        injuries = {p.row.id: _injuries(p) for p in sheet.players}
    body = {
        "team": team.name,
        "league": sheet.league.name,
        "roster": sheet.roster.name,
        "coach_id": str(team.coach_id),
        "status": team.status,
        "regional_league": team.regional_league,
        "alignment": team.alignment,
        "treasury": team.treasury,
        "team_value": sheet.team_value,
        "current_team_value": sheet.current_team_value,
        "staff": {
            "rerolls": staff.rerolls,
            "assistant_coaches": staff.assistant_coaches,
            "cheerleaders": staff.cheerleaders,
            "apothecary": staff.apothecary,
            "dedicated_fans": staff.dedicated_fans,
        },
        "players": [
            {
                "number": p.row.number,
                "name": p.row.name,
                "position": p.position.name,
                "characteristics": _characteristics(p),
                "skills": _skills(p),
                "spp": p.row.spp,
                "advancements": p.row.advancements,
                "injuries": injuries[p.row.id],
                "value": p.row.current_value,
                "status": p.row.status,
                "temporarily_retired": p.row.temporarily_retired,
                "journeyman": p.row.journeyman,
            }
            for p in sheet.players
        ],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()
