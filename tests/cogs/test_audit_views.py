"""The league log reads as sentences: every kind of audit entry the services write has its own."""

from __future__ import annotations

import ast
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.cogs.league_admin import render_log
from bot.services.league import leagues
from bot.services.runtime import Runtime
from bot.store.audit import AuditEntry
from bot.ui.audit_views import DESCRIBERS, describe, log_line
from bot.ui.limits import within_limits
from tests.cogs.mocks import make_interaction
from tests.conftest import actor

NOW = datetime(2026, 1, 1, tzinfo=UTC)
FX = {"fixture": 12, "match": "Reavers v Raiders", "score": "2-1"}

# One entry of each kind with the details its service writes, and the sentence it must read as.
EXAMPLES: dict[str, tuple[dict[str, Any], str]] = {
    "league.create": (
        {"name": "Old World", "channel": 555},
        "created the league Old World (announcements in <#555>)",
    ),
    "league.import": (
        {"name": "Copy", "from": "Old World", "teams": 4},
        "imported the league Copy from a file (exported as Old World) with 4 teams",
    ),
    "league.settings": (
        {"round_days": ["14", "10"], "tiebreakers": ["('td_diff', 'td_for')", "('head_to_head',)"]},
        "changed settings: round length 14 → 10 days; tiebreakers td diff, td for → head to head",
    ),
    "config.commissioner_role": (
        {"from": None, "to": 42},
        "set the commissioner role: none (Manage Server only) → <@&42>",
    ),
    "config.organiser_role": (
        {"from": None, "to": 42},
        "set the event organiser role: none (commissioners only) → <@&42>",
    ),
    "tournament.create": (
        {"name": "Spring Cup", "channel": 555, "budget": "1150000"},
        "created the tournament Spring Cup (announcements in <#555>)",
    ),
    "tournament.rulespack": (
        {"budget": ["1150000", "1200000"], "rounds": ["3", "5"]},
        "changed the rulespack: budget 1150000 → 1200000; rounds 3 → 5",
    ),
    "tournament.painted": ({"team": "Reavers", "team_id": 3}, "chose Reavers as Best Painted Team"),
    "tournament.finish": (
        {"name": "Spring Cup", "forced": True, "not_counted": ["Round 3, table 1: A v B (reported)"]},
        "finished the tournament Spring Cup (forced; not counted: Round 3, table 1: A v B (reported))",
    ),
    "tournament.start": (
        {"coaches": 9, "spare": "Spare Squad", "rounds": 3},
        "started the tournament: 9 coaches, 3 rounds, Spare Squad as the Spare Player",
    ),
    "tournament.round": (
        {"round": 2, "tables": ["Table 1: Jay v Gavin", "Table 2: Keith v Xavier"], "rematches": []},
        "paired round 2: Table 1: Jay v Gavin; Table 2: Keith v Xavier",
    ),
    "tournament.pair_early": (
        {"round": 2, "open": ["#12 Reavers v Raiders"]},
        "paired round 2 before these games were confirmed: #12 Reavers v Raiders",
    ),
    "tournament.swap": (
        {"round": 1, "teams": ["Reavers", "Raiders"], "tables": [1, 3]},
        "swapped Reavers and Raiders between tables 1 and 3 of round 1",
    ),
    "tournament.extra_spp": (
        {"team": "Reavers", "player": "#3 Lineman 3", "spp": 2, "round": 1, "fixture": 7},
        "gave #3 Lineman 3 of Reavers +2 SPP for round 1",
    ),
    "tournament.fan": (
        {"fixture": 12, "match": "Reavers v Raiders", "team": "Reavers", "fans": 1},
        "gave Reavers 1 Dedicated Fan for winning #12",
    ),
    "tournament.register": (
        {"team": "Elves", "roster": "Wood Elf"},
        "registered Elves (Wood Elf) for the tournament",
    ),
    "tournament.skill": (
        {"team": "Elves", "player": "#3 Wardancer 3", "skill": "Strip Ball", "before": None},
        "gave #3 Wardancer 3 of Elves Strip Ball with Skill Points",
    ),
    "tournament.star": (
        {"team": "Elves", "star": "Akhorne The Squirrel", "added": True},
        "put the star Akhorne The Squirrel on Elves's roster",
    ),
    "tournament.induce": (
        {"team": "Elves", "item": "Bribe", "count": 2},
        "set Bribe on Elves's roster to 2",
    ),
    "tournament.naf": (
        {"team": "Elves", "naf_name": "Jay", "naf_number": 321},
        "set the NAF name Jay and number 321 of Elves's coach",
    ),
    "tournament.spare": ({"team": "Elves", "spare": True}, "made Elves the Spare Player"),
    "tournament.squad": (
        {"squad": "Altdorf Allstars", "change": "added", "coach": 7},
        "added <@7> to the squad Altdorf Allstars",
    ),
    "tournament.escalate": (
        {"team": "Elves", "round": 2, "budget": 1_100_000},
        "closed Elves's round-1 roster and opened round 2's (Team Draft Budget 1,100,000 gp)",
    ),
    "team.create": (
        {"team": "Reavers", "roster": "Human", "league": "Old World Classic", "alignment": None},
        "created Reavers, a Human team in the Old World Classic",
    ),
    "team.submit": (
        {"team": "Reavers", "spent": 950000},
        "submitted Reavers for approval (950,000 gp spent)",
    ),
    "team.approve": ({"team": "Reavers", "coach": 7}, "approved Reavers"),
    "team.reject": ({"team": "Reavers", "coach": 7}, "rejected Reavers"),
    "team.redraft": (
        {"team": "Reavers", "season": 2, "budget": 1300000, "lost": 40000},
        "re-drafted Reavers for season 2: budget 1,300,000 gp (40,000 gp over the cap, lost)",
    ),
    "team.retire": ({"team": "Reavers", "after_season": 1}, "retired Reavers after season 1"),
    "player.rename": (
        {"team": "Reavers", "from": "#3 Bob", "to": "#4 Rob"},
        "renamed #3 Bob of Reavers to #4 Rob",
    ),
    "player.hatred": (
        {"team": "Reavers", "player": "#3 Bob", "hatred": "Elf"},
        "chose Hatred (Elf) for #3 Bob of Reavers",
    ),
    "season.start": (
        {"season": 1, "divisions": [["A"] * 8, ["B"] * 8], "mode": "random draw"},
        "started season 1: 2 divisions (1: 8 teams, 2: 8 teams), random draw",
    ),
    "season.pause": ({}, "paused the season: no deadline passes until it resumes"),
    "season.resume": ({"paused_seconds": 2 * 86400 + 3 * 3600}, "resumed the season after 2 days 3 hours"),
    "season.finish": (
        {"season": 1, "places": ["Winner: Reavers (100,000 gp)", "Runner-up: Raiders (50,000 gp)"]},
        "finished season 1: Winner: Reavers (100,000 gp); Runner-up: Raiders (50,000 gp)",
    ),
    "round.close": ({"round": 3, "season": 1}, "closed round 3 of season 1"),
    "round.extend": ({"round": 3, "days": 2}, "extended round 3 by 2 days"),
    "fixture.extend": ({**FX, "days": 1}, "extended #12 Reavers 2-1 Raiders by 1 day"),
    "fixture.concede": (
        {"fixture": 12, "match": "Reavers v Raiders"},
        "conceded #12 Reavers v Raiders ahead",
    ),
    "result.report": ({**FX, "version": 2}, "reported #12 Reavers 2-1 Raiders (report v2)"),
    "result.confirm": ({**FX, "version": 2}, "confirmed #12 Reavers 2-1 Raiders (report v2)"),
    "result.dispute": ({**FX, "version": 1}, "disputed #12 Reavers 2-1 Raiders"),
    "result.set": ({**FX, "version": 3}, "set the result #12 Reavers 2-1 Raiders"),
    "result.auto_confirm": (FX, "confirmed #12 Reavers 2-1 Raiders automatically"),
    "result.fans": (
        {"fixture": 12, "match": "Reavers v Raiders", "team": "Reavers", "before": 2, "after": 1},
        "moved the fans of Reavers 2 → 1 with the corrected result #12",
    ),
    "deadline.forfeit": (
        {**FX, "score": "0-0"},
        "closed #12 Reavers 0-0 Raiders: not played by the deadline",
    ),
    "deadline.conceded": (
        {**FX, "score": "2-0"},
        "closed #12 Reavers 2-0 Raiders: conceded before the deadline",
    ),
    "deadline.playoff_unplayed": (
        {"fixture": 12, "match": "Reavers v Raiders"},
        "handed #12 Reavers v Raiders",
    ),
    "deadline.tournament_unplayed": (
        {"fixture": 12, "match": "Reavers v Raiders"},
        "handed #12 Reavers v Raiders to the organiser",
    ),
    "postgame.revert": ({"fixture": 12, "match": "Reavers v Raiders"}, "undid the post-game of #12"),
    "match.inducement": (
        {"fixture": 12, "team": "Reavers", "item": "bribe", "count": 2, "cost": 200000},
        "bought 2× bribe for Reavers in #12 (200,000 gp)",
    ),
    "match.journeymen": (
        {"fixture": 12, "team": "Reavers", "count": 2, "position": "Human Lineman"},
        "took on 2 journeymen (Human Lineman) for Reavers in #12",
    ),
    "match.record": (
        {"fixture": 12, "step": "Famous Referees (page 74)", "result": "Jorm the Ogre"},
        "recorded Famous Referees (page 74) for #12: Jorm the Ogre",
    ),
    "match.shootout": ({**FX, "winner": "Reavers"}, "rolled the penalty shoot-out of #12"),
    "playoffs.open": (
        {"season": 1, "qualifiers": ["1. Reavers", "2. Raiders"], "seeding": "separate_winners"},
        "opened the season 1 play-offs with 2 teams (seeding: separate winners",
    ),
    "stars.sign": (
        {"team": "Reavers", "star": "Griff Oberwald", "familiar_face": True, "how": "eligible"},
        "signed Griff Oberwald for Reavers (eligible) · Familiar Face (no Loner)",
    ),
    "stars.skip": ({"team": "Reavers"}, "skipped Reavers's star signing pick"),
    "stars.timeout": ({"team": "Reavers"}, "let Reavers's star signing pick time out"),
    "league.web": ({"action": "replace"}, "replaced the web page's link (the old one shows nothing)"),
    "allstar.start": (
        {"game": 4, "method": "random", "excluded": ["Griff Oberwald"]},
        "started All-Star game #4 (random method), leaving out Griff Oberwald",
    ),
}


def entry(action: str, detail: dict[str, Any], actor_id: int = 7, reason: str | None = None) -> AuditEntry:
    return AuditEntry(1, 1, 1, actor_id, action, detail, reason, NOW)


KIND = re.compile(r"[a-z_]+\.[a-z_]+")


def _kinds_in(call: ast.Call) -> set[str]:
    """The kinds an audit call writes: its constant texts shaped `area.what` (either side of a choice)."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    values = [k.value for k in call.keywords if k.arg in ("action", "audit_action")]
    if name in ("record", "record_in"):
        values += call.args
    return {
        node.value
        for value in values
        for node in ast.walk(value)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KIND.fullmatch(node.value)
    }


def written_kinds() -> set[str]:
    """Every audit kind the services write, read from their source (a new kind needs a sentence)."""
    kinds: set[str] = set()
    for path in Path("bot/services").rglob("*.py"):
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call):
                kinds |= _kinds_in(node)
        if 'action=f"deadline.{how}"' in source:
            kinds |= {"deadline.forfeit", "deadline.conceded"}
    return kinds


def test_every_kind_the_services_write_has_a_sentence_and_an_example() -> None:
    kinds = written_kinds()
    assert len(kinds) >= 30
    assert kinds <= set(DESCRIBERS), kinds - set(DESCRIBERS)
    assert kinds <= set(EXAMPLES), kinds - set(EXAMPLES)


@pytest.mark.parametrize("action", sorted(EXAMPLES))
def test_each_kind_reads_as_a_sentence(action: str) -> None:
    detail, expected = EXAMPLES[action]
    text = describe(entry(action, detail)).replace("\\#", "#")  # Discord shows an escaped # as #
    assert expected in text
    assert "[" not in text and "{" not in text and "'" not in text.replace("'s", "")
    assert action not in text  # no raw key


def test_the_actor_the_bot_the_reason_and_unknown_kinds() -> None:
    line = log_line(entry("result.report", {**FX, "version": 1}, reason="typo *fixed*"))
    assert line.startswith("<t:") and "<@7> reported #12 Reavers 2-1 Raiders" in line
    assert line.endswith("— *typo \\*fixed\\**")
    assert "The bot closed round 3" in log_line(entry("round.close", {"round": 3, "season": 1}, actor_id=0))
    unknown = describe(entry("team.teleport", {"team": "Reavers", "to_city": ["Altdorf", "Nuln"]}))
    assert unknown == "team teleport (team: Reavers; to city: Altdorf, Nuln)"
    broken = describe(entry("round.extend", {"round": 3, "days": "lots"}))
    assert broken == "round extend (round: 3; days: lots)"


async def test_the_log_page_shows_sentences(runtime: Runtime) -> None:
    commish = actor(user_id=1)
    await leagues.create_league(runtime, commish, "Old World", 555)
    await leagues.update_settings(runtime, commish, None, {"round_days": 10})
    interaction = make_interaction(runtime, user_id=1)
    page = await render_log(interaction, "1", 0)
    text = page.embed.description or ""
    assert "changed settings: round length 14 → 10 days" in text
    assert "created the league Old World" in text
    assert "league.settings" not in text and "[" not in text


def test_a_page_of_the_longest_entries_fits_one_embed() -> None:
    from bot.services.league.leagues import LOG_PAGE_SIZE
    from bot.ui.limits import one_embed

    name = "N" * 60
    detail = {"team": name, "player": f"#99 {name}", "hatred": name}
    lines = [log_line(entry("player.hatred", detail, reason="r" * 300)) for _ in range(LOG_PAGE_SIZE)]
    embed = one_embed("League: log", lines, footer="Page 1 of 9")
    assert within_limits(embed)
    shown = (embed.description or "") + "".join(f.value or "" for f in embed.fields)
    assert shown.count("r" * 300) == LOG_PAGE_SIZE


def test_a_winners_fan_taken_back_by_a_correction_reads_as_taken_back() -> None:
    detail = {"fixture": 12, "match": "Reavers v Raiders", "team": "Reavers", "fans": -1}
    assert DESCRIBERS["tournament.fan"](detail) == (
        "took back 1 Dedicated Fan Reavers had for winning #12 Reavers v Raiders"
    )
