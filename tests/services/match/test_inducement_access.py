"""Who may open a fixture's inducements: looking first fixes both CTVs, so only its coaches or a
commissioner may; anyone may look once they are open."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowed
from bot.services.match import inducements
from bot.services.runtime import Runtime
from bot.store import inducements as inducement_store
from tests.builders import COMMISH, rich_poor_fixture
from tests.conftest import actor

STRANGER = actor(user_id=999)


async def _phase_open(runtime: Runtime, fixture_id: int) -> bool:
    return await runtime.db.read(lambda conn: inducement_store.phase(conn, 1, fixture_id) is not None)


async def test_a_stranger_cannot_open_the_inducements_and_fix_the_ctvs(runtime: Runtime) -> None:
    fixture_id, rich, _ = await rich_poor_fixture(runtime, extra_rerolls=1)
    with pytest.raises(NotAllowed, match=r"not open yet: one of its two coaches \(or a commissioner\)"):
        await inducements.inducement_state(runtime, STRANGER, f"f:{fixture_id}")
    assert not await _phase_open(runtime, fixture_id)
    opened = await inducements.inducement_state(runtime, actor(user_id=rich), f"f:{fixture_id}")
    assert await _phase_open(runtime, fixture_id)
    looked = await inducements.inducement_state(runtime, STRANGER, f"f:{fixture_id}")
    assert (looked.phase.home_ctv, looked.phase.away_ctv) == (opened.phase.home_ctv, opened.phase.away_ctv)


async def test_a_commissioner_may_open_them(runtime: Runtime) -> None:
    fixture_id, _, _ = await rich_poor_fixture(runtime, extra_rerolls=1)
    await inducements.inducement_state(runtime, COMMISH, f"f:{fixture_id}", as_commissioner=True)
    assert await _phase_open(runtime, fixture_id)


async def test_a_stranger_cannot_buy_or_end_a_turn(runtime: Runtime) -> None:
    fixture_id, _, _ = await rich_poor_fixture(runtime, extra_rerolls=1)
    with pytest.raises(NotAllowed, match="Only the two coaches"):
        await inducements.buy_inducement(runtime, STRANGER, f"f:{fixture_id}", "bribe")
    with pytest.raises(NotAllowed, match="Only the two coaches"):
        await inducements.finish_buying(runtime, STRANGER, f"f:{fixture_id}")
    assert not await _phase_open(runtime, fixture_id)
