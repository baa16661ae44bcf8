"""The game rules as pure functions over plain models: no Discord, no database, no clock, no global random."""
