"""Invariants of an event's rosters under its roster options (stunty events, mandatory star
players, custom inducements), checked by the tournament simulator after a run:

- a stunty event: every roster is a stunty roster of data/<edition>/tournament.json fielding only the
  positions it allows (seed 000, Stunty Tournament);
- mandatory star players: every roster has at least one;
- 11 players: every roster entered at least 11 (journeymen aside), its stars counting toward them, a pair as
  two, only where the organiser lifted "11 players before a Star Player" (seed 000, Mandatory Star Players);
- Skill-Point skills: no player gained by advancement his Skill-Point skill again, or a skill it rules out;
- Mercenaries: none earned SPP or an MVP;
- custom inducements: every paired game logged exactly the dice its two teams' custom inducements need
  before it (the Dwarven Smith a D6 and a D3, the Festive Gifts a die for the player and a D6, the Moot
  Buffet a D6), bought or free;
- gold piece escalation: every coach wrote a roster per budget, and his treasury is the last budget less
  what the last roster spent (each roster against its budget and only adding: the whole-rulespack check);
  no game credits a player absent from its round's roster (in its report, or with SPP, an MVP or an
  injury written by its post-game);
(every roster is also checked against the whole rulespack by the simulator).
"""

from __future__ import annotations

from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.tournament_escalation import fielded_round
from bot.rules.tournament.tournament_rosters import free_inducements
from bot.services.roster import event_rosters
from bot.services.roster.team_lookup import STAR_PREFIX, roster_of
from bot.services.runtime import Runtime
from bot.services.tournament import tournament_escalation
from bot.services.tournament.tournaments import Event
from bot.store import advancements as advancement_store
from bot.store import history
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow

# Dice each custom inducement rolls before a game (the Festive Gifts pick a player only among several).
ROLLS_BEFORE_GAME = {"dwarven_smith": 2, "festive_gifts": 2, "famous_moot_buffet": 1}


def check_rosters(conn: Connection, rt: Runtime, event: Event) -> list[str]:
    """Every broken roster option, one line each (empty: all hold)."""
    problems: list[str] = []
    rules = event.rulespack
    for team in team_store.in_league(conn, event.league.guild_id, event.id):
        rows = team_store.players(conn, team)
        if rules.stunty:
            allowed = rt.catalog.tournament.stunty.roster(roster_of(rt.catalog, team).id)
            if allowed is None:
                problems.append(f"{team.name}: a {team.roster} roster in a stunty event")
            elif allowed.only is not None:
                outside = {r.position for r in rows if not r.position.startswith(STAR_PREFIX)} - set(
                    allowed.only
                )
                if outside:
                    problems.append(f"{team.name}: {', '.join(sorted(outside))} in a stunty event")
        if rules.escalation:
            esc = tournament_escalation.escalation_of(conn, team)
            if esc.drafting_round != rules.roster_rounds:
                problems.append(f"{team.name}: {esc.drafting_round} of {rules.roster_rounds} rosters written")
            spent = event_rosters.roster_check(conn, rt, event, team).gold_spent
            # with injuries kept, the dead have left the roster but were paid for
            spent += sum(
                p.hiring_fee for p in team_store.players(conn, team, include_gone=True) if p.status == "dead"
            )
            if team.treasury != rules.budget_of(rules.roster_rounds) - spent:
                problems.append(f"{team.name}: treasury {team.treasury}, last budget less spent {spent}")
        if rules.mandatory_star and not any(r.position.startswith(STAR_PREFIX) for r in rows):
            problems.append(f"{team.name}: no star player in an event where one is mandatory")
        problems += _eleven(conn, team, rules.star_needs_eleven, rt.catalog.drafting.min_players_at_draft)
        problems += _skill_point_skills(conn, rt, team)
    if rules.escalation:
        problems += _credited_off_roster(conn, event)
    if rules.inducements:
        problems += _inducement_rolls(conn, rt, event)
    return problems


def _eleven(conn: Connection, team: TeamRow, star_needs_eleven: bool, least: int) -> list[str]:
    """The roster as entered (the dead and those who left included, journeymen not) had 11 players, its
    stars among them only where they may come before the 11."""
    entered = [p for p in team_store.players(conn, team, include_gone=True) if not p.journeyman]
    counted = [p for p in entered if not star_needs_eleven or not p.position.startswith(STAR_PREFIX)]
    if len(counted) < least:
        what = "players" if star_needs_eleven else "players and star places"
        return [f"{team.name}: {len(counted)} {what}, fewer than {least}"]
    return []


def _skill_point_skills(conn: Connection, rt: Runtime, team: TeamRow) -> list[str]:
    """No advancement repeated a player's Skill-Point skill or took one it rules out; no Mercenary earned
    SPP (an MVP included)."""
    problems = []
    added = tournament_store.skills_of_team(conn, team.guild_id, team.id)
    for player in team_store.players(conn, team, include_gone=True):
        if player.mercenary and player.spp:
            problems.append(f"{team.name}: Mercenary #{player.number} has {player.spp} SPP")
        skill = added.get(player.id)
        if skill is None:
            continue
        for taken in advancement_store.taken(conn, team.guild_id, player.id):
            if taken.skill and (
                taken.skill == skill or skill in rt.catalog.skill_exclusions.get(taken.skill, ())
            ):
                problems.append(f"{team.name}: #{player.number} gained {taken.skill} beside his {skill}")
    return problems


def _credited_off_roster(conn: Connection, event: Event) -> list[str]:
    """Every player a game of an escalation event credited (in its report, or by a change its post-game
    wrote) who joins the roster in a later round than the game's."""
    guild_id = event.league.guild_id
    joined = {
        team.id: tournament_escalation.escalation_of(conn, team)
        for team in team_store.in_league(conn, guild_id, event.id)
    }
    problems = []
    for fx in season_store.fixtures(conn, guild_id, league_id=event.id):
        playing = fielded_round(fx.round_number, event.rulespack.roster_rounds)
        credited: list[tuple[int, int, int]] = []  # (team, player id, number)
        if fx.report is not None:
            report = ResultReport.model_validate_json(fx.report)
            for team_id, side in ((fx.home_team_id, report.home), (fx.away_team_id, report.away)):
                credited += [(team_id, line.player_id, line.number) for line in side.players]
        changes = history.changes_of_fixture(conn, guild_id, fx.id)
        credited += [(c.team_id, c.player_id, c.player_number) for c in changes]
        for team_id, player_id, number in credited:
            if joined[team_id].joined(player_id) > playing:
                problems.append(
                    f"{fx.label}: #{number} credited in round {fx.round_number}, on the roster from round "
                    f"{joined[team_id].joined(player_id)}"
                )
    return problems


def _expected_rolls(conn: Connection, rt: Runtime, event: Event, fx: Fixture, team: TeamRow) -> int:
    """The custom inducement dice of `team` before `fx`: those its roster of the game's round bought (gold
    piece escalation: a later roster's are not rolled yet) and the free ones."""
    customs = {i.id for i in event.rulespack.inducements}
    fielded = tournament_escalation.fielded_roster(conn, fx, team)
    owned = [key for key, _ in fielded.inducements if key in customs]
    owned += [i.id for i in free_inducements(rt.catalog, event.rulespack.inducements)]
    players = len(fielded.players)
    return sum(ROLLS_BEFORE_GAME.get(key, 0) - (key == "festive_gifts" and players < 2) for key in owned)


def _inducement_rolls(conn: Connection, rt: Runtime, event: Event) -> list[str]:
    guild_id = event.league.guild_id
    names = [i.name for i in rt.catalog.tournament_inducements.inducements if i.id in ROLLS_BEFORE_GAME]
    problems = []
    for table in tournament_store.tables(conn, guild_id, event.id):
        if table.fixture_id is None:
            continue
        fx = season_store.fixture(conn, guild_id, table.fixture_id)
        assert fx is not None
        teams = [team_store.get(conn, guild_id, team_id) for team_id in (fx.home_team_id, fx.away_team_id)]
        expected = sum(_expected_rolls(conn, rt, event, fx, t) for t in teams if t is not None)
        purposes = [
            row[0]
            for row in conn.execute(
                "SELECT purpose FROM dice_rolls WHERE guild_id = ? AND fixture_id = ?",
                (guild_id, table.fixture_id),
            )
        ]
        logged = sum(any(f": {name}" in p for name in names) for p in purposes)
        if logged != expected:
            problems.append(
                f"round {table.round_number} table {table.table_number}: {logged} custom inducement dice "
                f"logged, {expected} expected"
            )
    return problems
