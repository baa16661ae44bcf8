"""Spending SPP during the post-game sequence: chosen skills at once, rolled ones (random primary, the D8
characteristic table) as a choice the coach then makes with a button. The SPP are spent when the dice
are rolled, so walking away from a roll never buys a second one."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot import i18n
from bot.catalog.models import CHARACTERISTICS, Characteristic
from bot.errors import Conflict, InvalidInput, NotAllowed, NotFound
from bot.i18n import _
from bot.rules.dice import DieRoll, RecordingDice
from bot.rules.roster.advancement import (
    ADVANCEMENT_KINDS,
    KIND_NAMES,
    AdvancementKind,
    PlayerState,
    SkillGroup,
    affordable,
    characteristic_roll,
    check_affordable,
    check_event_advancement,
    check_may_advance,
    check_not_mercenary,
    check_not_star,
    check_skill,
    cost,
    random_primary,
    skill_options,
    value_increase,
)
from bot.services.dice_logging import log_dice
from bot.services.inputs import an_id, one_of, whole
from bot.services.league.leagues import find_league, language_of
from bot.services.roster.team_lookup import STAR_PREFIX, find_player, own_team, position_of, roster_of
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournaments import event_of
from bot.store import advancements as advancement_store
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.advancements import Advancement, PendingAdvancement
from bot.store.connection import Connection, Read, ahead, together
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp

CHARACTERISTIC_NAMES: dict[str, str] = {"ma": "MA", "st": "ST", "ag": "AG", "pa": "PA", "av": "AV"}


@dataclass(frozen=True)
class AdvanceOutcome:
    team: TeamRow
    player: PlayerRow
    message: str
    pending: PendingAdvancement | None = None


def player_state(conn: Connection, rt: Runtime, team: TeamRow, player: PlayerRow) -> PlayerState:
    added, taken = together(conn, *_state_reads(team, player))
    return _state(rt, team, player, taken, added.get(player.id))


def _state_reads(team: TeamRow, player: PlayerRow) -> tuple[Read[dict[int, str]], Read[list[Advancement]]]:
    """What `player_state` reads: the team's Skill-Point skills and the player's advancements."""
    return (
        lambda c: tournament_store.skills_of_team(c, team.guild_id, team.id),
        lambda c: advancement_store.taken(c, team.guild_id, player.id),
    )


def _state(
    rt: Runtime, team: TeamRow, player: PlayerRow, taken: list[Advancement], added: str | None
) -> PlayerState:
    """A player's state from his advancements taken and his Skill-Point skill (an event player's is his,
    seed 000: advancement never gives it twice, nor a skill it rules out)."""
    position = position_of(rt.catalog, roster_of(rt.catalog, team), player)
    assert position is not None
    improvements: Counter[Characteristic] = Counter()
    for advancement in taken:
        if advancement.characteristic:
            improvements[advancement.characteristic] += 1
    changes: dict[Characteristic, int] = {
        "ma": player.ma_change,
        "st": player.st_change,
        "ag": player.ag_change,
        "pa": player.pa_change,
        "av": player.av_change,
    }
    return PlayerState(
        position=position,
        spp=player.spp,
        advancements=player.advancements,
        gained_skills=(*((added,) if added else ()), *(a.skill for a in taken if a.skill)),
        changes=changes,
        improvements=dict(improvements),
    )


def _context(
    conn: Connection, actor: Actor, league_ref: str | None, player_ref: str
) -> tuple[TeamRow, PlayerRow, int]:
    team = _advancing_team(conn, actor, league_ref)
    ahead(conn, lambda c: find_player(c, team, player_ref))  # sent with the open post-games' read
    open_postgames = postgame_store.open_for_team(conn, actor.guild_id, team.id)
    check_may_advance(team.name, team.status, in_postgame=bool(open_postgames))
    player = find_player(conn, team, player_ref)
    star = player.star_contract is not None or player.position.startswith(STAR_PREFIX)
    check_not_star(f"#{player.number} {player.name}", star)
    check_not_mercenary(f"#{player.number} {player.name}", player.mercenary)
    return team, player, open_postgames[0].fixture_id


def _advancing_team(conn: Connection, actor: Actor, reference: str | None) -> TeamRow:
    """The coach's team in the league named (or the server's only one), else in the tournament named (or
    the only one) when its rulespack lets players advance (seed 000, Additional rules)."""
    try:
        return own_team(conn, actor, find_league(conn, actor.guild_id, reference))
    except NotFound as not_found:
        not_in_a_league = not_found
    try:
        event_league = find_league(conn, actor.guild_id, reference, "tournament")
        team = own_team(conn, actor, event_league)
    except NotFound:
        raise not_in_a_league from None
    event = event_of(conn, event_league)
    check_event_advancement(event_league.name, event is not None and event.rulespack.advancement)
    return team


def _log(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    team: TeamRow,
    player: PlayerRow,
    rolls: list[DieRoll],
    fixture_id: int | None,
) -> None:
    with i18n.using(language_of(conn, team.guild_id, team.league_id)):  # the league's dice log
        purpose = _("advancement #{number} {player}", number=player.number, player=player.name)
    log_dice(conn, rt, actor, rolls, purpose=purpose, fixture_id=fixture_id)


def _refresh(conn: Connection, team: TeamRow, player: PlayerRow) -> PlayerRow:
    fresh = team_store.player(conn, team, player.id)
    assert fresh is not None
    return fresh


@dataclass(frozen=True)
class _Purchase:
    """An advancement paid for: which player, of what kind, at what price, in which game's post-game."""

    team: TeamRow
    player: PlayerRow
    kind: AdvancementKind
    price: int
    fixture_id: int | None


def _paid(team: TeamRow, player: PlayerRow, kind: AdvancementKind, waiting: PendingAdvancement) -> _Purchase:
    """The purchase a rolled advancement waiting for the coach's choice was."""
    return _Purchase(team, player, kind, waiting.spp_cost, waiting.fixture_id)


def _record(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    buy: _Purchase,
    increase: int,
    skill: str | None = None,
    characteristic: Characteristic | None = None,
) -> None:
    """The advancement taken: a skill, or a characteristic improved by its step."""
    step = rt.catalog.advancement.improvement_step[characteristic] if characteristic else 0
    advancement_store.record(
        conn,
        buy.team,
        buy.player.id,
        kind=buy.kind,
        skill=skill,
        characteristic=characteristic,
        step=step,
        spp_cost=buy.price,
        value_increase=increase,
        fixture_id=buy.fixture_id,
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )


def _grant_skill(
    conn: Connection, rt: Runtime, actor: Actor, buy: _Purchase, skill_name: str, *, secondary: bool
) -> str:
    skill = rt.catalog.skills[skill_name]
    increase = value_increase(buy.kind, rt.catalog, skill=skill, secondary=secondary)
    _record(conn, rt, actor, buy, increase, skill=skill.name)
    values = {
        "number": buy.player.number,
        "player": buy.player.name,
        "skill": skill.name,
        "value": gp(increase),
    }
    if skill.elite:
        return _("#{number} {player} gains {skill} (Elite): value +{value}", **values)
    return _("#{number} {player} gains {skill}: value +{value}", **values)


def _spend(conn: Connection, rt: Runtime, actor: Actor, buy: _Purchase) -> None:
    advancement_store.spend(
        conn,
        buy.team,
        buy.player.id,
        buy.price,
        fixture_id=buy.fixture_id,
        actor_id=actor.user_id,
        now=rt.clock.now(),
        detail={"kind": buy.kind, "spp": buy.price},
    )


def _advance_chosen(
    conn: Connection, rt: Runtime, actor: Actor, buy: _Purchase, state: PlayerState, skill: str | None
) -> AdvanceOutcome:
    """A chosen primary or secondary skill: granted at once."""
    which: SkillGroup = "primary" if buy.kind == "chosen_primary" else "secondary"
    if not skill:
        raise InvalidInput(
            _("Pick the primary skill with the skill option.")
            if which == "primary"
            else _("Pick the secondary skill with the skill option.")
        )
    name = check_skill(state, rt.catalog, which, skill)
    _spend(conn, rt, actor, buy)
    message = _grant_skill(conn, rt, actor, buy, name, secondary=which == "secondary")
    said = _("{advancement} ({spp} SPP).", advancement=message, spp=buy.price)
    return AdvanceOutcome(buy.team, _refresh(conn, buy.team, buy.player), said)


def _advance_random_primary(
    conn: Connection, rt: Runtime, actor: Actor, buy: _Purchase, state: PlayerState, category: str | None
) -> AdvanceOutcome:
    """Two rolls on a primary category's table: a double is taken, else the coach chooses one."""
    team, player, price = buy.team, buy.player, buy.price
    primaries = state.position.primary
    chosen_category = category or (primaries[0] if len(primaries) == 1 else None)
    if chosen_category is None:
        raise InvalidInput(_("Pick the category to roll on: {categories}.", categories=", ".join(primaries)))
    rolled = random_primary(state, chosen_category, rt.catalog, RecordingDice(rt.dice))
    _spend(conn, rt, actor, buy)
    _log(conn, rt, actor, team, player, list(rolled.rolls), buy.fixture_id)
    shown = ", ".join(str(r) for r in rolled.rolls)
    if rolled.forced:
        message = _grant_skill(conn, rt, actor, buy, rolled.options[0], secondary=False)
        return AdvanceOutcome(
            team,
            _refresh(conn, team, player),
            _(
                "Rolled {skill} twice, so it is taken ({rolls}). {advancement}.",
                skill=rolled.options[0],
                rolls=shown,
                advancement=message,
            ),
        )
    waiting = _wait_for_choice(conn, rt, buy, chosen_category, list(rolled.options), list(rolled.rolls))
    return AdvanceOutcome(
        team,
        _refresh(conn, team, player),
        _(
            "{spp} SPP spent. Rolled {first} and {second} ({rolls}): choose one.",
            spp=price,
            first=rolled.options[0],
            second=rolled.options[1],
            rolls=shown,
        ),
        waiting,
    )


def _advance_characteristic(
    conn: Connection, rt: Runtime, actor: Actor, buy: _Purchase, state: PlayerState
) -> AdvanceOutcome:
    """A D8 on the characteristic table: the coach chooses among what it allows, or a skill instead."""
    rolled_d8 = characteristic_roll(state, rt.catalog, RecordingDice(rt.dice))
    _spend(conn, rt, actor, buy)
    _log(conn, rt, actor, buy.team, buy.player, [rolled_d8.roll], buy.fixture_id)
    waiting = _wait_for_choice(conn, rt, buy, None, list(rolled_d8.allowed), [rolled_d8.roll])
    allowed = ", ".join(CHARACTERISTIC_NAMES[c] for c in rolled_d8.allowed) or _(
        "nothing he can still improve"
    )
    said = _(
        "{spp} SPP spent. {roll}: {allowed}. Choose, or take a primary or secondary skill instead (the SPP "
        "stay spent).",
        spp=buy.price,
        roll=rolled_d8.roll,
        allowed=allowed,
    )
    return AdvanceOutcome(buy.team, _refresh(conn, buy.team, buy.player), said, waiting)


def _advance(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player_ref: str,
    kind: AdvancementKind,
    category: str | None,
    skill: str | None,
) -> AdvanceOutcome:
    team, player, fixture_id = _context(conn, actor, league_ref, player_ref)
    ahead(conn, *_state_reads(team, player))  # sent with the pending roll's read
    waiting = advancement_store.pending_for_player(conn, actor.guild_id, player.id)
    if waiting is not None:
        if waiting.kind == "characteristic" and skill:  # a skill instead of the rolled characteristic
            return _take_skill_instead(conn, rt, actor, team, player, waiting, skill)
        return AdvanceOutcome(
            team,
            player,
            _(
                "#{number} {player} already has a roll waiting for your choice: pick with the buttons below.",
                number=player.number,
                player=player.name,
            ),
            waiting,
        )
    state = player_state(conn, rt, team, player)
    price = check_affordable(kind, state, rt.catalog.advancement, f"#{player.number} {player.name}")
    buy = _Purchase(team, player, kind, price, fixture_id)
    if kind in ("chosen_primary", "chosen_secondary"):
        return _advance_chosen(conn, rt, actor, buy, state, skill)
    if kind == "random_primary":
        return _advance_random_primary(conn, rt, actor, buy, state, category)
    return _advance_characteristic(conn, rt, actor, buy, state)


async def advance(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player: str,
    kind: AdvancementKind,
    *,
    category: str | None = None,
    skill: str | None = None,
) -> AdvanceOutcome:
    one_of(kind, ADVANCEMENT_KINDS, _("the advancement"))
    return await rt.db.write(_advance, rt, actor, league_ref, player, kind, category, skill)


def _wait_for_choice(
    conn: Connection,
    rt: Runtime,
    buy: _Purchase,
    category: str | None,
    options: list[str],
    rolls: list[DieRoll],
) -> PendingAdvancement:
    """Keep rolled options for the coach's choice (the SPP are already spent)."""
    pending_id = advancement_store.add_pending(
        conn,
        buy.team,
        buy.player.id,
        fixture_id=buy.fixture_id,
        kind=buy.kind,
        category=category,
        spp_cost=buy.price,
        options=options,
        forced=False,
        rolls=[str(r) for r in rolls],
        now=rt.clock.now(),
    )
    waiting = advancement_store.pending(conn, buy.team.guild_id, pending_id)
    assert waiting is not None
    return waiting


def _take_skill_instead(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    team: TeamRow,
    player: PlayerRow,
    waiting: PendingAdvancement,
    skill: str,
) -> AdvanceOutcome:
    state = player_state(conn, rt, team, player)
    primary = {s.name.lower() for s in skill_options(state, rt.catalog, "primary")}
    which: SkillGroup = "primary" if skill.strip().lower() in primary else "secondary"
    name = check_skill(state, rt.catalog, which, skill)
    if not advancement_store.close_pending(conn, actor.guild_id, waiting.id):
        raise Conflict(_("That choice was already made."))
    buy = _paid(team, player, "characteristic", waiting)
    message = _grant_skill(conn, rt, actor, buy, name, secondary=which == "secondary")
    said = _("{advancement} (a skill instead of a characteristic).", advancement=message)
    return AdvanceOutcome(team, _refresh(conn, team, player), said)


def _choose(conn: Connection, rt: Runtime, actor: Actor, pending_id: int, choice: int) -> AdvanceOutcome:
    waiting = advancement_store.pending(conn, actor.guild_id, pending_id)
    if waiting is None:
        raise Conflict(_("That choice was already made."))
    team = team_store.get(conn, actor.guild_id, waiting.team_id)
    assert team is not None
    if team.coach_id != actor.user_id:
        raise NotAllowed(_("Only {team}'s coach chooses.", team=team.name))
    player = team_store.player(conn, team, waiting.player_id)
    assert player is not None
    if not 0 <= choice < len(waiting.options):
        raise InvalidInput(_("That is not one of the choices."))
    option = waiting.options[choice]
    if not advancement_store.close_pending(conn, actor.guild_id, waiting.id):
        raise Conflict(_("That choice was already made."))
    if waiting.kind == "random_primary":
        message = _grant_skill(
            conn, rt, actor, _paid(team, player, "random_primary", waiting), option, secondary=False
        )
        return AdvanceOutcome(team, _refresh(conn, team, player), _("{advancement}.", advancement=message))
    characteristic = one_of(option, CHARACTERISTICS, _("the characteristic"))
    increase = value_increase("characteristic", rt.catalog, characteristic=characteristic)
    _record(
        conn,
        rt,
        actor,
        _paid(team, player, "characteristic", waiting),
        increase,
        characteristic=characteristic,
    )
    return AdvanceOutcome(
        team,
        _refresh(conn, team, player),
        _(
            "#{number} {player}: +1 {characteristic}, value +{value}.",
            number=player.number,
            player=player.name,
            characteristic=CHARACTERISTIC_NAMES[characteristic],
            value=gp(increase),
        ),
    )


async def choose(rt: Runtime, actor: Actor, pending_id: int, choice: int) -> AdvanceOutcome:
    """The coach picks one of the rolled options (a second click changes nothing)."""
    an_id(pending_id, _("rolled advancement"))
    whole(choice, 0, 99, _("the option"))
    return await rt.db.write(_choose, rt, actor, pending_id, choice)


def unfinished_advancements(conn: Connection, rt: Runtime, team: TeamRow) -> list[str]:
    """Players who must still advance (SPP at the characteristic price) or still choose a rolled option."""
    players, waiting, taken, added = together(  # each read once for the team, not once a player
        conn,
        lambda c: team_store.players(c, team),
        lambda c: advancement_store.players_with_pending(c, team.guild_id, team.id),
        lambda c: advancement_store.for_team(c, team.guild_id, team.id),
        lambda c: tournament_store.skills_of_team(c, team.guild_id, team.id),
    )
    problems = [f"#{p.number}" for p in players if p.id in waiting]
    table = rt.catalog.advancement
    for player in players:
        state = _state(rt, team, player, taken.get(player.id, []), added.get(player.id))
        if state.advancements < table.max_advancements and state.spp >= cost("characteristic", state, table):
            problems.append(f"#{player.number} ({player.spp} SPP)")
    return problems


_SKILL_GROUPS: dict[str, tuple[SkillGroup, ...]] = {
    "primary": ("primary",),
    "secondary": ("secondary",),
    "any": ("primary", "secondary"),
}


def _skills_for(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player_ref: str,
    kinds: tuple[SkillGroup, ...],
) -> list[str]:
    try:
        team = _advancing_team(conn, actor, league_ref)
        player = find_player(conn, team, player_ref)
    except Exception:  # autocomplete: nothing to offer rather than an error
        return []
    state = player_state(conn, rt, team, player)
    return [s.name for kind in kinds for s in skill_options(state, rt.catalog, kind)]


async def skill_choices(
    rt: Runtime, actor: Actor, league_ref: str | None, player: str, which: str
) -> list[str]:
    """Skills the player may take (primary, secondary or either), for autocomplete."""
    kinds = _SKILL_GROUPS.get(which)
    if kinds is None:
        return []
    return await rt.db.read(_skills_for, rt, actor, league_ref, player, kinds)


@dataclass(frozen=True)
class KindOption:
    kind: AdvancementKind
    cost: int
    affordable: bool


def _kind_options(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> tuple[int, list[KindOption]]:
    try:
        team = _advancing_team(conn, actor, league_ref)
        player = find_player(conn, team, player_ref)
    except Exception:  # autocomplete: fall back to plain names
        return 0, []
    state = player_state(conn, rt, team, player)
    table = rt.catalog.advancement
    if state.advancements >= table.max_advancements:
        return player.spp, []
    can = set(affordable(state, table))
    return player.spp, [KindOption(kind, cost(kind, state, table), kind in can) for kind in KIND_NAMES]


async def kind_options(
    rt: Runtime, actor: Actor, league_ref: str | None, player: str
) -> tuple[int, list[KindOption]]:
    """The player's SPP and each advancement type's price for him (for autocomplete)."""
    return await rt.db.read(_kind_options, rt, actor, league_ref, player)
