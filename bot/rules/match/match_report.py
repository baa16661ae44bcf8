"""Match reports: what each player of one team did in a game, typed by the coach as compact text.

A report reads like `#7 td, #3 cas, #5 comp 2, #9 mvp, #4 si` or `7 td td; 3 cas 11 td`.

Grammar (case and extra spaces never matter):

- Entries are separated by commas, semicolons or line breaks. Empty text (or only separators) is no events.
- An entry starts with a player number, 1-99, with or without `#`, followed by one or more events:
  td, cas, comp, int (intercept), throw (stt), land (landing), mvp, and at most one injury per player:
  bh, sh, si, li-ma/li-st/li-ag/li-pa/li-av (also `li:av`, `li av`), dead (rip, killed), and `off` (sent
  off for a Foul, not for a Secret Weapon; also `sentoff`, `ejected`: tournament awards). Full words and
  plurals of the SPP events are accepted too (touchdowns, casualties, completions, interceptions).
- Counts (1-30) apply to td, cas, comp, int, throw and land: repeat the event (`td td`), or write
  `td x2` / `2x td` anywhere, or a bare number right after the event at the end of an entry (`comp 2`),
  or a bare number right after the player number (`5 2 comp`). A player's total per event is at most 30.
- The same player may appear in several entries; their events add up. Two injuries, or two MVP
  nominations, for one player are refused.

The count/number rule, for a bare number (no `#`, no `x`):

1. At the start of an entry it is a player number.
2. Right after the player number it counts the event that follows (`7 2 td`).
3. Right after an event:
   - before a separator, the end of the text or a `#` number, it counts that event (`5 comp 2`);
   - before another bare number it is refused as ambiguous if it could count that event (`5 comp 2 3 cas`:
     is 2 a count, or player #2 with 3 casualties?), and is a player number otherwise (`9 mvp 4 2 td`);
   - before an event word it starts a new entry (`7 td 3 cas` is #7 td and #3 cas), unless the entry
     it would end began with `#` or with a bare count and the number could also count an event next to
     it: a coach who marks players with `#` (or writes counts first) may mean a count there, so
     `#7 td 3 cas` is refused with a hint rather than guessed.

`#N` is always a player and `xN` / `Nx` always a count, so a refused report can always be written clearly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, cast

from bot.errors import RuleViolation
from bot.i18n import N_, _, ngettext

InjuryResult = Literal["badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead"]
Characteristic = Literal["ma", "st", "ag", "pa", "av"]
CountedEvent = Literal["td", "cas", "comp", "int", "throw", "land"]

MAX_PLAYER_NUMBER = 99
MAX_COUNT = 30  # per player and event in one game: far above anything real, it catches typos like `td 22`
DEFAULT_MAX_MVP_NOMINATIONS = 6

EVENTS_HELP = N_(
    "Events: td, cas, comp, int, throw, land, mvp, off (sent off for a foul); "
    "injuries: bh, sh, si, li-ma/st/ag/pa/av, dead."
)

_COUNTED_ALIASES: dict[str, CountedEvent] = {
    "td": "td",
    "tds": "td",
    "touchdown": "td",
    "touchdowns": "td",
    "cas": "cas",
    "casualty": "cas",
    "casualties": "cas",
    "comp": "comp",
    "comps": "comp",
    "completion": "comp",
    "completions": "comp",
    "int": "int",
    "ints": "int",
    "intercept": "int",
    "interception": "int",
    "interceptions": "int",
    "throw": "throw",
    "throws": "throw",
    "stt": "throw",
    "land": "land",
    "lands": "land",
    "landing": "land",
    "landings": "land",
}
_MVP_WORD = "mvp"
_SENT_OFF_WORDS = frozenset({"off", "sentoff", "ejected"})
_SENT_OFF_CODE = "off"
_INJURY_ALIASES: dict[str, InjuryResult] = {
    "bh": "badly_hurt",
    "sh": "seriously_hurt",
    "si": "serious_injury",
    "dead": "dead",
    "rip": "dead",
    "killed": "dead",
}
_LASTING_WORD = "li"
_CHARACTERISTICS: dict[str, Characteristic] = {"ma": "ma", "st": "st", "ag": "ag", "pa": "pa", "av": "av"}

# Each counted event in words, in the order the canonical text and the summary list them.
_COUNTED_WORDS: dict[CountedEvent, Callable[[int], str]] = {
    "td": lambda n: ngettext("{n} touchdown", "{n} touchdowns", n),
    "cas": lambda n: ngettext("{n} casualty", "{n} casualties", n),
    "comp": lambda n: ngettext("{n} completion", "{n} completions", n),
    "int": lambda n: ngettext("{n} interception", "{n} interceptions", n),
    "throw": lambda n: ngettext("{n} superb throw", "{n} superb throws", n),
    "land": lambda n: ngettext("{n} safe landing", "{n} safe landings", n),
}
_INJURY_CODES: dict[InjuryResult, str] = {
    "badly_hurt": "bh",
    "seriously_hurt": "sh",
    "serious_injury": "si",
    "lasting_injury": "li",
    "dead": "dead",
}
# The Casualty table's results, as the summary names them (table results are never translated).
_INJURY_WORDS: dict[InjuryResult, str] = {
    "badly_hurt": "badly hurt",
    "seriously_hurt": "seriously hurt",
    "serious_injury": "serious injury",
    "lasting_injury": "lasting injury",
    "dead": "dead",
}


class ReportSyntaxError(RuleViolation):
    """The report text can't be read; the message quotes the entry and names the bad piece."""


@dataclass(frozen=True)
class PlayerEvents:
    """What one player did (and suffered) in one game."""

    number: int
    touchdowns: int = 0
    casualties: int = 0
    completions: int = 0
    interceptions: int = 0
    superb_throws: int = 0
    safe_landings: int = 0
    mvp_nomination: bool = False
    injury: InjuryResult | None = None
    lasting_characteristic: Characteristic | None = None
    sent_off: bool = False  # sent off for a Foul (not for a Secret Weapon): counted for tournament awards

    def __post_init__(self) -> None:
        if not 1 <= self.number <= MAX_PLAYER_NUMBER:
            raise ValueError(f"player number {self.number} is not 1-{MAX_PLAYER_NUMBER}")
        for code, count in _counts(self).items():
            if not 0 <= count <= MAX_COUNT:
                raise ValueError(f"{code} count {count} is not 0-{MAX_COUNT}")
        if self.injury is not None and self.injury not in _INJURY_CODES:
            raise ValueError(f"unknown injury {self.injury!r}")
        if (self.injury == "lasting_injury") != (self.lasting_characteristic is not None):
            raise ValueError("lasting_characteristic is set exactly when the injury is a lasting injury")
        if self.lasting_characteristic is not None and self.lasting_characteristic not in _CHARACTERISTICS:
            raise ValueError(f"unknown characteristic {self.lasting_characteristic!r}")

    @property
    def is_empty(self) -> bool:
        """True when the player did nothing worth reporting."""
        return (
            not any(_counts(self).values())
            and not self.mvp_nomination
            and self.injury is None
            and not self.sent_off
        )


def _counts(events: PlayerEvents) -> dict[CountedEvent, int]:
    return {
        "td": events.touchdowns,
        "cas": events.casualties,
        "comp": events.completions,
        "int": events.interceptions,
        "throw": events.superb_throws,
        "land": events.safe_landings,
    }


# ---------------------------------------------------------------------------------------------- parsing

_SEPARATORS = re.compile(r"[,;\r\n]")
_WS = r"[^\S\r\n]"
_TOKEN = re.compile(
    rf"""
      (?P<space>{_WS}+)
    | \#{_WS}*(?P<player>[0-9]+)
    | (?P<before>[0-9]+){_WS}*[xX×](?![a-zA-Z0-9])
    | [xX×]{_WS}*(?P<after>[0-9]+)
    | (?P<num>[0-9]+)
    | [lL][iI](?:{_WS}*[-:]{_WS}*|{_WS}+)(?P<lasting>[a-zA-Z]+)
    | (?P<word>[a-zA-Z]+)
    | (?P<bad>.)
    """,
    re.VERBOSE,
)

_TokenKind = Literal["player", "before", "after", "num", "lasting", "word", "bad"]
_State = Literal["start", "player", "prefix", "event", "count"]


@dataclass(frozen=True)
class _Token:
    kind: _TokenKind
    text: str  # as typed
    value: str  # the digits, or the lower-cased word or characteristic


@dataclass
class _Tally:
    counts: dict[CountedEvent, int] = field(default_factory=dict)
    mvp: bool = False
    sent_off: bool = False
    injury: InjuryResult | None = None
    characteristic: Characteristic | None = None
    injury_text: str = ""


def _tokens(segment: str) -> list[_Token]:
    found: list[_Token] = []
    for match in _TOKEN.finditer(segment):
        kind = match.lastgroup
        if kind is None or kind == "space":
            continue
        value = match.group(kind)
        found.append(_Token(cast(_TokenKind, kind), match.group(0), value.lower()))
    return found


def _number(digits: str) -> int:
    """The value of a run of digits; absurdly long runs become a large out-of-range number."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 6 else 10**6


def _quote(text: str, limit: int) -> str:
    """User text made safe for an inline code span and cut to `limit` characters."""
    text = " ".join(text.replace("`", "'").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _SegmentReader:
    """Reads one separator-delimited piece of a report into the team's tallies."""

    def __init__(self, segment: str, tallies: dict[int, _Tally]) -> None:
        self.segment = segment
        self.tallies = tallies
        self.state: _State = "start"
        self.number = 0
        self.marked = False  # the entry began with `#` or with a bare count
        self.pending: _Token | None = None
        self.pending_count = 0
        self.last_event: _Token | None = None
        self.last_counted = False

    def fail(self, problem: str) -> ReportSyntaxError:
        return ReportSyntaxError(
            _("Can't read `{text}`: {problem}", text=_quote(self.segment, 60), problem=problem)
        )

    def read(self) -> None:
        tokens = _tokens(self.segment)
        for index, token in enumerate(tokens):
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            self.step(token, following)
        self.end_entry()

    def step(self, token: _Token, following: _Token | None) -> None:
        shown = _quote(token.text, 20)
        if token.kind == "bad":
            raise self.fail(
                _("unexpected `{typed}`. Write entries like `#7 td, #5 comp 2, #4 si`.", typed=shown)
            )
        if token.kind == "player":
            self.start_entry(token, marked=True)
        elif token.kind == "num":
            self.bare_number(token, following)
        elif token.kind == "before":
            if self.state == "start":
                raise self.fail(
                    _("`{typed}` comes before any player number; start with one, e.g. `#7 td`.", typed=shown)
                )
            if self.state == "prefix":
                raise self.fail(_("`{typed}` is a second count in a row.", typed=shown))
            self.pending, self.pending_count, self.state = token, self.count(token), "prefix"
        elif token.kind == "after":
            self.postfix_count(token)
        else:
            self.event(token)

    def count(self, token: _Token) -> int:
        value = _number(token.value)
        if not 1 <= value <= MAX_COUNT:
            raise self.fail(
                _("counts are 1-{most}, not `{typed}`.", most=MAX_COUNT, typed=_quote(token.text, 20))
            )
        return value

    def start_entry(self, token: _Token, *, marked: bool) -> None:
        self.end_entry()
        number = _number(token.value)
        if not 1 <= number <= MAX_PLAYER_NUMBER:
            raise self.fail(
                _(
                    "player numbers are 1-{most}, not `{typed}`.",
                    most=MAX_PLAYER_NUMBER,
                    typed=_quote(token.text, 20),
                )
            )
        self.number, self.marked = number, marked
        self.state, self.last_event, self.last_counted = "player", None, False

    def end_entry(self) -> None:
        if self.state == "prefix" and self.pending is not None:
            raise self.fail(
                _("the count `{typed}` needs an event after it.", typed=_quote(self.pending.text, 20))
            )
        if self.state == "player":
            raise self.fail(_("player {number} has no events, e.g. `#{number} td`.", number=self.number))

    def bare_number(self, token: _Token, following: _Token | None) -> None:
        """Decide whether a bare number is a player number or a count (see the module docstring)."""
        if self.state == "start":
            self.start_entry(token, marked=False)
        elif self.state == "player":
            self.pending, self.pending_count, self.state = token, self.count(token), "prefix"
            self.marked = True
        elif self.state == "prefix":
            raise self.fail(_("`{typed}` is a second count in a row.", typed=_quote(token.text, 20)))
        elif following is None or following.kind == "player":
            self.postfix_count(token)
        else:
            could_count_before = (
                self.state == "event" and self.counted_event() is not None and not self.last_counted
            )
            could_count_after = following.kind == "word" and following.value in _COUNTED_ALIASES
            if following.kind == "num" and could_count_before:
                raise self.ambiguous(token)
            if following.kind != "num" and self.marked and (could_count_before or could_count_after):
                raise self.ambiguous(token)
            self.start_entry(token, marked=False)

    def ambiguous(self, token: _Token) -> ReportSyntaxError:
        shown = _quote(token.text, 20)
        return self.fail(
            _(
                "is `{typed}` a count or player #{typed}? Write `x{typed}` for a count, "
                "or a comma and `#{typed}` for a player.",
                typed=shown,
            )
        )

    def counted_event(self) -> CountedEvent | None:
        if self.last_event is None or self.last_event.kind != "word":
            return None
        return _COUNTED_ALIASES.get(self.last_event.value)

    def postfix_count(self, token: _Token) -> None:
        shown = _quote(token.text, 20)
        if self.last_event is None or self.state not in ("event", "count"):
            raise self.fail(_("`{typed}` must come right after an event, e.g. `td x2`.", typed=shown))
        event_shown = _quote(self.last_event.text, 20)
        code = self.counted_event()
        if code is None:
            raise self.fail(_("`{event}` can't have a count.", event=event_shown))
        if self.last_counted:
            raise self.fail(
                _("`{event}` already has a count before `{typed}`.", event=event_shown, typed=shown)
            )
        self.add(code, self.count(token) - 1)
        self.state, self.last_counted = "count", True

    def add(self, code: CountedEvent, count: int) -> None:
        tally = self.tallies.setdefault(self.number, _Tally())
        tally.counts[code] = tally.counts.get(code, 0) + count
        if tally.counts[code] > MAX_COUNT:
            raise self.fail(
                _(
                    "player {number} has more than {most} `{event}`.",
                    number=self.number,
                    most=MAX_COUNT,
                    event=code,
                )
            )

    def event(self, token: _Token) -> None:
        shown = _quote(token.text, 20)
        if self.state == "start":
            raise self.fail(
                _("`{typed}` comes before any player number; start with one, e.g. `#7 {typed}`.", typed=shown)
            )
        code = _COUNTED_ALIASES.get(token.value) if token.kind == "word" else None
        if code is not None:
            self.add(code, self.pending_count if self.state == "prefix" else 1)
            self.last_counted = self.state == "prefix"
        else:
            if self.state == "prefix":
                raise self.fail(_("`{event}` can't have a count.", event=shown))
            self.uncounted_event(token)
            self.last_counted = False
        self.state, self.last_event, self.pending = "event", token, None

    def uncounted_event(self, token: _Token) -> None:
        shown = _quote(token.text, 20)
        characteristic: Characteristic | None = None
        if token.kind == "lasting":
            characteristic = _CHARACTERISTICS.get(token.value)
            if characteristic is None:
                raise self.fail(
                    _("`{typed}`: lasting injuries are li-ma, li-st, li-ag, li-pa or li-av.", typed=shown)
                )
            injury: InjuryResult | None = "lasting_injury"
        elif token.value == _LASTING_WORD:
            raise self.fail(
                _("`{typed}` needs the characteristic: li-ma, li-st, li-ag, li-pa or li-av.", typed=shown)
            )
        elif token.value in _SENT_OFF_WORDS:
            tally = self.tallies.setdefault(self.number, _Tally())
            if tally.sent_off:
                raise self.fail(_("player {number} is sent off twice.", number=self.number))
            tally.sent_off = True
            return
        elif token.value == _MVP_WORD:
            injury = None
        elif token.value in _INJURY_ALIASES:
            injury = _INJURY_ALIASES[token.value]
        else:
            raise self.fail(_("unknown event `{typed}`.", typed=shown) + " " + _(EVENTS_HELP))
        tally = self.tallies.setdefault(self.number, _Tally())
        if injury is None:
            if tally.mvp:
                raise self.fail(_("player {number} is nominated for MVP twice.", number=self.number))
            tally.mvp = True
            return
        if tally.injury is not None:
            raise self.fail(
                _(
                    "player {number} already has an injury (`{injury}`), so not `{typed}` too: "
                    "a player suffers at most one.",
                    number=self.number,
                    injury=tally.injury_text,
                    typed=shown,
                )
            )
        tally.injury, tally.characteristic, tally.injury_text = injury, characteristic, shown


def parse_team_events(text: str) -> dict[int, PlayerEvents]:
    """Read one team's report into events per player number. Raises ReportSyntaxError."""
    tallies: dict[int, _Tally] = {}
    for segment in _SEPARATORS.split(text):
        _SegmentReader(segment, tallies).read()
    return {
        number: PlayerEvents(
            number=number,
            touchdowns=tally.counts.get("td", 0),
            casualties=tally.counts.get("cas", 0),
            completions=tally.counts.get("comp", 0),
            interceptions=tally.counts.get("int", 0),
            superb_throws=tally.counts.get("throw", 0),
            safe_landings=tally.counts.get("land", 0),
            mvp_nomination=tally.mvp,
            sent_off=tally.sent_off,
            injury=tally.injury,
            lasting_characteristic=tally.characteristic,
        )
        for number, tally in sorted(tallies.items(), key=lambda item: item[0])
    }


# ----------------------------------------------------------------------------------------- formatting


def _canonical_words(events: PlayerEvents) -> list[tuple[str, int]]:
    words: list[tuple[str, int]] = [(code, count) for code, count in _counts(events).items() if count]
    if events.mvp_nomination:
        words.append((_MVP_WORD, 1))
    if events.sent_off:
        words.append((_SENT_OFF_CODE, 1))
    if events.injury is not None:
        code = _INJURY_CODES[events.injury]
        if events.lasting_characteristic is not None:
            code = f"{code}-{events.lasting_characteristic}"
        words.append((code, 1))
    return words


def format_team_events(events: Mapping[int, PlayerEvents]) -> str:
    """The canonical report text: players in number order, e.g. `#3 cas, #5 comp 2, #7 td x2 mvp`.

    A player's only event takes a bare count (`comp 2`); with several events counts are written `x2`.
    Players with no events are left out.
    """
    entries: list[str] = []
    for number in sorted(events):
        player = events[number]
        if player.number != number:
            raise ValueError(f"events for player {player.number} are filed under {number}")
        words = _canonical_words(player)
        if not words:
            continue
        if len(words) == 1:
            word, count = words[0]
            body = word if count == 1 else f"{word} {count}"
        else:
            body = " ".join(word if count == 1 else f"{word} x{count}" for word, count in words)
        entries.append(f"#{number} {body}")
    return ", ".join(entries)


def summarise(events: PlayerEvents) -> str:
    """One player's events in words, e.g. "1 touchdown, 2 completions, MVP nominee, serious injury"."""
    parts = [_COUNTED_WORDS[code](count) for code, count in _counts(events).items() if count]
    if events.mvp_nomination:
        parts.append(_("MVP nominee"))
    if events.sent_off:
        parts.append(_("sent off"))
    if events.injury is not None:
        words = _INJURY_WORDS[events.injury]
        if events.lasting_characteristic is not None:
            words = f"{words} ({events.lasting_characteristic.upper()})"
        parts.append(words)
    return ", ".join(parts) if parts else _("no events")


# ------------------------------------------------------------------------------------------- checking


def check_team_events(
    events: Mapping[int, PlayerEvents],
    *,
    score: int,
    casualties: int,
    max_mvp_nominations: int = DEFAULT_MAX_MVP_NOMINATIONS,
) -> None:
    """Refuse a report whose players score more touchdowns or casualties than the team, or too many MVPs.

    Fewer is fine: star players and journeymen may have scored. `casualties` counts the team's casualties
    that earn SPP.
    """
    touchdowns = sum(player.touchdowns for player in events.values())
    caused = sum(player.casualties for player in events.values())
    nominees = sum(1 for player in events.values() if player.mvp_nomination)
    problems: list[str] = []
    if touchdowns > score:
        problems.append(
            ngettext(
                "The players have {n} touchdowns but the team scored {score}.",
                "The players have {n} touchdowns but the team scored {score}.",
                touchdowns,
                score=score,
            )
        )
    if caused > casualties:
        problems.append(
            ngettext(
                "The players have {n} casualties but the team caused {caused} that earn SPP.",
                "The players have {n} casualties but the team caused {caused} that earn SPP.",
                caused,
                caused=casualties,
            )
        )
    if nominees > max_mvp_nominations:
        problems.append(
            ngettext(
                "{n} players are nominated for MVP; at most {most} may be.",
                "{n} players are nominated for MVP; at most {most} may be.",
                nominees,
                most=max_mvp_nominations,
            )
        )
    if problems:  # (the English says "1 touchdowns" as it always has; a language's singular is its own)
        raise RuleViolation(" ".join(problems))
