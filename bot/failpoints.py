"""Failpoints: named steps where a test can make the process stop dead, to prove a crash at any step leaves
every effect done once or not at all (tests/e2e/test_failpoints_e2e.py).

Off unless the environment variable `BB_FAILPOINT` names one or more points (a comma list, e.g.
`BB_FAILPOINT=confirmation.before`). At a named point the process writes one line to stderr and exits at
once with `EXIT_CODE` (`os._exit`: no clean-up, no flush, no transaction rolled back or committed by the
bot itself). Each step of `STEPS` is a unit of work with two points: `<step>.before`, inside its
transaction just before the commit (the database must then roll the write back: nothing happened), and
`<step>.after`, just after the commit, before any reply or announcement (everything happened once; the
announcement outbox posts at the next start). The store's `Database.write_step` places both.
"""

from __future__ import annotations

import os

ENVIRONMENT = "BB_FAILPOINT"
EXIT_CODE = 86

CONFIRMATION = "confirmation"  # a result confirmed, its post-game opened (bot/services/match/results.py)
POSTGAME = "postgame"  # a coach's post-game choice (bot/services/match/postgame.py, postgame_roster.py)
FINISH = "finish"  # a coach finishes his post-game (bot/services/match/postgame.py)
SEASON_START = "season_start"  # bot/services/league/seasons.py
DEADLINE = "deadline"  # one due deadline, reminder or auto-confirmation settled (services/match/deadlines.py)
PAIRING = "pairing"  # an event's next round paired by its organiser (services/tournament/tournament_play.py)
IMPORT = "import"  # a league or event file written as a new competition (bot/services/competition_export.py)
MIGRATION = "migration"  # one numbered migration applied (bot/store/database.py, bot/store/postgres.py)
STEPS = (CONFIRMATION, POSTGAME, FINISH, SEASON_START, DEADLINE, PAIRING, IMPORT, MIGRATION)

BEFORE = "before"
AFTER = "after"
POINTS = tuple(f"{step}.{when}" for step in STEPS for when in (BEFORE, AFTER))


def armed() -> frozenset[str]:
    """The points the environment names; a name that is not a point is refused (a typo must not pass a
    test by never stopping anything)."""
    names = frozenset(n.strip() for n in os.environ.get(ENVIRONMENT, "").split(",") if n.strip())
    unknown = sorted(names - set(POINTS))
    if unknown:
        raise ValueError(f"{ENVIRONMENT} names unknown failpoints {unknown}; known: {', '.join(POINTS)}")
    return names


def reached(step: str, when: str) -> None:
    """The process is at `<step>.<when>`: exit at once if the environment arms that point."""
    point = f"{step}.{when}"
    if point not in POINTS:
        raise ValueError(f"{point} is not a declared failpoint (bot/failpoints.py POINTS)")
    if point in armed():
        os.write(2, f"failpoint {point}: exiting with {EXIT_CODE}\n".encode())
        os._exit(EXIT_CODE)
