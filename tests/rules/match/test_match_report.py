"""Match reports: reading, canonical text, team checks and summaries."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.match.match_report import (
    EVENTS_HELP,
    MAX_COUNT,
    Characteristic,
    InjuryResult,
    PlayerEvents,
    ReportSyntaxError,
    check_team_events,
    format_team_events,
    parse_team_events,
    summarise,
)

INJURIES: list[InjuryResult] = ["badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead"]
CHARACTERISTICS: list[Characteristic] = ["ma", "st", "ag", "pa", "av"]


def one(text: str) -> PlayerEvents:
    """The events of the only player in a report."""
    events = parse_team_events(text)
    assert len(events) == 1, events
    return next(iter(events.values()))


def refused(text: str) -> str:
    with pytest.raises(ReportSyntaxError) as caught:
        parse_team_events(text)
    message = str(caught.value)
    assert len(message) < 300
    return message


# ------------------------------------------------------------------------------------------- events


@pytest.mark.parametrize(
    ("word", "field"),
    [
        ("td", "touchdowns"),
        ("tds", "touchdowns"),
        ("touchdown", "touchdowns"),
        ("touchdowns", "touchdowns"),
        ("cas", "casualties"),
        ("casualty", "casualties"),
        ("casualties", "casualties"),
        ("comp", "completions"),
        ("comps", "completions"),
        ("completion", "completions"),
        ("completions", "completions"),
        ("int", "interceptions"),
        ("ints", "interceptions"),
        ("intercept", "interceptions"),
        ("interception", "interceptions"),
        ("interceptions", "interceptions"),
        ("throw", "superb_throws"),
        ("throws", "superb_throws"),
        ("stt", "superb_throws"),
        ("land", "safe_landings"),
        ("lands", "safe_landings"),
        ("landing", "safe_landings"),
        ("landings", "safe_landings"),
    ],
)
def test_every_counted_event_and_alias(word: str, field: str) -> None:
    once: dict[str, Any] = {field: 1}
    thrice: dict[str, Any] = {field: 3}
    assert one(f"#7 {word}") == PlayerEvents(7, **once)
    assert one(f"7 {word} 3") == PlayerEvents(7, **thrice)


def test_mvp() -> None:
    assert one("#9 mvp") == PlayerEvents(9, mvp_nomination=True)


@pytest.mark.parametrize(
    ("word", "injury"),
    [
        ("bh", "badly_hurt"),
        ("sh", "seriously_hurt"),
        ("si", "serious_injury"),
        ("dead", "dead"),
        ("rip", "dead"),
        ("killed", "dead"),
    ],
)
def test_every_injury_and_alias(word: str, injury: InjuryResult) -> None:
    assert one(f"#4 {word}") == PlayerEvents(4, injury=injury)


@pytest.mark.parametrize("characteristic", CHARACTERISTICS)
@pytest.mark.parametrize("form", ["li-{}", "li:{}", "li {}", "li - {}", "li: {}", "LI-{}"])
def test_lasting_injuries_in_every_form(form: str, characteristic: Characteristic) -> None:
    text = "#4 " + form.format(characteristic.upper() if form.isupper() else characteristic)
    assert one(text) == PlayerEvents(4, injury="lasting_injury", lasting_characteristic=characteristic)


def test_lasting_injury_followed_by_other_events() -> None:
    assert one("#4 li av td") == PlayerEvents(
        4, touchdowns=1, injury="lasting_injury", lasting_characteristic="av"
    )


# ------------------------------------------------------------------------------------------- counts


@pytest.mark.parametrize(
    "text",
    [
        "#5 comp 2",
        "5 comp 2",
        "#5 2 comp",
        "5 2 comp",
        "#5 comp x2",
        "#5 comp X2",
        "#5 comp x 2",
        "#5 comp ×2",
        "#5 2x comp",
        "#5 2 x comp",
        "#5 comp comp",
        "#5 comp, #5 comp",
        "#5 comp; 5 comp 1",
        "#5comp2",
    ],
)
def test_counts_in_every_accepted_form(text: str) -> None:
    assert one(text) == PlayerEvents(5, completions=2)


def test_counts_mix_with_repeats_and_other_events() -> None:
    assert one("#7 td td x2 cas 2x comp int") == PlayerEvents(
        7, touchdowns=3, casualties=1, completions=2, interceptions=1
    )
    assert one("7 2 td cas") == PlayerEvents(7, touchdowns=2, casualties=1)
    assert one("7 cas td 3") == PlayerEvents(7, touchdowns=3, casualties=1)
    assert one(f"7 td {MAX_COUNT}") == PlayerEvents(7, touchdowns=MAX_COUNT)


def test_a_count_ending_an_entry_before_a_hash_number() -> None:
    assert parse_team_events("#5 comp 2 #3 cas") == {
        3: PlayerEvents(3, casualties=1),
        5: PlayerEvents(5, completions=2),
    }


# ------------------------------------------------------------------------- separators, case, spaces


@pytest.mark.parametrize(
    "text",
    [
        "#7 td, #3 cas",
        "#7 td; #3 cas",
        "#7 td\n#3 cas",
        "#7 td\r\n#3 cas",
        "7 td,3 cas",
        "  #7   td ;;  , \n #3\tcas ,",
        "#7 td #3 cas",
        "7 td 3 cas",
        "#7TD,#3CAS",
        "# 7 Td, # 3 CaS",
        "7td 3cas",
    ],
)
def test_separators_case_and_whitespace(text: str) -> None:
    assert parse_team_events(text) == {3: PlayerEvents(3, casualties=1), 7: PlayerEvents(7, touchdowns=1)}


@pytest.mark.parametrize("text", ["", "   ", ",", " ; , \n ", "\n\n"])
def test_empty_text_means_no_events(text: str) -> None:
    assert parse_team_events(text) == {}


def test_the_examples() -> None:
    assert parse_team_events("#7 td, #3 cas, #5 comp 2, #9 mvp, #4 si") == {
        3: PlayerEvents(3, casualties=1),
        4: PlayerEvents(4, injury="serious_injury"),
        5: PlayerEvents(5, completions=2),
        7: PlayerEvents(7, touchdowns=1),
        9: PlayerEvents(9, mvp_nomination=True),
    }
    assert parse_team_events("7 td td; 3 cas 11 td") == {
        3: PlayerEvents(3, casualties=1),
        7: PlayerEvents(7, touchdowns=2),
        11: PlayerEvents(11, touchdowns=1),
    }


def test_several_entries_for_one_player_add_up() -> None:
    assert one("7 td, #7 td 2; 7 cas\n#7 mvp, 7 si") == PlayerEvents(
        7, touchdowns=3, casualties=1, mvp_nomination=True, injury="serious_injury"
    )


def test_result_is_keyed_and_ordered_by_number() -> None:
    events = parse_team_events("11 td, 2 cas, 7 mvp")
    assert list(events) == [2, 7, 11]
    assert all(number == player.number for number, player in events.items())


# --------------------------------------------------------------------------- the count/number rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A bare number after an event and before another event starts a new entry.
        ("7 td 3 cas", {3: PlayerEvents(3, casualties=1), 7: PlayerEvents(7, touchdowns=1)}),
        (
            "9 mvp 4 si",
            {4: PlayerEvents(4, injury="serious_injury"), 9: PlayerEvents(9, mvp_nomination=True)},
        ),
        # ... also in a `#` entry when it can't be a count (mvp and si take none).
        (
            "#9 mvp 4 si",
            {4: PlayerEvents(4, injury="serious_injury"), 9: PlayerEvents(9, mvp_nomination=True)},
        ),
        # After an explicit count, a bare number in a bare entry is a player.
        ("5 comp x2 3 cas", {3: PlayerEvents(3, casualties=1), 5: PlayerEvents(5, completions=2)}),
        # Before a separator, the end or a `#` number it counts the event before it.
        ("#5 comp 2, #3 cas", {3: PlayerEvents(3, casualties=1), 5: PlayerEvents(5, completions=2)}),
        ("5 comp 2, 3 cas", {3: PlayerEvents(3, casualties=1), 5: PlayerEvents(5, completions=2)}),
        ("5 comp 2 #3 cas", {3: PlayerEvents(3, casualties=1), 5: PlayerEvents(5, completions=2)}),
        # Right after a player number it counts the next event; an empty player is never meant.
        ("5 2 comp 3 cas", None),
        ("5 2 comp", {5: PlayerEvents(5, completions=2)}),
        # A number after a player whose event takes no count starts an entry with a count.
        ("9 mvp 4 2 td", {4: PlayerEvents(4, touchdowns=2), 9: PlayerEvents(9, mvp_nomination=True)}),
    ],
)
def test_count_or_number(text: str, expected: dict[int, PlayerEvents] | None) -> None:
    if expected is None:
        refused(text)
    else:
        assert parse_team_events(text) == expected


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("5 comp 2 3 cas", "2"),  # comp x2 and #3 cas, or comp and #2 with 3 cas?
        ("#5 comp 2 3 cas", "2"),
        ("#7 td 3 cas", "3"),  # players marked with #: 3 may count td or cas
        ("#7 td 2 comp", "2"),
        ("#4 si 2 td", "2"),  # may count td
        ("#5 comp x2 3 cas", "3"),  # may count cas
        ("7 2 td 3 comp", "3"),  # counts written first: 3 may count comp
    ],
)
def test_ambiguous_numbers_are_refused_with_a_hint(text: str, number: str) -> None:
    message = refused(text)
    assert message.startswith(f"Can't read `{text}`: is `{number}` a count or player #{number}?")
    assert f"`x{number}`" in message and f"`#{number}`" in message


# ------------------------------------------------------------------------------------------- errors


def test_unknown_event_message() -> None:
    assert refused("#7 tdd") == f"Can't read `#7 tdd`: unknown event `tdd`. {EVENTS_HELP}"


def test_errors_quote_only_the_offending_entry() -> None:
    message = refused("#7 td, #3 cas, #5 tdd, #9 mvp")
    assert message.startswith("Can't read `#5 tdd`: unknown event `tdd`.")


@pytest.mark.parametrize(
    ("text", "piece", "reason"),
    [
        ("#7 tdd", "`tdd`", "unknown event"),
        ("#7 td banana", "`banana`", "unknown event"),
        ("#0 td", "`#0`", "1-99"),
        ("#100 td", "`#100`", "1-99"),
        ("100 td", "`100`", "1-99"),
        ("7 td 150 cas", "`150`", "1-99"),
        ("#123456789012345678901234567890 td", "`#123456789012345678…`", "1-99"),
        ("td 7", "`td`", "before any player number"),
        ("#7 td, cas", "`cas`", "before any player number"),
        ("x2 td", "`x2`", "right after an event"),
        ("2x td", "`2x`", "before any player number"),
        ("#4 si bh", "`si`", "at most one"),
        ("#4 si, #4 bh", "`si`", "at most one"),
        ("#4 si, #4 si", "`si`", "at most one"),
        ("#4 li-av, 4 dead", "`li-av`", "at most one"),
        ("#9 mvp mvp", "MVP twice", "player 9"),
        ("#9 mvp, 9 td mvp", "MVP twice", "player 9"),
        ("#4 li", "`li`", "li-ma, li-st, li-ag, li-pa or li-av"),
        ("#4 li, 5 td", "`li`", "li-ma, li-st, li-ag, li-pa or li-av"),
        ("#4 li 5 td", "`li`", "li-ma, li-st, li-ag, li-pa or li-av"),
        ("#4 li-xx", "`li-xx`", "li-ma, li-st, li-ag, li-pa or li-av"),
        ("#4 li td", "`li td`", "li-ma, li-st, li-ag, li-pa or li-av"),
        ("#7 td 0", "`0`", f"counts are 1-{MAX_COUNT}"),
        (f"#7 td {MAX_COUNT + 1}", f"`{MAX_COUNT + 1}`", f"counts are 1-{MAX_COUNT}"),
        ("#7 td x0", "`x0`", f"counts are 1-{MAX_COUNT}"),
        ("#7 0x td", "`0x`", f"counts are 1-{MAX_COUNT}"),
        (f"#7 td 20, 7 td {MAX_COUNT - 19}", "`td`", f"more than {MAX_COUNT}"),
        ("#9 mvp 2", "`mvp`", "can't have a count"),
        ("#9 2 mvp", "`mvp`", "can't have a count"),
        ("#9 mvp x2", "`mvp`", "can't have a count"),
        ("#4 si x2", "`si`", "can't have a count"),
        ("#4 2x dead", "`dead`", "can't have a count"),
        ("#7 td x2 3", "`td` already has a count", "`3`"),
        ("#7 2 td x3", "`td` already has a count", "`x3`"),
        ("#7 2 3 td", "`3`", "second count in a row"),
        ("#7 2x x3 td", "`x3`", "right after an event"),
        ("#7 2", "`2`", "needs an event after it"),
        ("#7 td 2x", "`2x`", "needs an event after it"),
        ("#7 2 #3 td", "`2`", "needs an event after it"),
        ("7", "player 7", "no events"),
        ("7, 3 td", "player 7", "no events"),
        ("#7 #3 td", "player 7", "no events"),
        ("#7 x2", "`x2`", "right after an event"),
        ("#7 td!", "`!`", "unexpected"),
        ("#7 td - cas", "`-`", "unexpected"),
        ("#7 tdx2", "`tdx`", "unknown event"),
    ],
)
def test_errors_name_the_bad_piece(text: str, piece: str, reason: str) -> None:
    message = refused(text)
    assert message.startswith("Can't read `")
    assert piece in message
    assert reason in message


def test_long_entries_are_cut_in_messages() -> None:
    text = "#7 " + "td " * 25 + "oops"
    message = refused(text)
    assert "…" in message and "`oops`" in message


def test_backticks_in_the_text_cannot_break_the_message() -> None:
    message = refused("#7 `td`")
    assert message.count("`") % 2 == 0


def test_report_syntax_error_is_a_rule_violation() -> None:
    assert issubclass(ReportSyntaxError, RuleViolation)


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_briefly(text: str) -> None:
    try:
        events = parse_team_events(text)
    except ReportSyntaxError as error:
        assert str(error).startswith("Can't read `") and len(str(error)) < 300
    else:
        assert parse_team_events(format_team_events(events)) == events


@given(st.text(alphabet="#0123456789 ,;\nxX×tdcasompvbhilrkeng-:!", max_size=40))
def test_report_like_text_is_read_or_refused_briefly(text: str) -> None:
    try:
        events = parse_team_events(text)
    except ReportSyntaxError as error:
        assert str(error).startswith("Can't read `") and len(str(error)) < 300
    else:
        assert all(not player.is_empty for player in events.values())
        assert parse_team_events(format_team_events(events)) == events


# --------------------------------------------------------------------------------------- formatting


def test_format_the_example() -> None:
    events = parse_team_events("#7 td, #3 cas, #5 comp 2, #9 mvp, #4 si")
    assert format_team_events(events) == "#3 cas, #4 si, #5 comp 2, #7 td, #9 mvp"


def test_format_several_events_uses_x_counts() -> None:
    player = PlayerEvents(
        7,
        touchdowns=2,
        casualties=1,
        completions=3,
        interceptions=1,
        superb_throws=2,
        safe_landings=1,
        mvp_nomination=True,
        injury="lasting_injury",
        lasting_characteristic="ag",
    )
    text = format_team_events({7: player})
    assert text == "#7 td x2 cas comp x3 int throw x2 land mvp li-ag"
    assert parse_team_events(text) == {7: player}


@pytest.mark.parametrize(
    ("injury", "characteristic", "word"),
    [
        ("badly_hurt", None, "bh"),
        ("seriously_hurt", None, "sh"),
        ("serious_injury", None, "si"),
        ("dead", None, "dead"),
        *[("lasting_injury", c, f"li-{c}") for c in CHARACTERISTICS],
    ],
)
def test_format_injuries(injury: InjuryResult, characteristic: Characteristic | None, word: str) -> None:
    player = PlayerEvents(4, injury=injury, lasting_characteristic=characteristic)
    assert format_team_events({4: player}) == f"#4 {word}"


def test_format_leaves_out_players_without_events() -> None:
    assert format_team_events({}) == ""
    assert format_team_events({3: PlayerEvents(3), 5: PlayerEvents(5, touchdowns=1)}) == "#5 td"


def test_format_refuses_a_mismatched_key() -> None:
    with pytest.raises(ValueError, match="filed under"):
        format_team_events({3: PlayerEvents(5, touchdowns=1)})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"number": 0},
        {"number": 100},
        {"number": 7, "touchdowns": -1},
        {"number": 7, "completions": MAX_COUNT + 1},
        {"number": 7, "injury": "lasting_injury"},
        {"number": 7, "injury": "serious_injury", "lasting_characteristic": "av"},
        {"number": 7, "lasting_characteristic": "av"},
        {"number": 7, "injury": "bruised"},
        {"number": 7, "injury": "lasting_injury", "lasting_characteristic": "xx"},
    ],
)
def test_player_events_refuse_impossible_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        PlayerEvents(**kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------- round trip


@st.composite
def player_events(draw: st.DrawFn, number: int) -> PlayerEvents:
    count = st.integers(0, MAX_COUNT) | st.integers(0, 3)
    injury = draw(st.none() | st.sampled_from(INJURIES))
    characteristic = draw(st.sampled_from(CHARACTERISTICS)) if injury == "lasting_injury" else None
    player = PlayerEvents(
        number,
        touchdowns=draw(count),
        casualties=draw(count),
        completions=draw(count),
        interceptions=draw(count),
        superb_throws=draw(count),
        safe_landings=draw(count),
        mvp_nomination=draw(st.booleans()),
        injury=injury,
        lasting_characteristic=characteristic,
    )
    return dataclasses.replace(player, touchdowns=1) if player.is_empty else player


@st.composite
def event_maps(draw: st.DrawFn) -> dict[int, PlayerEvents]:
    numbers = draw(st.lists(st.integers(1, 99), unique=True, max_size=12))
    return {number: draw(player_events(number)) for number in numbers}


@given(event_maps())
def test_format_then_parse_gives_the_same_events(events: dict[int, PlayerEvents]) -> None:
    text = format_team_events(events)
    assert parse_team_events(text) == events
    assert format_team_events(parse_team_events(text)) == text


ALIASES = {
    "touchdowns": ["td", "tds", "touchdown", "touchdowns"],
    "casualties": ["cas", "casualty", "casualties"],
    "completions": ["comp", "comps", "completion", "completions"],
    "interceptions": ["int", "ints", "intercept", "interception", "interceptions"],
    "superb_throws": ["throw", "throws", "stt"],
    "safe_landings": ["land", "lands", "landing", "landings"],
}
INJURY_WORDS = {
    "badly_hurt": ["bh"],
    "seriously_hurt": ["sh"],
    "serious_injury": ["si"],
    "dead": ["dead", "rip", "killed"],
}
LASTING_FORMS = ["li-{}", "li:{}", "li {}", "li - {}", "li : {}"]


def _pieces(player: PlayerEvents, rnd: random.Random) -> list[tuple[str, int]]:
    """The player's events as (field, count) pieces: counts split at random, in random order."""
    pieces: list[tuple[str, int]] = []
    for name in ALIASES:
        left = getattr(player, name)
        while left:
            part = rnd.randint(1, left)
            pieces.append((name, part))
            left -= part
    if player.mvp_nomination:
        pieces.append(("mvp", 1))
    if player.injury is not None:
        pieces.append(("injury", 1))
    rnd.shuffle(pieces)
    return pieces


def _entry(player: PlayerEvents, pieces: list[tuple[str, int]], rnd: random.Random) -> str:
    """One entry, written in any of the accepted (unambiguous) ways."""
    words = [rnd.choice([f"#{player.number}", f"# {player.number}", str(player.number)])]
    for index, (name, count) in enumerate(pieces):
        if name == "mvp":
            words.append("mvp")
            continue
        if name == "injury":
            assert player.injury is not None
            if player.injury == "lasting_injury":
                words.append(rnd.choice(LASTING_FORMS).format(player.lasting_characteristic))
            else:
                words.append(rnd.choice(INJURY_WORDS[player.injury]))
            continue
        alias = rnd.choice(ALIASES[name])
        forms = [" ".join([alias] * count), f"{alias} x{count}", f"{alias} x {count}", f"{alias} ×{count}"]
        forms += [f"{count}x {alias}", f"{count} x {alias}"]
        if index == len(pieces) - 1:
            forms.append(f"{alias} {count}")
        if index == 0:
            forms.append(f"{count} {alias}")
        words.append(rnd.choice(forms))
    return rnd.choice([" ", "  ", "\t"]).join(words)


@given(event_maps(), st.randoms(use_true_random=False))
def test_any_accepted_writing_reads_back_the_same_events(
    events: dict[int, PlayerEvents], rnd: random.Random
) -> None:
    entries: list[str] = []
    for player in events.values():
        pieces = _pieces(player, rnd)
        cuts = sorted(rnd.sample(range(1, len(pieces)), rnd.randint(0, min(2, len(pieces) - 1))))
        for start, end in zip([0, *cuts], [*cuts, len(pieces)], strict=True):
            entries.append(_entry(player, pieces[start:end], rnd))
    rnd.shuffle(entries)
    text = rnd.choice(["", " ", "\n", ", "])
    for index, entry in enumerate(entries):
        if index:
            joiners = [",", ", ", " ; ", "\n", "\r\n", ",\n", " ,, "]
            text += rnd.choice([*joiners, " ", ""] if entry.startswith("#") else joiners)
        text += entry
    text += rnd.choice(["", " ", "\n", ";"])
    text = "".join(char.upper() if rnd.random() < 0.3 else char for char in text)
    assert parse_team_events(text) == events, text


# ---------------------------------------------------------------------------------------- team checks


def test_check_accepts_totals_up_to_the_team_result() -> None:
    events = parse_team_events("#7 td 2, #3 cas, #8 cas, #1 mvp, #2 mvp, #3 mvp, #4 mvp, #5 mvp, #6 mvp")
    check_team_events(events, score=2, casualties=2)
    check_team_events(events, score=3, casualties=4)  # a star player or journeyman did the rest
    check_team_events({}, score=0, casualties=0)


def test_check_refuses_more_touchdowns_than_the_score() -> None:
    with pytest.raises(RuleViolation) as caught:
        check_team_events(parse_team_events("#7 td 2, #3 td"), score=2, casualties=0)
    assert str(caught.value) == "The players have 3 touchdowns but the team scored 2."


def test_check_refuses_more_casualties_than_the_team_caused() -> None:
    with pytest.raises(RuleViolation) as caught:
        check_team_events(parse_team_events("#7 cas 2, #3 cas"), score=0, casualties=1)
    assert str(caught.value) == "The players have 3 casualties but the team caused 1 that earn SPP."


def test_check_refuses_too_many_mvp_nominees() -> None:
    events = parse_team_events("1 mvp 2 mvp 3 mvp 4 mvp 5 mvp 6 mvp 7 mvp")
    with pytest.raises(RuleViolation) as caught:
        check_team_events(events, score=0, casualties=0)
    assert str(caught.value) == "7 players are nominated for MVP; at most 6 may be."
    with pytest.raises(RuleViolation, match="at most 1 may be"):
        check_team_events(parse_team_events("1 mvp, 2 mvp"), score=0, casualties=0, max_mvp_nominations=1)
    check_team_events(events, score=0, casualties=0, max_mvp_nominations=7)


def test_check_names_every_problem_at_once() -> None:
    events = parse_team_events("1 td mvp, 2 cas mvp")
    with pytest.raises(RuleViolation) as caught:
        check_team_events(events, score=0, casualties=0, max_mvp_nominations=1)
    message = str(caught.value)
    assert "1 touchdowns" in message and "1 casualties" in message and "2 players" in message
    assert len(message) < 300


# ------------------------------------------------------------------------------------------ summary


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        (
            PlayerEvents(7, touchdowns=1, completions=2, mvp_nomination=True, injury="serious_injury"),
            "1 touchdown, 2 completions, MVP nominee, serious injury",
        ),
        (
            PlayerEvents(
                3,
                touchdowns=2,
                casualties=1,
                interceptions=2,
                superb_throws=1,
                safe_landings=3,
                injury="dead",
            ),
            "2 touchdowns, 1 casualty, 2 interceptions, 1 superb throw, 3 safe landings, dead",
        ),
        (
            PlayerEvents(4, casualties=2, completions=1, superb_throws=2, safe_landings=1, interceptions=1),
            "2 casualties, 1 completion, 1 interception, 2 superb throws, 1 safe landing",
        ),
        (PlayerEvents(4, injury="badly_hurt"), "badly hurt"),
        (PlayerEvents(4, injury="seriously_hurt"), "seriously hurt"),
        (PlayerEvents(4, injury="lasting_injury", lasting_characteristic="av"), "lasting injury (AV)"),
        (PlayerEvents(4), "no events"),
    ],
)
def test_summarise(player: PlayerEvents, expected: str) -> None:
    assert summarise(player) == expected
