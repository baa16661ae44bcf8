"""The match both leagues and events play: journeymen and inducements before it, match-day and match-event
tables, the report, and the post-game sequence.
"""
