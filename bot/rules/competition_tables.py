"""The tables a league and an event share, as their files hold them (docs/EXPORT_FORMAT.md describes every
field): one pydantic model per table (its columns as the database keeps them, unknown fields forbidden), and
the tables in the order they are written with the columns that name rows of other tables. A tournament is a
`leagues` row of kind 'tournament' with its teams, players, seasons, rounds and fixtures in these tables, so
the league file (bot/rules/league/league_file.py) and the event file (bot/rules/tournament/event_file.py)
both begin with them.

These models are the files' contract, versioned with them: they hold the raw columns (integers for flags,
JSON text, unix times), not the store's models, which turn them into what the services use.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from bot.i18n import ENGLISH, N_, SHIPPED, _
from bot.rules.competition_file import CompetitionFile, FileRow, Table, sums


class LeagueRow(FileRow):
    id: int
    name: str
    settings: str
    created_by: int
    created_at: int
    kind: str
    language: Literal[*SHIPPED] = ENGLISH  # type: ignore[valid-type]  # files before issue 32 lack it


class SeasonRow(FileRow):
    id: int
    league_id: int
    number: int
    status: str
    started_by: int
    started_at: int
    paused_at: int | None
    finished_at: int | None
    playoff_size: int | None


class DivisionRow(FileRow):
    id: int
    season_id: int
    number: int
    name: str


class RoundRow(FileRow):
    id: int
    season_id: int
    number: int
    starts_at: int
    deadline_at: int
    status: str
    processed_at: int | None


class ReminderRow(FileRow):
    id: int
    round_id: int
    hours: int
    remind_at: int
    status: str
    sent_at: int | None


class TeamRow(FileRow):
    id: int
    league_id: int
    coach_id: int
    name: str
    roster: str
    regional_league: str
    alignment: str | None
    status: str
    treasury: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    dedicated_fans: int
    review_note: str | None
    created_at: int


class DivisionTeamRow(FileRow):
    division_id: int
    team_id: int


class StarContractRow(FileRow):
    id: int
    league_id: int
    season_id: int
    team_id: int
    star: str
    members: str
    cost: int
    familiar_face: int
    how: str
    actor_id: int
    status: str
    created_at: int


class FixtureRow(FileRow):
    id: int
    league_id: int
    season_id: int | None
    round_id: int | None
    division_id: int | None
    kind: str
    home_team_id: int
    away_team_id: int
    status: str
    report: str | None
    report_version: int
    reported_by: int | None
    reported_at: int | None
    confirmed_by: int | None
    confirmed_at: int | None
    home_score: int | None
    away_score: int | None
    home_cas: int | None
    away_cas: int | None
    home_outcome: str | None
    away_outcome: str | None
    counts_for_bonus: int
    created_at: int
    conceded_by: str | None
    concede_requested_by: int | None
    auto_confirm_at: int | None
    settled_by: str | None
    deadline_at: int | None
    deadline_processed_at: int | None
    playoff_stage: int | None
    playoff_slot: int | None
    third_place: int


class FixtureReportRow(FileRow):
    id: int
    fixture_id: int
    version: int
    action: str
    report: str | None
    actor_id: int
    reason: str | None
    created_at: int


class PlayerRow(FileRow):
    id: int
    team_id: int
    number: int
    name: str
    position: str
    hiring_fee: int
    value_increase: int
    spp: int
    status: str
    miss_next_game: int
    niggling_injuries: int
    temporarily_retired: int
    journeyman: int
    created_at: int
    ma_change: int
    st_change: int
    ag_change: int
    pa_change: int
    av_change: int
    advancements: int
    hired_in_fixture: int | None
    seasons_played: int
    star_contract: int | None
    mercenary: int = 0  # since migration 0029 (a Mercenary Player on an event roster); files before have none


class TreasuryChangeRow(FileRow):
    id: int
    team_id: int
    amount: int
    balance_after: int
    cause: str
    fixture_id: int | None
    actor_id: int
    created_at: int


class PlayerChangeRow(FileRow):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    spp_delta: int
    detail: str
    actor_id: int
    created_at: int


class TeamChangeRow(FileRow):
    id: int
    team_id: int
    fixture_id: int | None
    kind: str
    before: int
    after: int
    cause: str
    actor_id: int
    created_at: int


class TeamPostgameRow(FileRow):
    id: int
    fixture_id: int
    team_id: int
    status: str
    fan_factor: int | None
    winnings: int
    fans_before: int
    fans_after: int
    missed_player_ids: str
    summary: str
    created_at: int
    finished_by: int | None
    finished_at: int | None
    staff_before: str | None
    winnings_die: int | None = None  # since migration 0026 (classic ruleset)
    winnings_reroll: str | None = None


class PlayerAdvancementRow(FileRow):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    skill: str | None
    characteristic: str | None
    spp_cost: int
    value_increase: int
    actor_id: int
    created_at: int


class PendingAdvancementRow(FileRow):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    kind: str
    category: str | None
    spp_cost: int
    options: str
    forced: int
    rolls: str
    status: str
    created_at: int


class PlayerTraitRow(FileRow):
    id: int
    team_id: int
    player_id: int
    fixture_id: int | None
    trait: str
    parameter: str | None
    options: str
    status: str
    created_at: int
    changed_at: int | None


class MatchEventRow(FileRow):
    id: int
    fixture_id: int
    half: int
    name: str
    d8: int
    d6: int
    actor_id: int
    created_at: int


class InducementPhaseRow(FileRow):
    fixture_id: int
    home_ctv: int
    away_ctv: int
    favourite: str | None
    stage: str
    favourite_spent: int
    created_at: int


class FixtureInducementRow(FileRow):
    id: int
    fixture_id: int
    team_id: int
    inducement: str
    star: str | None
    count: int
    cost: int
    from_petty: int
    from_treasury: int
    actor_id: int
    created_at: int


class FixturePregameRow(FileRow):
    id: int
    fixture_id: int
    step: str
    result: str
    recorded: int
    actor_id: int
    created_at: int


class PenaltyShootoutRow(FileRow):
    fixture_id: int
    roll_offs: str
    winner: str
    actor_id: int
    created_at: int


class PlayoffQualifierRow(FileRow):
    season_id: int
    team_id: int
    seed: int
    division_number: int
    division_place: int


class SeasonAwardRow(FileRow):
    season_id: int
    place: int
    team_id: int
    prize: int
    created_at: int


class TeamRedraftRow(FileRow):
    id: int
    league_id: int
    team_id: int
    after_season_id: int
    budget: int
    lost: int
    previous_players: str
    summary: str
    actor_id: int
    created_at: int


class SigningDraftRow(FileRow):
    id: int
    league_id: int
    season_id: int
    team_order: str
    status: str
    pick_deadline_at: int | None
    reminded: int
    log: str
    created_at: int


class DiceRollRow(FileRow):
    id: int
    user_id: int
    purpose: str
    expression: str
    faces: str
    total: int | None
    fixture_id: int | None
    rolled_at: int


class TextList(RootModel[list[str]]):
    """A JSON text column holding a list of texts (a contract's members, a post-game's summary lines)."""

    model_config = ConfigDict(strict=True)


class Detail(RootModel[dict[str, object]]):
    """A JSON text column holding an object (a change's or a log entry's detail: the store reads its keys)."""

    model_config = ConfigDict(strict=True)


class DiceFaces(BaseModel):
    """What a roll's `faces` column holds: the faces rolled and how each is shown."""

    model_config = ConfigDict(extra="forbid", strict=True)

    faces: list[int]
    labels: list[str]


class AuditLogRow(FileRow):
    id: int
    league_id: int | None
    actor_id: int
    action: str
    detail: str
    reason: str | None
    created_at: int


_FX = {"fixture_id": "fixtures"}
_TEAM_FX = {"team_id": "teams", "fixture_id": "fixtures"}
_TEAM_PLAYER_FX = {"team_id": "teams", "player_id": "players", "fixture_id": "fixtures"}

# In the order they are written: every row's references come before it.
COMPETITION_TABLES: tuple[Table, ...] = (
    Table("leagues", LeagueRow),
    Table("seasons", SeasonRow, refs={"league_id": "leagues"}),
    Table("divisions", DivisionRow, refs={"season_id": "seasons"}),
    Table("rounds", RoundRow, refs={"season_id": "seasons"}),
    Table("reminders", ReminderRow, refs={"round_id": "rounds"}),
    Table("teams", TeamRow, refs={"league_id": "leagues"}),
    Table(
        "division_teams", DivisionTeamRow, keyed=False, refs={"division_id": "divisions", "team_id": "teams"}
    ),
    Table(
        "star_contracts",
        StarContractRow,
        refs={"league_id": "leagues", "season_id": "seasons", "team_id": "teams"},
        json_text=("members",),
        json_models={"members": TextList},
    ),
    Table(
        "fixtures",
        FixtureRow,
        refs={
            "league_id": "leagues",
            "season_id": "seasons",
            "round_id": "rounds",
            "division_id": "divisions",
            "home_team_id": "teams",
            "away_team_id": "teams",
            "concede_requested_by": "teams",
        },
        json_refs={"report": ("report", "")},
    ),
    Table("fixture_reports", FixtureReportRow, refs=_FX, json_refs={"report": ("report", "")}),
    Table(
        "players",
        PlayerRow,
        refs={"team_id": "teams", "hired_in_fixture": "fixtures", "star_contract": "star_contracts"},
    ),
    Table("treasury_changes", TreasuryChangeRow, refs=_TEAM_FX),
    Table(
        "player_changes",
        PlayerChangeRow,
        refs=_TEAM_PLAYER_FX,
        json_text=("detail",),
        json_models={"detail": Detail},
    ),
    Table("team_changes", TeamChangeRow, refs=_TEAM_FX),
    Table(
        "team_postgames",
        TeamPostgameRow,
        refs=_TEAM_FX,
        json_refs={"missed_player_ids": ("list", "players")},
        json_text=("summary", "staff_before"),
        json_models={"summary": TextList},
    ),
    Table("player_advancements", PlayerAdvancementRow, refs=_TEAM_PLAYER_FX),
    Table(
        "pending_advancements", PendingAdvancementRow, refs=_TEAM_PLAYER_FX, json_text=("options", "rolls")
    ),
    Table("player_traits", PlayerTraitRow, refs=_TEAM_PLAYER_FX, json_text=("options",)),
    Table("match_events", MatchEventRow, refs=_FX),
    Table("inducement_phases", InducementPhaseRow, keyed=False, refs=_FX),
    Table("fixture_inducements", FixtureInducementRow, refs=_TEAM_FX),
    Table("fixture_pregame", FixturePregameRow, refs=_FX, json_text=("result",)),
    Table("penalty_shootouts", PenaltyShootoutRow, keyed=False, refs=_FX, json_text=("roll_offs",)),
    Table(
        "playoff_qualifiers",
        PlayoffQualifierRow,
        keyed=False,
        refs={"season_id": "seasons", "team_id": "teams"},
    ),
    Table("season_awards", SeasonAwardRow, keyed=False, refs={"season_id": "seasons", "team_id": "teams"}),
    Table(
        "team_redrafts",
        TeamRedraftRow,
        refs={"league_id": "leagues", "team_id": "teams", "after_season_id": "seasons"},
        json_refs={"previous_players": ("list", "players")},
        json_text=("summary",),
        json_models={"summary": TextList},
    ),
    Table(
        "signing_drafts",
        SigningDraftRow,
        refs={"league_id": "leagues", "season_id": "seasons"},
        json_refs={"team_order": ("list", "teams")},
        json_text=("log",),
    ),
    Table("dice_rolls", DiceRollRow, refs=_FX, json_text=("faces",), json_models={"faces": DiceFaces}),
    Table(
        "audit_log",
        AuditLogRow,
        refs={"league_id": "leagues"},
        json_text=("detail",),
        json_models={"detail": Detail},
    ),
)


class CompetitionTables(CompetitionFile):
    """The shared tables of a file, each a list of its rows (a league file or an event file adds its format
    and version, and an event file its own tables)."""

    leagues: list[LeagueRow]
    seasons: list[SeasonRow]
    divisions: list[DivisionRow]
    rounds: list[RoundRow]
    reminders: list[ReminderRow]
    teams: list[TeamRow]
    division_teams: list[DivisionTeamRow]
    star_contracts: list[StarContractRow]
    fixtures: list[FixtureRow]
    fixture_reports: list[FixtureReportRow]
    players: list[PlayerRow]
    treasury_changes: list[TreasuryChangeRow]
    player_changes: list[PlayerChangeRow]
    team_changes: list[TeamChangeRow]
    team_postgames: list[TeamPostgameRow]
    player_advancements: list[PlayerAdvancementRow]
    pending_advancements: list[PendingAdvancementRow]
    player_traits: list[PlayerTraitRow]
    match_events: list[MatchEventRow]
    inducement_phases: list[InducementPhaseRow]
    fixture_inducements: list[FixtureInducementRow]
    # since migration 0025; files made before have none
    fixture_pregame: list[FixturePregameRow] = Field(default_factory=list)
    penalty_shootouts: list[PenaltyShootoutRow]
    playoff_qualifiers: list[PlayoffQualifierRow]
    season_awards: list[SeasonAwardRow]
    team_redrafts: list[TeamRedraftRow]
    signing_drafts: list[SigningDraftRow]
    dice_rolls: list[DiceRollRow]
    audit_log: list[AuditLogRow]


def ledger_problems(file: CompetitionTables) -> list[str]:
    """Ledgers equal to their sums: a team's treasury to its changes, a player's SPP to earned minus spent."""
    treasury = sums((c.team_id, c.amount) for c in file.treasury_changes)
    reasons = [
        _(
            "team {id} ({name}): treasury {treasury} is not the sum of its changes {sum}",
            id=t.id,
            name=t.name,
            treasury=t.treasury,
            sum=treasury.get(t.id, 0),
        )
        for t in file.teams
        if t.treasury != treasury.get(t.id, 0)
    ]
    spp = sums((c.player_id, c.spp_delta) for c in file.player_changes)
    reasons.extend(
        _(
            "player {id} ({name}): SPP {spp} is not earned minus spent ({sum})",
            id=p.id,
            name=p.name,
            spp=p.spp,
            sum=spp.get(p.id, 0),
        )
        for p in file.players
        if p.spp != spp.get(p.id, 0)
    )
    return reasons


# The refusal of a file of the other kind, by the kind a file must hold.
_ONLY_KIND = {
    "league": N_("kind {found}: only leagues can be imported"),
    "tournament": N_("kind {found}: only tournaments can be imported"),
}


def one_competition(file: CompetitionTables, kind: str) -> list[str]:
    """The file holds exactly one `leagues` row, of this kind ('league' or 'tournament')."""
    if len(file.leagues) != 1:
        return [_("it must hold exactly one league, not {count}", count=len(file.leagues))]
    if file.leagues[0].kind != kind:
        return [_(_ONLY_KIND[kind], found=repr(file.leagues[0].kind))]
    return []
