"""A store model from its row: each field read from the column of its name, a JSON list column read as a
tuple when named, and what else needs converting (a 0/1 flag as a bool, a unix time as a datetime) given.

The readers of the busiest tables (players, teams, fixtures) spell their columns out instead: they are
read the most, and a field-by-field mapping is a little faster."""

from __future__ import annotations

import json
from dataclasses import fields
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from bot.clock import from_unix
from bot.rules.times import in_range
from bot.store.connection import Row

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


@cache
def _columns(model: type[DataclassInstance]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(model))


def from_row(model: type[T], row: Row, json_lists: tuple[str, ...] = (), **given: Any) -> T:
    """`model` (a dataclass) from `row`: every field not in `given` must be a column of the row; those in
    `json_lists` hold JSON lists, read as tuples."""
    lists = {name: tuple(json.loads(row[name])) for name in json_lists}
    return model(
        **{name: row[name] for name in _columns(model) if name not in given and name not in lists},
        **lists,
        **given,
    )


def readable(seconds: int) -> datetime | None:
    """A stored unix time, or None when it is not one the bot writes (bot/rules/times.py): a bad row."""
    return from_unix(seconds) if in_range(seconds) else None
