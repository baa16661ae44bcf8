"""The league log as sentences a commissioner reads: one describer per kind of audit entry.

Each sentence follows the actor ("<@123> reported #12 Reavers 2-1 Raiders"); the bot's own actions read
"The bot ...". A kind without a describer falls back to its name and its details in words, never raw JSON.
Each describer words its sentence in the current language (the reader's): a whole sentence per case, so a
language can put the words in its own order after the actor.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any

from bot import i18n
from bot.i18n import N_, _, ngettext
from bot.services.records import AuditEntry
from bot.text import gp
from bot.ui.formatting import plain, timestamp

Detail = Mapping[str, Any]

SETTING_NAMES: dict[str, tuple[str, str]] = {
    # key: (what it is called, unit after the value), both marked: worded as `_(name)`, `_(unit)`
    "points_win": (N_("points for a win"), ""),
    "points_draw": (N_("points for a draw"), ""),
    "points_loss": (N_("points for a loss"), ""),
    "bonus_mode": (N_("bonus points"), ""),
    "bonus_three_touchdowns": (N_("bonus point for 3+ touchdowns"), ""),
    "bonus_clean_sheet": (N_("bonus point for conceding none"), ""),
    "bonus_three_casualties": (N_("bonus point for 3+ casualties"), ""),
    "tiebreakers": (N_("tiebreakers"), ""),
    "round_days": (N_("round length"), N_("days")),
    "teams_per_division": (N_("teams per division"), ""),
    "playoff_places": (N_("play-off places"), ""),
    "playoff_opening": (N_("play-offs opened by"), ""),
    "playoff_seeding": (N_("play-off seeding"), ""),
    "redraft_cap": (N_("re-draft budget cap"), N_("gp")),
    "star_contracts": (N_("star player contracts"), ""),
    "signing_pick_hours": (N_("time per signing pick"), "h"),
    "draft_budget": (N_("draft budget"), N_("gp")),
    "reminder_hours": (N_("reminders before deadlines"), "h"),
    "confirm_grace_hours": (N_("automatic confirmation after"), "h"),
    "prayers_table": (N_("Prayers to Nuffle table"), ""),
    "match_events": (N_("Match Events"), ""),
    "match_events_in_playoffs": (N_("Match Events in play-offs"), ""),
    "referee": (N_("referee"), ""),
    "announce_channel": (N_("announcements channel"), ""),
    "edition": (N_("edition"), ""),
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
        return _("none")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, int):
        return i18n.number(value) if abs(value) >= 10_000 else str(value)
    if isinstance(value, list | tuple | set):
        return ", ".join(_words(v) for v in value) or _("none")
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_words(v)}" for k, v in value.items())
    return str(value).replace("_", " ")


def describe_setting(key: str, change: Any) -> str:
    known = SETTING_NAMES.get(key)
    name, unit = (_(known[0]), _(known[1]) if known[1] else "") if known else (key.replace("_", " "), "")
    if isinstance(change, list | tuple) and len(change) == 2:
        before, after = (_words(v) for v in change)
        if key == "announce_channel":
            before, after = (f"<#{v}>" if v.isdigit() else v for v in (before, after))
        none = _("none")
        unit = f" {unit}" if unit and before != none and after != none else ""
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
    return f"{number}{plain(label)}".strip() or _("a fixture")


def _team(d: Detail) -> str:
    return plain(str(d["team"])) if "team" in d else _("a team")


def _name(d: Detail, key: str, default: str = "") -> str:
    return plain(str(d.get(key, default)))


def _season_start(d: Detail) -> str:
    divisions = d.get("divisions") or []
    sizes = [len(teams) for teams in divisions]
    how = f", {d['mode']}" if d.get("mode") else ""
    season = d.get("season", "?")
    if len(sizes) == 1:
        return (
            _("started season {season}: one division of {count} teams", season=season, count=sizes[0]) + how
        )
    counted = [ngettext("{n} team", "{n} teams", n) for n in sizes]
    listed = ", ".join(f"{i}: {teams}" for i, teams in enumerate(counted, start=1))
    divided = ngettext("{n} division", "{n} divisions", len(sizes))
    return (
        _("started season {season}: {divisions} ({teams})", season=season, divisions=divided, teams=listed)
        + how
    )


def _version(d: Detail) -> str:
    return " " + _("(report v{version})", version=d["version"]) if d.get("version") else ""


def _days(d: Detail) -> str:
    return ngettext("{n} day", "{n} days", int(d.get("days", 0)))


def _duration(seconds: int) -> str:
    days, rest = divmod(max(seconds, 0), 86_400)
    hours = rest // 3600
    parts = [ngettext("{n} day", "{n} days", days)] if days else []
    if hours or not parts:
        parts.append(ngettext("{n} hour", "{n} hours", hours))
    return " ".join(parts)


def _role(value: Any) -> str:
    return f"<@&{value}>" if value else _("none (Manage Server only)")


def _organiser_role(value: Any) -> str:
    return f"<@&{value}>" if value else _("none (commissioners only)")


def _league_create(d: Detail) -> str:
    if d.get("channel"):
        return _(
            "created the league {name} (announcements in <#{channel}>)",
            name=_name(d, "name"),
            channel=d["channel"],
        )
    return _("created the league {name}", name=_name(d, "name"))


def _league_import(d: Detail) -> str:
    text = _("imported the league {name} from a file", name=_name(d, "name"))
    if d.get("from") and d.get("from") != d.get("name"):
        text += " " + _("(exported as {name})", name=plain(str(d["from"])))
    if d.get("teams") is not None:
        text += " " + ngettext("with {n} teams", "with {n} teams", int(d["teams"]))  # the English as before
    return text


def _tournament_create(d: Detail) -> str:
    if d.get("channel"):
        return _(
            "created the tournament {name} (announcements in <#{channel}>)",
            name=_name(d, "name"),
            channel=d["channel"],
        )
    return _("created the tournament {name}", name=_name(d, "name"))


def _rulespack(d: Detail) -> str:
    changes = "; ".join(
        f"{k.replace('_', ' ')} {plain(str(v[0]))} → {plain(str(v[1]))}"
        for k, v in d.items()
        if isinstance(v, list) and len(v) == 2
    )
    return _("changed the rulespack: {changes}", changes=changes)


WEB_ACTIONS = {  # marked: worded as `_(WEB_ACTIONS[action])`
    "on": N_("turned the web page's link on"),
    "off": N_("turned the web page's link off"),
    "replace": N_("replaced the web page's link (the old one shows nothing)"),
}


def _tournament_finish(d: Detail) -> str:
    name = _name(d, "name")
    if d.get("forced"):
        games = "; ".join(plain(str(g)) for g in d.get("not_counted") or []) or _("none")
        return _("finished the tournament {name} (forced; not counted: {games})", name=name, games=games)
    return _("finished the tournament {name}", name=name)


def _tournament_start(d: Detail) -> str:
    coaches = ngettext("{n} coach", "{n} coaches", int(d.get("coaches", 0)))
    rounds = ngettext("{n} round", "{n} rounds", int(d.get("rounds", 0)))
    if d.get("spare"):
        return _(
            "started the tournament: {coaches}, {rounds}, {spare} as the Spare Player",
            coaches=coaches,
            rounds=rounds,
            spare=plain(str(d["spare"])),
        )
    return _("started the tournament: {coaches}, {rounds}", coaches=coaches, rounds=rounds)


def _both(items: list[str]) -> str:
    """`A and B` (and `A and B and C` ...)."""
    joined = items[0] if items else ""
    for item in items[1:]:
        joined = _("{first} and {second}", first=joined, second=item)
    return joined


def _swap(d: Detail) -> str:
    return _(
        "swapped {teams} between tables {tables} of round {round}",
        teams=_both([plain(str(t)) for t in d.get("teams", [])]),
        tables=_both([str(t) for t in d.get("tables", [])]),
        round=d.get("round", "?"),
    )


def _fan(d: Detail) -> str:
    fans = int(d.get("fans", 1))
    if fans >= 0:
        return ngettext(
            "gave {team} {n} Dedicated Fan for winning {match}",
            "gave {team} {n} Dedicated Fans for winning {match}",
            fans,
            team=_team(d),
            match=_match(d),
        )
    return ngettext(
        "took back {n} Dedicated Fan {team} had for winning {match}",
        "took back {n} Dedicated Fans {team} had for winning {match}",
        -fans,
        team=_team(d),
        match=_match(d),
    )


def _skill(d: Detail) -> str:
    player, team = _name(d, "player"), _team(d)
    if d.get("skill"):
        text = _(
            "gave {player} of {team} {skill} with Skill Points",
            player=player,
            team=team,
            skill=plain(str(d["skill"])),
        )
    else:
        text = _("gave {player} of {team} no added skill", player=player, team=team)
    return text + (" " + _("(was {skill})", skill=plain(str(d["before"]))) if d.get("before") else "")


def _star(d: Detail) -> str:
    star, team = _name(d, "star"), _team(d)
    if d.get("added"):
        return _("put the star {star} on {team}'s roster", star=star, team=team)
    return _("took the star {star} off {team}'s roster", star=star, team=team)


def _naf(d: Detail) -> str:
    return _(
        "set the NAF name {name} and number {number} of {team}'s coach",
        name=plain(str(d.get("naf_name") or _("(none)"))),
        number=d.get("naf_number") or _("(none)"),
        team=_team(d),
    )


SQUAD_CHANGES = {  # marked: worded as `_(SQUAD_CHANGES[change], squad=..., coach=...)`
    "created": N_("created the squad {squad} with captain <@{coach}>"),
    "added": N_("added <@{coach}> to the squad {squad}"),
    "removed": N_("took <@{coach}> out of the squad {squad}"),
    "disbanded": N_("disbanded the squad {squad}"),
}


def _squad(d: Detail) -> str:
    change = SQUAD_CHANGES.get(str(d.get("change")), N_("changed the squad {squad}"))
    return _(change, squad=_name(d, "squad"), coach=int(d.get("coach") or 0))


def _team_create(d: Detail) -> str:
    team, roster = _team(d), _name(d, "roster")
    if d.get("league"):
        text = _(
            "created {team}, a {roster} team in the {league}",
            team=team,
            roster=roster,
            league=plain(str(d["league"])),
        )
    else:
        text = _("created {team}, a {roster} team", team=team, roster=roster)
    return text + (f", Favoured of {plain(str(d['alignment']))}" if d.get("alignment") else "")


def _team_submit(d: Detail) -> str:
    if d.get("spent") is not None:
        return _("submitted {team} for approval ({spent} spent)", team=_team(d), spent=gp(int(d["spent"])))
    return _("submitted {team} for approval", team=_team(d))


def _redraft(d: Detail) -> str:
    text = _(
        "re-drafted {team} for season {season}: budget {budget}",
        team=_team(d),
        season=d.get("season", "?"),
        budget=gp(int(d.get("budget", 0))),
    )
    return text + (
        " " + _("({amount} over the cap, lost)", amount=gp(int(d["lost"]))) if d.get("lost") else ""
    )


def _season_finish(d: Detail) -> str:
    places = "; ".join(plain(str(p)) for p in d.get("places", []))
    return _("finished season {season}: {places}", season=d.get("season", "?"), places=places)


def _playoffs_open(d: Detail) -> str:
    return ngettext(
        "opened the season {season} play-offs with {n} team (seeding: {seeding}; /playoffs shows them)",
        "opened the season {season} play-offs with {n} teams (seeding: {seeding}; /playoffs shows them)",
        len(d.get("qualifiers", [])),
        season=d.get("season", "?"),
        seeding=_words(d.get("seeding", "")),
    )


def _stars_sign(d: Detail) -> str:
    text = _("signed {star} for {team}", star=_name(d, "star"), team=_team(d))
    text += f" ({_words(d['how'])})" if d.get("how") else ""
    return text + (" · " + _("Familiar Face (no Loner)") if d.get("familiar_face") else "")


def _allstar(d: Detail) -> str:
    text = _(
        "started All-Star game #{game} ({method} method)",
        game=d.get("game", "?"),
        method=_words(d.get("method", "")),
    )
    if d.get("excluded"):
        text += ", " + _("leaving out {players}", players=_words(d["excluded"]))
    return text


DESCRIBERS: dict[str, Callable[[Detail], str]] = {
    "league.create": _league_create,
    "league.import": _league_import,
    "league.settings": lambda d: _(
        "changed settings: {changes}", changes="; ".join(describe_setting(k, v) for k, v in d.items())
    ),
    "config.commissioner_role": lambda d: _(
        "set the commissioner role: {before} → {after}", before=_role(d.get("from")), after=_role(d.get("to"))
    ),
    "config.organiser_role": lambda d: _(
        "set the event organiser role: {before} → {after}",
        before=_organiser_role(d.get("from")),
        after=_organiser_role(d.get("to")),
    ),
    "tournament.create": _tournament_create,
    "tournament.rulespack": _rulespack,
    "league.web": lambda d: _(WEB_ACTIONS[str(d["action"])]),
    "tournament.painted": lambda d: _("chose {team} as Best Painted Team", team=_name(d, "team")),
    "tournament.finish": _tournament_finish,
    "tournament.start": _tournament_start,
    "tournament.round": lambda d: _(
        "paired round {round}: {tables}",
        round=d.get("round", "?"),
        tables="; ".join(plain(str(t)) for t in d.get("tables", [])),
    ),
    "tournament.pair_early": lambda d: _(
        "paired round {round} before these games were confirmed: {games}",
        round=d.get("round", "?"),
        games=", ".join(plain(str(t)) for t in d.get("open", [])),
    ),
    "tournament.swap": _swap,
    "tournament.extra_spp": lambda d: _(
        "gave {player} of {team} {spp} SPP for round {round}",
        player=_name(d, "player", "?"),
        team=_team(d),
        spp=format(int(d.get("spp", 0)), "+d"),
        round=d.get("round", "?"),
    ),
    "tournament.fan": _fan,
    "tournament.register": lambda d: _(
        "registered {team} ({roster}) for the tournament", team=_team(d), roster=_name(d, "roster")
    ),
    "tournament.skill": _skill,
    "tournament.star": _star,
    "tournament.induce": lambda d: _(
        "set {item} on {team}'s roster to {count}",
        item=_name(d, "item"),
        team=_team(d),
        count=d.get("count", 0),
    ),
    "tournament.escalate": lambda d: _(
        "closed {team}'s round-{closed} roster and opened round {round}'s (Team Draft Budget {budget})",
        team=_team(d),
        closed=int(d.get("round", 2)) - 1,
        round=d.get("round", 2),
        budget=gp(int(d.get("budget", 0))),
    ),
    "tournament.naf": _naf,  # the coach's NAF details (the NAF report)
    "tournament.spare": lambda d: (
        _("made {team} the Spare Player", team=_team(d))
        if d.get("spare")
        else _("took the Spare Player's mark off {team}", team=_team(d))
    ),
    "tournament.squad": _squad,  # a team of coaches (seed 000, Team Events)
    "team.create": _team_create,
    "team.submit": _team_submit,
    "team.approve": lambda d: _("approved {team}", team=_team(d)),
    "team.reject": lambda d: _("rejected {team}", team=_team(d)),
    "team.redraft": _redraft,
    "team.retire": lambda d: _(
        "retired {team} after season {season}", team=_team(d), season=d.get("after_season", "?")
    ),
    "player.rename": lambda d: _(
        "renamed {before} of {team} to {after}", before=_name(d, "from"), team=_team(d), after=_name(d, "to")
    ),
    "player.hatred": lambda d: _(
        "chose Hatred ({hatred}) for {player} of {team}",
        hatred=_name(d, "hatred"),
        player=_name(d, "player"),
        team=_team(d),
    ),
    "season.start": _season_start,
    "season.pause": lambda d: _("paused the season: no deadline passes until it resumes"),
    "season.resume": lambda d: _(
        "resumed the season after {duration} (deadlines moved on by as much)",
        duration=_duration(int(d.get("paused_seconds", 0))),
    ),
    "season.finish": _season_finish,
    "round.close": lambda d: _(
        "closed round {round} of season {season}", round=d.get("round", "?"), season=d.get("season", "?")
    ),
    "round.extend": lambda d: _("extended round {round} by {days}", round=d.get("round", "?"), days=_days(d)),
    "fixture.extend": lambda d: _("extended {match} by {days}", match=_match(d), days=_days(d)),
    "fixture.concede": lambda d: _("conceded {match} ahead of the deadline", match=_match(d)),
    "result.report": lambda d: _("reported {match}", match=_match(d)) + _version(d),
    "result.confirm": lambda d: _("confirmed {match}", match=_match(d)) + _version(d),
    "result.dispute": lambda d: _("disputed {match}", match=_match(d)) + _version(d),
    "result.set": lambda d: _("set the result {match}", match=_match(d)) + _version(d),
    "result.fans": lambda d: _(
        "moved the fans of {team} {before} → {after} with the corrected result {match}",
        team=_team(d),
        before=d.get("before", "?"),
        after=d.get("after", "?"),
        match=_match(d),
    ),
    "result.auto_confirm": lambda d: _(
        "confirmed {match} automatically (nobody answered in time)", match=_match(d)
    ),
    "deadline.forfeit": lambda d: _(
        "closed {match}: not played by the deadline, a loss for both", match=_match(d)
    ),
    "deadline.conceded": lambda d: _("closed {match}: conceded before the deadline", match=_match(d)),
    "deadline.playoff_unplayed": lambda d: _(
        "handed {match} to the commissioner: a play-off game not played by the deadline", match=_match(d)
    ),
    "deadline.tournament_unplayed": lambda d: _(
        "handed {match} to the organiser: a tournament game not played by the deadline", match=_match(d)
    ),
    "postgame.revert": lambda d: _("undid the post-game of {match}", match=_match(d)),
    "match.inducement": lambda d: _(
        "bought {count}× {item} for {team} in #{fixture} ({cost})",
        count=d.get("count", 1),
        item=_name(d, "item"),
        team=_team(d),
        fixture=d.get("fixture", "?"),
        cost=gp(int(d.get("cost", 0))),
    ),
    "match.journeymen": lambda d: ngettext(
        "took on {n} journeyman ({position}) for {team} in #{fixture}",
        "took on {n} journeymen ({position}) for {team} in #{fixture}",
        int(d.get("count", 0)),
        position=_name(d, "position"),
        team=_team(d),
        fixture=d.get("fixture", "?"),
    ),
    "match.record": lambda d: _(
        "recorded {step} for #{fixture}: {result}",
        step=_name(d, "step", "?"),
        fixture=d.get("fixture", "?"),
        result=_name(d, "result"),
    ),
    "match.shootout": lambda d: _(
        "rolled the penalty shoot-out of {match}: {winner} won",
        match=_match(d),
        winner=_name(d, "winner", "?"),
    ),
    "playoffs.open": _playoffs_open,
    "stars.sign": _stars_sign,
    "stars.skip": lambda d: _("skipped {team}'s star signing pick", team=_team(d)),
    "stars.timeout": lambda d: _("let {team}'s star signing pick time out", team=_team(d)),
    "allstar.start": _allstar,
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
    return _("The bot") if actor_id == 0 else f"<@{actor_id}>"


def log_line(entry: AuditEntry) -> str:
    """`<t:..:R> <@123> reported #12 Reavers 2-1 Raiders — *reason*`"""
    reason = f" — *{plain(entry.reason)}*" if entry.reason else ""
    return f"{timestamp(entry.created_at, 'R')} {actor_text(entry.actor_id)} {describe(entry)}{reason}"
