"""Before the match through the real bot process: prepare, inducements and petty cash, a match-day roll."""

from __future__ import annotations

import re

from tests.e2e import builders as build
from tests.e2e.conftest import BotProcess, World


def _ctv(text: str, team: str) -> int:
    match = re.search(re.escape(team) + r"[^\n]*\n\*\*CTV (\d+)k\*\*", text)
    assert match, text
    return int(match.group(1)) * 1000


async def test_two_coaches_prepare_and_the_underdog_gets_the_right_petty_cash(
    world: World, bot_process: BotProcess
) -> None:
    discord = world.discord
    await build.set_up_season(world)
    dwarfs = world.coaches[2]  # Dwarf Giants: the highest CTV in this league
    fixture, label = await build.my_first_fixture(world, dwarfs)
    other = build.opponent(world, label, dwarfs)
    prepared = await discord.invoke("match prepare", dwarfs, fixture=fixture)
    await discord.invoke("match prepare", other, fixture=fixture)
    ctv_dwarfs = _ctv(prepared.text, "Dwarf Giants")
    other_name = next(
        n for n in ("Reikland Reavers", "Orcland Raiders", "Skavenblight Scramblers") if n in label
    )
    ctv_other = _ctv(prepared.text, other_name)
    assert ctv_dwarfs > ctv_other

    items = await discord.autocomplete("match induce", dwarfs, "item", fixture=fixture, item="keg")
    assert items[0]["name"] == "Blitzer's Best Keg (50,000 gp, 0-2)"
    too_early = await discord.invoke("match induce", other, fixture=fixture, item="blitzers_best_keg")
    assert too_early.ephemeral and "higher CTV buys first" in too_early.content
    bought = await discord.invoke("match induce", dwarfs, fixture=fixture, item=items[0]["value"])
    assert "buys Blitzer's Best Keg for 50,000 gp" in bought.content
    handed_over = await discord.invoke("match induce-done", dwarfs, fixture=fixture)
    petty = ctv_dwarfs - ctv_other + 50_000
    assert f"{petty:,} gp of petty cash" in handed_over.content, handed_over.content

    shown = await discord.invoke("match inducements", other, fixture=fixture)
    assert f"Petty cash {petty // 1000}k left" in shown.text and "blitzers best keg" in shown.text

    weather = await discord.invoke("match roll", other, fixture=fixture, table="weather")
    assert re.search(r"\*\*Weather\*\*.*2D6 \d \+ \d → \*\*", weather.content), weather.content
