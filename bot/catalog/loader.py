"""Load data/<edition>/ once at start-up, validate every file, and check the references between them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bot.catalog.models import (
    AdvancementFile,
    ClassicSeasonFile,
    DraftingRules,
    ExpensiveMistakesFile,
    Inducement,
    InducementsFile,
    League,
    LeaguesFile,
    MatchEventsFile,
    Pair,
    Position,
    PostgameRules,
    RandomSkillTable,
    RefereesFile,
    RollTable,
    SeasonEndRules,
    Skill,
    SkillCategory,
    SkillsFile,
    SpecialRule,
    Star,
    StarsFile,
    TablesFile,
    Team,
    TeamsFile,
    TournamentRules,
    split_skill_reference,
)
from bot.catalog.search import normalise

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
DEFAULT_EDITION = "bb2025"
M = TypeVar("M", bound=BaseModel)


class CatalogError(Exception):
    """A data file is missing, malformed, or refers to something that does not exist."""


@dataclass(frozen=True)
class Catalog:
    edition: str
    teams: dict[str, Team]
    positions: dict[str, tuple[Team, Position]]
    skills: dict[str, Skill]
    random_skill_tables: dict[SkillCategory, RandomSkillTable]
    stars: dict[str, Star]
    pairs: dict[str, Pair]
    inducements: dict[str, Inducement]
    underdog_treasury_max: int
    leagues: dict[str, League]
    special_rules: dict[str, SpecialRule]
    drafting: DraftingRules
    postgame: PostgameRules
    season_end: SeasonEndRules
    tournament: TournamentRules
    advancement: AdvancementFile
    expensive_mistakes: ExpensiveMistakesFile
    tables: dict[str, RollTable]
    match_events: MatchEventsFile
    referees: RefereesFile
    tournament_inducements: InducementsFile
    classic_season: ClassicSeasonFile
    # skill -> the skills a player with it cannot have (both ways round), and skill -> the skill it needs
    skill_exclusions: dict[str, frozenset[str]] = field(default_factory=dict)
    skill_requirements: dict[str, str] = field(default_factory=dict)
    _by_name: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def team(self, key: str) -> Team | None:
        """A team by id or by name (any case)."""
        return self.teams.get(key) or self.teams.get(self._by_name["teams"].get(normalise(key), ""))

    def skill(self, name: str) -> Skill | None:
        """A skill by name, with or without its parameter ('Loner (4+)' finds Loner)."""
        try:
            base, _ = split_skill_reference(name.strip())
        except ValueError:  # user text such as 'Loner (4+' is no reference: its part before '('
            base = name.split("(", 1)[0]
        return self.skills.get(self._by_name["skills"].get(normalise(base), ""))

    def star(self, name: str) -> Star | None:
        return self.stars.get(self._by_name["stars"].get(normalise(name), ""))

    def inducement(self, key: str) -> Inducement | None:
        return self.inducements.get(key) or self.inducements.get(
            self._by_name["inducements"].get(normalise(key), "")
        )

    def position(self, position_id: str) -> tuple[Team, Position] | None:
        return self.positions.get(position_id)

    def partners(self, star: Star) -> tuple[Star, ...]:
        if star.pair is None:
            return ()
        return tuple(self.stars[m] for m in self.pairs[star.pair].members if m != star.name)

    def star_cost(self, star: Star) -> int:
        """What hiring this star costs: his own price, or his pair's price (the pair is hired together)."""
        if star.pair is not None:
            return self.pairs[star.pair].cost
        assert star.cost is not None  # validated: only pair members have no cost
        return star.cost


def _read(path: Path, model: type[M]) -> M:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CatalogError(f"{path}: missing") from exc
    except json.JSONDecodeError as exc:
        raise CatalogError(f"{path}: not valid JSON ({exc})") from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise CatalogError(
            f"{path}: {_describe_location(raw, first['loc'])}: {first['msg']}"
            + (f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else "")
        ) from exc


def _describe_location(raw: Any, location: tuple[int | str, ...]) -> str:
    """'teams[3] (Chaos Chosen) > positions[2] (Minotaur) > cost' from a pydantic error location."""
    parts: list[str] = []
    node = raw
    for step in location:
        if isinstance(step, int) and isinstance(node, list) and step < len(node):
            node = node[step]
            label = node.get("name") or node.get("id") if isinstance(node, dict) else None
            parts[-1] = f"{parts[-1]}[{step}]" + (f" ({label})" if label else "") if parts else f"[{step}]"
        else:
            parts.append(str(step))
            node = node.get(step) if isinstance(node, dict) else None
    return " > ".join(parts) or "(top level)"


def _index(items: dict[str, Any], attribute: str = "name") -> dict[str, str]:
    return {normalise(getattr(item, attribute)): key for key, item in items.items()}


def _unique(what: str, names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise CatalogError(f"{what}: {name!r} appears twice")
        seen.add(name)


def _exclusions(pairs: tuple[tuple[str, str], ...]) -> dict[str, frozenset[str]]:
    excluded: dict[str, set[str]] = {}
    for first, second in pairs:
        excluded.setdefault(first, set()).add(second)
        excluded.setdefault(second, set()).add(first)
    return {name: frozenset(others) for name, others in excluded.items()}


def load_catalog(edition: str = DEFAULT_EDITION, data_dir: Path = DATA_DIR) -> Catalog:
    """Read and validate every file of an edition. Raises CatalogError naming the file and the entry."""
    root = data_dir / edition
    if not root.is_dir():
        raise CatalogError(f"{root}: no such edition folder")
    leagues_file = _read(root / "leagues.json", LeaguesFile)
    teams_file = _read(root / "teams.json", TeamsFile)
    skills_file = _read(root / "skills.json", SkillsFile)
    stars_file = _read(root / "star_players.json", StarsFile)
    inducements_file = _read(root / "inducements.json", InducementsFile)
    tables_dir = root / "tables"
    tables: dict[str, RollTable] = {}
    for name in ("weather", "kickoff", "secret_objectives"):
        table = _read(tables_dir / f"{name}.json", RollTable)
        tables[table.id] = table
    for name in ("injuries", "prayers_to_nuffle"):
        for table in _read(tables_dir / f"{name}.json", TablesFile).tables:
            tables[table.id] = table
    classic = _read(tables_dir / "classic_season.json", ClassicSeasonFile)
    for entry in classic.tables:
        if isinstance(entry, RollTable):
            tables[entry.id] = entry
    tournament = _read(tables_dir / "tournament_inducements.json", InducementsFile)
    for inducement in tournament.inducements:
        if isinstance(inducement.table, RollTable):
            tables[inducement.table.id] = inducement.table

    for what, names in (
        ("teams.json team ids", [t.id for t in teams_file.teams]),
        ("teams.json team names", [t.name for t in teams_file.teams]),
        ("teams.json position ids", [p.id for t in teams_file.teams for p in t.positions]),
        ("skills.json", [s.name for s in skills_file.skills]),
        (
            "skills.json cannot_have_together",
            [" / ".join(sorted(p)) for p in skills_file.cannot_have_together],
        ),
        ("skills.json requirements", [r.skill for r in skills_file.requirements]),
        ("star_players.json", [s.name for s in stars_file.stars]),
        ("inducements.json", [i.id for i in inducements_file.inducements]),
    ):
        _unique(what, names)

    catalog = Catalog(
        edition=edition,
        teams={t.id: t for t in teams_file.teams},
        positions={p.id: (t, p) for t in teams_file.teams for p in t.positions},
        skills={s.name: s for s in skills_file.skills},
        random_skill_tables=dict(skills_file.random_tables),
        stars={s.name: s for s in stars_file.stars},
        pairs={p.name: p for p in stars_file.pairs},
        inducements={i.id: i for i in inducements_file.inducements},
        underdog_treasury_max=inducements_file.underdog_treasury_max or 0,
        leagues={league.name: league for league in leagues_file.leagues},
        special_rules={r.name: r for r in leagues_file.team_special_rules},
        drafting=_read(root / "drafting.json", DraftingRules),
        postgame=_read(root / "postgame.json", PostgameRules),
        season_end=_read(root / "season_end.json", SeasonEndRules),
        tournament=_read(root / "tournament.json", TournamentRules),
        advancement=_read(tables_dir / "advancement.json", AdvancementFile),
        expensive_mistakes=_read(tables_dir / "expensive_mistakes.json", ExpensiveMistakesFile),
        tables=tables,
        match_events=_read(tables_dir / "match_events.json", MatchEventsFile),
        referees=_read(tables_dir / "referees.json", RefereesFile),
        tournament_inducements=tournament,
        classic_season=classic,
        skill_exclusions=_exclusions(skills_file.cannot_have_together),
        skill_requirements={r.skill: r.requires for r in skills_file.requirements},
    )
    catalog._by_name.update(
        teams=_index(catalog.teams),
        skills=_index(catalog.skills),
        stars=_index(catalog.stars),
        inducements=_index(catalog.inducements),
    )
    check_references(catalog)
    return catalog


def _skill_reference_problems(catalog: Catalog, where: str, reference: str) -> Iterator[str]:
    """A skill named by a team, a star or a table must exist, with a parameter exactly when it takes one."""
    base, parameter = split_skill_reference(reference)
    skill = catalog.skills.get(base)
    if skill is None:
        yield f"{where}: unknown skill {reference!r}"
    elif (parameter is None) != (skill.parameter is None):
        wanted = f"a parameter ({skill.parameter})" if skill.parameter else "no parameter"
        yield f"{where}: {reference!r} but {base} takes {wanted}"


def _team_problems(catalog: Catalog) -> Iterator[str]:
    for team in catalog.teams.values():
        for league in team.leagues:
            if league not in catalog.leagues:
                yield f"teams.json {team.name}: unknown league {league!r}"
        alignment_rules = [f"Favoured of {a}" for a in (team.favoured_of.options if team.favoured_of else ())]
        for rule in (*team.special_rules, *alignment_rules):
            if rule not in catalog.special_rules:
                yield f"teams.json {team.name}: unknown special rule {rule!r}"
        if team.favoured_of and team.favoured_of.only_in_league not in (None, *team.leagues):
            yield f"teams.json {team.name}: favoured_of names a league the team does not play in"
        for group in team.group_limits:
            for position_id in group.positions:
                if team.position(position_id) is None:
                    yield f"teams.json {team.name}: group limit names unknown position {position_id!r}"
        for position in team.positions:
            for reference in position.skills:
                yield from _skill_reference_problems(
                    catalog, f"teams.json {team.name} > {position.name}", reference
                )


def _skill_problems(catalog: Catalog) -> Iterator[str]:
    """The random skill tables, the skills that cannot go together and the skills that need another."""
    for category, table in catalog.random_skill_tables.items():
        if len(set(table.names)) != 12:
            yield f"skills.json random table {category}: the 12 entries must differ"
        for name in table.names:
            skill = catalog.skills.get(name)
            if skill is None or skill.category != category:
                yield f"skills.json random table {category}: {name!r} is not a {category} skill"
    if set(catalog.random_skill_tables) != {"A", "D", "G", "M", "P", "S"}:
        yield "skills.json: random tables must cover A, D, G, M, P and S"
    seen_pairs: set[frozenset[str]] = set()
    for name, others in catalog.skill_exclusions.items():
        for other in (name, *others):
            if other not in catalog.skills:
                yield f"skills.json cannot_have_together: unknown skill {other!r}"
        if name in others:
            yield f"skills.json cannot_have_together: {name!r} paired with itself"
        for other in others:
            seen_pairs.add(frozenset((name, other)))
    for needing, needed in catalog.skill_requirements.items():
        for reference in (needing, needed):
            if reference not in catalog.skills:
                yield f"skills.json requirements: unknown skill {reference!r}"
        if needing == needed or frozenset((needing, needed)) in seen_pairs:
            yield f"skills.json requirements: {needing!r} cannot need {needed!r}"


def _star_problems(catalog: Catalog) -> Iterator[str]:
    for star in catalog.stars.values():
        where = f"star_players.json {star.name}"
        for reference in star.skills:
            yield from _skill_reference_problems(catalog, where, reference)
        plays = star.plays_for
        for league in (*plays.leagues, *plays.except_leagues):
            if league not in catalog.leagues:
                yield f"{where}: unknown league {league!r}"
        for special in plays.special_rules:
            if special not in catalog.special_rules:
                yield f"{where}: unknown special rule {special!r}"
        for team_name in star.teams:
            if catalog.team(team_name) is None:
                yield f"{where}: unknown team {team_name!r}"
        if star.pair is None and star.cost is None:
            yield f"{where}: only pair members may have no cost of their own"
        if star.pair is not None:
            pair = catalog.pairs.get(star.pair)
            if pair is None or star.name not in pair.members:
                yield f"{where}: pair {star.pair!r} does not list him"
    for pair in catalog.pairs.values():
        for member in pair.members:
            partner = catalog.stars.get(member)
            if partner is None or partner.pair != pair.name:
                yield f"star_players.json pair {pair.name}: {member!r} does not point back"


def _inducement_problems(catalog: Catalog) -> Iterator[str]:
    """League and tournament inducements: the rules, leagues, teams, tables and skills they name."""
    for inducement in (*catalog.inducements.values(), *catalog.tournament_inducements.inducements):
        where = f"inducement {inducement.name}"
        for special in (
            *inducement.only_for.special_rules,
            *(r.special_rule for r in inducement.reduced_cost if r.special_rule),
            *(m.special_rule for m in inducement.increased_max),
        ):
            if special not in catalog.special_rules:
                yield f"{where}: unknown special rule {special!r}"
        for league in inducement.only_for.leagues:
            if league not in catalog.leagues:
                yield f"{where}: unknown league {league!r}"
        for team_name in (*inducement.only_for.teams, *(r.team for r in inducement.reduced_cost if r.team)):
            if catalog.team(team_name) is None:
                yield f"{where}: unknown team {team_name!r}"
        if isinstance(inducement.table, str):
            table_id = inducement.table.partition("#")[2]
            if table_id not in catalog.tables:
                yield f"{where}: unknown table {inducement.table!r}"
        if isinstance(inducement.table, RollTable):
            for entry in inducement.table.entries:
                if entry.grants:
                    yield from _skill_reference_problems(catalog, f"{where} > {entry.name}", entry.grants)


def _table_problems(catalog: Catalog) -> Iterator[str]:
    """The skills the roll tables grant, and the shape seed 000 gives the Secret Objectives."""
    for roll_table in catalog.tables.values():
        for entry in roll_table.entries:
            if entry.grants:
                yield from _skill_reference_problems(
                    catalog, f"table {roll_table.id} > {entry.name}", entry.grants
                )
    objectives = catalog.tables.get("secret_objectives")
    if objectives is None or objectives.dice != "d16" or len({e.name for e in objectives.entries}) != 16:
        yield "secret_objectives.json: seed 000's Secret Objectives are a D16 table of 16"
    elif objectives.rolls != 3 or not objectives.reroll_duplicates:
        yield "secret_objectives.json: three objectives per coach, repeats re-rolled (seed 000)"


def _rules_file_problems(catalog: Catalog) -> Iterator[str]:
    """tournament.json's stunty rosters, postgame.json's special rules, season_end.json's keywords."""
    for stunty in catalog.tournament.stunty.rosters:
        where = f"tournament.json stunty {stunty.team}"
        stunty_team = catalog.teams.get(stunty.team)
        if stunty_team is None:
            yield f"{where}: unknown team"
            continue
        for position_id in stunty.only or ():
            if stunty_team.position(position_id) is None:
                yield f"{where}: {stunty_team.name} has no position {position_id!r}"
    for rule in catalog.postgame.spp_by_special_rule:
        if rule not in catalog.special_rules:
            yield f"postgame.json: unknown special rule {rule!r}"
    known_keywords = {k for team in catalog.teams.values() for p in team.positions for k in p.keywords}
    for keyword in catalog.season_end.getting_even.excluded_keywords:
        if keyword not in known_keywords:
            yield f"season_end.json: getting_even excludes unknown keyword {keyword!r}"


def check_references(catalog: Catalog) -> None:
    """Everything one file names must exist in another. Raises CatalogError on the first problem."""
    problems = [
        *_team_problems(catalog),
        *_skill_problems(catalog),
        *_star_problems(catalog),
        *_inducement_problems(catalog),
        *_table_problems(catalog),
        *_rules_file_problems(catalog),
    ]
    if problems:
        raise CatalogError(
            "; ".join(problems[:10]) + (f" (and {len(problems) - 10} more)" if len(problems) > 10 else "")
        )
