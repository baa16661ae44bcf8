"""The league log as sentences a commissioner reads: one describer per kind of audit entry.

Each sentence follows the actor ("<@123> reported #12 Reavers 2-1 Raiders"); the bot's own actions read
"The bot ...". A kind without a describer falls back to its name and its details in words, never raw JSON.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any

from bot.services.records import AuditEntry
from bot.text import gp, plural
from bot.ui.formatting import plain, timestamp

Detail = Mapping[str, Any]

SETTING_NAMES: dict[str, tuple[str, str]] = {
    # key: (what it is called, unit after the value)
    "points_win": ("points for a win", ""),
    "points_draw": ("points for a draw", ""),
    "points_loss": ("points for a loss", ""),
    "bonus_mode": ("bonus points", ""),
    "bonus_three_touchdowns": ("bonus point for 3+ touchdowns", ""),
    "bonus_clean_sheet": ("bonus point for conceding none", ""),
    "bonus_three_casualties": ("bonus point for 3+ casualties", ""),
    "tiebreakers": ("tiebreakers", ""),
    "round_days": ("round length", " days"),
    "teams_per_division": ("teams per division", ""),
    "playoff_places": ("play-off places", ""),
    "playoff_opening": ("play-offs opened by", ""),
    "playoff_seeding": ("play-off seeding", ""),
    "redraft_cap": ("re-draft budget cap", " gp"),
    "star_contracts": ("star player contracts", ""),
    "signing_pick_hours": ("time per signing pick", " h"),
    "draft_budget": ("draft budget", " gp"),
    "reminder_hours": ("reminders before deadlines", " h"),
    "confirm_grace_hours": ("automatic confirmation after", " h"),
    "prayers_table": ("Prayers to Nuffle table", ""),
    "match_events": ("Match Events", ""),
    "match_events_in_playoffs": ("Match Events in play-offs", ""),
    "referee": ("referee", ""),
    "announce_channel": ("announcements channel", ""),
    "edition": ("edition", ""),
}


def _words(value: Any) -> str:
    """A stored value in words: lists joined with commas, True/False as on/off, None as none."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in "([{" and text[-1:] in ")]}":
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                return text
        elif text in ("True", "False", "None"):
            value = {"True": True, "False": False, "None": None}[text]
        else:
            return text.replace("_", " ")
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10_000 else str(value)
    if isinstance(value, list | tuple | set):
        return ", ".join(_words(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_words(v)}" for k, v in value.items())
    return str(value).replace("_", " ")


def describe_setting(key: str, change: Any) -> str:
    name, unit = SETTING_NAMES.get(key, (key.replace("_", " "), ""))
    if isinstance(change, list | tuple) and len(change) == 2:
        before, after = (_words(v) for v in change)
        if key == "announce_channel":
            before, after = (f"<#{v}>" if v.isdigit() else v for v in (before, after))
        unit = unit if before != "none" and after != "none" else ""
        return f"{name} {before} → {after}{unit}"
    return f"{name}: {_words(change)}"


def _match(d: Detail) -> str:
    """`#12 Reavers 2-1 Raiders` when there is a score, `#12 Reavers v Raiders` when not."""
    label = str(d.get("match", ""))
    number = f"#{d['fixture']} " if "fixture" in d else ""
    score = d.get("score")
    if score and " v " in label:
        home, away = label.split(" v ", 1)
        return f"{number}{plain(home)} {score} {plain(away)}"
    return f"{number}{plain(label)}".strip() or "a fixture"


def _team(d: Detail) -> str:
    return plain(str(d.get("team", "a team")))


def _season_start(d: Detail) -> str:
    divisions = d.get("divisions") or []
    sizes = [len(teams) for teams in divisions]
    how = f", {d['mode']}" if d.get("mode") else ""
    if len(sizes) == 1:
        return f"started season {d.get('season', '?')}: one division of {sizes[0]} teams{how}"
    listed = ", ".join(f"{i}: {plural(n, 'team')}" for i, n in enumerate(sizes, start=1))
    return f"started season {d.get('season', '?')}: {plural(len(sizes), 'division')} ({listed}){how}"


def _version(d: Detail) -> str:
    return f" (report v{d['version']})" if d.get("version") else ""


def _days(d: Detail) -> str:
    return plural(int(d.get("days", 0)), "day")


def _duration(seconds: int) -> str:
    days, rest = divmod(max(seconds, 0), 86_400)
    hours = rest // 3600
    parts = [plural(days, "day")] if days else []
    if hours or not parts:
        parts.append(plural(hours, "hour"))
    return " ".join(parts)


def _role(value: Any) -> str:
    return f"<@&{value}>" if value else "none (Manage Server only)"


DESCRIBERS: dict[str, Callable[[Detail], str]] = {
    "league.create": lambda d: (
        f"created the league {plain(str(d.get('name', '')))}"
        + (f" (announcements in <#{d['channel']}>)" if d.get("channel") else "")
    ),
    "league.import": lambda d: (
        f"imported the league {plain(str(d.get('name', '')))} from a file"
        + (
            f" (exported as {plain(str(d['from']))})"
            if d.get("from") and d.get("from") != d.get("name")
            else ""
        )
        + (f" with {d['teams']} teams" if d.get("teams") is not None else "")
    ),
    "league.settings": lambda d: (
        "changed settings: " + "; ".join(describe_setting(k, v) for k, v in d.items())
    ),
    "config.commissioner_role": lambda d: (
        f"set the commissioner role: {_role(d.get('from'))} → {_role(d.get('to'))}"
    ),
    "config.organiser_role": lambda d: (
        "set the event organiser role: "
        + " → ".join(f"<@&{r}>" if r else "none (commissioners only)" for r in (d.get("from"), d.get("to")))
    ),
    "tournament.create": lambda d: (
        f"created the tournament {plain(str(d.get('name', '')))}"
        + (f" (announcements in <#{d['channel']}>)" if d.get("channel") else "")
    ),
    "tournament.rulespack": lambda d: (
        "changed the rulespack: "
        + "; ".join(
            f"{k.replace('_', ' ')} {plain(str(v[0]))} → {plain(str(v[1]))}"
            for k, v in d.items()
            if isinstance(v, list) and len(v) == 2
        )
    ),
    "league.web": lambda d: {
        "on": "turned the web page's link on",
        "off": "turned the web page's link off",
        "replace": "replaced the web page's link (the old one shows nothing)",
    }[str(d["action"])],
    "tournament.painted": lambda d: f"chose {plain(str(d.get('team', '')))} as Best Painted Team",
    "tournament.finish": lambda d: (
        f"finished the tournament {plain(str(d.get('name', '')))}"
        + (
            " (forced; not counted: "
            + ("; ".join(plain(str(g)) for g in d.get("not_counted") or []) or "none")
            + ")"
            if d.get("forced")
            else ""
        )
    ),
    "tournament.start": lambda d: (
        f"started the tournament: {plural(int(d.get('coaches', 0)), 'coach', 'coaches')}, "
        f"{plural(int(d.get('rounds', 0)), 'round')}"
        + (f", {plain(str(d['spare']))} as the Spare Player" if d.get("spare") else "")
    ),
    "tournament.round": lambda d: (
        f"paired round {d.get('round', '?')}: " + "; ".join(plain(str(t)) for t in d.get("tables", []))
    ),
    "tournament.pair_early": lambda d: (
        f"paired round {d.get('round', '?')} before these games were confirmed: "
        + ", ".join(plain(str(t)) for t in d.get("open", []))
    ),
    "tournament.swap": lambda d: (
        f"swapped {' and '.join(plain(str(t)) for t in d.get('teams', []))} between tables "
        f"{' and '.join(str(t) for t in d.get('tables', []))} of round {d.get('round', '?')}"
    ),
    "tournament.extra_spp": lambda d: (
        f"gave {plain(str(d.get('player', '?')))} of {_team(d)} {int(d.get('spp', 0)):+d} SPP "
        f"for round {d.get('round', '?')}"
    ),
    "tournament.fan": lambda d: (
        f"gave {_team(d)} {plural(int(d.get('fans', 1)), 'Dedicated Fan')} for winning {_match(d)}"
        if int(d.get("fans", 1)) >= 0
        else f"took back {plural(-int(d['fans']), 'Dedicated Fan')} {_team(d)} had for winning {_match(d)}"
    ),
    "tournament.register": lambda d: (
        f"registered {_team(d)} ({plain(str(d.get('roster', '')))}) for the tournament"
    ),
    "tournament.skill": lambda d: (
        f"gave {plain(str(d.get('player', '')))} of {_team(d)} "
        + (f"{plain(str(d['skill']))} with Skill Points" if d.get("skill") else "no added skill")
        + (f" (was {plain(str(d['before']))})" if d.get("before") else "")
    ),
    "tournament.star": lambda d: (
        f"{'put' if d.get('added') else 'took'} the star {plain(str(d.get('star', '')))} "
        f"{'on' if d.get('added') else 'off'} {_team(d)}'s roster"
    ),
    "tournament.induce": lambda d: (
        f"set {plain(str(d.get('item', '')))} on {_team(d)}'s roster to {d.get('count', 0)}"
    ),
    "tournament.escalate": lambda d: (
        f"closed {_team(d)}'s round-{int(d.get('round', 2)) - 1} roster and opened round "
        f"{d.get('round', 2)}'s (Team Draft Budget {gp(int(d.get('budget', 0)))})"
    ),
    "tournament.naf": lambda d: (  # the coach's NAF details (the NAF report)
        f"set the NAF name {plain(str(d.get('naf_name') or '(none)'))} and number "
        f"{d.get('naf_number') or '(none)'} of {_team(d)}'s coach"
    ),
    "tournament.spare": lambda d: (
        f"made {_team(d)} the Spare Player"
        if d.get("spare")
        else f"took the Spare Player's mark off {_team(d)}"
    ),
    "tournament.squad": lambda d: (  # a team of coaches (seed 000, Team Events)
        {
            "created": "created the squad {squad} with captain <@{coach}>",
            "added": "added <@{coach}> to the squad {squad}",
            "removed": "took <@{coach}> out of the squad {squad}",
            "disbanded": "disbanded the squad {squad}",
        }.get(str(d.get("change")), "changed the squad {squad}").format(
            squad=plain(str(d.get("squad", ""))), coach=int(d.get("coach") or 0)
        )
    ),
    "team.create": lambda d: (
        f"created {_team(d)}, a {plain(str(d.get('roster', '')))} team"
        + (f" in the {plain(str(d['league']))}" if d.get("league") else "")
        + (f", Favoured of {plain(str(d['alignment']))}" if d.get("alignment") else "")
    ),
    "team.submit": lambda d: (
        f"submitted {_team(d)} for approval"
        + (f" ({gp(int(d['spent']))} spent)" if d.get("spent") is not None else "")
    ),
    "team.approve": lambda d: f"approved {_team(d)}",
    "team.reject": lambda d: f"rejected {_team(d)}",
    "team.redraft": lambda d: (
        f"re-drafted {_team(d)} for season {d.get('season', '?')}: budget "
        f"{gp(int(d.get('budget', 0)))}"
        + (f" ({gp(int(d['lost']))} over the cap, lost)" if d.get("lost") else "")
    ),
    "team.retire": lambda d: f"retired {_team(d)} after season {d.get('after_season', '?')}",
    "player.rename": lambda d: (
        f"renamed {plain(str(d.get('from', '')))} of {_team(d)} to {plain(str(d.get('to', '')))}"
    ),
    "player.hatred": lambda d: (
        f"chose Hatred ({plain(str(d.get('hatred', '')))}) for "
        f"{plain(str(d.get('player', '')))} of {_team(d)}"
    ),
    "season.start": _season_start,
    "season.pause": lambda d: "paused the season: no deadline passes until it resumes",
    "season.resume": lambda d: (
        f"resumed the season after {_duration(int(d.get('paused_seconds', 0)))}"
        " (deadlines moved on by as much)"
    ),
    "season.finish": lambda d: (
        f"finished season {d.get('season', '?')}: " + "; ".join(plain(str(p)) for p in d.get("places", []))
    ),
    "round.close": lambda d: f"closed round {d.get('round', '?')} of season {d.get('season', '?')}",
    "round.extend": lambda d: f"extended round {d.get('round', '?')} by {_days(d)}",
    "fixture.extend": lambda d: f"extended {_match(d)} by {_days(d)}",
    "fixture.concede": lambda d: f"conceded {_match(d)} ahead of the deadline",
    "result.report": lambda d: f"reported {_match(d)}{_version(d)}",
    "result.confirm": lambda d: f"confirmed {_match(d)}{_version(d)}",
    "result.dispute": lambda d: f"disputed {_match(d)}{_version(d)}",
    "result.set": lambda d: f"set the result {_match(d)}{_version(d)}",
    "result.fans": lambda d: (
        f"moved the fans of {_team(d)} {d.get('before', '?')} → {d.get('after', '?')} "
        f"with the corrected result {_match(d)}"
    ),
    "result.auto_confirm": lambda d: f"confirmed {_match(d)} automatically (nobody answered in time)",
    "deadline.forfeit": lambda d: f"closed {_match(d)}: not played by the deadline, a loss for both",
    "deadline.conceded": lambda d: f"closed {_match(d)}: conceded before the deadline",
    "deadline.playoff_unplayed": lambda d: (
        f"handed {_match(d)} to the commissioner: a play-off game not played by the deadline"
    ),
    "deadline.tournament_unplayed": lambda d: (
        f"handed {_match(d)} to the organiser: a tournament game not played by the deadline"
    ),
    "postgame.revert": lambda d: f"undid the post-game of {_match(d)}",
    "match.inducement": lambda d: (
        f"bought {d.get('count', 1)}× {plain(str(d.get('item', '')))} for "
        f"{_team(d)} in #{d.get('fixture', '?')} ({gp(int(d.get('cost', 0)))})"
    ),
    "match.journeymen": lambda d: (
        f"took on {plural(int(d.get('count', 0)), 'journeyman', 'journeymen')} "
        f"({plain(str(d.get('position', '')))}) for {_team(d)} in #{d.get('fixture', '?')}"
    ),
    "match.record": lambda d: (
        f"recorded {plain(str(d.get('step', '?')))} for #{d.get('fixture', '?')}: "
        f"{plain(str(d.get('result', '')))}"
    ),
    "match.shootout": lambda d: (
        f"rolled the penalty shoot-out of {_match(d)}: {plain(str(d.get('winner', '?')))} won"
    ),
    "playoffs.open": lambda d: (
        f"opened the season {d.get('season', '?')} play-offs with "
        f"{plural(len(d.get('qualifiers', [])), 'team')} (seeding: {_words(d.get('seeding', ''))}; /playoffs "
        "shows them)"
    ),
    "stars.sign": lambda d: (
        f"signed {plain(str(d.get('star', '')))} for {_team(d)}"
        + (f" ({_words(d['how'])})" if d.get("how") else "")
        + (" · Familiar Face (no Loner)" if d.get("familiar_face") else "")
    ),
    "stars.skip": lambda d: f"skipped {_team(d)}'s star signing pick",
    "stars.timeout": lambda d: f"let {_team(d)}'s star signing pick time out",
    "allstar.start": lambda d: (
        f"started All-Star game #{d.get('game', '?')} ({_words(d.get('method', ''))} "
        "method)" + (f", leaving out {_words(d['excluded'])}" if d.get("excluded") else "")
    ),
}


def _fallback(action: str, d: Detail) -> str:
    what = action.replace(".", " ").replace("_", " ")
    details = "; ".join(f"{k.replace('_', ' ')}: {plain(_words(v))}" for k, v in d.items())
    return what + (f" ({details})" if details else "")


def describe(entry: AuditEntry) -> str:
    """What happened, as the rest of a sentence that starts with the actor."""
    describer = DESCRIBERS.get(entry.action)
    if describer is None:
        return _fallback(entry.action, entry.detail)
    try:
        return describer(entry.detail)
    except (KeyError, TypeError, ValueError):  # an older entry with other details: still readable
        return _fallback(entry.action, entry.detail)


def actor_text(actor_id: int) -> str:
    return "The bot" if actor_id == 0 else f"<@{actor_id}>"


def log_line(entry: AuditEntry) -> str:
    """`<t:..:R> <@123> reported #12 Reavers 2-1 Raiders — *reason*`"""
    reason = f" — *{plain(entry.reason)}*" if entry.reason else ""
    return f"{timestamp(entry.created_at, 'R')} {actor_text(entry.actor_id)} {describe(entry)}{reason}"
