"""All-Star games (seed 004): a coach challenges another; both may leave stars out; the rosters are drawn
from the hat by the bot (random method) or picked in turn after a roll-off (drafting method). Every die is
rolled by the bot and logged; the draft survives restarts (its state is in the database)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot.catalog.search import best_matches
from bot.errors import Conflict, NotAllowed, NotFound
from bot.i18n import N_, _
from bot.rules.dice import RecordingDice
from bot.rules.league.star_drafts import (
    AllStarRosters,
    Coach,
    DraftingMethod,
    PairAtLimit,
    check_challenge,
    random_method,
    roll_off,
)
from bot.rules.roster.stars import StarUnit, star_units
from bot.services.dice_logging import log_dice
from bot.services.inputs import an_id, one_of
from bot.services.runtime import Actor, Runtime
from bot.store import allstar as allstar_store
from bot.store import audit
from bot.store.allstar import AllStarRow
from bot.store.connection import Connection

Method = Literal["random", "drafting"]
PairChoice = Literal["redraw", "swap"]
RULES = N_(
    "All-Star rules: three team re-rolls at the start of each half; no assistant coaches, cheerleaders, "
    "apothecary or dedicated fans; every star loses Loner; pre-game: only the weather and the kicking team; "
    "a casualty simply misses the rest of the game; no post-game sequence."
)  # worded where shown: _(RULES)


@dataclass(frozen=True)
class AllStarGame:
    row: AllStarRow
    rosters: tuple[list[StarUnit], list[StarUnit]]
    log: tuple[str, ...]
    on_turn: int | None  # the user id whose pick it is (drafting), else None

    @property
    def coaches(self) -> tuple[int, int]:
        return self.row.coach_a, self.row.coach_b


def find_units(units: list[StarUnit], text: str) -> list[StarUnit]:
    """Stars (or pairs) named in `text`, comma separated, matched forgivingly; unknown names refused."""
    found = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        exact = [
            u for u in units if u.name.lower() == piece.lower() or piece.lower() in map(str.lower, u.members)
        ]
        match = exact or best_matches(piece, units, lambda u: u.name, limit=1)
        if not match:
            raise NotFound(_("No star player called `{star}`: /rules star lists them.", star=piece[:40]))
        found.append(match[0])
    return found


def _units(rt: Runtime, excluded: tuple[str, ...]) -> list[StarUnit]:
    return star_units(rt.catalog, excluded)


def _state_rosters(rt: Runtime, row: AllStarRow) -> tuple[list[StarUnit], list[StarUnit]]:
    every = {u.name: u for u in star_units(rt.catalog)}
    picks = row.state.get("picks", [[], []])
    return [every[n] for n in picks[0] if n in every], [every[n] for n in picks[1] if n in every]


def _drafting(rt: Runtime, row: AllStarRow) -> tuple[DraftingMethod, list[StarUnit]]:
    rosters = _state_rosters(rt, row)
    draft = DraftingMethod(
        first=row.state["first"],
        rosters=AllStarRosters(picks=rosters),
        slot=row.state["slot"],
        skip=set(row.state["skip"]),
    )
    taken = {u.name for side in rosters for u in side}
    return draft, [u for u in _units(rt, row.excluded) if u.name not in taken]


def _game(rt: Runtime, row: AllStarRow) -> AllStarGame:
    on_turn = None
    if row.status == "drafting" and row.method == "drafting":
        draft, available = _drafting(rt, row)
        coach = draft.on_turn(available)
        on_turn = None if coach is None else (row.coach_a, row.coach_b)[coach]
    return AllStarGame(row, _state_rosters(rt, row), tuple(row.state.get("log", [])), on_turn)


def _log_dice(conn: Connection, rt: Runtime, actor: Actor, rolls: list[tuple[int, int]], what: str) -> None:
    log_dice(conn, rt, actor, rolls, purpose=_("All-Star game: {what}", what=what))


def _challenge(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    opponent: int,
    method: Method,
    excluded: str,
    pair_choice: PairChoice,
) -> AllStarGame:
    check_challenge(actor.user_id, opponent)
    for coach in (actor.user_id, opponent):
        busy = allstar_store.open_for(conn, actor.guild_id, coach)
        if busy is not None:
            raise Conflict(
                _(
                    "<@{coach}> is already in an All-Star draft (#{game}); finish or /allstar cancel it.",
                    coach=coach,
                    game=busy.id,
                )
            )
    left_out = [u.name for u in find_units(star_units(rt.catalog), excluded)]
    row = allstar_store.insert(
        conn,
        guild_id=actor.guild_id,
        channel_id=actor.channel_id,
        coach_a=actor.user_id,
        coach_b=opponent,
        method=method,
        excluded=left_out,
        pair_choice={str(actor.user_id): pair_choice},
        now=rt.clock.now(),
    )
    return _game(rt, row)


async def challenge(
    rt: Runtime,
    actor: Actor,
    opponent: int,
    method: Method,
    excluded: str = "",
    pair_choice: PairChoice = "redraw",
) -> AllStarGame:
    """Propose an All-Star game; the opponent accepts with /allstar accept."""
    an_id(opponent, _("coach"))
    one_of(method, get_args(Method), _("the method"))
    one_of(pair_choice, get_args(PairChoice), _("the pair choice"))
    return await rt.db.write(_challenge, rt, actor, opponent, method, excluded, pair_choice)


def _accept(
    conn: Connection, rt: Runtime, actor: Actor, excluded: str, pair_choice: PairChoice
) -> AllStarGame:
    row = allstar_store.proposed_to(conn, actor.guild_id, actor.user_id)
    if row is None:
        raise NotFound(_("Nobody has challenged you to an All-Star game: /allstar challenge proposes one."))
    left_out = tuple(
        dict.fromkeys([*row.excluded, *(u.name for u in find_units(star_units(rt.catalog), excluded))])
    )
    choices = {**row.pair_choice, str(actor.user_id): pair_choice}
    dice = RecordingDice(rt.dice)
    first, rolls = roll_off(dice)
    names = (row.coach_a, row.coach_b)
    log = [
        _(
            "Roll-off: {rolls}: <@{coach}> goes first.",
            rolls=_(", then ").join(f"{a}-{b}" for a, b in rolls),
            coach=names[first],
        )
    ]
    units = _units(rt, left_out)
    if row.method == "random":
        rosters, draws = random_method(units, dice, first=first, pair_at_limit=_policy(choices, names))
        for draw in draws:
            drawn = _("<@{coach}> draws {star}", coach=names[draw.coach], star=draw.unit.name)
            log.append(f"{drawn} ({draw.note})" if draw.note else drawn)
        state = {
            "picks": [[u.name for u in rosters.picks[0]], [u.name for u in rosters.picks[1]]],
            "log": log,
        }
        status = "done"
    else:
        state = {"first": first, "slot": 0, "skip": [], "picks": [[], []], "log": log}
        status = "drafting"
    _log_dice(conn, rt, actor, dice.rolls, f"<@{row.coach_a}> v <@{row.coach_b}> ({row.method})")
    allstar_store.update(
        conn,
        actor.guild_id,
        row.id,
        status=status,
        state=state,
        excluded=list(left_out),
        pair_choice=choices,
        now=rt.clock.now(),
    )
    detail = {"game": row.id, "method": row.method, "excluded": list(left_out)}
    audit.record(conn, actor.guild_id, actor.user_id, "allstar.start", rt.clock.now(), detail=detail)
    fresh = allstar_store.get(conn, actor.guild_id, row.id)
    assert fresh is not None
    return _game(rt, fresh)


def _policy(choices: dict[str, str], names: tuple[int, int]) -> PairAtLimit:
    """A coach who said "swap" gives back his latest single pick for a pair drawn with one place left."""

    def decide(coach: Coach, pair: StarUnit, mine: list[StarUnit]) -> StarUnit | None:
        if choices.get(str(names[coach])) != "swap":
            return None
        singles = [u for u in mine if not u.is_pair]
        return singles[-1] if singles else None

    return decide


async def accept(
    rt: Runtime, actor: Actor, excluded: str = "", pair_choice: PairChoice = "redraw"
) -> AllStarGame:
    """Accept a challenge: the roll-off, then (random method) the whole draw, or the first pick's turn."""
    one_of(pair_choice, get_args(PairChoice), _("the pair choice"))
    return await rt.db.write(_accept, rt, actor, excluded, pair_choice)


def _pick(conn: Connection, rt: Runtime, actor: Actor, star: str) -> AllStarGame:
    row = allstar_store.open_for(conn, actor.guild_id, actor.user_id)
    if row is None or row.status != "drafting" or row.method != "drafting":
        raise NotFound(_("You have no All-Star draft running: /allstar challenge starts one."))
    draft, available = _drafting(rt, row)
    names = (row.coach_a, row.coach_b)
    turn = draft.on_turn(available)
    if turn is None:
        raise Conflict(_("This draft is over."))
    if names[turn] != actor.user_id:
        raise NotAllowed(_("It is <@{coach}>'s pick.", coach=names[turn]))
    found = find_units(available, star)
    if not found:
        raise NotFound(_("Pick a star who is still available (start typing for the list)."))
    unit = found[0]
    draft.pick(turn, unit)
    rest = [u for u in available if u.name != unit.name]
    after = draft.on_turn(rest)  # passes over forgone picks and full rosters
    log = list(row.state.get("log", []))
    for draw in draft.history:
        who = f"<@{names[draw.coach]}>"
        if draw.note:
            log.append(f"{who} {draw.note}")
        elif draw.unit.is_pair:
            log.append(_("{coach} picks {star} (a pair)", coach=who, star=draw.unit.name))
        else:
            log.append(_("{coach} picks {star}", coach=who, star=draw.unit.name))
    state = {
        "first": draft.first,
        "slot": draft.slot,
        "skip": sorted(draft.skip),
        "picks": [[u.name for u in draft.rosters.picks[0]], [u.name for u in draft.rosters.picks[1]]],
        "log": log,
    }
    allstar_store.update(
        conn,
        actor.guild_id,
        row.id,
        status="done" if after is None else "drafting",
        state=state,
        now=rt.clock.now(),
    )
    fresh = allstar_store.get(conn, actor.guild_id, row.id)
    assert fresh is not None
    return _game(rt, fresh)


async def pick(rt: Runtime, actor: Actor, star: str) -> AllStarGame:
    """The coach on the clock picks a star (a pair whole, never into a single free place)."""
    return await rt.db.write(_pick, rt, actor, star)


def _available(conn: Connection, rt: Runtime, actor: Actor) -> list[StarUnit]:
    row = allstar_store.open_for(conn, actor.guild_id, actor.user_id)
    if row is None or row.method != "drafting" or row.status != "drafting":
        return []
    draft, available = _drafting(rt, row)
    turn = draft.on_turn(available)
    if turn is None:
        return []
    return [u for u in available if u.size <= draft.rosters.free(turn)]


async def available(rt: Runtime, actor: Actor) -> list[StarUnit]:
    """The stars the coach could pick now (for autocomplete)."""
    return await rt.db.read(_available, rt, actor)


def _show(conn: Connection, rt: Runtime, actor: Actor) -> AllStarGame:
    row = allstar_store.open_for(conn, actor.guild_id, actor.user_id) or allstar_store.latest_for(
        conn, actor.guild_id, actor.user_id
    )
    if row is None:
        raise NotFound(_("You have played no All-Star game here yet: /allstar challenge proposes one."))
    return _game(rt, row)


async def show(rt: Runtime, actor: Actor) -> AllStarGame:
    return await rt.db.read(_show, rt, actor)


def _cancel(conn: Connection, rt: Runtime, actor: Actor) -> AllStarGame:
    row = allstar_store.open_for(conn, actor.guild_id, actor.user_id)
    if row is None:
        raise NotFound(_("You have no All-Star game to cancel."))
    allstar_store.update(conn, actor.guild_id, row.id, status="cancelled", now=rt.clock.now())
    fresh = allstar_store.get(conn, actor.guild_id, row.id)
    assert fresh is not None
    return _game(rt, fresh)


async def cancel(rt: Runtime, actor: Actor) -> AllStarGame:
    """Either coach calls off a proposed or running All-Star draft."""
    return await rt.db.write(_cancel, rt, actor)
