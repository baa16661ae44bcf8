"""What the read-only web view shows: its links and one read per page, for leagues and events."""
