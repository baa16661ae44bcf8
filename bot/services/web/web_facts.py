"""Facts several web pages show, read from what the pages already load: each team's race, coach and team
value (the standings), a team's record, who won a drawn play-off on penalties, a player's games one by one,
a game's players with everything that game did to each (the fixture page: each fact once), and the dice
grouped by game and phase (one heading per phase, one line per roll)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.catalog import Catalog
from bot.i18n import N_, _
from bot.rules.match.match_result import PlayerLine, ResultReport, SideReport
from bot.services.roster.team_lookup import build_sheet
from bot.services.web.web_links import WebScope
from bot.store import coaches as coach_store
from bot.store.connection import Connection
from bot.store.dice_log import LoggedRoll
from bot.store.history import PlayerChange, TreasuryChange
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow

INJURY_NAMES = {  # the Casualty table's results (rules terms: never translated)
    "badly_hurt": "Badly Hurt",
    "seriously_hurt": "Seriously Hurt",
    "serious_injury": "Serious Injury",
    "lasting_injury": "Lasting Injury",
    "dead": "Dead",
}
# What a player's status and an advancement's kind read as on the pages (marked: worded by `player_status`,
# `advancement_kind`); a code no table knows is shown as it is.
PLAYER_STATUSES = {
    "active": N_("active"),
    "fired": N_("fired"),
    "dead": N_("dead"),
    "left": N_("left"),
    "retired": N_("retired"),
}
ADVANCEMENT_KINDS = {
    "random_primary": N_("random primary"),
    "chosen_primary": N_("chosen primary"),
    "chosen_secondary": N_("chosen secondary"),
    "characteristic": N_("characteristic"),
}
RESULT_LETTERS = {"W": N_("W"), "D": N_("D"), "L": N_("L")}  # a game's result from one side
# A post-game's treasury changes its own lines already tell (winnings, expensive mistakes), as English
# wrote their causes before the league's language did (`postgame_causes` adds the league's language's).
POSTGAME_CAUSES = ("winnings", "expensive mistakes")
_PLAYER_LINE = re.compile(r"^(?:MVP )?#\d+ ")  # a post-game line about one player: "#3 Name: ...", "MVP #3"


def postgame_causes() -> tuple[str, ...]:
    """How the ledger causes of a post-game's winnings and expensive mistakes begin: in English (rows
    written before a league had a language) and in the current language (the league's, which words both the
    cause when it is written and the page)."""
    worded = (
        _("winnings: {match}", match=""),
        _("winnings re-roll: {match}", match=""),
        _("expensive mistakes: {outcome}", outcome=""),
    )
    return tuple(dict.fromkeys([*POSTGAME_CAUSES, *(cause.strip() for cause in worded)]))


def player_status(status: str) -> str:
    """A player's status in the current language."""
    return _(PLAYER_STATUSES[status]) if status in PLAYER_STATUSES else status


def advancement_kind(kind: str) -> str:
    """An advancement's kind in the current language: "random primary"."""
    return _(ADVANCEMENT_KINDS[kind]) if kind in ADVANCEMENT_KINDS else kind.replace("_", " ")


def injury_text(change: PlayerChange) -> str:
    """An injury change in words: "Lasting Injury (-1 MA)", "Seriously Hurt (miss next game)" (the
    Casualty table's result as the catalogue names it; what it means in the current language)."""
    injury = str(change.detail.get("injury"))
    name = INJURY_NAMES.get(injury, injury)
    characteristic = change.detail.get("characteristic")
    if characteristic:
        return f"{name} (-1 {characteristic.upper()})"
    if injury == "seriously_hurt":
        return _("{injury} (miss next game)", injury=name)
    if injury == "serious_injury":
        return _("{injury} (niggling)", injury=name)
    return name


# --- teams -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamFacts:
    """What the standings show beside a team's name: its race (roster), its coach, its team value now."""

    race: str
    coach: str | None  # the coach's name as the bot kept it; None when it kept none (never his id)
    team_value: int


def team_facts(
    conn: Connection, catalog: Catalog, scope: WebScope, teams: Iterable[TeamRow]
) -> dict[int, TeamFacts]:
    chosen = list(teams)
    names = coach_names(conn, scope, chosen)
    facts = {}
    for team in chosen:
        sheet = build_sheet(conn, catalog, scope.league, team)
        facts[team.id] = TeamFacts(sheet.roster.name, names.get(team.id), sheet.team_value)
    return facts


def coach_names(conn: Connection, scope: WebScope, teams: Sequence[TeamRow]) -> dict[int, str]:
    """Team id -> its coach's kept name (teams whose coach has none kept are absent)."""
    kept = coach_store.names(conn, scope.guild_id, (t.coach_id for t in teams))
    return {t.id: kept[t.coach_id] for t in teams if t.coach_id in kept}


@dataclass(frozen=True)
class Record:
    won: int
    drawn: int
    lost: int

    @property
    def text(self) -> str:
        return f"{self.won}-{self.drawn}-{self.lost}"


def record_of(team_id: int, fixtures: Iterable[Fixture]) -> Record:
    """A team's confirmed games as won, drawn, lost (a play-off won on penalties is won)."""
    outcomes = [
        f.home_outcome if f.home_team_id == team_id else f.away_outcome
        for f in fixtures
        if f.status == "confirmed"
    ]
    return Record(outcomes.count("W"), outcomes.count("D"), outcomes.count("L"))


def penalty_winners(fixtures: Iterable[Fixture]) -> dict[int, str]:
    """Fixture id -> the team that won it on penalties (a drawn play-off), for the games that had one."""
    winners = {}
    for f in fixtures:
        if f.status != "confirmed" or f.report is None or f.home_score != f.away_score:
            continue
        side = ResultReport.model_validate_json(f.report).penalty_winner
        if side is not None:
            winners[f.id] = f.home_name if side == "home" else f.away_name
    return winners


# --- a player's games ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerGame:
    """One game of a player: the game, his opponent, what he did (the report's line), the SPP the game
    earned him (MVP included), and its injuries and other changes."""

    fixture: Fixture
    season: int | None
    opponent: str
    result: str  # from his team's side: "W 2-1"
    line: PlayerLine | None
    spp: int
    mvp: bool
    changes: tuple[str, ...]


def player_games(
    fixtures: Sequence[Fixture],
    team_id: int,
    player_id: int,
    changes: Sequence[PlayerChange],
    season_numbers: dict[int, int],
) -> tuple[PlayerGame, ...]:
    """The confirmed games in which he did something or the game changed him, oldest first."""
    games = []
    for fx in fixtures:
        if fx.status != "confirmed" or fx.report is None:
            continue
        report = ResultReport.model_validate_json(fx.report)
        home = fx.home_team_id == team_id
        side = report.home if home else report.away
        line = next((p for p in side.players if p.player_id == player_id), None)
        mine = [c for c in changes if c.fixture_id == fx.id]
        if line is None and not mine:
            continue
        ours, theirs = (fx.home_score, fx.away_score) if home else (fx.away_score, fx.home_score)
        code = (fx.home_outcome if home else fx.away_outcome) or ""
        outcome = _(RESULT_LETTERS[code]) if code in RESULT_LETTERS else code
        games.append(
            PlayerGame(
                fx,
                season_numbers.get(fx.season_id or 0),
                fx.away_name if home else fx.home_name,
                f"{outcome} {ours}–{theirs}".strip(),
                line,
                sum(c.spp_delta for c in mine if c.kind in ("spp", "mvp")),
                any(c.kind == "mvp" for c in mine),
                tuple(injury_text(c) for c in mine if c.kind == "injury"),
            )
        )
    return tuple(games)


# --- a game's sides --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GamePlayer:
    """A player in a game's page: what he did (the report), the SPP the post-game gave him, and every other
    change of that game (advancement, recovery, Getting Even, ...), each once."""

    player_id: int
    number: int
    name: str
    did: str  # the report's summary ("1 touchdown, lasting injury (MA)"), "" if he is not in it
    spp: int | None  # None: no SPP recorded (the post-game is not finished)
    mvp: bool
    more: tuple[str, ...]


@dataclass(frozen=True)
class GameSide:
    team_id: int
    name: str
    report: SideReport | None
    players: tuple[GamePlayer, ...]
    postgame: tuple[str, ...]  # the post-game's team lines (fans, winnings, mistakes, the treasury)
    treasury: tuple[TreasuryChange, ...]  # the game's treasury changes its post-game does not tell


def _change_text(change: PlayerChange) -> str:
    spp = f"{change.spp_delta:+d}"
    if "revert" in change.detail:
        return _("reverted {change}", change=change.kind)
    if change.kind == "injury":
        return injury_text(change)
    if change.kind == "status":
        status = change.detail.get("status")
        return _("status changed") if status is None else player_status(str(status))
    if change.kind == "advancement":
        kind = str(change.detail.get("kind", ""))
        if kind:
            return _("advancement: {kind} ({spp} SPP)", kind=advancement_kind(kind), spp=spp)
        return _("advancement ({spp} SPP)", spp=spp)
    if change.kind == "recovery":
        return _("recovered")
    return _("{change} ({spp} SPP)", change=change.kind, spp=spp) if change.spp_delta else change.kind


def game_side(
    name: str,
    team_id: int,
    report: SideReport | None,
    changes: Sequence[PlayerChange],
    postgame: Sequence[str],
    treasury: Sequence[TreasuryChange],
) -> GameSide:
    """One side of a game: each player once (the report's line with his SPP and the game's other changes),
    then the post-game's lines about the team; a player's own post-game lines are folded into his entry."""
    mine = [c for c in changes if c.team_id == team_id]
    lines = report.players if report is not None else ()
    order = [(p.player_id, p.number, p.name) for p in lines]
    did = {p.player_id: p.summary for p in lines}
    for c in mine:
        if all(pid != c.player_id for pid, _number, _name in order):
            order.append((c.player_id, c.player_number, c.player_name))
    players = []
    for player_id, number, player_name in order:
        his = [c for c in mine if c.player_id == player_id]
        scored = [c for c in his if c.kind in ("spp", "mvp") and "revert" not in c.detail]
        other = [
            _change_text(c)
            for c in his
            if c.kind not in ("spp", "mvp") and not (c.kind == "injury" and player_id in did)
        ]
        prefix = f"#{number} {player_name}: Getting Even"
        even = [line.split(": ", 1)[1] for line in postgame if line.startswith(prefix)]
        players.append(
            GamePlayer(
                player_id,
                number,
                player_name,
                did.get(player_id, ""),
                sum(c.spp_delta for c in scored) if scored else None,
                any(c.kind == "mvp" for c in scored),
                (*other, *even),
            )
        )
    team_lines = tuple(line for line in postgame if not _PLAYER_LINE.match(line))
    told = postgame_causes() if postgame else ()
    money = tuple(t for t in treasury if t.team_id == team_id and not t.cause.startswith(told))
    return GameSide(team_id, name, report, tuple(players), team_lines, money)


# --- dice --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiceRoll:
    roll: LoggedRoll
    what: str  # the purpose less its phase: "fair-weather fans"


@dataclass(frozen=True)
class DicePhase:
    """Consecutive rolls of one phase ("post-game, Reavers", "advancement #3 Grim"), by one roller."""

    heading: str
    who: str
    rolls: tuple[DiceRoll, ...]


@dataclass(frozen=True)
class DiceGame:
    """Consecutive rolls of one game (or of none: a division draw), by phase."""

    fixture: Fixture | None
    phases: tuple[DicePhase, ...]


def phase_of(purpose: str, fixture: Fixture | None) -> tuple[str, str]:
    """A roll's purpose as (its phase, what it was for), the game's own name taken off the phase:
    "A v B post-game, A: MVP" -> ("post-game, A", "MVP")."""
    heading, sep, what = purpose.partition(": ")
    if not sep:
        return "", purpose
    if fixture is not None:
        prefix = f"{fixture.home_name} v {fixture.away_name} "
        heading = heading.removeprefix(prefix)
    return heading, what


def group_dice(rolls: Sequence[tuple[LoggedRoll, str, Fixture | None]]) -> tuple[DiceGame, ...]:
    """Rolls (with who rolled and their game), in the order given, grouped: a game, then its phases."""
    games: list[tuple[Fixture | None, list[DicePhase]]] = []
    for roll, who, fixture in rolls:
        heading, what = phase_of(roll.purpose, fixture)
        game_id = fixture.id if fixture is not None else None
        if not games or (games[-1][0].id if games[-1][0] is not None else None) != game_id:
            games.append((fixture, []))
        phases = games[-1][1]
        if phases and (phases[-1].heading, phases[-1].who) == (heading, who):
            last = phases[-1]
            phases[-1] = DicePhase(heading, who, (*last.rolls, DiceRoll(roll, what)))
        else:
            phases.append(DicePhase(heading, who, (DiceRoll(roll, what),)))
    return tuple(DiceGame(fixture, tuple(phases)) for fixture, phases in games)
