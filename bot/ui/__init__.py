"""Discord helpers shared by the cogs: error replies, permission checks, pagination, formatting."""
