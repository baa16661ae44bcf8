"""What every page of the web view is made with: the Jinja2 environment and its filters, `render`, and the
numbers and token read from an address. bot/web/app.py builds the application; the route modules
(league_routes.py, tournament_routes.py) import this module, never the application.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from bot import i18n
from bot.i18n import N_
from bot.rules.statuses import fixture_status, team_status
from bot.services.runtime import Runtime
from bot.services.web.web_facts import advancement_kind, player_status
from bot.text import ordinal

HERE = Path(__file__).resolve().parent
RUNTIME: web.AppKey[Runtime] = web.AppKey("runtime", Runtime)
TEMPLATES: web.AppKey[Environment] = web.AppKey("templates", Environment)


def _english() -> bool:
    return i18n.current() == i18n.ENGLISH


def when(value: datetime | None) -> str:
    """A time for the web: day, month, year and UTC time (Discord's own timestamps do not exist here), the
    current language's way: "Thu 05 Mar 2026, 14:05 UTC", "5 mars 2026, 14:05 UTC"."""
    if value is None:
        return ""
    value = value.astimezone(UTC)
    if _english():
        return value.strftime("%a %d %b %Y, %H:%M UTC")
    return f"{i18n.date(value)}, {value:%H:%M} UTC"


def day(value: datetime) -> str:
    """A short date for a tight table on a phone: "12 Aug", "12 août", "12. Aug." (the full time goes in
    the element's title)."""
    value = value.astimezone(UTC)
    if _english():
        return f"{value.day} {value:%b}"
    locale = i18n.babel_locale(i18n.current())
    return str(locale.datetime_skeletons["MMMd"].apply(value, locale))


def day_time(value: datetime) -> str:
    """A short date and UTC time for a tight table on a phone: "12 Aug 14:05"."""
    return f"{day(value)} {value.astimezone(UTC):%H:%M}"


def gold(value: int) -> str:
    """Gold pieces as the rules write them, the current language's way: 1,150,000 / 1 150 000."""
    return i18n.number(value)


def word(message: str, /, **values: object) -> Markup:
    """The templates' `_`: `message` in the current language, HTML-escaped, its {placeholders} filled with
    `values` escaped (a value that is already HTML, such as a link a macro made, is kept as it is):
    `{{ _("Season {number}", number=season.number) }}`."""
    text = Markup(escape(i18n.translations(i18n.current()).gettext(message)))
    return text.format(**values) if values else text


def word_count(singular: str, plural: str, n: int, /, **values: object) -> Markup:
    """The templates' `ngettext`: the sentence for `n` by the current language's plural rule, as `word`;
    `{n}` is `n` written the language's way."""
    text = i18n.translations(i18n.current()).ngettext(singular, plural, n)
    return Markup(escape(text)).format(**{"n": i18n.number(n), **values})


def _worded(table: dict[str, str], code: str, otherwise: str) -> str:
    """A stored code the pages show, in the current language (`table`: code -> its N_-marked words)."""
    return i18n.translations(i18n.current()).gettext(table[code]) if code in table else otherwise


# Stored codes the pages show as words (statuses, kinds), marked here and worded by the globals below: the
# English is what the pages showed before, a code no table knows is shown as it is.
SEASON_CODES = {"regular": N_("regular"), "playoffs": N_("playoffs"), "finished": N_("finished")}
SEASON_STATES = {"regular": N_("regular season"), "playoffs": N_("play-offs"), "finished": N_("finished")}
ROUND_STATUSES = {"open": N_("open"), "closed": N_("closed")}
EVENT_STATUSES = {"registration": N_("Registration"), "running": N_("Running"), "finished": N_("Finished")}
FIXTURE_KINDS = {"league": N_("League"), "friendly": N_("Friendly"), "playoff": N_("Play-off")}
REPORT_STEPS = {
    "reported": N_("reported"),
    "disputed": N_("disputed"),
    "confirmed": N_("confirmed"),
    "corrected": N_("corrected"),
}
TEAM_CHANGES = {"dedicated_fans": N_("dedicated fans")}
STAT_HEADERS = {  # a leaderboard's value column
    "touchdowns": N_("Touchdowns"),
    "casualties": N_("Casualties"),
    "completions": N_("Completions"),
    "interceptions": N_("Interceptions"),
    "spp": N_("Spp"),
    "mvps": N_("Mvps"),
    "kills": N_("Kills"),
    "points": N_("Points"),
    "wins": N_("Wins"),
}
WORDS: dict[str, Callable[[str], str]] = {  # the templates' globals that word a stored code
    "fixture_status": fixture_status,
    "team_status": team_status,
    "player_status": player_status,
    "advancement_kind": advancement_kind,
    "season_code": lambda code: _worded(SEASON_CODES, code, code),
    "season_status": lambda code: _worded(SEASON_STATES, code, code),
    "round_status": lambda code: _worded(ROUND_STATUSES, code, code),
    "event_status": lambda code: _worded(EVENT_STATUSES, code, code.capitalize()),
    "fixture_kind": lambda code: _worded(FIXTURE_KINDS, code, code.capitalize()),
    "step_action": lambda code: _worded(REPORT_STEPS, code, code),
    "team_change": lambda code: _worded(TEAM_CHANGES, code, code.replace("_", " ")),
    "stat_header": lambda code: _worded(STAT_HEADERS, code, code.capitalize()),
}


# Accept-Language's primary language -> the shipped language (a page with no league: home, not found, error)
_BROWSER = {language.split("-")[0]: language for language in i18n.SHIPPED}


def browser_language(header: str | None) -> str:
    """The shipped language a browser prefers most (Accept-Language, by its q weights), else English."""
    ranked = []
    for order, item in enumerate((header or "").split(",")):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        language = _BROWSER.get(tag.strip().split("-")[0].lower())
        if language is not None and weight > 0:
            ranked.append((-weight, order, language))
    return min(ranked)[2] if ranked else i18n.ENGLISH


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,  # a template naming a missing value fails its test, not the reader
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["when"] = when
    env.filters["gold"] = gold
    env.filters["day"] = day
    env.filters["day_time"] = day_time
    env.globals["_"] = word
    env.globals["ngettext"] = word_count
    env.globals["ordinal"] = ordinal
    env.globals.update(WORDS)
    return env


def render(
    request: web.Request, template: str, *, language: str, status: int = 200, **context: Any
) -> web.Response:
    """The page worded in `language` (its league's or event's; a page with no league: the browser's)."""
    with i18n.using(language):
        lang = i18n.current()
        html = request.app[TEMPLATES].get_template(template).render(lang=lang, **context)
    response = web.Response(text=html, status=status, content_type="text/html", charset="utf-8")
    response.headers["Content-Language"] = lang
    return response


NUMBER = re.compile(r"[0-9]{1,12}")


def number_in(text: str | None) -> int | None:
    """A whole number from an address (an id, ?season=, ?page=); None when absent; anything else is a 404."""
    if text is None or text == "":
        return None
    if not NUMBER.fullmatch(text):
        raise web.HTTPNotFound()
    return int(text)


def query_number(request: web.Request, name: str) -> int | None:
    return number_in(request.query.get(name))


def path_number(request: web.Request, name: str) -> int:
    found = number_in(request.match_info[name])
    if found is None:
        raise web.HTTPNotFound()
    return found


def runtime_of(request: web.Request) -> Runtime:
    return request.app[RUNTIME]


def token_of(request: web.Request) -> str:
    return request.match_info["token"]


def base_of(token: str) -> str:
    """The address every link of a league's pages starts with."""
    return f"/l/{token}"
