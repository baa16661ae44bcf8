"""The web view's templates: each compiles, and every field the dead-code whitelist says a template reads
is still read by one (so the whitelist cannot keep dead fields alive)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.web.page import HERE, environment

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_SECTION = re.compile(r"# Jinja2 reads these.*?\n((?:_\.\w+\n)+)", re.DOTALL)


def test_every_template_compiles() -> None:
    env = environment()
    names = sorted(p.name for p in (HERE / "templates").glob("*.html"))
    assert "league.html" in names
    for name in names:
        env.get_template(name)


def test_each_whitelisted_template_field_is_read_by_a_template() -> None:
    whitelist = (ROOT / "scripts" / "vulture_whitelist.py").read_text()
    section = TEMPLATE_SECTION.search(whitelist)
    assert section is not None
    fields = re.findall(r"_\.(\w+)", section.group(1))
    assert fields
    text = "\n".join(p.read_text() for p in (HERE / "templates").glob("*.html"))
    unread = [f for f in fields if not re.search(rf"\.{f}\b", text)]
    assert not unread, f"whitelisted for the templates but read by none: {unread}"
