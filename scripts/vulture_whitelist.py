"""Names the dead-code check (vulture, run by scripts/test) must count as used: only what a library
reads or calls by name, never code of ours that nothing calls. Configuration: [tool.vulture] in
pyproject.toml (discord.py's command and autocomplete decorators, pydantic's validators, and the hooks
discord.py and pytest call by name are ignored there)."""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# discord.py reads these class attributes: bot/app.py points it at a proxy.
_.BASE
_.DEFAULT_GATEWAY
# sqlite3 reads the row factory set on a connection (bot/store/database.py).
_.row_factory
# discord.py reads these attributes of the mocks the command fuzzer hands it (tests/cogs).
_.display_name
_.defer

# pydantic fills these fields from data/ (unknown fields are forbidden, so each must be declared); the
# catalogue validates them at start-up although no rule reads them yet.
_.classic_season
# seed 003 has no concession penalties: the classic policy applies none (its `leavers` is nobody)
_.concession_penalties
_.recommended_cap
_.adds_skill
_.duration
_.follow_up
_.niggling_injury
_.lasting_injury
_.rolled_by
_.modifiers
_.reroll_duplicates
_.use
_.price_varies
_.variant
_.random_secondary
_.bbbase_results
_.resume_in_second_half
_.recommendation
_.keyed_by
_.distance_unit
_.argue_the_call_allowed
_.referenced_but_missing

# Jinja2 reads these fields of the web view's pages in bot/web/templates (tests/web/test_templates.py checks
# that each still appears in a template).
_.current_round
_.roster_name
_.added_skill
_.season_numbers
_.spp_spent
_.team_changes
_.balance_after
_.actors
_.dice_groups
# The league file's models (bot/rules/league/league_file.py): every column of every exported table is declared
# (unknown fields are forbidden); rows are read and written by name (getattr, model_dump).
_.processed_at
_.remind_at
_.sent_at
_.reported_at
_.confirmed_by
_.concede_requested_by
_.settled_by
_.deadline_processed_at
_.balance_after
_.finished_by
_.staff_before
_.changed_at
_.division_place
_.team_order
_.division_teams
_.fixture_reports
_.team_changes
_.team_postgames
_.player_advancements
_.pending_advancements
_.player_traits
_.inducement_phases
_.fixture_inducements
# The event file's models (bot/rules/tournament/event_file.py), read and written by name the same way.
_.registered_at
_.added_at
_.closed_at
_.tournament_skills
_.tournament_squad_members
_.tournament_votes
_.tournament_escalation_players
_.tournament_escalation_rounds
_.fixture_pregame
_.penalty_shootouts
_.playoff_qualifiers
_.season_awards
_.team_redrafts
_.signing_drafts
_.audit_log
# logging reads a record's levelname (bot/web/app.py's PrivateLog lowers a refused request to a warning)
_.levelname
# psycopg reads a connection's prepared_max (how many prepared statements it keeps): bot/store/postgres.py
_.prepared_max
# Babel writes a catalogue's header from these (bot/i18n/catalogs.py keeps them fixed)
_.header_comment
_.creation_date
_.revision_date
# discord.py calls a Translator's translate for every description and choice (bot/ui/translator.py)
_.translate
# psycopg reads a connection's prepare_threshold (None: prepare nothing itself): bot/store/pg_connection.py
_.prepare_threshold
