"""A reported result as it is stored and confirmed: both sides' score, SPP casualties, stalling, and what
each player did (the input of the post-game sequence); in a tournament also the casualties caused by crowd
pushes, the Secret Objectives achieved and the organiser's tiebreaker number."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.match.match_report import Characteristic, InjuryResult, PlayerEvents, summarise

Side = Literal["home", "away"]
Outcome = Literal["W", "D", "L"]


class PlayerLine(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player_id: int
    number: int
    name: str
    touchdowns: int = Field(default=0, ge=0)
    casualties: int = Field(default=0, ge=0)
    completions: int = Field(default=0, ge=0)
    interceptions: int = Field(default=0, ge=0)
    superb_throws: int = Field(default=0, ge=0)
    safe_landings: int = Field(default=0, ge=0)
    mvp_nomination: bool = False
    injury: InjuryResult | None = None
    lasting_characteristic: Characteristic | None = None
    sent_off: int = Field(default=0, ge=0, le=1)  # sent off for a Foul (not Secret Weapon): tournament awards

    @property
    def events(self) -> PlayerEvents:
        return PlayerEvents(
            number=self.number,
            touchdowns=self.touchdowns,
            casualties=self.casualties,
            completions=self.completions,
            interceptions=self.interceptions,
            superb_throws=self.superb_throws,
            safe_landings=self.safe_landings,
            mvp_nomination=self.mvp_nomination,
            injury=self.injury,
            lasting_characteristic=self.lasting_characteristic,
        )

    @property
    def summary(self) -> str:
        return summarise(self.events)


class SideReport(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    team_id: int
    score: int = Field(ge=0, le=30)
    casualties: int = Field(ge=0, le=30)  # casualties this side caused that earn SPP
    stalling: bool = False  # a player of this side was deemed to be stalling (no +1 in winnings)
    objectives: int | None = Field(default=None, ge=0, le=3)  # tournament: Secret Objectives achieved
    # Tournament: casualties this side caused by pushing opponents into the crowd (no SPP; seed 000's Carnage
    # Cup and Most Patched-Up count them), and the organiser's own tiebreaker number (rulespack's name).
    crowd_casualties: int = Field(default=0, ge=0, le=30)
    tiebreaker: int | None = Field(default=None, ge=0, le=99)
    players: tuple[PlayerLine, ...] = ()


class ResultReport(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    home: SideReport
    away: SideReport
    conceded_by: Side | None = None  # the side that conceded: it loses whatever the score
    concession_penalty: bool = True  # False: conceded without penalty (only the 2-0 / X-0 result applies)
    # Settled at the round's deadline without being played: a double forfeit (a loss for both, no MVP, no
    # winnings), or conceded ahead of the deadline (the other team: two MVPs and D6 x 10,000 in winnings).
    unplayed: Literal["forfeit", "conceded"] | None = None
    # Play-off games must have a winner: extra time, then a penalty shoot-out if still level.
    extra_time: bool = False
    penalty_winner: Side | None = None

    def side(self, side: Side) -> SideReport:
        return self.home if side == "home" else self.away

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        if self.unplayed == "forfeit":
            return "L", "L"
        if self.conceded_by == "home":
            return "L", "W"
        if self.conceded_by == "away":
            return "W", "L"
        if self.home.score > self.away.score:
            return "W", "L"
        if self.home.score < self.away.score:
            return "L", "W"
        if self.penalty_winner == "home":
            return "W", "L"
        if self.penalty_winner == "away":
            return "L", "W"
        return "D", "D"

    @property
    def score_text(self) -> str:
        return f"{self.home.score}-{self.away.score}"
