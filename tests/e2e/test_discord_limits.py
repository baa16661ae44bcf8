"""The fake Discord's limit checks (tests/e2e/discord_limits.py): for every limit, a payload just at the limit
passes and one just over it is refused with the path of the offending value. Fast: no bot process."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from tests.e2e import discord_limits as limits
from tests.e2e.discord_limits import Violation
from tests.e2e.fake_discord import FakeDiscord

Payload = dict[str, Any]


def _button(custom_id: str = "b", label: str = "Go") -> Payload:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def _row(*components: Payload) -> Payload:
    return {"type": 1, "components": list(components)}


def _select(options: int = 1, *, placeholder: str | None = None, **option: str) -> Payload:
    select: Payload = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": "x", "value": f"{i}", **option} for i in range(options)],
    }
    if placeholder is not None:
        select["placeholder"] = placeholder
    return select


def _fields(count: int, name: str = "n", value: str = "v") -> Payload:
    return {"embeds": [{"fields": [{"name": name, "value": value}] * count}]}


def _modal(title: str = "Report", rows: int = 1, label: str = "Score", custom_id: str = "m") -> Payload:
    row = _row({"type": 4, "custom_id": "t", "style": 1, "label": label})
    return {"title": title, "custom_id": custom_id, "components": [row] * rows}


def _command(**overrides: Any) -> Payload:
    command: Payload = {"name": "report", "description": "Report a result", "type": 1, "options": []}
    command.update(overrides)
    return command


def _option(name: str = "score", *, required: bool = False, **extra: Any) -> Payload:
    return {"name": name, "description": "The score", "type": 4, "required": required, **extra}


def _choices(count: int, name: str = "c", value: str = "v") -> list[Payload]:
    return [{"name": f"{name[:-3]}{i:03}" if len(name) >= 3 else name, "value": value} for i in range(count)]


def _message(body: Payload) -> list[Violation]:
    return limits.message_violations(body)


def _commands(command: Payload) -> list[Violation]:
    return limits.commands_violations([command])


# (name, check, payload at the limit, payload over it, the path of the violation)
CASES: list[tuple[str, Callable[[Payload], list[Violation]], Payload, Payload, str]] = [
    ("content 2,000", _message, {"content": "x" * 2000}, {"content": "x" * 2001}, "content"),
    ("10 embeds", _message, {"embeds": [{"title": "t"}] * 10}, {"embeds": [{"title": "t"}] * 11}, "embeds"),
    (
        "embed title 256",
        _message,
        {"embeds": [{"title": "x" * 256}]},
        {"embeds": [{"title": "x" * 257}]},
        "embeds[0].title",
    ),
    (
        "embed description 4,096",
        _message,
        {"embeds": [{"description": "x" * 4096}]},
        {"embeds": [{"description": "x" * 4097}]},
        "embeds[0].description",
    ),
    ("25 fields", _message, _fields(25), _fields(26), "embeds[0].fields"),
    (
        "field name 256",
        _message,
        _fields(1, name="x" * 256),
        _fields(1, name="x" * 257),
        "embeds[0].fields[0].name",
    ),
    ("field name not empty", _message, _fields(1, name="x"), _fields(1, name=""), "embeds[0].fields[0].name"),
    (
        "field value 1,024",
        _message,
        _fields(1, value="x" * 1024),
        _fields(1, value="x" * 1025),
        "embeds[0].fields[0].value",
    ),
    (
        "field value not empty",
        _message,
        _fields(1, value="x"),
        _fields(1, value=""),
        "embeds[0].fields[0].value",
    ),
    (
        "footer 2,048",
        _message,
        {"embeds": [{"footer": {"text": "x" * 2048}}]},
        {"embeds": [{"footer": {"text": "x" * 2049}}]},
        "embeds[0].footer.text",
    ),
    (
        "author 256",
        _message,
        {"embeds": [{"author": {"name": "x" * 256}}]},
        {"embeds": [{"author": {"name": "x" * 257}}]},
        "embeds[0].author.name",
    ),
    (
        "all embeds 6,000",
        _message,
        {
            "embeds": [
                {"description": "x" * 3000},
                {"title": "t" * 100, "footer": {"text": "f" * 1900}},
                {"fields": [{"name": "n" * 250, "value": "v" * 750}]},
            ]
        },
        {
            "embeds": [
                {"description": "x" * 3001},
                {"title": "t" * 100, "footer": {"text": "f" * 1900}},
                {"fields": [{"name": "n" * 250, "value": "v" * 750}]},
            ]
        },
        "embeds",
    ),
    (
        "all embeds 6,000 counts the author",
        _message,
        {"embeds": [{"description": "x" * 4000, "author": {"name": "a" * 200}}, {"description": "y" * 1800}]},
        {"embeds": [{"description": "x" * 4000, "author": {"name": "a" * 201}}, {"description": "y" * 1800}]},
        "embeds",
    ),
    (
        "5 action rows",
        _message,
        {"components": [_row(_button())] * 5},
        {"components": [_row(_button())] * 6},
        "components",
    ),
    (
        "5 buttons a row",
        _message,
        {"components": [_row(*[_button(f"b{i}") for i in range(5)])]},
        {"components": [_row(*[_button(f"b{i}") for i in range(6)])]},
        "components[0].components",
    ),
    (
        "a select fills its row",
        _message,
        {"components": [_row(_select()), _row(_button())]},
        {"components": [_row(_select(), _button())]},
        "components[0].components",
    ),
    (
        "custom_id 100",
        _message,
        {"components": [_row(_button("x" * 100))]},
        {"components": [_row(_button("x" * 101))]},
        "components[0].components[0].custom_id",
    ),
    (
        "custom_id not empty",
        _message,
        {"components": [_row(_button("x"))]},
        {"components": [_row(_button(""))]},
        "components[0].components[0].custom_id",
    ),
    (
        "button label 80",
        _message,
        {"components": [_row(_button(label="x" * 80))]},
        {"components": [_row(_button(label="x" * 81))]},
        "components[0].components[0].label",
    ),
    (
        "select 25 options",
        _message,
        {"components": [_row(_select(25))]},
        {"components": [_row(_select(26))]},
        "components[0].components[0].options",
    ),
    (
        "select at least one option",
        _message,
        {"components": [_row(_select(1))]},
        {"components": [_row(_select(0))]},
        "components[0].components[0].options",
    ),
    (
        "select option label 100",
        _message,
        {"components": [_row(_select(1, label="x" * 100))]},
        {"components": [_row(_select(1, label="x" * 101))]},
        "components[0].components[0].options[0].label",
    ),
    (
        "select option value 100",
        _message,
        {"components": [_row(_select(1, value="x" * 100))]},
        {"components": [_row(_select(1, value="x" * 101))]},
        "components[0].components[0].options[0].value",
    ),
    (
        "select option description 100",
        _message,
        {"components": [_row(_select(1, description="x" * 100))]},
        {"components": [_row(_select(1, description="x" * 101))]},
        "components[0].components[0].options[0].description",
    ),
    (
        "select placeholder 150",
        _message,
        {"components": [_row(_select(placeholder="x" * 150))]},
        {"components": [_row(_select(placeholder="x" * 151))]},
        "components[0].components[0].placeholder",
    ),
    ("a message is not empty", _message, {"content": "x"}, {"content": ""}, "content"),
    (
        "modal title 45",
        limits.modal_violations,
        _modal(title="x" * 45),
        _modal(title="x" * 46),
        "title",
    ),
    ("modal 5 rows", limits.modal_violations, _modal(rows=5), _modal(rows=6), "components"),
    (
        "modal text input label 45",
        limits.modal_violations,
        _modal(label="x" * 45),
        _modal(label="x" * 46),
        "components[0].components[0].label",
    ),
    (
        "modal custom_id 100",
        limits.modal_violations,
        _modal(custom_id="x" * 100),
        _modal(custom_id="x" * 101),
        "custom_id",
    ),
    (
        "autocomplete 25 choices",
        limits.autocomplete_violations,
        {"choices": _choices(25)},
        {"choices": _choices(26)},
        "choices",
    ),
    (
        "autocomplete choice name 100",
        limits.autocomplete_violations,
        {"choices": [{"name": "x" * 100, "value": "v"}]},
        {"choices": [{"name": "x" * 101, "value": "v"}]},
        "choices[0].name",
    ),
    (
        "autocomplete choice name not empty",
        limits.autocomplete_violations,
        {"choices": [{"name": "x", "value": "v"}]},
        {"choices": [{"name": "", "value": "v"}]},
        "choices[0].name",
    ),
    (
        "autocomplete choice value 100",
        limits.autocomplete_violations,
        {"choices": [{"name": "n", "value": "x" * 100}]},
        {"choices": [{"name": "n", "value": "x" * 101}]},
        "choices[0].value",
    ),
    ("command name 32", _commands, _command(name="x" * 32), _command(name="x" * 33), "[0].name"),
    ("command name not empty", _commands, _command(name="x"), _command(name=""), "[0].name"),
    ("command name lower case", _commands, _command(name="report"), _command(name="Report"), "[0].name"),
    ("command name pattern", _commands, _command(name="my-team's_2"), _command(name="my team"), "[0].name"),
    (
        "command description 100",
        _commands,
        _command(description="x" * 100),
        _command(description="x" * 101),
        "[0].description",
    ),
    (
        "command description not empty",
        _commands,
        _command(description="x"),
        _command(description=""),
        "[0].description",
    ),
    (
        "25 options",
        _commands,
        _command(options=[_option(f"o{i}") for i in range(25)]),
        _command(options=[_option(f"o{i}") for i in range(26)]),
        "[0].options",
    ),
    (
        "option name 32",
        _commands,
        _command(options=[_option("x" * 32)]),
        _command(options=[_option("x" * 33)]),
        "[0].options[0].name",
    ),
    (
        "option description 100",
        _commands,
        _command(options=[_option(description="x" * 100)]),
        _command(options=[_option(description="x" * 101)]),
        "[0].options[0].description",
    ),
    (
        "25 choices",
        _commands,
        _command(options=[_option(choices=_choices(25))]),
        _command(options=[_option(choices=_choices(26))]),
        "[0].options[0].choices",
    ),
    (
        "choice name 100",
        _commands,
        _command(options=[_option(choices=[{"name": "x" * 100, "value": "v"}])]),
        _command(options=[_option(choices=[{"name": "x" * 101, "value": "v"}])]),
        "[0].options[0].choices[0].name",
    ),
    (
        "choice value 100",
        _commands,
        _command(options=[_option(choices=[{"name": "n", "value": "x" * 100}])]),
        _command(options=[_option(choices=[{"name": "n", "value": "x" * 101}])]),
        "[0].options[0].choices[0].value",
    ),
    (
        "required options first",
        _commands,
        _command(options=[_option("a", required=True), _option("b")]),
        _command(options=[_option("a"), _option("b", required=True)]),
        "[0].options[1].required",
    ),
]


@pytest.mark.parametrize(
    ("check", "at_limit", "over", "path"),
    [pytest.param(check, at, over, path, id=name) for name, check, at, over, path in CASES],
)
def test_a_payload_at_the_limit_passes_and_one_over_it_is_refused(
    check: Callable[[Payload], list[Violation]], at_limit: Payload, over: Payload, path: str
) -> None:
    assert check(at_limit) == []
    found = check(over)
    assert [v.path for v in found] == [path], found


def _subcommand(name: str, description: str, options: list[Payload] | None = None) -> Payload:
    return {"name": name, "description": description, "type": 1, "options": options or []}


def _budget_command(extra: int) -> Payload:
    """A command whose names, descriptions, choice names and choice values add up to 4,000 + extra:
    name 6 + description 94 = 100, then 5 subcommands of 1 + 99 = 100 (600 so far), each with 4 options
    of 10 + 90 = 100 (2,600), then 14 choices of 50 + 50 on the last option (4,000)."""
    subs = []
    for s in range(5):
        options = [_option(f"option{s}{o}xx", description="d" * 90) for o in range(4)]
        subs.append(_subcommand(f"{s}", "s" * 99, options))
    choices = [{"name": f"{i:02}" + "n" * 48, "value": f"{i:02}" + "v" * 48} for i in range(14)]
    choices[-1]["value"] += "v" * extra
    subs[-1]["options"][-1]["choices"] = choices
    return _command(name="league", description="l" * 94, options=subs)


def test_a_command_may_hold_4000_characters_in_all_its_subcommands_and_choices() -> None:
    """'the combined sum of characters for name, description, and value properties of a command, its
    options (including subcommands and groups), and choices' is at most 4,000."""
    assert limits.commands_violations([_budget_command(0)]) == []
    over = limits.commands_violations([_budget_command(1)])
    assert [str(v) for v in over] == ["[0]: 4,001 characters in names, descriptions and choices > 4,000"]


def test_integer_choice_values_do_not_count_toward_the_budget() -> None:
    """Never stricter than Discord: the documented budget counts string values; an integer is not text."""
    command = _budget_command(0)
    command["options"][0]["options"][0]["choices"] = [{"name": "", "value": 10**9}]
    assert [v.path for v in limits.commands_violations([command])] == [
        "[0].options[0].options[0].choices[0].name"
    ]


def test_at_most_100_chat_input_commands() -> None:
    commands = [_command(name=f"c{i}") for i in range(100)]
    assert limits.commands_violations(commands) == []
    refused = limits.commands_violations([*commands, _command(name="c100")])
    assert [str(v) for v in refused] == [": 101 commands of type 1 > 100"]


def test_subcommands_nest_two_levels_and_do_not_mix_with_options() -> None:
    group = {"name": "g", "description": "g", "type": 2, "options": [_subcommand("s", "s", [_option()])]}
    assert limits.commands_violations([_command(options=[group])]) == []
    deeper = {"name": "g", "description": "g", "type": 2, "options": [group]}
    assert [v.path for v in limits.commands_violations([_command(options=[deeper])])] == [
        "[0].options[0].options[0].type",  # a group in a group
        "[0].options[0].options[0].options[0].type",  # so its subcommand is three levels deep
    ]
    mixed = limits.commands_violations([_command(options=[_subcommand("s", "s"), _option()])])
    assert [str(v) for v in mixed] == ["[0].options: subcommands cannot be mixed with other options"]


def test_context_menu_commands_have_names_with_spaces_and_no_description() -> None:
    user_command = {"name": "Show Team", "type": 2, "description": ""}
    assert limits.commands_violations([user_command]) == []
    assert [v.path for v in limits.commands_violations([{**user_command, "description": "x"}])] == [
        "[0].description"
    ]


def test_link_buttons_need_no_custom_id() -> None:
    link = {"type": 2, "style": 5, "url": "https://example.org", "label": "Rules"}
    assert limits.message_violations({"components": [_row(link)]}) == []


def test_edits_and_component_updates_may_leave_the_content_out() -> None:
    assert limits.message_violations({"components": []}, new=False) == []
    assert limits.interaction_callback_violations({"type": 7, "data": {"components": []}}) == []
    assert [v.path for v in limits.interaction_callback_violations({"type": 4, "data": {}})] == [
        "data.content"
    ]


def test_interaction_callbacks_are_checked_by_their_type() -> None:
    too_long = {"content": "x" * 2001}
    assert [str(v) for v in limits.interaction_callback_violations({"type": 4, "data": too_long})] == [
        "data.content: 2,001 > 2,000"
    ]
    assert [v.path for v in limits.interaction_callback_violations({"type": 7, "data": too_long})] == [
        "data.content"
    ]
    choices = {"choices": _choices(26)}
    assert [v.path for v in limits.interaction_callback_violations({"type": 8, "data": choices})] == [
        "data.choices"
    ]
    modal = _modal(title="x" * 46)
    assert [v.path for v in limits.interaction_callback_violations({"type": 9, "data": modal})] == [
        "data.title"
    ]
    assert limits.interaction_callback_violations({"type": 5, "data": {"flags": 64}}) == []


def test_the_refusal_reads_like_discords() -> None:
    body = limits.error_body([Violation("embeds[0].fields[3].value", "1,187 > 1,024")])
    assert body == {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {
            "embeds": {
                "0": {
                    "fields": {
                        "3": {
                            "value": {
                                "_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "1,187 > 1,024"}]
                            }
                        }
                    }
                }
            }
        },
    }


def test_a_violation_names_its_path_and_both_numbers() -> None:
    found = limits.message_violations(
        {"content": "x", "embeds": [{"fields": [{"name": "n", "value": "v" * 1187}]}]}
    )
    assert [str(v) for v in found] == ["embeds[0].fields[0].value: 1,187 > 1,024"]


async def test_the_fake_answers_a_violation_with_discords_400_and_records_it() -> None:
    """The wiring: every route that takes a payload from the bot is checked before it is handled."""
    fake = FakeDiscord()
    await fake.start()
    channel = fake.add_guild("Server").channel
    headers = {"Authorization": f"Bot {fake.token}"}
    try:
        async with aiohttp.ClientSession(headers=headers) as session:
            url = f"{fake.api_base}/channels/{channel.id}/messages"
            async with session.post(url, json={"content": "x" * 2001}) as refused:
                assert refused.status == 400
                assert (await refused.json())["code"] == 50035
            async with session.post(url, json={"content": "x" * 2000}) as posted:
                assert posted.status == 200
            commands = f"{fake.api_base}/applications/{fake.application_id}/commands"
            async with session.put(commands, json=[_command(description="x" * 101)]) as registered:
                assert registered.status == 400
    finally:
        await fake.stop()
    assert fake.refused == [
        f"POST /channels/{channel.id}/messages: content: 2,001 > 2,000",
        f"PUT /applications/{fake.application_id}/commands: [0].description: 101 > 100",
    ]
    assert len(fake.messages_in(channel.id)) == 1 and fake.global_commands == []


def test_an_upload_over_the_attachment_limit_is_refused() -> None:
    assert limits.attachment_violations({"0": b"x" * limits.ATTACHMENT_SIZE}) == []
    [refused] = limits.attachment_violations({"0": b"x", "1": b"x" * (limits.ATTACHMENT_SIZE + 1)})
    assert refused.path == "files[1]"


def test_each_locale_is_counted_on_its_own_against_the_4000() -> None:
    """Issue 32: "Discord counts each language's text toward a command's 4,000 characters" -- a command
    within the budget in English passes it in French when the French descriptions run longer."""
    command = _budget_command(0)
    assert limits.commands_violations([command]) == []
    command["description_localizations"] = {"fr": "l" * 95, "de": "l" * 94}
    over = limits.commands_violations([command])
    assert [str(v) for v in over] == [
        "[0]: 4,001 characters in names, descriptions and choices in fr > 4,000"
    ]


def test_a_localisation_must_name_a_discord_locale_and_fit_its_field() -> None:
    command = _command(name="league", description="l")
    command["description_localizations"] = {"fr": "x" * 101, "french": "y"}
    found = [str(v) for v in limits.commands_violations([command])]
    assert any("description_localizations.fr" in line for line in found)
    assert any("'french' is not a Discord locale" in line for line in found)
