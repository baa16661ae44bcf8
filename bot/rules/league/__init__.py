"""What a league alone decides: its settings, divisions and round robin, standings, play-offs, the off-season
re-draft, star contracts, leaderboards and the league file.
"""
