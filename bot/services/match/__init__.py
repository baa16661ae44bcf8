"""The match both leagues and events play: prepare and pre-game, inducements, match-day rolls, results and
their confirmation, the post-game, reverting it, and round deadlines.
"""
