"""The languages (bot/i18n): picking one, wording in it, and the catalogues' checks."""

from __future__ import annotations

import asyncio
import importlib.util
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from discord.app_commands import TranslationContextLocation as Where
from hypothesis import given
from hypothesis import strategies as st

from bot import i18n
from bot.i18n import catalogs
from bot.text import gp
from bot.ui.translator import translated

ROOT = Path(__file__).resolve().parent.parent


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("fr", "fr"),
        ("es-ES", "es-ES"),
        ("es-419", "es-ES"),
        ("it", "it"),
        ("de", "de"),
        ("en-GB", "en"),
        ("en-US", "en"),
        ("pt-BR", "en"),
        ("ja", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_a_discord_locale_picks_a_shipped_language_or_english(locale: str | None, language: str) -> None:
    assert i18n.pick(locale) == language


def test_using_words_inside_in_that_language_and_restores_the_one_before() -> None:
    assert i18n.current() == "en"
    with i18n.using("de"):
        assert i18n.current() == "de"
        with i18n.using(None):
            assert i18n.current() == "de"
        with i18n.using("fr"):
            assert i18n.current() == "fr"
        assert i18n.current() == "de"
    assert i18n.current() == "en"


async def test_a_task_keeps_its_own_language() -> None:
    async def speak(language: str) -> str:
        i18n.set_language(language)
        await asyncio.sleep(0)
        return i18n.current()

    assert await asyncio.gather(speak("fr"), speak("it"), speak("xx")) == ["fr", "it", "en"]
    assert i18n.current() == "en"


def test_english_is_the_source_and_fills_its_placeholders() -> None:
    assert i18n._("{team} has no player #{number}.", team="Reavers", number=7) == "Reavers has no player #7."
    assert i18n.ngettext("{n} player", "{n} players", 1) == "1 player"
    assert i18n.ngettext("{n} player", "{n} players", 1200) == "1,200 players"
    assert i18n._("No placeholders {here}") == "No placeholders {here}"  # nothing given: nothing filled


def test_gold_pieces_and_numbers_follow_the_language() -> None:
    assert gp(1_050_000) == "1,050,000 gp"
    with i18n.using("de"):
        assert i18n.number(1_050_000) == "1.050.000"
    with i18n.using("fr"):
        assert i18n.number(1_050_000).replace("\u202f", " ") == "1 050 000"
    with i18n.using("es-ES"):
        assert i18n.date(datetime(2026, 3, 5, tzinfo=UTC)) == "5 mar 2026"


def test_every_shipped_language_translates_the_gold_pieces() -> None:
    for language in catalogs.TRANSLATED:
        assert i18n.lookup(language, "{amount} gp"), language


def test_command_names_stay_english_and_descriptions_are_translated() -> None:
    text = "{amount} gp"
    assert translated(text, "fr", Where.command_name) is None
    assert translated(text, "fr", Where.parameter_name) is None
    assert translated(text, "en-US", Where.command_description) is None
    assert translated(text, "pt-BR", Where.command_description) is None
    assert translated(text, "fr", Where.parameter_description) == i18n.lookup("fr", text)


def _message(english: str | tuple[str, str], string: str | tuple[str, ...], fuzzy: bool = False) -> Message:
    return Message(english, string, locations=[("bot/x.py", 1)], flags=["fuzzy"] if fuzzy else [])


def test_a_translation_must_keep_the_englishs_placeholders() -> None:
    assert catalogs.message_problems("fr", _message("{team} wins", "{team} gagne")) == []
    assert catalogs.message_problems("fr", _message("{team} wins", "{équipe} gagne"))
    assert catalogs.message_problems("fr", _message("{team} wins", "gagne"))
    assert catalogs.message_problems("fr", _message("{team} wins", "{team} gagne {"))
    assert catalogs.message_problems("fr", _message("{team} wins", ""))
    assert catalogs.message_problems("fr", _message("{team} wins", "{team} gagne", fuzzy=True))


def test_a_plural_translation_needs_every_form_with_the_placeholders() -> None:
    english = ("{n} player of {team}", "{n} players of {team}")
    good = ("{n} joueur de {team}", "{n} joueurs de {team}", "{n} joueurs de {team}")
    assert catalogs.message_problems("fr", _message(english, good)) == []
    assert catalogs.message_problems("fr", _message(english, (*good[:2], "")))
    assert catalogs.message_problems("fr", _message(english, (good[0], "{n} joueurs", good[2])))
    one = ("un joueur de {team}", *good[1:])  # a form may say the number in words
    assert catalogs.message_problems("fr", _message(english, one)) == []


def test_a_sentence_shared_by_two_parts_belongs_to_the_first() -> None:
    parts = catalogs.templates()
    owners: dict[str, str] = {}
    for part, template in parts.items():
        for message in template:
            if message.id:
                key = message.id if isinstance(message.id, str) else message.id[0]
                assert key not in owners, (key, owners.get(key), part)
                owners[key] = part


def test_every_file_with_sentences_belongs_to_a_part() -> None:
    """A file marking sentences outside PARTS would never reach a translator."""
    for path in sorted(catalogs.BOT.rglob("*.py")):
        relative = path.relative_to(catalogs.BOT).as_posix()
        if catalogs.part_of(relative) is None:
            assert list(catalogs.extracted(path)) == [], relative


def test_the_check_finds_an_untranslated_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    template = Catalog(locale="en")
    template.add("Hello {name}", locations=[("bot/x.py", 1)])
    template.add("Bye", locations=[("bot/x.py", 2)])
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "po_path", lambda language, part: tmp_path / language / f"{part}.po")
    catalogs.update("x", template, ["fr"])
    found = catalogs.problems({"x": template}, ["fr"])
    assert len(found) == 2 and all("no translation" in line for line in found)
    catalog = catalogs.read("fr", "x")
    catalog["Hello {name}"].string = "Bonjour {name}"
    catalog["Bye"].string = "Au revoir"
    from babel.messages.pofile import write_po

    with (tmp_path / "fr" / "x.po").open("wb") as file:
        write_po(file, catalog)
    assert catalogs.problems({"x": template}, ["fr"]) == []
    template.add("New one", locations=[("bot/x.py", 3)])
    catalogs.update("x", template, ["fr"])
    assert catalogs.read("fr", "x")["Hello {name}"].string == "Bonjour {name}"
    assert ["New one" in line for line in catalogs.problems({"x": template}, ["fr"])] == [True]


def test_every_sentence_is_translated_in_every_shipped_language() -> None:
    """Issue 32: "A test finds every user-visible message and fails when one has no translation in a
    shipped language or a translation's placeholders differ from the English." Every sentence the code
    marks, and every command description and choice, in French, Spanish, Italian and German."""
    found = catalogs.problems(_script().templates())
    assert found == [], f"{len(found)} problems, e.g.\n" + "\n".join(found[:20])


def _shadowed() -> list[str]:
    """Where a module that imports `_` from bot.i18n binds `_` again (a loop's `for _, x in`, an unpacking,
    a parameter): in that function `_` is no longer the translation, and calling it fails."""
    import ast

    found = []
    for path in sorted(catalogs.BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = any(
            isinstance(node, ast.ImportFrom)
            and node.module == "bot.i18n"
            and any(a.name == "_" for a in node.names)
            for node in ast.walk(tree)
        )
        if not imports:
            continue
        for node in ast.walk(tree):
            bound = (isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)) or (
                isinstance(node, ast.arg) and node.arg == "_"
            )
            if bound:
                found.append(f"{path.relative_to(catalogs.BOT.parent)}:{node.lineno}")
    return found


def test_no_module_that_translates_binds_underscore_to_something_else() -> None:
    """`_` is the translation wherever bot.i18n's is imported: name a throwaway value `_unused`,
    `_score` ... instead (`for _, x in pairs` made `_` a string and /roll-history failed)."""
    assert _shadowed() == []


def _built_sentences() -> list[str]:
    """`_()` or `ngettext()` given a sentence built at run time (an f-string, a sum, a .format): no
    catalogue can hold it, so it would always show in English."""
    import ast

    found = []
    for path in sorted(catalogs.BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("_", "ngettext", "N_"):
                continue
            count = 2 if node.func.id == "ngettext" else 1
            for argument in node.args[:count]:
                if isinstance(argument, ast.JoinedStr | ast.BinOp) or (
                    isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute)
                ):
                    found.append(f"{path.relative_to(catalogs.BOT.parent)}:{node.lineno}")
    return found


def test_no_sentence_is_built_before_it_is_translated() -> None:
    """`_(f"{team} wins")` cannot be translated: `_("{team} wins", team=team)` can."""
    assert _built_sentences() == []


@given(st.integers(min_value=-(2**63), max_value=2**63))
def test_english_numbers_are_babels_whatever_the_size(value: int) -> None:
    """English numbers skip Babel for speed (every price goes through them): they must read as Babel's."""
    from babel.numbers import format_decimal

    assert i18n.number(value) == format_decimal(value, locale="en")
