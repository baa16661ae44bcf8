"""Tournament rosters (seed 000: Writing your roster, Inducements, Skill Points, Star Players, tiers)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import RuleViolation
from bot.rules.roster.team_building import Staffing
from bot.rules.tournament.roster_changes import (
    check_entered,
    check_registration_open,
    check_rosters_open,
    check_spare,
    check_star_release,
    check_star_skill,
    check_step,
    refuse_after_game,
)
from bot.rules.tournament.tournament_escalation import ONLY_ADDS, only_additions
from bot.rules.tournament.tournament_inducements import seed_inducement
from bot.rules.tournament.tournament_rosters import (
    MANDATORY_STAR,
    DraftedPlayer,
    DraftedStar,
    RosterCheck,
    RosterRules,
    TierAllowance,
    TournamentRoster,
    check_fans,
    check_mercenary_skill,
    check_roster,
    check_seed_inducement,
    check_stunty_team,
    event_inducements,
    fans_refusals,
    mercenary_price,
    seed_tiers,
    tiers_text,
)
from tests.conftest import CATALOG

DEFAULT_TIERS = seed_tiers(CATALOG)  # data/bb2025/tournament.json

BUDGET = 1_200_000
WOODLAND = "Woodland League"
OWC = "Old World Classic"


def wood_elves(
    *,
    skills: dict[int, str] | None = None,
    stars: tuple[DraftedStar, ...] = (),
    linemen: int = 8,
    **kwargs: object,
) -> TournamentRoster:
    """2 Wardancers (0, 1), the Treeman (2), then Linemen (3...): 11 players by default."""
    ids = ["wood_elf_wardancer"] * 2 + ["wood_elf_loren_forest_treeman"] + ["wood_elf_lineman"] * linemen
    added = skills or {}
    players = tuple(DraftedPlayer(pid, (added[i],) if i in added else ()) for i, pid in enumerate(ids))
    return TournamentRoster("wood_elf", WOODLAND, players=players, stars=stars, **kwargs)  # type: ignore[arg-type]


def humans(stars: tuple[str, ...], linemen: int = 11) -> TournamentRoster:
    players = tuple(DraftedPlayer("human_lineman") for _ in range(linemen))
    return TournamentRoster("human", OWC, players=players, stars=tuple(DraftedStar(s) for s in stars))


def refused(check_refusals: tuple[str, ...], fragment: str) -> bool:
    return any(fragment in r for r in check_refusals)


# --- the tier table ---------------------------------------------------------------------------------


def test_seed_tier_table() -> None:
    """Seed: "Tier 1 | 6", "Tier 2 | 8", "Tier 3 | 10"; "A Tier 1 team can have a maximum of 1 Secondary
    skill on the team, a Tier 2 team can have a maximum of 2 Secondary skills on the team, and a Tier 3 team
    can have a maximum of 3 Secondary skills"; "Tier 1 teams may have a maximum of 1 Star Player on their
    team, while Tier 2 or Tier 3 teams can have a maximum of 2 Star Players"."""
    assert DEFAULT_TIERS.allowance(1) == TierAllowance(6, 1, 1)
    assert DEFAULT_TIERS.allowance(2) == TierAllowance(8, 2, 2)
    assert DEFAULT_TIERS.allowance(3) == TierAllowance(10, 3, 2)


def test_tier_4_defaults_to_tier_3_and_the_organiser_can_set_it() -> None:
    assert DEFAULT_TIERS.allowance(4) == DEFAULT_TIERS.allowance(3)
    table = DEFAULT_TIERS.override({4: TierAllowance(12, 4, 2)})
    assert table.allowance(4) == TierAllowance(12, 4, 2)
    assert table.allowance(3) == TierAllowance(10, 3, 2)
    assert DEFAULT_TIERS.allowance(4) == TierAllowance(10, 3, 2)  # the default is untouched
    assert tiers_text(table)[3] == (
        "Tier 4: 12 Skill Points, at most 4 secondary skills, at most 2 star players"
    )


def test_a_tier_without_a_row_is_refused_naming_the_rows() -> None:
    with pytest.raises(RuleViolation, match="no row for tier 5; it sets tiers 1, 2, 3, 4"):
        DEFAULT_TIERS.allowance(5)


def test_negative_allowance_is_invalid() -> None:
    with pytest.raises(ValueError):
        TierAllowance(-1, 0, 0)


def test_the_tier_comes_from_the_catalogue() -> None:
    """Halflings are tier 4 in the BB2025 catalogue: 10 Skill Points by default,
    12 when the organiser says."""
    assert CATALOG.teams["halfling"].tier == 4
    roster = TournamentRoster(
        "halfling",
        WOODLAND,
        players=tuple(DraftedPlayer("halfling_hopeful", ("Sidestep",)) for _ in range(11)),
    )
    assert refused(
        check_roster(CATALOG, roster, BUDGET).refusals,
        "A tier 4 team has 10 Skill Points; this roster spends 11 (skills 11).",
    )
    table = DEFAULT_TIERS.override({4: TierAllowance(12, 3, 2)})
    assert check_roster(CATALOG, roster, BUDGET, table).legal


# --- the seed's worked example ----------------------------------------------------------------------


def test_jays_wood_elves() -> None:
    """Seed: "Jay is taking a Wood Elf team to a tournament. As this is a Tier 1 team, Jay has 6 Skill Points
    to spend. He decides to give one of his Wardancers Strip Ball as a Primary Skill for 1 Skill Point, and
    another Wardancer Sidestep as a Primary Skill for 1 Skill Point. He then gives his Loren Forest Treeman
    Grab for 1 Skill Point, and one of his Wood Elf Linemen Wrestle for 1 Skill Point. Jay then spends his
    last two Skill Points to have Akhorne the Squirrel as a Star Player.\""""
    roster = wood_elves(
        skills={0: "Strip Ball", 1: "Sidestep", 2: "Grab", 3: "Wrestle"},
        stars=(DraftedStar("Akhorne the Squirrel"),),
        staff=Staffing(rerolls=2),
    )
    check = check_roster(CATALOG, roster, BUDGET)
    assert check.refusals == ()
    assert check.skill_points_spent == 6
    # 2 x 130,000 + 120,000 + 8 x 65,000 + 2 re-rolls x 50,000 + Akhorne 80,000
    assert check.gold_spent == 1_080_000
    assert check.gold_lost == 120_000
    # A seventh point is one too many for tier 1.
    over = wood_elves(
        skills={0: "Strip Ball", 1: "Sidestep", 2: "Grab", 3: "Wrestle", 4: "Sidestep"},
        stars=(DraftedStar("Akhorne the Squirrel"),),
    )
    assert check_roster(CATALOG, over, BUDGET).refusals == (
        "A tier 1 team has 6 Skill Points; this roster spends 7 (skills 5, Akhorne The Squirrel 2).",
    )


# --- budget, Dedicated Fans, inducements ------------------------------------------------------------


def test_budget_replaces_a_million_and_unspent_gold_is_lost() -> None:
    """Seed: "Coaches will have whatever Team Draft Budget is outlined to them in the rulespack rather than
    1,000,000 gold pieces." and "Any gold pieces not spent will be lost\""""
    roster = wood_elves(staff=Staffing(rerolls=4))  # 900,000 + 200,000
    assert check_roster(CATALOG, roster, 1_100_000).gold_lost == 0
    assert check_roster(CATALOG, roster, 1_100_000).legal
    over = check_roster(CATALOG, roster, 1_000_000)
    assert over.refusals == (
        "The roster costs 1,100,000 gp, over the 1,000,000 gp Team Draft Budget by 100,000 gp.",
    )


def test_dedicated_fans_up_to_6_at_10000_each() -> None:
    """Seed: "Coaches may spend their gold pieces on additional Dedicated Fans, up to a maximum of 6, at the
    cost of 10,000 gold pieces per Dedicated Fan purchased.\""""
    base = check_roster(CATALOG, wood_elves(), BUDGET).gold_spent
    six = check_roster(CATALOG, wood_elves(dedicated_fans=6), BUDGET)
    assert six.legal
    assert six.gold_spent == base + 5 * 10_000
    seven = check_roster(CATALOG, wood_elves(dedicated_fans=7), BUDGET)
    assert refused(seven.refusals, "1-6 Dedicated Fans")


def test_inducements_the_event_allows_are_bought_from_the_budget() -> None:
    """Seed: "All Inducements from the listed publications are allowed for the event, and unless
    specifically stated otherwise must be purchased from their Team Draft Budget\""""
    base = check_roster(CATALOG, wood_elves(), BUDGET).gold_spent
    bought = check_roster(CATALOG, wood_elves(inducements=(("bribe", 2),)), BUDGET)
    assert bought.legal
    assert bought.gold_spent == base + 200_000
    too_many = check_roster(CATALOG, wood_elves(inducements=(("bribe", 4),)), BUDGET)
    assert too_many.refusals == ("A team may have 1-3 Bribe.",)
    custom = wood_elves(inducements=(("dwarven_smith", 1),))
    assert refused(check_roster(CATALOG, custom, BUDGET).refusals, "not an inducement this event allows")
    smith = seed_inducement(CATALOG, "Dwarven Smith")
    assert smith is not None and seed_inducement(CATALOG, "nothing") is None
    allowed = event_inducements(CATALOG, custom=(smith,))
    assert check_roster(CATALOG, custom, BUDGET, allowed_inducements=allowed).gold_spent == base + 100_000
    stars_by_id = wood_elves(inducements=(("star_player", 1),))
    assert refused(check_roster(CATALOG, stars_by_id, BUDGET).refusals, "not an inducement this event allows")


def test_league_drafting_rules_still_apply() -> None:
    """Seed: drafting "following the normal rules" with the event's budget: position limits, 11 players."""
    roster = TournamentRoster(
        "wood_elf", WOODLAND, players=tuple(DraftedPlayer("wood_elf_wardancer") for _ in range(3))
    )
    check = check_roster(CATALOG, roster, BUDGET)
    assert check.refusals == (
        "Wood Elf teams may have 0-2 Wardancer; you have 2.",
        "A new team needs at least 11 players; you have 2.",
    )


# --- skills -----------------------------------------------------------------------------------------


def test_secondary_skills_cost_2_within_the_tier_limit() -> None:
    """Seed: "Purchasing a Secondary Skill for a player will cost 2 Skill Points." and "A Tier 1 team can
    have a maximum of 1 Secondary skill on the team\""""
    one = check_roster(CATALOG, wood_elves(skills={3: "Block"}), BUDGET)  # G is primary for a lineman
    assert one.skill_points_spent == 1
    secondary = check_roster(CATALOG, wood_elves(skills={3: "Mighty Blow"}), BUDGET)
    assert secondary.legal
    assert secondary.skill_points_spent == 2
    two = check_roster(CATALOG, wood_elves(skills={3: "Mighty Blow", 4: "Mighty Blow"}), BUDGET)
    assert two.refusals == ("A tier 1 team may have at most 1 secondary skill; you have 2.",)


def test_one_added_skill_per_player_and_only_from_his_categories() -> None:
    """Seed: "Each player can only be given a single additional Skill, though there is no limit to the number
    of times a particular Skill can be chosen\""""
    same_skill = check_roster(CATALOG, wood_elves(skills={3: "Wrestle", 4: "Wrestle", 5: "Wrestle"}), BUDGET)
    assert same_skill.legal
    roster = wood_elves()
    doubled = DraftedPlayer("wood_elf_lineman", ("Wrestle", "Block"))
    two = TournamentRoster("wood_elf", WOODLAND, players=(*roster.players[:3], doubled, *roster.players[4:]))
    assert refused(check_roster(CATALOG, two, BUDGET).refusals, "only be given a single additional skill")
    outside = check_roster(CATALOG, wood_elves(skills={3: "Guard"}), BUDGET)  # Guard is a Strength skill
    assert outside.skill_points_spent == 2  # S is a lineman's secondary
    passing = check_roster(CATALOG, wood_elves(skills={3: "Accurate"}), BUDGET)
    assert refused(passing.refusals, "is not in a Wood Elf Lineman's skill categories (AG / S)")
    known = check_roster(CATALOG, wood_elves(skills={0: "Dodge"}), BUDGET)
    assert refused(known.refusals, "already has Dodge")
    assert refused(check_roster(CATALOG, wood_elves(skills={0: "Nonsense"}), BUDGET).refusals, "no skill")


def test_added_skills_do_not_raise_value() -> None:
    plain = check_roster(CATALOG, wood_elves(), BUDGET)
    skilled = check_roster(CATALOG, wood_elves(skills={0: "Strip Ball", 3: "Mighty Blow"}), BUDGET)
    assert skilled.gold_spent == plain.gold_spent


# --- star players -----------------------------------------------------------------------------------


def test_stars_only_with_11_players() -> None:
    """Seed: "a team must include a minimum of 11 players before adding: any Star Players.\""""
    short = wood_elves(linemen=7, stars=(DraftedStar("Akhorne the Squirrel"),))
    assert refused(check_roster(CATALOG, short, BUDGET).refusals, "at least 11 players before adding")


def test_stars_cannot_be_given_skills() -> None:
    """Seed: "Star Players cannot be given additional Skills under any circumstances.\""""
    roster = wood_elves(stars=(DraftedStar("Akhorne the Squirrel", ("Block",)),))
    assert check_roster(CATALOG, roster, BUDGET).refusals == (
        "Star players cannot be given additional skills (Akhorne The Squirrel).",
    )


def test_a_pair_is_one_choice_for_2_points_and_two_places() -> None:
    """Seed: "Star players that must be hired as a pair (such as Dribl & Drull or the Swift Twins) only count
    as a single Star player choice, and therefore only cost 2 Skill Points for the pair. However, they will
    still take up two spaces on a team's Team Roster.\""""
    pair = CATALOG.pairs["Grak and Crumbleberry"]
    roster = humans(("Grak",), linemen=11)
    check = check_roster(CATALOG, roster, 2_000_000)
    assert check.legal
    assert check.skill_points_spent == 2
    assert check.gold_spent == 11 * 50_000 + pair.cost
    # 15 linemen + the pair is 17 places.
    full = check_roster(CATALOG, humans(("Grak and Crumbleberry",), linemen=15), 2_000_000)
    assert refused(full.refusals, "more than 16 players, star players included (a pair takes two places)")


def test_mega_stars_cost_4_and_only_one() -> None:
    """Seed: "Mega-stars cost 4 Skill Points rather than the usual 2 Skill Points." and "A team may only
    ever have a single Mega-star on their Team Draft roster.\""""
    one = check_roster(CATALOG, humans(("Griff Oberwald",)), 2_000_000)
    assert one.legal
    assert one.skill_points_spent == 4
    two = check_roster(CATALOG, humans(("Griff Oberwald", "Morg 'n' Thorg")), 2_000_000)
    assert two.refusals == ("A team may only ever have a single Mega-star; you have 2.",)
    assert two.skill_points_spent == 8
    # a roster over its Skill Points names where they went: the Mega-star's 4 among them
    general = ("Block", "Tackle", "Wrestle", "Fend", "Sure Hands")  # a lineman's primary: 1 point each
    skilled = tuple(DraftedPlayer("human_lineman", (s,)) for s in general)
    over = TournamentRoster(
        "human", OWC, players=skilled + humans((), 6).players, stars=(DraftedStar("Griff Oberwald"),)
    )
    assert refused(
        check_roster(CATALOG, over, 2_000_000).refusals,
        "A tier 2 team has 8 Skill Points; this roster spends 9 (skills 5, Griff Oberwald 4).",
    )


def test_star_limits_by_tier_and_at_most_2() -> None:
    """Seed: "Tier 1 teams may have a maximum of 1 Star Player on their team" and "Teams may still only ever
    have a maximum of 2 Star Players, including Mega-stars.\""""
    tier1 = wood_elves(stars=(DraftedStar("Akhorne the Squirrel"), DraftedStar("Grak")))
    assert refused(check_roster(CATALOG, tier1, 2_000_000).refusals, "at most 1 star player (a pair")
    three = humans(("Akhorne the Squirrel", "Grak", "Morg 'n' Thorg"))
    table = DEFAULT_TIERS.override({2: TierAllowance(20, 2, 3)})  # even if the organiser's tier allowed 3
    assert check_roster(CATALOG, three, 3_000_000, table).refusals == (
        "A tier 2 team may have at most 2 star players (a pair counts as one); you have 3.",
    )
    twice = humans(("Akhorne the Squirrel", "Akhorne the Squirrel"))
    assert refused(check_roster(CATALOG, twice, 2_000_000).refusals, "on the roster once already")


def test_a_star_must_play_for_the_team() -> None:
    roster = wood_elves(stars=(DraftedStar("Griff Oberwald"),))
    assert refused(
        check_roster(CATALOG, roster, 2_000_000).refusals,
        "Griff Oberwald does not play for Wood Elf teams in the Woodland League.",
    )
    assert refused(
        check_roster(CATALOG, wood_elves(stars=(DraftedStar("Nobody"),)), BUDGET).refusals, "no star"
    )


# --- properties -------------------------------------------------------------------------------------

SKILLS = ("Block", "Dodge", "Wrestle", "Sidestep", "Strip Ball", "Mighty Blow", "Guard", "Accurate", "Grab")
STARS = ("Akhorne the Squirrel", "Grak", "Morg 'n' Thorg", "Griff Oberwald", "Lucien Swift")


@settings(max_examples=60, deadline=None)
@given(
    chosen=st.dictionaries(st.integers(0, 10), st.sampled_from(SKILLS), max_size=11),
    stars=st.lists(st.sampled_from(STARS), max_size=3),
    rerolls=st.integers(0, 8),
    fans=st.integers(0, 8),
)
def test_a_legal_roster_never_spends_more_than_its_tier_and_budget(
    chosen: dict[int, str], stars: list[str], rerolls: int, fans: int
) -> None:
    roster = wood_elves(
        skills=chosen,
        stars=tuple(DraftedStar(s) for s in stars),
        staff=Staffing(rerolls=rerolls),
        dedicated_fans=fans,
    )
    check = check_roster(CATALOG, roster, BUDGET)
    allowance = DEFAULT_TIERS.allowance(1)
    if check.legal:
        assert check.skill_points_spent <= allowance.skill_points
        assert check.gold_spent <= BUDGET
        assert check.gold_lost == BUDGET - check.gold_spent
    if check.skill_points_spent > allowance.skill_points or check.gold_spent > BUDGET:
        assert not check.legal
    plain = check_roster(CATALOG, wood_elves(staff=Staffing(rerolls=rerolls), dedicated_fans=fans), BUDGET)
    star_gold = check.gold_spent - plain.gold_spent
    assert star_gold >= 0  # skills never add gold; only stars do


STUNTY = RosterRules(stunty=True)

# --- stunty events ------------------------------------------------------------------------------------


def _roster(team_id: str, league: str, positions: list[str]) -> TournamentRoster:
    return TournamentRoster(team_id, league, players=tuple(DraftedPlayer(p) for p in positions))


def test_a_stunty_event_takes_only_stunty_teams() -> None:
    """Seed 000: "A Stunty Tournament follows all of the same rules for a standard event as described
    earlier in this guide, with one exception - Coaches may only take one of the Stunty Teams." """
    elves = wood_elves()
    assert check_roster(CATALOG, elves, BUDGET).legal
    check = check_roster(CATALOG, elves, BUDGET, options=STUNTY)
    assert refused(check.refusals, "A stunty event takes only stunty teams")
    assert refused(check.refusals, "Wood Elf is not one")
    league = CATALOG.teams["halfling"].leagues[0]
    halflings = _roster("halfling", league, ["halfling_hopeful"] * 11)
    assert check_roster(CATALOG, halflings, BUDGET, options=STUNTY).legal


def test_stunty_limits_of_black_orcs_lizardmen_and_underworld() -> None:
    """Seed 000: "Black Orcs (providing they include only Goblin Bruiser Linemen and Trained Trolls)",
    "Lizardmen (providing they include no Saurus Blockers)", "Underworld Denizens (providing they only
    include Underworld Goblin Linemen, Underworld Snotlings, Underworld Trolls and Mutant Rat Ogres)"."""
    orc_league = CATALOG.teams["black_orc"].leagues[0]
    bruisers = ["black_orc_goblin_bruiser"] * 10 + ["black_orc_trained_troll"]
    assert check_roster(CATALOG, _roster("black_orc", orc_league, bruisers), BUDGET, options=STUNTY).legal
    with_orc = _roster("black_orc", orc_league, [*bruisers, "black_orc_black_orc"])
    check = check_roster(CATALOG, with_orc, BUDGET, options=STUNTY)
    assert check.refusals == (
        "In a stunty event a Black Orc team may field only Goblin Bruiser, Trained Troll; not Black Orc.",
    )
    assert check_roster(CATALOG, with_orc, BUDGET).legal  # any other event takes him
    lizard_league = CATALOG.teams["lizardmen"].leagues[0]
    skinks = ["lizardmen_skink_lineman"] * 10 + ["lizardmen_saurus_blocker"]
    check = check_roster(CATALOG, _roster("lizardmen", lizard_league, skinks), BUDGET, options=STUNTY)
    assert refused(check.refusals, "not Saurus Blocker")
    under_league = CATALOG.teams["underworld_denizens"].leagues[0]
    under = ["underworld_denizens_goblin_lineman"] * 10 + ["underworld_denizens_gutter_runner"]
    check = check_roster(CATALOG, _roster("underworld_denizens", under_league, under), BUDGET, options=STUNTY)
    assert refused(check.refusals, "not Gutter Runner")


# --- mandatory star players ----------------------------------------------------------------------------


def test_mandatory_star_players() -> None:
    """Seed 000: "many events may require all coaches to have at least one Star Player in their roster for
    the event." A pair is one star choice."""
    rules = RosterRules(mandatory_star=True)
    check = check_roster(CATALOG, humans(()), BUDGET, options=rules)
    assert check.refusals == (MANDATORY_STAR,)
    assert check_roster(CATALOG, humans(()), BUDGET).legal  # not without the switch
    assert check_roster(CATALOG, humans(("Griff Oberwald",), linemen=11), 1_600_000, options=rules).legal


def test_the_organiser_may_lift_the_eleven_player_precondition() -> None:
    """Seed 000: "the Event Organiser may remove the restriction for a team to have 11 players before taking
    a Star Player if they wish, so long as all rosters still have at least 11 players." """
    short = humans(("Griff Oberwald",), linemen=8)
    kept = check_roster(CATALOG, short, 1_600_000, options=RosterRules(mandatory_star=True))
    assert refused(kept.refusals, "at least 11 players before adding any star players")
    lifted = check_roster(
        CATALOG, short, 1_600_000, options=RosterRules(mandatory_star=True, star_needs_eleven=False)
    )
    assert not refused(lifted.refusals, "before adding any star players")
    # Griff and 8 linemen are 9: the roster is still 2 short of 11.
    assert refused(lifted.refusals, "at least 11 players, star players included (a pair as two); you have 9")


def test_with_the_precondition_lifted_stars_count_toward_the_eleven() -> None:
    """Seed 000: the organiser may remove "the restriction for a team to have 11 players before taking a Star
    Player ... so long as all rosters still have at least 11 players": a star is one of the 11, and a pair,
    which "will still take up two spaces on a team's Team Roster", is two."""
    lifted = RosterRules(mandatory_star=True, star_needs_eleven=False)
    ten_and_griff = humans(("Griff Oberwald",), linemen=10)
    assert check_roster(CATALOG, ten_and_griff, 1_600_000, options=lifted).legal
    kept = check_roster(CATALOG, ten_and_griff, 1_600_000, options=RosterRules(mandatory_star=True))
    assert refused(kept.refusals, "at least 11 players before adding any star players")
    pair = CATALOG.pairs["Grak and Crumbleberry"]
    nine_and_pair = humans((pair.name,), linemen=9)
    assert check_roster(CATALOG, nine_and_pair, 1_600_000, options=lifted).legal
    eight_and_pair = check_roster(CATALOG, humans((pair.name,), linemen=8), 1_600_000, options=lifted)
    assert eight_and_pair.refusals == (
        "A new team needs at least 11 players, star players included (a pair as two); you have 10.",
    )


# --- gold piece escalation ----------------------------------------------------------------------------


def test_an_escalation_roster_only_adds_to_the_one_before() -> None:
    """Seed 000: "coaches can only add to their Team Draft Roster and cannot take anything away from it once
    it has been added in." """
    first = wood_elves(skills={0: "Strip Ball"}, dedicated_fans=2, inducements=(("bribe", 1),))
    more = wood_elves(
        skills={0: "Strip Ball", 3: "Wrestle"},
        linemen=9,
        dedicated_fans=3,
        inducements=(("bribe", 2),),
        stars=(DraftedStar("Akhorne the Squirrel"),),
    )
    assert only_additions(first, more, 2) == []
    assert only_additions(first, first, 2) == []
    fewer = wood_elves(linemen=7, dedicated_fans=1)
    (refusal,) = only_additions(first, fewer, 2)
    assert refusal.startswith(f"Round 2: {ONLY_ADDS} (")
    assert "2 player(s) or their skills of round 1 are gone" in refusal  # a lineman, and Strip Ball
    assert "Dedicated Fans 2→1" in refusal and "inducement bribe 1→0" in refusal
    assert "a star player of round 2 is gone" in only_additions(more, first, 3)[0]


@settings(max_examples=60)
@given(
    st.lists(st.sampled_from(["wood_elf_lineman", "wood_elf_catcher", "wood_elf_wardancer"]), max_size=6),
    st.lists(st.sampled_from(["Wrestle", "Dodge", None]), min_size=6, max_size=6),
    st.integers(min_value=0, max_value=3),
)
def test_additions_are_always_accepted_and_a_removal_never(
    extra: list[str], skills: list[str | None], fans: int
) -> None:
    base = wood_elves(skills={0: "Strip Ball"})
    added = tuple(DraftedPlayer(p, (s,) if s else ()) for p, s in zip(extra, skills, strict=False))
    grown = replace(base, players=base.players + added, dedicated_fans=base.dedicated_fans + fans)
    assert only_additions(base, grown, 2) == []
    if grown.players:
        shrunk = replace(grown, players=grown.players[1:])
        assert only_additions(grown, shrunk, 3)


def test_dedicated_fans_up_to_six() -> None:
    """Seed 000: "Coaches may spend their gold pieces on additional Dedicated Fans, up to a maximum of 6, at
    the cost of 10,000 gold pieces per Dedicated Fan purchased." """
    assert fans_refusals(CATALOG, 1) == [] and fans_refusals(CATALOG, 6) == []
    assert fans_refusals(CATALOG, 7) == [
        "A tournament team may have 1-6 Dedicated Fans, each above 1 at 10,000 gp."
    ]
    assert fans_refusals(CATALOG, 0) == fans_refusals(CATALOG, 7)
    with pytest.raises(RuleViolation, match=r"^A tournament team may have 1-6 Dedicated Fans, each above 1"):
        check_fans(CATALOG, 7)
    check_fans(CATALOG, 6)


def test_a_stunty_event_registers_only_a_stunty_team() -> None:
    """Seed 000: "Coaches may only take one of the Stunty Teams." (refused when the team is registered)"""
    check_stunty_team(CATALOG, CATALOG.teams["halfling"])
    with pytest.raises(RuleViolation, match=r"A stunty event takes only stunty teams .*Wood Elf is not one"):
        check_stunty_team(CATALOG, CATALOG.teams["wood_elf"])


# --- changing a roster while the event is open --------------------------------------------------------


def test_rosters_are_written_in_registration_and_lock_when_the_event_starts() -> None:
    """Seed 000: Inducements "are permanently added to your Team Draft list for the duration of the event"."""
    check_registration_open("Cup", registration_open=True)
    with pytest.raises(
        RuleViolation, match=r"^Registration for Cup is closed; ask the organiser to open it.$"
    ):
        check_registration_open("Cup", registration_open=False)
    check_rosters_open("Cup", "registration")
    with pytest.raises(RuleViolation, match=r"^Cup has started: rosters lock when the event starts.$"):
        check_rosters_open("Cup", "running")
    with pytest.raises(RuleViolation, match=r"^Cup has finished: rosters lock when the event starts.$"):
        check_rosters_open("Cup", "finished")
    with pytest.raises(RuleViolation, match=r"^Cup: rosters lock when the event starts.$"):
        refuse_after_game("Cup")


def test_a_step_is_refused_only_for_a_rule_it_newly_breaks() -> None:
    short = "A new team needs at least 11 players; you have 3."
    over = "The roster costs 1,300,000 gp, over the 1,200,000 gp Team Draft Budget by 100,000 gp."
    check_step((), (short,))  # still drafting: the submission asks for 11 players
    check_step((over,), (over, short))  # a rule broken before the step is not the step's
    with pytest.raises(RuleViolation, match=r"^The roster costs 1,300,000 gp"):
        check_step((short,), (short, over))


def test_a_roster_is_entered_only_when_it_breaks_no_rule() -> None:
    legal = check_roster(CATALOG, wood_elves(), BUDGET)
    assert check_entered("Reavers", legal) is legal
    broken = RosterCheck(0, 0, 0, ("A rule.", "Another rule."))
    with pytest.raises(RuleViolation) as refused_entry:
        check_entered("Reavers", broken)
    assert str(refused_entry.value) == "Reavers cannot be entered yet:\n• A rule.\n• Another rule."


def test_a_star_leaves_as_a_star_and_is_never_given_a_skill() -> None:
    """Seed 000: "Star Players cannot be given additional Skills under any circumstances." """
    check_star_release("Jordell", star=False)
    with pytest.raises(RuleViolation, match=r"^Grak is a star player: remove him with /roster unstar.$"):
        check_star_release("Grak", star=True)
    check_star_skill(star=False)
    with pytest.raises(RuleViolation, match="Star Players cannot be given additional Skills under any"):
        check_star_skill(star=True)


def test_a_team_event_has_no_spare_player() -> None:
    """Seed 000: "When two teams are paired against each other, it means that each coach will play a coach
    from the opposing team" (the squads are paired, so an odd one has a Bye, not a Spare Player)."""
    check_spare("Cup", team_event=False)
    with pytest.raises(RuleViolation, match=r"^Cup is a team event: it has no Spare Player \(an odd squad"):
        check_spare("Cup", team_event=True)


def test_seed_inducements_keep_their_cost_and_limit() -> None:
    """Seed 000: "Here are some examples of custom Inducements ... 0-1 DWARVEN SMITH, 100,000 GOLD PIECES"."""
    smith = seed_inducement(CATALOG, "Dwarven Smith")
    assert smith is not None
    check_seed_inducement(smith, None, None)
    check_seed_inducement(smith, smith.cost, smith.limit)
    for cost, limit in ((5_000, None), (None, 3)):
        with pytest.raises(
            RuleViolation, match=r"^Dwarven Smith is seed 000's: 0-1 Dwarven Smith, 100,000 gp"
        ):
            check_seed_inducement(smith, cost, limit)


# --- mercenary players -----------------------------------------------------------------------------------


def _with_mercenaries(count: int, linemen: int = 11, skill: str | None = None) -> TournamentRoster:
    mercs = tuple(
        DraftedPlayer("human_lineman", (skill,) if skill else (), mercenary=True) for _ in range(count)
    )
    return replace(humans((), linemen=linemen), players=humans((), linemen=linemen).players + mercs)


def test_mercenaries_are_inducements_an_event_allows() -> None:
    """Seed 000: "All Inducements from the listed publications are allowed for the event, and unless
    specifically stated otherwise must be purchased from their Team Draft Budget and are permanently added to
    your Team Draft list"; BB2025: a Mercenary costs "30,000 gold pieces more than the player would normally
    cost" ("a Mercenary Human Lineman would cost 80,000"), and "may be given one additional Primary skill ...
    at an additional cost of 50,000 gold pieces" ("Tackle for a total cost of 130,000")."""
    lineman = CATALOG.teams["human"].position("human_lineman")
    assert mercenary_price(CATALOG, lineman) == 80_000
    assert mercenary_price(CATALOG, lineman, "Tackle") == 130_000
    check = check_roster(CATALOG, _with_mercenaries(1, linemen=10, skill="Tackle"), BUDGET)
    assert check.legal
    assert check.gold_spent == 10 * 50_000 + 130_000
    assert check.skill_points_spent == 0  # the Mercenary's skill is bought with gold


def test_a_mercenary_counts_toward_the_eleven_the_sixteen_and_the_position_limits() -> None:
    """BB2025: "The normal limits on the total number of players allowed on a team and in each position apply
    to Mercenaries." """
    assert check_roster(CATALOG, _with_mercenaries(2, linemen=9), BUDGET).legal  # 9 + 2 = 11
    full = check_roster(CATALOG, _with_mercenaries(2, linemen=15), 2_000_000)
    assert refused(full.refusals, "16")
    blitzers = tuple(DraftedPlayer("human_blitzer") for _ in range(4))
    one_more = (DraftedPlayer("human_blitzer", mercenary=True),)
    roster = replace(humans((), linemen=11), players=humans((), linemen=11).players + blitzers + one_more)
    assert refused(check_roster(CATALOG, roster, 2_000_000).refusals, "Blitzer")


def test_at_most_three_mercenaries_each_with_one_primary_skill() -> None:
    """The catalogue's Mercenary Player is "max": 3 in BB2025; a Mercenary's skill is a Primary one."""
    four = check_roster(CATALOG, _with_mercenaries(4, linemen=8), 2_000_000)
    assert refused(four.refusals, "at most 3 Mercenary Players; you have 4")
    lineman = CATALOG.teams["human"].position("human_lineman")
    assert check_mercenary_skill(CATALOG, lineman, "tackle") == "Tackle"
    with pytest.raises(RuleViolation, match="only be given a Primary skill"):
        check_mercenary_skill(CATALOG, lineman, "Guard")
    secondary = check_roster(CATALOG, _with_mercenaries(1, linemen=10, skill="Guard"), BUDGET)
    assert refused(secondary.refusals, "only be given a Primary skill")
