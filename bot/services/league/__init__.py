"""What a league alone does: leagues, seasons, play-offs and prizes, the off-season re-draft, star contracts,
All-Star games, leaderboards, export and import.
"""
